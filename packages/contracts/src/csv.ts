// The one CSV cell writer, for the server's exports and the files the web app writes itself: a text starting with
// = + - @, a tab or a carriage return gets a leading apostrophe so a spreadsheet never runs it as a formula, and a
// cell holding a quote, comma or line break is quoted.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text as CSV; `neutralise` is false for numbers, whose minus sign is not a formula. */
export function csvField(text: string, neutralise = true): string {
  const safe = neutralise && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
