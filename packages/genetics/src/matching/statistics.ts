// Match statistics for certificates: allele frequencies from the stored population (minimum 5/2N), the NRC II 4.10
// (Balding-Nichols) match probability with the panel's theta, likelihood ratio, and "1 in N" to two significant figures.

import { ALLELE_OL, NO_CALL } from '../alleles.ts';
import type { Panel } from '../panels.ts';
import type { DnaProfile } from '../profile.ts';
import { CMP_DROPOUT, CMP_MATCH, CMP_NOT_COMPARED, CMP_OFF_LADDER, compareWasteCodes } from './compare.ts';

export type AlleleFrequencies = Readonly<{
  panelId: string;
  /** Per panel marker: individuals typed at it (N). */
  typed: readonly number[];
  /** Per panel marker: allele code to observed frequency (count / 2N). */
  frequencies: readonly ReadonlyMap<number, number>[];
}>;

/** Per panel marker: allele code to count of allele copies, plus typed individuals. Kept current by the index. */
export type AlleleCounts = { typed: number[]; counts: Map<number, number>[] };

export function emptyAlleleCounts(panel: Panel): AlleleCounts {
  return { typed: panel.markers.map(() => 0), counts: panel.markers.map(() => new Map()) };
}

/** Adds (sign 1) or removes (sign -1) one profile's genotypes at an offset of a code array. */
export function tallyAlleles(
  tally: AlleleCounts,
  codes: Uint16Array,
  offset: number,
  markerCount: number,
  sign: 1 | -1,
): void {
  for (let m = 0; m < markerCount; m++) {
    const lo = codes[offset + m * 2];
    const hi = codes[offset + m * 2 + 1];
    if (hi === NO_CALL) continue;
    tally.typed[m] += sign;
    const counts = tally.counts[m];
    for (const a of [lo, hi]) {
      const n = (counts.get(a) ?? 0) + sign;
      if (n === 0) counts.delete(a);
      else counts.set(a, n);
    }
  }
}

export function frequenciesFromCounts(panel: Panel, tally: AlleleCounts): AlleleFrequencies {
  const frequencies = tally.counts.map((counts, m) => {
    const out = new Map<number, number>();
    const twoN = 2 * tally.typed[m];
    if (twoN > 0) for (const [a, n] of counts) out.set(a, n / twoN);
    return out;
  });
  return { panelId: panel.id, typed: [...tally.typed], frequencies };
}

export function estimateAlleleFrequencies(panel: Panel, profiles: Iterable<DnaProfile>): AlleleFrequencies {
  const tally = emptyAlleleCounts(panel);
  for (const p of profiles) {
    if (p.panel.id !== panel.id) continue;
    tallyAlleles(tally, p.codes, 0, panel.markers.length, 1);
  }
  return frequenciesFromCounts(panel, tally);
}

/**
 * Frequency used in the statistics: the observed one, floored at 5/2N (NRC II) so rare and unseen alleles are never
 * given a frequency the database cannot support. With no typed individuals there is no evidence: 1. OL has no size to
 * look up; the statistics leave its marker out rather than call this.
 */
export function alleleFrequency(freqs: AlleleFrequencies, marker: number, code: number): number {
  const n = freqs.typed[marker];
  if (!n) return 1;
  const floor = Math.min(1, 5 / (2 * n));
  if (code === ALLELE_OL) return floor;
  return Math.max(freqs.frequencies[marker].get(code) ?? 0, floor);
}

export const MatchProbabilityFormula = {
  /** NRC II recommendation 4.10: Balding-Nichols conditional match probabilities with theta. */
  NrcII410: 'NRC II 4.10 (Balding-Nichols conditional match probability)',
} as const;
export type MatchProbabilityFormula = (typeof MatchProbabilityFormula)[keyof typeof MatchProbabilityFormula];

export type StatisticsSettings = {
  /** Coancestry coefficient (theta, FST); null = the panel's theta (0.05 on the built-in dog and cat panels). */
  theta: number | null;
  /** Dogs in the registry the match was searched against; null = the most dogs typed at any marker of the frequencies. */
  registrySize: number | null;
  /** The printed "1 in N" stops at registry size times this: beyond it the figure is "more than 1 in {ceiling}". */
  ceilingFactor: number;
};
export const DEFAULT_STATISTICS_SETTINGS: StatisticsSettings = Object.freeze({
  theta: null,
  registrySize: null,
  ceilingFactor: 1e9,
});

/** The coancestry coefficient to use: the one given, else the panel's; refused outside [0, 1). */
export function resolveTheta(panel: Panel, theta: number | null | undefined): number {
  const t = theta ?? panel.theta;
  if (!(t >= 0 && t < 1)) throw new Error(`theta must be in [0, 1), got ${t}`);
  return t;
}

/** Balding-Nichols: chance that the next allele drawn is a, given `seen` copies of a among `n` alleles already seen. */
function conditional(p: number, seen: number, n: number, theta: number): number {
  return (seen * theta + (1 - theta) * p) / (1 + (n - 1) * theta);
}

/**
 * Chance that another dog has genotype (lo, hi) given that this dog has it, NRC II 4.10:
 * heterozygote 2[θ + (1−θ)p][θ + (1−θ)q] / [(1+θ)(1+2θ)], homozygote [2θ + (1−θ)p][3θ + (1−θ)p] / [(1+θ)(1+2θ)].
 * θ = 0 gives the product rule (2pq, p²).
 */
export function genotypeProbability(
  freqs: AlleleFrequencies,
  marker: number,
  lo: number,
  hi: number,
  theta: number,
): number {
  const p = alleleFrequency(freqs, marker, lo);
  if (lo === hi) return Math.min(1, conditional(p, 2, 2, theta) * conditional(p, 3, 3, theta));
  const q = alleleFrequency(freqs, marker, hi);
  return Math.min(1, 2 * conditional(p, 1, 2, theta) * conditional(q, 1, 3, theta));
}

/**
 * The waste sample shows one allele w of the dog's (w, x): chance that another dog carries w given the dog's
 * genotype, 1 − P(neither of its two alleles is w), each draw conditioned as in 4.10. θ = 0 gives 1 − (1 − p)².
 */
export function carrierProbability(freqs: AlleleFrequencies, marker: number, w: number, theta: number): number {
  const p = alleleFrequency(freqs, marker, w);
  const notFirst = 1 - conditional(p, 1, 2, theta);
  const notSecond = 1 - conditional(p, 1, 3, theta);
  return Math.min(1, 1 - notFirst * notSecond);
}

export type MarkerStatistic = { marker: string; comparison: 'Match' | 'DropoutConsistent'; probability: number };

export type MatchStatistics = {
  randomMatchProbability: number;
  likelihoodRatio: number;
  /** The certificate's "1 in N": 1 / RMP rounded down to a whole number of two significant figures, capped at the ceiling. */
  oneIn: number;
  /** True when 1 / RMP is above the ceiling: print "more than 1 in {oneIn}". */
  aboveCeiling: boolean;
  /** The certificate's wording: "1 in 4,700,000" or "more than 1 in 1,000,000,000,000,000". */
  oneInText: string;
  ceiling: number;
  formula: MatchProbabilityFormula;
  theta: number;
  /** How off-ladder calls are handled: their markers are left out of the product. */
  offLadder: 'marker left out';
  markersUsed: number;
  /** The markers compared and in the product, by name, with their probabilities. */
  markers: MarkerStatistic[];
  /** Markers called on both sides but not compared because the waste sample or the dog shows an OL allele there. */
  offLadderMarkers: string[];
  /** Markers not compared because the waste sample or the dog has no call there. */
  noCallMarkers: string[];
};

/** Rounds down to two significant figures (never claims more than computed). */
export function twoSignificantFigures(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return x;
  const digits = Math.floor(Math.log10(x)) - 1;
  if (digits >= 0) return Math.floor(x / 10 ** digits + 1e-9) * 10 ** digits;
  return Math.floor(x * 10 ** -digits + 1e-9) / 10 ** -digits;
}

/** A whole number of at most two significant figures, written out in full with thousands separators (exact past 2^53). */
function grouped(n: number): string {
  const [mantissa, exponent] = n.toExponential(1).split('e');
  const digits = mantissa.replace('.', '');
  const zeros = Number(exponent) - 1;
  const whole = zeros >= 0 ? digits + '0'.repeat(zeros) : digits.slice(0, digits.length + zeros);
  return whole.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Probability of one compared marker: the genotype's match probability (Match), or the chance that another dog carries
 * the one allele the waste sample shows (DropoutConsistent).
 */
function markerProbability(
  freqs: AlleleFrequencies,
  marker: number,
  comparison: number,
  w1: number,
  w2: number,
  theta: number,
): number {
  return comparison === CMP_MATCH
    ? genotypeProbability(freqs, marker, w1, w2, theta)
    : carrierProbability(freqs, marker, w1, theta);
}

/**
 * The random match probability of a waste sample and a dog whose codes lie at `dogOffset` of `dogCodes`: the product
 * over the matching and dropout-consistent markers, exactly as matchStatistics computes it (same markers, same order),
 * so the identity run's decision and the certificate's figure never disagree. Mismatching, off-ladder and no-call
 * markers are left out. The identity search calls this for its few candidates only.
 */
export function randomMatchProbability(
  waste: DnaProfile,
  dogCodes: Uint16Array,
  dogOffset: number,
  freqs: AlleleFrequencies,
  theta: number,
): number {
  let rmp = 1;
  for (const m of waste.panel.typingMarkers) {
    const w1 = waste.codes[m * 2];
    const w2 = waste.codes[m * 2 + 1];
    const c = compareWasteCodes(w1, w2, dogCodes[dogOffset + m * 2], dogCodes[dogOffset + m * 2 + 1]);
    if (c === CMP_MATCH || c === CMP_DROPOUT) rmp *= markerProbability(freqs, m, c, w1, w2, theta);
  }
  return rmp;
}

/**
 * Statistics of a waste sample that matched a dog. Only matching and dropout-consistent markers contribute (one-sided
 * comparison); a marker with an OL allele on either side is not compared (an OL call has no size, so no frequency to
 * look up), and the markers left out are named: off-ladder and no call.
 */
export function matchStatistics(
  waste: DnaProfile,
  dog: DnaProfile,
  freqs: AlleleFrequencies,
  settings: Partial<StatisticsSettings> = {},
): MatchStatistics {
  const s = { ...DEFAULT_STATISTICS_SETTINGS, ...settings };
  const theta = resolveTheta(waste.panel, s.theta);
  if (waste.panel.id !== dog.panel.id || freqs.panelId !== waste.panel.id)
    throw new Error('profiles and frequencies must share one panel');
  const registrySize = Math.max(1, s.registrySize ?? Math.max(0, ...freqs.typed));
  if (!(s.ceilingFactor >= 1)) throw new Error(`ceilingFactor must be at least 1, got ${s.ceilingFactor}`);
  let rmp = 1;
  const markers: MarkerStatistic[] = [];
  const offLadderMarkers: string[] = [];
  const noCallMarkers: string[] = [];
  for (const m of waste.panel.typingMarkers) {
    const w1 = waste.codes[m * 2];
    const w2 = waste.codes[m * 2 + 1];
    const c = compareWasteCodes(w1, w2, dog.codes[m * 2], dog.codes[m * 2 + 1]);
    if (c === CMP_OFF_LADDER) offLadderMarkers.push(waste.panel.markers[m].name);
    else if (c === CMP_NOT_COMPARED) noCallMarkers.push(waste.panel.markers[m].name);
    if (c !== CMP_MATCH && c !== CMP_DROPOUT) continue;
    const probability = markerProbability(freqs, m, c, w1, w2, theta);
    rmp *= probability;
    markers.push({
      marker: waste.panel.markers[m].name,
      comparison: c === CMP_MATCH ? 'Match' : 'DropoutConsistent',
      probability,
    });
  }
  const ceiling = twoSignificantFigures(registrySize * s.ceilingFactor);
  const inverse = 1 / rmp;
  const aboveCeiling = inverse > ceiling;
  const oneIn = aboveCeiling ? ceiling : Math.max(1, twoSignificantFigures(Math.floor(inverse)));
  const oneInText = `${aboveCeiling ? 'more than ' : ''}1 in ${grouped(oneIn)}`;
  return {
    randomMatchProbability: rmp,
    likelihoodRatio: inverse,
    oneIn,
    aboveCeiling,
    oneInText,
    ceiling,
    formula: MatchProbabilityFormula.NrcII410,
    theta,
    offLadder: 'marker left out',
    markersUsed: markers.length,
    markers,
    offLadderMarkers,
    noCallMarkers,
  };
}
