// The browser's one spreadsheet reader (SheetJS, loaded on first use): the first sheet of an xls, xlsx, ods, csv or txt
// file as rows of cell texts, for the bulk resident import and the ancestry plate files. Which files a screen accepts,
// and what a bad one is called, stay with the screen.

/** The file could not be read as a spreadsheet. */
export class UnreadableSpreadsheet extends Error {}

/** The first sheet's rows, each cell as its shown text ('' for an empty cell); csv and txt are read as plain text. */
export async function readSpreadsheetRows(file: File): Promise<string[][]> {
  const XLSX = await import('@e965/xlsx');
  const extension = file.name.includes('.') ? (file.name.toLowerCase().split('.').pop() ?? '') : '';
  let book;
  try {
    book =
      extension === 'csv' || extension === 'txt'
        ? XLSX.read(await file.text(), { type: 'string', raw: true })
        : XLSX.read(await file.arrayBuffer(), { type: 'array' });
  } catch (error) {
    throw new UnreadableSpreadsheet(error instanceof Error ? error.message : String(error));
  }
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) return [];
  return XLSX.utils
    .sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '' })
    .map((row) => row.map((cell) => String(cell ?? '')));
}
