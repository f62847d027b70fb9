// Per-marker comparison of two genotypes (symmetric, CODIS moderate stringency; one-sided for a waste sample against a
// dog) and the counts over a panel's typing markers.
// The numeric form is what the index and the scans run in their hot loops; the named form is for reports.
// An off-ladder (OL) call on either side leaves the marker out of the comparison: OL has no size, so it is evidence
// neither for nor against the two profiles coming from one dog.

import { ALLELE_OL, NO_CALL } from '../alleles.ts';
import type { DnaProfile } from '../profile.ts';

export const MarkerComparison = {
  Match: 'Match',
  Mismatch: 'Mismatch',
  /** One side shows a single allele that is one of the other side's two alleles (allelic dropout). */
  DropoutConsistent: 'DropoutConsistent',
  /** Either side has no call at the marker. */
  NotCompared: 'NotCompared',
  /** Both sides are called but one shows an off-ladder (OL) allele: neither a match nor a mismatch. */
  NotComparedOffLadder: 'NotComparedOffLadder',
} as const;
export type MarkerComparison = (typeof MarkerComparison)[keyof typeof MarkerComparison];

export const CMP_NOT_COMPARED = 0;
export const CMP_MATCH = 1;
export const CMP_DROPOUT = 2;
export const CMP_MISMATCH = 3;
export const CMP_OFF_LADDER = 4;

const NAMES: readonly MarkerComparison[] = [
  MarkerComparison.NotCompared,
  MarkerComparison.Match,
  MarkerComparison.DropoutConsistent,
  MarkerComparison.Mismatch,
  MarkerComparison.NotComparedOffLadder,
];

/**
 * Whether a normalised genotype can be compared: called, and no OL allele. OL is the largest code, so a genotype holds
 * one exactly when its high code is OL.
 */
export function isComparable(hi: number): boolean {
  return hi !== NO_CALL && hi !== ALLELE_OL;
}

/**
 * Compares two normalised genotypes (lo <= hi, both 0 for no call). Symmetric in its two sides.
 * A no call on either side gives CMP_NOT_COMPARED (before OL: the marker could not be compared whatever the other side
 * shows); otherwise an OL allele on either side gives CMP_OFF_LADDER.
 */
export function compareCodes(a1: number, a2: number, b1: number, b2: number): number {
  if (a2 === NO_CALL || b2 === NO_CALL) return CMP_NOT_COMPARED;
  if (a2 === ALLELE_OL || b2 === ALLELE_OL) return CMP_OFF_LADDER;
  const aHom = a1 === a2;
  const bHom = b1 === b2;
  if (aHom && bHom) return a1 === b1 ? CMP_MATCH : CMP_MISMATCH;
  if (!aHom && !bHom) return a1 === b1 && a2 === b2 ? CMP_MATCH : CMP_MISMATCH;
  const h = aHom ? a1 : b1;
  const x1 = aHom ? b1 : a1;
  const x2 = aHom ? b2 : a2;
  return h === x1 || h === x2 ? CMP_DROPOUT : CMP_MISMATCH;
}

/**
 * A waste sample (w1, w2) against a dog (d1, d2). Dropout is one-sided: a degraded waste sample may lose one of the
 * dog's two alleles (it shows one of them), but an allele the waste sample shows and the dog lacks is a mismatch.
 * No call and OL on either side as in compareCodes.
 */
export function compareWasteCodes(w1: number, w2: number, d1: number, d2: number): number {
  if (w2 === NO_CALL || d2 === NO_CALL) return CMP_NOT_COMPARED;
  if (w2 === ALLELE_OL || d2 === ALLELE_OL) return CMP_OFF_LADDER;
  if (w1 !== w2) return w1 === d1 && w2 === d2 ? CMP_MATCH : CMP_MISMATCH;
  if (d1 === d2) return d1 === w1 ? CMP_MATCH : CMP_MISMATCH;
  return d1 === w1 || d2 === w1 ? CMP_DROPOUT : CMP_MISMATCH;
}

export function comparisonName(code: number): MarkerComparison {
  return NAMES[code];
}

/**
 * Counts over the typing markers. `compared` = matching + dropout + mismatching; `offLadder` counts the markers called on
 * both sides but left out because one side shows OL (not part of `compared`).
 */
export type ComparisonCounts = {
  compared: number;
  matching: number;
  dropout: number;
  mismatching: number;
  offLadder: number;
};

export type ProfileComparison = ComparisonCounts & { markers: { marker: string; result: MarkerComparison }[] };

export function compareMarker(a: DnaProfile, b: DnaProfile, marker: number): MarkerComparison {
  return NAMES[
    compareCodes(a.codes[marker * 2], a.codes[marker * 2 + 1], b.codes[marker * 2], b.codes[marker * 2 + 1])
  ];
}

function assertSamePanel(a: DnaProfile, b: DnaProfile): void {
  if (a.panel.id !== b.panel.id) throw new Error(`cannot compare a ${a.panel.id} profile with a ${b.panel.id} profile`);
}

/** Counts over the typing markers; gender markers are never compared. */
export function countComparison(a: DnaProfile, b: DnaProfile): ComparisonCounts {
  assertSamePanel(a, b);
  return countCodes(a.codes, 0, b.codes, 0, a.panel.typingMarkers);
}

/** Counts for genotypes held at offsets of larger code arrays (the columnar index stores all profiles in one array). */
export function countCodes(
  a: Uint16Array,
  aOff: number,
  b: Uint16Array,
  bOff: number,
  typing: readonly number[],
): ComparisonCounts {
  let matching = 0;
  let dropout = 0;
  let mismatching = 0;
  let offLadder = 0;
  for (const m of typing) {
    const c = compareCodes(a[aOff + m * 2], a[aOff + m * 2 + 1], b[bOff + m * 2], b[bOff + m * 2 + 1]);
    if (c === CMP_MATCH) matching++;
    else if (c === CMP_DROPOUT) dropout++;
    else if (c === CMP_MISMATCH) mismatching++;
    else if (c === CMP_OFF_LADDER) offLadder++;
  }
  return { compared: matching + dropout + mismatching, matching, dropout, mismatching, offLadder };
}

/** As countCodes with one-sided dropout: `w` holds the waste sample, `d` the dog. */
export function countWasteCodes(
  w: Uint16Array,
  wOff: number,
  d: Uint16Array,
  dOff: number,
  typing: readonly number[],
): ComparisonCounts {
  let matching = 0;
  let dropout = 0;
  let mismatching = 0;
  let offLadder = 0;
  for (const m of typing) {
    const c = compareWasteCodes(w[wOff + m * 2], w[wOff + m * 2 + 1], d[dOff + m * 2], d[dOff + m * 2 + 1]);
    if (c === CMP_MATCH) matching++;
    else if (c === CMP_DROPOUT) dropout++;
    else if (c === CMP_MISMATCH) mismatching++;
    else if (c === CMP_OFF_LADDER) offLadder++;
  }
  return { compared: matching + dropout + mismatching, matching, dropout, mismatching, offLadder };
}

/**
 * countCodes, or null as soon as more than `maxMismatch` markers mismatch: a search that only wants profiles within a
 * mismatch tolerance stops after a few markers on the many random profiles it checks directly.
 */
export function countCodesWithin(
  a: Uint16Array,
  aOff: number,
  b: Uint16Array,
  bOff: number,
  typing: readonly number[],
  maxMismatch: number,
): ComparisonCounts | null {
  let matching = 0;
  let dropout = 0;
  let mismatching = 0;
  let offLadder = 0;
  for (const m of typing) {
    const c = compareCodes(a[aOff + m * 2], a[aOff + m * 2 + 1], b[bOff + m * 2], b[bOff + m * 2 + 1]);
    if (c === CMP_MATCH) matching++;
    else if (c === CMP_DROPOUT) dropout++;
    else if (c === CMP_MISMATCH) {
      if (++mismatching > maxMismatch) return null;
    } else if (c === CMP_OFF_LADDER) offLadder++;
  }
  return { compared: matching + dropout + mismatching, matching, dropout, mismatching, offLadder };
}

/** countWasteCodes, or null as soon as more than `maxMismatch` markers mismatch (see countCodesWithin). */
export function countWasteCodesWithin(
  w: Uint16Array,
  wOff: number,
  d: Uint16Array,
  dOff: number,
  typing: readonly number[],
  maxMismatch: number,
): ComparisonCounts | null {
  let matching = 0;
  let dropout = 0;
  let mismatching = 0;
  let offLadder = 0;
  for (const m of typing) {
    const c = compareWasteCodes(w[wOff + m * 2], w[wOff + m * 2 + 1], d[dOff + m * 2], d[dOff + m * 2 + 1]);
    if (c === CMP_MATCH) matching++;
    else if (c === CMP_DROPOUT) dropout++;
    else if (c === CMP_MISMATCH) {
      if (++mismatching > maxMismatch) return null;
    } else if (c === CMP_OFF_LADDER) offLadder++;
  }
  return { compared: matching + dropout + mismatching, matching, dropout, mismatching, offLadder };
}

/** Per-marker comparison of a waste sample with a dog (one-sided dropout), for the match report. */
export function compareWasteWithDog(waste: DnaProfile, dog: DnaProfile): ProfileComparison {
  assertSamePanel(waste, dog);
  const counts = countWasteCodes(waste.codes, 0, dog.codes, 0, waste.panel.typingMarkers);
  const markers = waste.panel.typingMarkers.map((m) => ({
    marker: waste.panel.markers[m].name,
    result:
      NAMES[compareWasteCodes(waste.codes[m * 2], waste.codes[m * 2 + 1], dog.codes[m * 2], dog.codes[m * 2 + 1])],
  }));
  return { ...counts, markers };
}

export function compareProfiles(a: DnaProfile, b: DnaProfile): ProfileComparison {
  const counts = countComparison(a, b);
  const markers = a.panel.typingMarkers.map((m) => ({
    marker: a.panel.markers[m].name,
    result: compareMarker(a, b, m),
  }));
  return { ...counts, markers };
}
