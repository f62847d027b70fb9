// Plate files for the bulk upload (tubeCode, wellLocation) and the bulk import (fulfillmentId, sampleNumber,
// plateNumber, tubeCode, wellLocation): read in the browser from xls, xlsx, ods, csv or txt; a missing column is
// 'Invalid Header' naming the missing ones. Column names match without regard to case.
import { AncestryMessages, csvField } from '@registry/contracts';
import { readSpreadsheetRows, UnreadableSpreadsheet } from '../../lib/sheets';

export const UPLOAD_COLUMNS = ['tubeCode', 'wellLocation'] as const;
export const IMPORT_COLUMNS = ['fulfillmentId', 'sampleNumber', 'plateNumber', 'tubeCode', 'wellLocation'] as const;
const EXTENSIONS = ['xls', 'xlsx', 'ods', 'csv', 'txt'];

export function rowsToRecords<C extends string>(rows: string[][], columns: readonly C[]): Record<C, string>[] {
  const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const missing = columns.filter((column) => !header.includes(column.toLowerCase()));
  if (missing.length) throw new Error(AncestryMessages.invalidHeader(missing));
  const index = Object.fromEntries(columns.map((c) => [c, header.indexOf(c.toLowerCase())])) as Record<C, number>;
  return rows
    .slice(1)
    .filter((row) => row.some((cell) => cell.trim() !== ''))
    .map((row) => Object.fromEntries(columns.map((c) => [c, (row[index[c]] ?? '').trim()])) as Record<C, string>);
}

export async function readPlateFile(file: File): Promise<string[][]> {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!EXTENSIONS.includes(extension)) throw new Error(AncestryMessages.invalidFileType);
  try {
    return await readSpreadsheetRows(file);
  } catch (error) {
    // A file named like a spreadsheet that is not one is the same wrong file type to the lab.
    throw error instanceof UnreadableSpreadsheet ? new Error(AncestryMessages.invalidFileType) : error;
  }
}

/** Fulfillments_{timestamp}.csv with the spec's columns. */
export function fulfilmentsCsv(
  rows: {
    id: number;
    sampleNumber: string | null;
    ancestryPlateNumber: string | null;
    ancestryWellLocation: string | null;
    ancestryTubeCode: string | null;
  }[],
): string {
  const quote = (value: string | number | null) => csvField(value == null ? '' : String(value));
  const lines = [
    'fulfillmentId,sampleNumber,plateNumber,wellLocation,tubeCode',
    ...rows.map((r) =>
      [r.id, r.sampleNumber, r.ancestryPlateNumber, r.ancestryWellLocation, r.ancestryTubeCode].map(quote).join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export const exportFileName = (now = new Date()) =>
  `Fulfillments_${now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '_')}.csv`;
