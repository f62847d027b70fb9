// Relatives: kinship likelihood ratios of two profiles (parent–offspring and full siblings against unrelated) and the
// scan of an index for the possible relatives of one profile, ranked by those ratios (docs/genetics.md, "Relatives").

import { ALLELE_OL, NO_CALL } from './alleles.ts';
import { type AlleleFrequencies, alleleFrequency } from './matching/statistics.ts';
import type { ProfileIndex } from './profile-index/profile-index.ts';
import type { DnaProfile } from './profile.ts';

export const Relationship = { ParentOffspring: 'ParentOffspring', FullSiblings: 'FullSiblings' } as const;
export type Relationship = (typeof Relationship)[keyof typeof Relationship];

export type RelativesSettings = {
  /**
   * Compared markers at which a possible parent or offspring may share no allele with the query (each such marker
   * multiplies its ratio by μ / the marker's one-parent exclusion power). 0: an allele shared at every compared marker.
   */
  maxExcludingMarkers: number;
  /** Fewest markers both profiles call (no OL) for a candidate to be ranked at all; null = half the panel's minimum. */
  minimumComparedMarkers: number | null;
  /** A candidate is listed when its ratio is above this (1: the relationship is more likely than unrelated). */
  minimumLikelihoodRatio: number;
  /** Most candidates listed per relationship, highest ratio first. */
  limit: number;
  /** Leave this id out (the query's own profile). */
  excludeId?: number;
  /** Only these ids. */
  subset?: ReadonlySet<number>;
  /** Mutation rate per marker per generation at an excluding marker; null = the panel's. */
  mutationRate: number | null;
};

export const DEFAULT_RELATIVES_SETTINGS: RelativesSettings = Object.freeze({
  maxExcludingMarkers: 0,
  minimumComparedMarkers: null,
  minimumLikelihoodRatio: 1,
  limit: 50,
  mutationRate: null,
});

export type RelativeHit = {
  id: number;
  relationship: Relationship;
  /** The ratio of the listed relationship against unrelated (θ = 0). */
  likelihoodRatio: number;
  /** The other relationship's ratio, for comparison (0 for parent–offspring when too many markers exclude). */
  parentOffspringRatio: number;
  fullSiblingRatio: number;
  /** Typing markers both profiles call without an OL allele. */
  comparedMarkers: number;
  /** Compared markers sharing no allele (they exclude parent–offspring). */
  excludingMarkers: number;
};

export type RelativesResult = {
  parentOffspring: RelativeHit[];
  fullSiblings: RelativeHit[];
  /** The coancestry coefficient of the ratios: always 0 (product rule; see docs/genetics.md). */
  theta: 0;
};

/** Kinship coefficients (k0, k1, k2: chances of sharing 0, 1, 2 alleles identical by descent) of full siblings. */
const FULL_SIBLINGS = [0.25, 0.5, 0.25] as const;

/**
 * Exclusion power of a marker for one parent without the other (Jamieson and Taylor 1997, after Garber and Morris 1983):
 * 1 − 4Σp² + 2(Σp²)² + 4Σp³ − 3Σp⁴, over the marker's observed allele frequencies.
 */
export function duoExclusionPower(freqs: AlleleFrequencies, marker: number): number {
  let a2 = 0;
  let a3 = 0;
  let a4 = 0;
  for (const p of freqs.frequencies[marker].values()) {
    const p2 = p * p;
    a2 += p2;
    a3 += p2 * p;
    a4 += p2 * p2;
  }
  return Math.max(0, 1 - 4 * a2 + 2 * a2 * a2 + 4 * a3 - 3 * a4);
}

/**
 * Per typing marker, the query's two IBD terms against each kind of candidate genotype, so the scan does one lookup:
 * T1 = P(candidate | one allele IBD) / P(candidate), T2 = P(candidate | both IBD) / P(candidate), product rule.
 */
type MarkerTerms = {
  offset: number;
  a: number;
  b: number;
  /** Candidate has the query's genotype. */
  same1: number;
  same2: number;
  /** Candidate homozygous a,a / b,b (query heterozygous), or carries a / b with another allele. */
  homA: number;
  homB: number;
  carriesA: number;
  carriesB: number;
  /** The factor of an excluding marker: μ / exclusion power. */
  excluded: number;
};

function markerTerms(query: DnaProfile, freqs: AlleleFrequencies, mutationRate: number): MarkerTerms[] {
  const out: MarkerTerms[] = [];
  for (const m of query.panel.typingMarkers) {
    const a = query.codes[m * 2];
    const b = query.codes[m * 2 + 1];
    if (b === NO_CALL || b === ALLELE_OL) continue; // OL is never compared (it has no frequency and equals nothing)
    const pa = alleleFrequency(freqs, m, a);
    const pb = alleleFrequency(freqs, m, b);
    const power = duoExclusionPower(freqs, m);
    const excluded = power > 0 ? Math.min(1, mutationRate / power) : 0;
    if (a === b)
      out.push({
        offset: m * 2,
        a,
        b,
        same1: 1 / pa,
        same2: 1 / (pa * pa),
        homA: 0,
        homB: 0,
        carriesA: 1 / (2 * pa),
        carriesB: 0,
        excluded,
      });
    else
      out.push({
        offset: m * 2,
        a,
        b,
        same1: (pa + pb) / (4 * pa * pb),
        same2: 1 / (2 * pa * pb),
        homA: 1 / (2 * pa),
        homB: 1 / (2 * pb),
        carriesA: 1 / (4 * pa),
        carriesB: 1 / (4 * pb),
        excluded,
      });
  }
  return out;
}

type PairTally = {
  parentOffspring: number;
  fullSiblings: number;
  compared: number;
  excluding: number;
  identical: number;
};

/** The two ratios of the candidate whose codes start at `base`, over the query's usable markers. */
function tallyPair(terms: MarkerTerms[], codes: Uint16Array, base: number, out: PairTally): void {
  let po = 1;
  let fs = 1;
  let compared = 0;
  let excluding = 0;
  let identical = 0;
  const [k0, k1, k2] = FULL_SIBLINGS;
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    const c1 = codes[base + t.offset];
    const c2 = codes[base + t.offset + 1];
    if (c2 === NO_CALL || c2 === ALLELE_OL) continue;
    compared++;
    let t1 = 0;
    let t2 = 0;
    if (c1 === t.a && c2 === t.b) {
      t1 = t.same1;
      t2 = t.same2;
      identical++;
    } else if (t.a === t.b) {
      if (c1 === t.a || c2 === t.a) t1 = t.carriesA;
    } else if (c1 === c2) {
      if (c1 === t.a) t1 = t.homA;
      else if (c1 === t.b) t1 = t.homB;
    } else if (c1 === t.a || c2 === t.a) t1 = t.carriesA;
    else if (c1 === t.b || c2 === t.b) t1 = t.carriesB;
    if (t1 === 0) {
      excluding++;
      po *= t.excluded;
    } else po *= t1;
    fs *= k0 + k1 * t1 + k2 * t2;
  }
  out.parentOffspring = po;
  out.fullSiblings = fs;
  out.compared = compared;
  out.excluding = excluding;
  out.identical = identical;
}

function resolve(query: DnaProfile, settings: Partial<RelativesSettings>): RelativesSettings & { minimum: number } {
  const s = { ...DEFAULT_RELATIVES_SETTINGS, ...settings };
  if (!(s.maxExcludingMarkers >= 0)) throw new Error('maxExcludingMarkers must be 0 or more');
  if (!(s.limit >= 0)) throw new Error('limit must be 0 or more');
  const minimum = s.minimumComparedMarkers ?? Math.ceil(query.panel.minimumMarkers / 2);
  return { ...s, minimum: Math.max(1, minimum) };
}

/** The parent–offspring and full-sibling ratios of two profiles (either order: both ratios are symmetric). */
export function relativeLikelihoods(
  a: DnaProfile,
  b: DnaProfile,
  freqs: AlleleFrequencies,
  mutationRate = a.panel.mutationRate,
): { parentOffspring: number; fullSiblings: number; comparedMarkers: number; excludingMarkers: number } {
  if (a.panel.id !== b.panel.id || freqs.panelId !== a.panel.id)
    throw new Error('profiles and frequencies must share one panel');
  const out: PairTally = { parentOffspring: 0, fullSiblings: 0, compared: 0, excluding: 0, identical: 0 };
  tallyPair(markerTerms(a, freqs, mutationRate), b.codes, 0, out);
  return {
    parentOffspring: out.parentOffspring,
    fullSiblings: out.fullSiblings,
    comparedMarkers: out.compared,
    excludingMarkers: out.excluding,
  };
}

const byRatio = (x: RelativeHit, y: RelativeHit) => y.likelihoodRatio - x.likelihoodRatio || x.id - y.id;

/**
 * The possible relatives of the query among the index's profiles: a scan of the columnar codes (no posting lists: a
 * relative may share no whole genotype with the query). Each candidate is listed once, under the relationship with the
 * higher ratio (parent–offspring only when at most `maxExcludingMarkers` markers exclude it), when that ratio is above
 * `minimumLikelihoodRatio`. A candidate identical at every compared marker is the same dog, not a relative: left out.
 * Frequencies default to the index's own (the registry's), with the statistics' 5/2N floor.
 */
export function findRelatives(
  index: ProfileIndex,
  query: DnaProfile,
  settings: Partial<RelativesSettings> = {},
  freqs: AlleleFrequencies = index.alleleFrequencies(),
): RelativesResult {
  if (query.panel.id !== index.panel.id || freqs.panelId !== index.panel.id)
    throw new Error('query, index and frequencies must share one panel');
  const s = resolve(query, settings);
  const terms = markerTerms(query, freqs, s.mutationRate ?? query.panel.mutationRate);
  const parentOffspring: RelativeHit[] = [];
  const fullSiblings: RelativeHit[] = [];
  if (terms.length < s.minimum) return { parentOffspring, fullSiblings, theta: 0 };
  const tally: PairTally = { parentOffspring: 0, fullSiblings: 0, compared: 0, excluding: 0, identical: 0 };
  const consider = (slot: number) => {
    const id = index.idAt(slot);
    if (id === s.excludeId || (s.subset && !s.subset.has(id))) return;
    tallyPair(terms, index.codes, slot * index.stride, tally);
    if (tally.compared < s.minimum || tally.identical === tally.compared) return;
    const po = tally.excluding <= s.maxExcludingMarkers ? tally.parentOffspring : 0;
    const fs = tally.fullSiblings;
    const best = Math.max(po, fs);
    if (!(best > s.minimumLikelihoodRatio)) return;
    const hit: RelativeHit = {
      id,
      relationship: po >= fs ? Relationship.ParentOffspring : Relationship.FullSiblings,
      likelihoodRatio: best,
      parentOffspringRatio: po,
      fullSiblingRatio: fs,
      comparedMarkers: tally.compared,
      excludingMarkers: tally.excluding,
    };
    (po >= fs ? parentOffspring : fullSiblings).push(hit);
  };
  if (s.subset && s.subset.size < index.size / 64) {
    for (const id of s.subset) {
      const slot = index.slotFor(id);
      if (slot >= 0) consider(slot);
    }
  } else {
    const alive = index.alive;
    for (let slot = 0; slot < index.slotCount; slot++) if (alive[slot] === 1) consider(slot);
  }
  parentOffspring.sort(byRatio);
  fullSiblings.sort(byRatio);
  return {
    parentOffspring: parentOffspring.slice(0, s.limit),
    fullSiblings: fullSiblings.slice(0, s.limit),
    theta: 0,
  };
}
