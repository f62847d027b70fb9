// US calendar dates as people type them and filters send them (MM/dd/yyyy, also M/d/yy and with dashes). Free of zod:
// the first bundle (the login page, the lab's clock) imports it.

/** Dates in filters: M/d/yy or M/d/yyyy with / \ or - separators (spec 1 §5). Returns null when invalid. */
export function parseUsDate(text: string): Date | null {
  const match = /^(\d{1,2})[/\\-](\d{1,2})[/\\-](\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  let year = Number(match[3]);
  if (match[3].length === 2) year += year < 50 ? 2000 : 1900;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year <= 1) return null;
  return date;
}

/** MM/dd/yyyy, as filters send dates. */
export function formatUsDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}
