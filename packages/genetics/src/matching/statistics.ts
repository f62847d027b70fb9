// Match statistics for certificates: allele frequencies from the stored population (minimum 5/2N), random match
// probability by the product rule with the NRC II 4.1 theta correction for homozygotes, likelihood ratio, "1 in N".

import { ALLELE_OL, NO_CALL } from '../alleles.ts';
import type { Panel } from '../panels.ts';
import type { DnaProfile } from '../profile.ts';
import { CMP_DROPOUT, CMP_MATCH, compareCodes } from './compare.ts';

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
export function tallyAlleles(tally: AlleleCounts, codes: Uint16Array, offset: number, markerCount: number, sign: 1 | -1): void {
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
 * Frequency used in the statistics: the observed one, floored at 5/2N (NRC II) so rare and unseen alleles, and OL,
 * are never given a frequency the database cannot support. With no typed individuals there is no evidence: 1.
 */
export function alleleFrequency(freqs: AlleleFrequencies, marker: number, code: number): number {
  const n = freqs.typed[marker];
  if (!n) return 1;
  const floor = Math.min(1, 5 / (2 * n));
  if (code === ALLELE_OL) return floor;
  return Math.max(freqs.frequencies[marker].get(code) ?? 0, floor);
}

export type StatisticsSettings = {
  /** Coancestry coefficient for the NRC II 4.1 homozygote correction; 0.03 for dogs (breeds are structured populations). */
  theta: number;
};
export const DEFAULT_STATISTICS_SETTINGS: StatisticsSettings = Object.freeze({ theta: 0.03 });

/** Genotype probability of a random unrelated dog: homozygote p^2 + p(1-p)theta, heterozygote 2pq (NRC II 4.1 / 4.1b). */
export function genotypeProbability(freqs: AlleleFrequencies, marker: number, lo: number, hi: number, theta: number): number {
  const p = alleleFrequency(freqs, marker, lo);
  if (lo === hi) return Math.min(1, p * p + p * (1 - p) * theta);
  const q = alleleFrequency(freqs, marker, hi);
  return Math.min(1, 2 * p * q);
}

export type MarkerStatistic = { marker: string; comparison: 'Match' | 'DropoutConsistent'; probability: number };

export type MatchStatistics = {
  randomMatchProbability: number;
  likelihoodRatio: number;
  /** The certificate's "1 in N": 1 / RMP rounded down, at least 1. */
  oneIn: number;
  markersUsed: number;
  theta: number;
  markers: MarkerStatistic[];
};

/**
 * Statistics of a waste sample that matched a dog. Only matching and dropout-consistent markers contribute. Where the
 * waste sample shows one allele w of the dog's two, any dog carrying w would be consistent: 1 - (1 - p)^2.
 */
export function matchStatistics(
  waste: DnaProfile,
  dog: DnaProfile,
  freqs: AlleleFrequencies,
  settings: Partial<StatisticsSettings> = {},
): MatchStatistics {
  const { theta } = { ...DEFAULT_STATISTICS_SETTINGS, ...settings };
  if (!(theta >= 0 && theta < 1)) throw new Error(`theta must be in [0, 1), got ${theta}`);
  if (waste.panel.id !== dog.panel.id || freqs.panelId !== waste.panel.id) throw new Error('profiles and frequencies must share one panel');
  let rmp = 1;
  const markers: MarkerStatistic[] = [];
  for (const m of waste.panel.typingMarkers) {
    const w1 = waste.codes[m * 2];
    const w2 = waste.codes[m * 2 + 1];
    const c = compareCodes(w1, w2, dog.codes[m * 2], dog.codes[m * 2 + 1]);
    let probability: number;
    if (c === CMP_MATCH) probability = genotypeProbability(freqs, m, w1, w2, theta);
    else if (c === CMP_DROPOUT && w1 === w2) {
      const p = alleleFrequency(freqs, m, w1);
      probability = 1 - (1 - p) * (1 - p);
    } else if (c === CMP_DROPOUT) probability = genotypeProbability(freqs, m, w1, w2, theta);
    else continue;
    rmp *= probability;
    markers.push({ marker: waste.panel.markers[m].name, comparison: c === CMP_MATCH ? 'Match' : 'DropoutConsistent', probability });
  }
  const oneIn = rmp > 0 ? Math.max(1, Math.floor(1 / rmp)) : Number.POSITIVE_INFINITY;
  return { randomMatchProbability: rmp, likelihoodRatio: 1 / rmp, oneIn, markersUsed: markers.length, theta, markers };
}
