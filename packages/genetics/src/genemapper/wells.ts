// Well positions: A01 to H12 on 96-well plates, to P24 on 384-well plates, read from a Well column or the Sample File name.

export type Well = { row: string; column: number; label: string };

export function parseWell(text: string): Well | null {
  const m = /^([A-Pa-p])\s*0?(\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const column = Number(m[2]);
  if (column < 1 || column > 24) return null;
  const row = m[1].toUpperCase();
  return { row, column, label: `${row}${String(column).padStart(2, '0')}` };
}

/** The well in a sample file name such as 'Run1_DN1234567_G11.fsa': the last token that reads as a well. */
export function wellFromSampleFile(fileName: string): Well | null {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.(fsa|hid|ab1|abi)$/i, '');
  const tokens = base.split(/[_\-\s.]+/);
  for (let i = tokens.length - 1; i >= 0; i--) {
    const w = parseWell(tokens[i]);
    if (w) return w;
  }
  return null;
}

export function isOn96WellPlate(w: Well): boolean {
  return w.row <= 'H' && w.column <= 12;
}

/** 96 unless some well lies outside A01-H12. */
export function plateSizeOf(wells: Iterable<Well>): 96 | 384 {
  for (const w of wells) if (!isOn96WellPlate(w)) return 384;
  return 96;
}

/** Wells in column-major order (A01, B01, ... H01, A02, ...), the order plates are loaded in. */
export function plateWells(size: 96 | 384): string[] {
  const rows = size === 96 ? 'ABCDEFGH' : 'ABCDEFGHIJKLMNOP';
  const cols = size === 96 ? 12 : 24;
  const out: string[] = [];
  for (let c = 1; c <= cols; c++) for (const r of rows) out.push(`${r}${String(c).padStart(2, '0')}`);
  return out;
}
