// Raw text of an export: byte decoding (UTF-8 with or without BOM, UTF-16 as Windows saves it, Windows-1252),
// line splitting (CRLF, LF, CR) and cell splitting for tab-, comma- or semicolon-delimited rows with optional quotes.

export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export type Delimiter = '\t' | ',' | ';';

export function decodeExport(input: string | Uint8Array): { text: string; encoding: Encoding } {
  if (typeof input === 'string') return { text: input.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  const b = input;
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(b.subarray(2)), encoding: 'utf-16le' };
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(b.subarray(2)), encoding: 'utf-16be' };
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(b.subarray(3)), encoding: 'utf-8' };
  // UTF-16 without a byte-order mark: ASCII text leaves every other byte zero.
  const probe = Math.min(b.length, 400) & ~1;
  let zeroOdd = 0;
  let zeroEven = 0;
  for (let i = 0; i < probe; i += 2) {
    if (b[i] === 0) zeroEven++;
    if (b[i + 1] === 0) zeroOdd++;
  }
  if (probe >= 4 && zeroOdd > probe * 0.4 && zeroEven === 0)
    return { text: new TextDecoder('utf-16le').decode(b), encoding: 'utf-16le' };
  if (probe >= 4 && zeroEven > probe * 0.4 && zeroOdd === 0)
    return { text: new TextDecoder('utf-16be').decode(b), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(b), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(b), encoding: 'windows-1252' };
  }
}

export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

/** The delimiter of the header line: tab if it has one, else comma, else semicolon; null if none (a single column). */
export function detectDelimiter(header: string): Delimiter | null {
  if (header.includes('\t')) return '\t';
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  return null;
}

/** Splits one line into cells. Quoted cells may hold the delimiter and doubled quotes; quotes never span lines here. */
export function splitCells(line: string, delimiter: Delimiter): string[] {
  return splitQuotedCells(line, delimiter) ?? line.split(delimiter).map((c) => c.trim());
}

/**
 * As splitCells, but null when a quoted cell is not closed on the line (a GeneMapper export never spans lines, so the
 * row cannot be read without guessing). Linear in the line: no rescans of the cell read so far.
 */
export function splitQuotedCells(line: string, delimiter: Delimiter): string[] | null {
  if (!line.includes('"')) return line.split(delimiter).map((c) => c.trim());
  const cells: string[] = [];
  let cell = '';
  let blank = true;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && blank) {
      quoted = true;
      blank = false;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell.trim());
      cell = '';
      blank = true;
    } else {
      cell += ch;
      if (ch !== ' ' && ch !== '\t') blank = false;
    }
  }
  if (quoted) return null;
  cells.push(cell.trim());
  return cells;
}

/** Header names compare without case, and with dots and underscores as spaces ('Sample.Name' = 'sample name'). */
export function normaliseHeader(h: string): string {
  return h.replace(/[._]+/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
}
