// The bulk import's file work in the browser: read xls, xlsx, ods, csv or txt (lib/sheets.ts), match the
// header against the server's column list ('Invalid Header' naming the missing required columns; unknown columns are
// reported for confirmation), turn the rows into the PUT's records, group the results by problem, and write the
// template (WPRResidentTemplate.xls) and the errors file (WPRResidentImportErrors.xls) as real BIFF8 spreadsheets.
import {
  BULK_IMPORT_ERRORS_FILE,
  BULK_IMPORT_EXTENSIONS,
  BULK_IMPORT_MESSAGES,
  BULK_IMPORT_TEMPLATE_FILE,
  type ImportResidentResult,
  type ImportResidentRow,
} from '@registry/contracts';
import { readSpreadsheetRows, UnreadableSpreadsheet } from '../../lib/sheets';

export type ColumnInfo = { name: string; isRequired: boolean };
export type ImportRecord = ImportResidentRow;

export class ImportFileError extends Error {
  readonly title: string;
  readonly details?: string;
  constructor(title: string, details?: string) {
    super(details ? `${title}: ${details}` : title);
    this.title = title;
    this.details = details;
  }
}

const extensionOf = (name: string) => (name.includes('.') ? (name.toLowerCase().split('.').pop() ?? '') : '');
export const isAcceptedFile = (name: string) =>
  (BULK_IMPORT_EXTENSIONS as readonly string[]).includes(extensionOf(name));

export async function readTable(file: File): Promise<string[][]> {
  if (!isAcceptedFile(file.name))
    throw new ImportFileError(BULK_IMPORT_MESSAGES.invalidFileType, BULK_IMPORT_MESSAGES.invalidFileTypeDetails);
  try {
    return (await readSpreadsheetRows(file)).map((row) => row.map((cell) => cell.trim()));
  } catch (error) {
    if (!(error instanceof UnreadableSpreadsheet)) throw error;
    throw new ImportFileError(BULK_IMPORT_MESSAGES.invalidFileType, BULK_IMPORT_MESSAGES.invalidFileTypeDetails);
  }
}

export type MatchedTable = { records: ImportRecord[]; unexpected: string[] };

/**
 * The file's rows as records keyed by the server's column names (matched without regard to case or spaces). Blank
 * rows are skipped; rowNumber is the row in the file (the header is row 1).
 */
export function matchColumns(rows: string[][], columns: readonly ColumnInfo[]): MatchedTable {
  const norm = (text: string) => text.replace(/\s+/g, '').toLowerCase();
  const header = (rows[0] ?? []).map(norm);
  const missing = columns.filter((c) => c.isRequired && !header.includes(norm(c.name))).map((c) => c.name);
  if (missing.length)
    throw new ImportFileError(BULK_IMPORT_MESSAGES.invalidHeader, BULK_IMPORT_MESSAGES.missingColumns(missing));
  const known = new Set(columns.map((c) => norm(c.name)));
  const unexpected = (rows[0] ?? []).filter((cell, i) => cell.trim() !== '' && !known.has(header[i]!));
  const index = columns.map((c) => [c.name, header.indexOf(norm(c.name))] as const).filter(([, i]) => i >= 0);
  const records: ImportRecord[] = [];
  rows.slice(1).forEach((row, i) => {
    if (!row.some((cell) => cell.trim() !== '')) return;
    const record: Record<string, string | number> = { rowNumber: i + 2 };
    for (const [name, at] of index) record[name] = (row[at] ?? '').trim();
    records.push(record as ImportRecord);
  });
  if (records.length === 0) throw new ImportFileError(BULK_IMPORT_MESSAGES.noItems);
  return { records, unexpected };
}

export type ProblemGroup = { problemDesc: string; rows: { result: ImportResidentResult; record?: ImportRecord }[] };

/** The failed rows grouped by problem description, largest group first. */
export function groupProblems(results: readonly ImportResidentResult[], records: readonly ImportRecord[]) {
  const byRow = new Map(records.map((r) => [r.rowNumber, r]));
  const groups = new Map<string, ProblemGroup>();
  for (const result of results) {
    if (result.imported) continue;
    const key = result.problemDesc ?? BULK_IMPORT_MESSAGES.importError;
    const group = groups.get(key) ?? { problemDesc: key, rows: [] };
    group.rows.push({ result, record: byRow.get(result.rowNumber) });
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.rows.length - a.rows.length);
}

/** The outcome line of spec 3 §8: all imported, some, or none. */
export function summarise(results: readonly ImportResidentResult[]) {
  const imported = results.filter((r) => r.imported).length;
  const problems = results.length - imported;
  if (problems === 0) return { type: 'success' as const, title: BULK_IMPORT_MESSAGES.importDone(imported) };
  if (imported > 0)
    return {
      type: 'warning' as const,
      title: BULK_IMPORT_MESSAGES.partialUpload,
      details: BULK_IMPORT_MESSAGES.partialUploadDetails(problems, imported),
    };
  return {
    type: 'error' as const,
    title: BULK_IMPORT_MESSAGES.uploadFailed,
    details: BULK_IMPORT_MESSAGES.uploadFailedDetails,
  };
}

async function saveSheet(rows: (string | number)[][], sheetName: string, fileName: string) {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!cols'] = (rows[0] ?? []).map((cell) => ({ wch: Math.min(Math.max(String(cell).length + 2, 10), 20) }));
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  XLSX.writeFile(book, fileName, { bookType: 'xls' });
}

/** WPRResidentTemplate.xls: the header row of the server's columns, in its order. */
export const downloadTemplate = (columns: readonly ColumnInfo[]) =>
  saveSheet([columns.map((c) => c.name)], 'Residents', BULK_IMPORT_TEMPLATE_FILE);

/** WPRResidentImportErrors.xls: each failed row with its problem, then the row as it was in the file. */
export function errorRows(groups: readonly ProblemGroup[], columns: readonly ColumnInfo[]): (string | number)[][] {
  const header = ['RowNumber', 'ProblemDesc', 'ProblemDetails', ...columns.map((c) => c.name)];
  const lines = groups.flatMap((g) =>
    g.rows.map(({ result, record }) => [
      result.rowNumber,
      g.problemDesc,
      result.problemDetails ?? '',
      ...columns.map((c) => String((record as Record<string, unknown> | undefined)?.[c.name] ?? '')),
    ]),
  );
  return [header, ...lines];
}
export const downloadErrors = (groups: readonly ProblemGroup[], columns: readonly ColumnInfo[]) =>
  saveSheet(errorRows(groups, columns), 'Import errors', BULK_IMPORT_ERRORS_FILE);
