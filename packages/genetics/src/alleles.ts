// Allele calls as the instruments write them, and their compact 16-bit codes used everywhere else in the engine.
// A code is an unsigned 16-bit integer: 0 is "no call", sizes and repeat numbers are tenths, X/Y/OL are reserved at the top.

export const NO_CALL = 0;
export const ALLELE_X = 0xfff0;
export const ALLELE_Y = 0xfff1;
/** Off-ladder: a called peak that is never equal to anything, not even another OL. */
export const ALLELE_OL = 0xffff;
/** Largest numeric allele that fits in a code (sizes and repeats are stored in tenths). */
export const MAX_NUMERIC_ALLELE = 6499.9;

export type AlleleParse = { ok: true; code: number; uncertain: boolean } | { ok: false; message: string };

const NUMERIC = /^\d{1,4}(?:\.\d{1,2})?$/;

/**
 * Reads one allele cell. Empty, 'NA' and '?' give code 0; '?' also sets `uncertain` so the caller can
 * treat the whole marker as a no call (one uncertain allele makes the pair unknowable).
 */
export function parseAllele(raw: string): AlleleParse {
  const text = raw.trim();
  if (text === '' || text === 'NA' || text === '-') return { ok: true, code: NO_CALL, uncertain: false };
  if (text === '?') return { ok: true, code: NO_CALL, uncertain: true };
  const upper = text.toUpperCase();
  if (upper === 'X') return { ok: true, code: ALLELE_X, uncertain: false };
  if (upper === 'Y') return { ok: true, code: ALLELE_Y, uncertain: false };
  if (upper === 'OL') return { ok: true, code: ALLELE_OL, uncertain: false };
  if (NUMERIC.test(text)) {
    const value = Number(text);
    if (value > 0 && value <= MAX_NUMERIC_ALLELE) return { ok: true, code: Math.round(value * 10), uncertain: false };
  }
  return { ok: false, message: `allele '${text}' is not a size, repeat number, X, Y, OL or ?` };
}

/** The canonical text of a code: '220', '9.3', 'X', 'Y', 'OL', '' for no call. */
export function alleleText(code: number): string {
  if (code === NO_CALL) return '';
  if (code === ALLELE_X) return 'X';
  if (code === ALLELE_Y) return 'Y';
  if (code === ALLELE_OL) return 'OL';
  return code % 10 === 0 ? String(code / 10) : (code / 10).toFixed(1);
}

/** Numeric value of a size/repeat code, or NaN for X, Y, OL and no call. */
export function alleleValue(code: number): number {
  return code === NO_CALL || code >= ALLELE_X ? Number.NaN : code / 10;
}

export function isNumericAllele(code: number): boolean {
  return code !== NO_CALL && code < ALLELE_X;
}

/**
 * A genotype is two codes with lo <= hi; both 0 means no call. Homozygotes written once arrive as [a] or [a, ''].
 * Returns null when the alleles cannot form one diploid call (more than two distinct alleles).
 */
export function normaliseGenotype(codes: readonly number[], uncertain = false): [number, number] | null {
  if (uncertain) return [NO_CALL, NO_CALL];
  const called = codes.filter((c) => c !== NO_CALL);
  if (called.length === 0) return [NO_CALL, NO_CALL];
  const distinct = [...new Set(called)].sort((a, b) => a - b);
  // Two OL peaks are two alleles even though OL never equals OL.
  if (distinct.length === 1 && called.filter((c) => c === ALLELE_OL).length >= 2) return [ALLELE_OL, ALLELE_OL];
  if (distinct.length === 1) return [distinct[0], distinct[0]];
  if (distinct.length === 2) return [distinct[0], distinct[1]];
  return null;
}

/** 32-bit key of a genotype (lo in the high half) used by the index and the hash buckets. */
export function genotypeKey(lo: number, hi: number): number {
  return lo * 0x10000 + hi;
}
