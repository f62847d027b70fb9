// The one export machine every report uses: rows are read in keyset batches (never the whole result in memory) and
// streamed to the client as CSV or as a real XLSX (exceljs' streaming writer: typed columns, a header row, widths).
// The reply carries the total row count when the report knows it (X-Export-Rows), which the browser's progress uses.
import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type ExcelJS from 'exceljs';
import { csvField } from '@registry/contracts/csv';
import { DEFAULT_LAB_TIME_ZONE, zoneOffsetMs } from '@registry/contracts/labTime';
import { withExportHeap } from './export-heap.ts';
import { loadExcelJs } from './on-demand-libraries.ts';

export type ExportFormat = 'csv' | 'xlsx';
export type ExportValue = string | number | boolean | Date | null | undefined;
export type ExportColumnType = 'text' | 'number' | 'integer' | 'date' | 'datetime' | 'boolean';

export type ExportColumn<R> = {
  header: string;
  type?: ExportColumnType;
  /** Characters; defaults from the header, capped at the spec's column width threshold of 20 unless given. */
  width?: number;
  value: (row: R) => ExportValue;
};

export type ExportSpec<R> = {
  /** Without extension; the format's extension is added. */
  fileName: string;
  sheetName?: string;
  columns: readonly ExportColumn<R>[];
  /** Batches of rows, each read from the database after the last one was written. */
  batches: AsyncIterable<readonly R[]>;
  /** The number of rows when known before streaming (sent as X-Export-Rows for the browser's progress). */
  totalRows?: number;
};

/** Spec 3 §9: "Column width threshold 20". */
const COLUMN_WIDTH_THRESHOLD = 20;
const EXPORT_BATCH_SIZE = 1000;

/**
 * Keyset batches: `fetch(after, limit)` returns the rows after the key `after` (null for the first batch) in key order.
 * Each batch is one short query; nothing holds a cursor or the whole result between batches.
 */
export async function* keysetBatches<R, K>(
  fetch: (after: K | null, limit: number) => Promise<readonly R[]>,
  keyOf: (row: R) => K,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<readonly R[]> {
  let after: K | null = null;
  for (;;) {
    const rows = await fetch(after, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** Offset batches over an in-memory list (a report already computed in full, bounded by its own paging). */
export async function* arrayBatches<R>(
  rows: readonly R[],
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<readonly R[]> {
  for (let i = 0; i < rows.length; i += batchSize) yield rows.slice(i, i + batchSize);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Spec 3 §9: report dates are M/d/yyyy (of a zone-less date: its UTC fields are the digits to print). */
const formatReportDate = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
const formatReportDateTime = (d: Date) =>
  `${formatReportDate(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A timestamp for file names: yyyyMMdd_HHmmss (UTC). */
export const fileTimestamp = (d = new Date()) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}_${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;

const toDate = (value: ExportValue): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() <= 1 ? null : d;
};

/**
 * A date cell as the lab's wall clock, zone-less (its UTC fields are the lab's digits): an instant is read in the lab's
 * time zone, as every screen shows it, never in UTC or the server's zone; a yyyy-mm-dd day stays the day written.
 */
function labWallClock(value: ExportValue, timeZone: string): Date | null {
  if (typeof value === 'string' && DAY_ONLY.test(value)) return toDate(`${value}T00:00:00Z`);
  const d = toDate(value);
  return d && new Date(d.getTime() + zoneOffsetMs(d, timeZone));
}

/** The zone's short name at an instant ('EST', 'EDT'; 'GMT-5' where Intl has no abbreviation). */
function zoneName(instant: Date, timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** A cell's CSV text, formatted by its type; written by the one cell writer (quoted, formulas neutralised). */
export function csvCell(
  value: ExportValue,
  type: ExportColumnType = 'text',
  timeZone: string = DEFAULT_LAB_TIME_ZONE,
): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (type === 'date' || type === 'datetime' || value instanceof Date) {
    const d = labWallClock(value, timeZone);
    const instant = toDate(value);
    text = !d
      ? ''
      : type === 'datetime' && instant
        ? `${formatReportDateTime(d)} ${zoneName(instant, timeZone)}`
        : formatReportDate(d);
  } else if (typeof value === 'boolean') text = value ? 'Yes' : 'No';
  else text = String(value);
  return csvField(text, typeof value === 'string');
}

const xlsxValue = (value: ExportValue, type: ExportColumnType, timeZone: string): ExcelJS.CellValue => {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'number':
    case 'integer': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
    case 'date':
    case 'datetime':
      // A spreadsheet's dates carry no zone: the cell holds the lab's wall clock.
      return labWallClock(value, timeZone);
    case 'boolean':
      return typeof value === 'boolean' ? value : String(value).toLowerCase() === 'true';
    default:
      return value instanceof Date ? formatReportDate(labWallClock(value, timeZone)!) : String(value);
  }
};

const numFmt = (type: ExportColumnType): string | undefined =>
  ({ date: 'm/d/yyyy', datetime: 'm/d/yyyy h:mm:ss', integer: '0', number: undefined, text: '@', boolean: undefined })[
    type
  ];

const widthOf = (column: ExportColumn<unknown>) =>
  column.width ?? Math.min(Math.max(column.header.length + 2, 10), COLUMN_WIDTH_THRESHOLD);

/** The CSV text of a whole export, as a stream of lines in batch-sized chunks. */
export async function* csvChunks<R>(
  spec: Pick<ExportSpec<R>, 'columns' | 'batches'>,
  timeZone: string = DEFAULT_LAB_TIME_ZONE,
): AsyncGenerator<string> {
  yield '\uFEFF' + spec.columns.map((c) => csvCell(c.header)).join(',') + '\r\n';
  for await (const batch of withExportHeap(spec.batches)) {
    let chunk = '';
    for (const row of batch)
      chunk += spec.columns.map((c) => csvCell(c.value(row), c.type, timeZone)).join(',') + '\r\n';
    yield chunk;
  }
}

/**
 * exceljs 4.4 pipes a sheet's buffer into the zip's deflate stream without heeding its answer, so a stalled client
 * would let rows pile up there. Wait until that stream and the output have drained (internal fields of the pinned 4.4).
 */
async function drained(sheet: ExcelJS.Worksheet, output: PassThrough): Promise<void> {
  type Pipe = Writable & { _writableState?: { length: number; highWaterMark: number; needDrain: boolean } };
  const sheetStream = (sheet as unknown as { stream: { pipes?: Pipe[]; buffers?: unknown[] } }).stream;
  // archiver wraps the sheet's buffer in a readable-stream 2 PassThrough, which predates writableNeedDrain.
  const isFull = (pipe: Pipe) => {
    // oxlint-disable-next-line no-underscore-dangle -- readable-stream 2 exposes its buffer state only here
    const state = pipe._writableState;
    return pipe.writableNeedDrain || (state?.needDrain === true && state.length > 0);
  };
  for (;;) {
    const full = sheetStream.pipes?.find(isFull);
    if (full) await once(full, 'drain');
    else if (output.writableNeedDrain) await once(output, 'drain');
    else if (!sheetStream.pipes?.length && (sheetStream.buffers?.length ?? 0) > 16)
      await new Promise((resolve) => setTimeout(resolve, 5));
    else return;
  }
}

/**
 * Writes the XLSX to `output` row by row with exceljs' streaming writer; waits for the output to drain between batches
 * so a slow client holds back the database reads instead of filling memory.
 */
export async function writeXlsx<R>(
  spec: ExportSpec<R>,
  output: PassThrough,
  timeZone: string = DEFAULT_LAB_TIME_ZONE,
): Promise<void> {
  const workbook = new (await loadExcelJs()).stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(spec.sheetName?.slice(0, 31) || 'Report', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = spec.columns.map((c, i) => {
    const fmt = numFmt(c.type ?? 'text');
    return {
      header: c.header,
      key: `c${i}`,
      width: widthOf(c as ExportColumn<unknown>),
      style: fmt ? { numFmt: fmt } : {},
    };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for await (const batch of withExportHeap(spec.batches)) {
    for (const row of batch)
      sheet.addRow(spec.columns.map((c) => xlsxValue(c.value(row), c.type ?? 'text', timeZone))).commit();
    await drained(sheet, output);
  }
  sheet.commit();
  await workbook.commit();
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const attachmentHeader = (fileName: string) => `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`;

/** Streams the export as the reply. Errors after the first byte end the stream (the browser reports a failed download). */
export function sendExport<R>(reply: FastifyReply, format: ExportFormat, spec: ExportSpec<R>): FastifyReply {
  reply
    .type(CONTENT_TYPES[format])
    .header('content-disposition', attachmentHeader(`${spec.fileName}.${format}`))
    .header('cache-control', 'no-store')
    .header('access-control-expose-headers', 'X-Export-Rows, Content-Disposition');
  if (spec.totalRows !== undefined) reply.header('x-export-rows', String(spec.totalRows));
  // Dates are the lab's, as on every screen (the signed-in request carries the server's configuration).
  const timeZone = reply.request.ctx?.config.labTimeZone;
  if (format === 'csv') return reply.send(Readable.from(csvChunks(spec, timeZone), { objectMode: false }));
  const output = new PassThrough();
  writeXlsx(spec, output, timeZone).catch((error: unknown) => {
    reply.log.error({ err: error }, 'xlsx export failed');
    output.destroy(error as Error);
  });
  return reply.send(output);
}
