// Reads a GeneMapper / GeneMapper ID-X "Genotypes" table export, long (one row per sample and marker) or wide
// (one row per sample, '<marker> 1'/'<marker> 2' or '<marker>_A'/'<marker>_B' columns), into genotype calls.
// Any unreadable row fails the whole file with the line and the problem: nothing partial is returned.

import { NO_CALL, parseAllele } from '../alleles.ts';
import {
  type Delimiter,
  type Encoding,
  decodeExport,
  detectDelimiter,
  normaliseHeader,
  splitLines,
  splitQuotedCells,
} from './text.ts';

export type GenotypeCall = {
  /** 1-based line in the file. */
  line: number;
  sampleName: string;
  sampleFile?: string;
  runName?: string;
  panelName?: string;
  well?: string;
  marker: string;
  /** Called allele codes in column order (no calls left out). */
  alleles: number[];
  /** A '?' call: the marker is read as no call and the profile needs review. */
  uncertain: boolean;
};

export type Layout = 'long' | 'wide';

export type GeneMapperTable = {
  layout: Layout;
  delimiter: Delimiter;
  encoding: Encoding;
  columns: string[];
  calls: GenotypeCall[];
};

export type ParseError = { line: number; message: string };
export type ParseResult = { ok: true; table: GeneMapperTable } | { ok: false; errors: ParseError[] };

/** Errors reported before giving up: enough to fix a file in one go, not a wall of repeats. */
const MAX_ERRORS = 50;

export type ParseOptions = {
  /** Largest file accepted, in bytes (default 50 MB); larger files are refused before reading. */
  maxBytes: number;
  /**
   * Most lines after the header (default 40,000: a 384-well plate of 22 markers run twice is under 17,000). Bounds the
   * time a file of any shape takes: more rows are refused, not read.
   */
  maxRows: number;
};
export const DEFAULT_PARSE_OPTIONS: ParseOptions = Object.freeze({ maxBytes: 50 * 1024 * 1024, maxRows: 40_000 });

/** Longest cell read: a GeneMapper cell is a name, a call or a number; longer is not a genotype table. */
export const MAX_CELL_LENGTH = 1000;
/** Most header columns: a full export has under 150. */
export const MAX_COLUMNS = 2000;

/** Thrown inside the row loop to refuse the whole file at one line; caught in parseGeneMapper. */
class Refusal {
  readonly error: ParseError;
  constructor(error: ParseError) {
    this.error = error;
  }
}

/** Columns of a long export that are not markers (used to reject them as wide marker columns). */
const NON_MARKER_PREFIXES = [
  'allele',
  'size',
  'height',
  'peak area',
  'data point',
  'mutation',
  'ae comment',
  'sample',
  'run',
  'panel',
  'well',
  'dye',
  'comment',
  'quality',
];

/** Control characters other than tab, line feed and carriage return: a binary file, not a text export. */
function hasBinary(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 11 && c !== 12) return true;
  }
  return false;
}

/** Any control character other than tab, LF, VT, FF and CR: a binary file. Matching control characters is the point. */
// oxlint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000e-\u001f]/;

type Row = { cells: string[]; count: number; extraNonEmpty: boolean };

function checkCells(cells: readonly string[], lineNo: number): void {
  for (const c of cells) {
    if (c.length > MAX_CELL_LENGTH)
      throw new Refusal({
        line: lineNo,
        message: `a cell holds ${c.length} characters; a genotype table cell has at most ${MAX_CELL_LENGTH}`,
      });
  }
}

/** Cuts the needed cells out of a row (quoted rows go through the full splitter) and checks cells past the header. */
function readRow(
  line: string,
  lineNo: number,
  delimiter: Delimiter,
  needed: readonly boolean[],
  buffer: string[],
): Row {
  const width = needed.length;
  if (line.includes('"')) {
    const cells = splitQuotedCells(line, delimiter);
    if (!cells)
      throw new Refusal({ line: lineNo, message: 'a quoted cell is not closed on this line; the row cannot be read' });
    checkCells(cells, lineNo);
    return { cells, count: cells.length, extraNonEmpty: cells.slice(width).some((c) => c !== '' && c !== 'NA') };
  }
  // Walk the delimiters with indexOf and cut out only the needed cells: a full export has some 45 columns per row, and
  // splitting every one of them made most of a big plate's parse time and garbage.
  if (line.length > MAX_CELL_LENGTH) checkCells(line.split(delimiter), lineNo);
  // One buffer for every row: the caller reads a row's cells before it reads the next row.
  const cells = buffer;
  let start = 0;
  let count = 0;
  let extraNonEmpty = false;
  for (;;) {
    const end = line.indexOf(delimiter, start);
    const stop = end < 0 ? line.length : end;
    if (count < width) cells[count] = needed[count] ? line.slice(start, stop).trim() : '';
    else if (!extraNonEmpty) {
      const extra = line.slice(start, stop).trim();
      if (extra !== '' && extra !== 'NA') extraNonEmpty = true;
    }
    count++;
    if (end < 0) break;
    start = end + 1;
  }
  for (let i = count; i < width; i++) cells[i] = '';
  return { cells, count, extraNonEmpty };
}

type RowPlace = {
  lineNo: number;
  sampleName: string;
  sampleFile: string;
  runName: string;
  panelName: string;
  well: string;
};

// Optional fields only when present, set directly: object spreads per row are measurably slow on big plates.
function genotypeCall(where: RowPlace, marker: string, alleles: number[], uncertain: boolean): GenotypeCall {
  const call: GenotypeCall = { line: where.lineNo, sampleName: where.sampleName, marker, alleles, uncertain };
  if (where.sampleFile) call.sampleFile = where.sampleFile;
  if (where.runName) call.runName = where.runName;
  if (where.panelName) call.panelName = where.panelName;
  if (where.well) call.well = where.well;
  return call;
}

type WidePair = { marker: string; columns: number[] };

function findColumn(headers: string[], ...names: string[]): number {
  for (const n of names) {
    const i = headers.indexOf(n);
    if (i >= 0) return i;
  }
  return -1;
}

const SEPARATOR = new Set([' ', '\t', '.', '_', '-']);

/**
 * '<marker><separators><1|2|A|B>' split into [whole, marker, suffix], or null. A linear scan from the end (the regex
 * /^(.+?)[\s._-]+([12AB])$/ it replaces backtracks quadratically on long cells).
 */
export function wideColumn(raw: string): [string, string, string] | null {
  const t = raw.trim();
  const suffix = t.slice(-1).toUpperCase();
  if (t.length < 3 || !'12AB'.includes(suffix)) return null;
  let i = t.length - 2;
  while (i >= 0 && SEPARATOR.has(t[i])) i--;
  if (i === t.length - 2 || i < 0) return null;
  return [t, t.slice(0, i + 1), suffix];
}

function widePairs(rawHeaders: string[], normalised: string[]): WidePair[] {
  const byMarker = new Map<string, WidePair>();
  rawHeaders.forEach((raw, i) => {
    const m = wideColumn(raw);
    if (!m) return;
    const lower = normaliseHeader(m[1]);
    if (NON_MARKER_PREFIXES.some((p) => lower === p || lower.startsWith(`${p} `)) || normalised[i] === 'sample name')
      return;
    const key = m[1].trim().toUpperCase();
    let pair = byMarker.get(key);
    if (!pair) byMarker.set(key, (pair = { marker: m[1].trim(), columns: [] }));
    pair.columns.push(i);
  });
  return [...byMarker.values()];
}

export function parseGeneMapper(input: string | Uint8Array, options: Partial<ParseOptions> = {}): ParseResult {
  const { maxBytes, maxRows } = { ...DEFAULT_PARSE_OPTIONS, ...options };
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > maxBytes) {
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    return { ok: false, errors: [{ line: 1, message: `the file is ${mb(size)}; the limit is ${mb(maxBytes)}` }] };
  }
  try {
    return parseText(input, maxRows);
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, errors: [e.error] };
    throw e;
  }
}

function parseText(input: string | Uint8Array, maxRows: number): ParseResult {
  const { text, encoding } = decodeExport(input);
  const lines = splitLines(text);
  // Excel may write a 'sep=,' line before the header.
  const headerAt = lines.findIndex((l) => l.trim() !== '' && !/^sep=.$/i.test(l.trim()));
  if (headerAt < 0) return { ok: false, errors: [{ line: 1, message: 'the file is empty' }] };
  const headerLine = lines[headerAt];
  const headerNo = headerAt + 1;
  if (hasBinary(headerLine)) {
    return { ok: false, errors: [{ line: headerNo, message: 'not a text export: the file holds binary data' }] };
  }
  if (lines.length - headerAt - 1 > maxRows) {
    return {
      ok: false,
      errors: [{ line: headerNo + maxRows + 1, message: `the file has more than ${maxRows} rows after the header` }],
    };
  }
  const delimiter = detectDelimiter(headerLine);
  if (!delimiter)
    return {
      ok: false,
      errors: [
        {
          line: headerNo,
          message: 'not a GeneMapper genotype table: the header has no tab, comma or semicolon separated columns',
        },
      ],
    };
  const rawHeaders = splitQuotedCells(headerLine, delimiter);
  if (!rawHeaders)
    return { ok: false, errors: [{ line: headerNo, message: 'a quoted header cell is not closed on this line' }] };
  checkCells(rawHeaders, headerNo);
  if (rawHeaders.length > MAX_COLUMNS) {
    return {
      ok: false,
      errors: [
        {
          line: headerNo,
          message: `the header has ${rawHeaders.length} columns; a genotype table has at most ${MAX_COLUMNS}`,
        },
      ],
    };
  }
  const headers = rawHeaders.map(normaliseHeader);
  const sampleCol = findColumn(headers, 'sample name', 'sample', 'samplename');
  if (sampleCol < 0) {
    return {
      ok: false,
      errors: [
        {
          line: headerNo,
          message: `not a GeneMapper genotype table: no 'Sample Name' column (columns: ${rawHeaders.slice(0, 8).join(', ')})`,
        },
      ],
    };
  }
  const markerCol = findColumn(headers, 'marker', 'locus');
  const alleleCols: number[] = [];
  for (let k = 1; k <= 20; k++) {
    const i = findColumn(headers, `allele ${k}`, `allele${k}`);
    if (i >= 0) alleleCols.push(i);
  }
  const pairs = markerCol < 0 ? widePairs(rawHeaders, headers) : [];
  let layout: Layout;
  if (markerCol >= 0) {
    if (alleleCols.length === 0)
      return {
        ok: false,
        errors: [
          { line: headerNo, message: "not a GeneMapper genotype table: a 'Marker' column but no 'Allele 1' column" },
        ],
      };
    layout = 'long';
  } else if (pairs.length > 0) layout = 'wide';
  else {
    return {
      ok: false,
      errors: [
        {
          line: headerNo,
          message:
            "not a GeneMapper genotype table: no 'Marker' column and no '<marker> 1' / '<marker>_A' allele columns",
        },
      ],
    };
  }
  if (layout === 'wide' && (lines.length - headerAt - 1) * pairs.length > maxRows) {
    return {
      ok: false,
      errors: [
        { line: headerNo, message: `the file holds more than ${maxRows} genotype calls (rows times marker columns)` },
      ],
    };
  }
  const fileCol = findColumn(headers, 'sample file', 'sample file name', 'file name');
  const runCol = findColumn(headers, 'run name', 'run');
  const panelCol = findColumn(headers, 'panel');
  const wellCol = findColumn(headers, 'well', 'well position', 'well location', 'well id');

  // Only the columns read below are cut out of each row; a full export has some 45 columns per row.
  const needed = rawHeaders.map(() => false);
  for (const i of [
    sampleCol,
    markerCol,
    fileCol,
    runCol,
    panelCol,
    wellCol,
    ...alleleCols,
    ...pairs.flatMap((p) => p.columns),
  ])
    if (i >= 0) needed[i] = true;
  const textHasBinary = BINARY.test(text);
  const calls: GenotypeCall[] = [];
  const errors: ParseError[] = [];
  const fail = (line: number, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ line, message });
  };
  const cellText = (cells: string[], i: number) => {
    if (i < 0 || i >= cells.length) return '';
    const c = cells[i];
    return c === 'NA' ? '' : c;
  };
  const readAlleles = (line: number, cells: string[], cols: number[], what: string) => {
    const codes: number[] = [];
    let uncertain = false;
    for (const i of cols) {
      const parsed = parseAllele(cellText(cells, i));
      if (!parsed.ok) {
        fail(line, `${what}, column '${rawHeaders[i]}': ${parsed.message}`);
        return null;
      }
      uncertain ||= parsed.uncertain;
      if (parsed.code !== NO_CALL) codes.push(parsed.code);
    }
    return { codes, uncertain };
  };

  // A file cut mid-row ends without a line break on a row shorter than the one before it: refuse, never guess.
  let lastRow = lines.length - 1;
  while (lastRow > headerAt && !/[^\t,;"\s]/.test(lines[lastRow])) lastRow--;
  const endsCut = lastRow === lines.length - 1 && !/[\r\n]$/.test(text);
  let previousCount = rawHeaders.length;
  // Sample, file, run, well and marker of each row: the same well's marker twice with different calls is refused.
  const seen = new Map<string, { line: number; alleles: string }>();
  const rowBuffer: string[] = new Array<string>(rawHeaders.length).fill('');
  for (let li = headerAt + 1; li < lines.length; li++) {
    const lineNo = li + 1;
    const line = lines[li];
    if (!/[^\t,;"\s]/.test(line)) continue;
    if (textHasBinary && hasBinary(line)) {
      fail(lineNo, 'the row holds binary data');
      continue;
    }
    const row = readRow(line, lineNo, delimiter, needed, rowBuffer);
    if (endsCut && li === lastRow && lastRow > headerAt + 1 && row.count < previousCount) {
      throw new Refusal({
        line: lineNo,
        message: `the last row has ${row.count} of ${previousCount} cells and no line break: the file was cut short`,
      });
    }
    previousCount = row.count;
    if (row.extraNonEmpty) {
      fail(lineNo, `the row has ${row.count} cells but the header has ${rawHeaders.length} columns`);
      continue;
    }
    const cells = row.cells;
    const sampleName = cellText(cells, sampleCol);
    const sampleFile = cellText(cells, fileCol);
    const runName = cellText(cells, runCol);
    const panelName = cellText(cells, panelCol);
    const well = cellText(cells, wellCol);
    const where: RowPlace = { lineNo, sampleName, sampleFile, runName, panelName, well };
    if (layout === 'long') {
      const marker = cellText(cells, markerCol);
      const read = readAlleles(lineNo, cells, alleleCols, `sample '${sampleName}', marker '${marker}'`);
      if (!read) continue;
      if (!sampleName) {
        fail(lineNo, 'the row has no sample name');
        continue;
      }
      if (!marker) {
        if (read.codes.length > 0) fail(lineNo, `sample '${sampleName}': the row has alleles but no marker`);
        continue;
      }
      const key = `${sampleName}\u0000${sampleFile}\u0000${runName}\u0000${well}\u0000${marker.toUpperCase()}`;
      const alleles = `${read.uncertain ? '?' : ''}${[...read.codes].sort((a, b) => a - b).join('/')}`;
      const before = seen.get(key);
      if (before && before.alleles !== alleles) {
        fail(
          lineNo,
          `sample '${sampleName}', marker '${marker}' is on line ${before.line} and line ${lineNo} with different calls`,
        );
        continue;
      }
      if (!before) seen.set(key, { line: lineNo, alleles });
      calls.push(genotypeCall(where, marker, read.codes, read.uncertain));
    } else {
      if (!sampleName) {
        fail(lineNo, 'the row has no sample name');
        continue;
      }
      for (const pair of pairs) {
        const read = readAlleles(lineNo, cells, pair.columns, `sample '${sampleName}', marker '${pair.marker}'`);
        if (read) calls.push(genotypeCall(where, pair.marker, read.codes, read.uncertain));
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  if (calls.length === 0)
    return { ok: false, errors: [{ line: headerNo + 1, message: 'the table has a header but no genotype rows' }] };
  return { ok: true, table: { layout, delimiter, encoding, columns: rawHeaders, calls } };
}
