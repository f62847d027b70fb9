// The server's one spreadsheet reader: an uploaded table (csv, txt, xls, xlsx, ods) as rows of trimmed cell texts, first
// sheet only, for every import that takes a file. SheetJS (@e965/xlsx, see STACK-NOTES) parses every format; the type
// is decided by the file name's extension. Writing (the XLSX exports) is platform/exports.ts's, with exceljs (see
// docs/decisions.md, "Spreadsheets").
import type * as XLSX from '@e965/xlsx';
import { loadSheetJs } from './on-demand-libraries.ts';
import { refused } from './errors.ts';

const TABLE_FILE_EXTENSIONS = ['csv', 'txt', 'xls', 'xlsx', 'ods'] as const;
const TABLE_ROWS_MAX = 20_000;

const extensionOf = (fileName: string) => fileName.toLowerCase().split('.').pop() ?? '';

export async function readTableFile(
  file: { content: Buffer; fileName: string },
  invalidTypeMessage: string,
): Promise<string[][]> {
  const extension = extensionOf(file.fileName);
  if (!(TABLE_FILE_EXTENSIONS as readonly string[]).includes(extension)) throw refused(invalidTypeMessage);
  const sheetJs = await loadSheetJs();
  let sheet: XLSX.WorkSheet | undefined;
  try {
    const book =
      extension === 'csv' || extension === 'txt'
        ? sheetJs.read(file.content.toString('utf8'), { type: 'string', raw: true })
        : sheetJs.read(file.content, { type: 'buffer' });
    sheet = book.Sheets[book.SheetNames[0] ?? ''];
  } catch {
    throw refused(invalidTypeMessage);
  }
  if (!sheet) return [];
  const rows = sheetJs.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, blankrows: true, defval: '' });
  if (rows.length > TABLE_ROWS_MAX) throw refused(`A file may hold at most ${TABLE_ROWS_MAX} rows.`);
  return rows.map((row) => row.map((cell) => String(cell ?? '').trim()));
}
