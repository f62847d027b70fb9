// Identity matching of a waste sample against dog profiles: the run result (spec PooPrintsMatchRunResult),
// its settings, the rule deciding a match by the weight of the evidence, and the plain scan the index must always equal.

import { ALLELE_OL } from '../alleles.ts';
import type { Panel } from '../panels.ts';
import { type DnaProfile, calledMarkerCount } from '../profile.ts';
import { type SpeciesCheck, type SpeciesSettings, checkSpecies } from '../species.ts';
import { type ComparisonCounts, countWasteCodes } from './compare.ts';
import { type AlleleFrequencies, randomMatchProbability, resolveTheta } from './statistics.ts';

export const PooPrintsMatchRunResult = {
  Match: 'Match',
  NoMatch: 'NoMatch',
  NonCanine: 'NonCanine',
  Inconclusive: 'Inconclusive',
  Fail: 'Fail',
  MultipleMatch: 'MultipleMatch',
} as const;
export type PooPrintsMatchRunResult = (typeof PooPrintsMatchRunResult)[keyof typeof PooPrintsMatchRunResult];

/**
 * The default match threshold is 1 / (registry size × this): a dog is named only when the expected number of other
 * registered dogs sharing the evidence by chance is below one in a million.
 */
export const MATCH_THRESHOLD_FACTOR = 1e6;

export type IdentitySettings = {
  /** Fewest markers compared (called on both sides, no OL) for a dog to count as a match; null = the panel's minimumMarkers. */
  minimumComparedMarkers: number | null;
  /**
   * Fewest compared markers for a near match (Inconclusive); null = minimumComparedMarkers. Lower it to send dogs that
   * agree on every shared marker, but share fewer than the minimum, to review instead of NoMatch (searches get slower:
   * more markers may disagree). Never above minimumComparedMarkers.
   */
  inconclusiveMinimumComparedMarkers: number | null;
  /**
   * An agreeing dog is a Match when its random match probability is below this; null = 1 / (registry size ×
   * MATCH_THRESHOLD_FACTOR).
   */
  matchProbabilityThreshold: number | null;
  /** Coancestry coefficient of the match probability; null = the panel's theta. */
  theta: number | null;
  /** Mismatching markers a dog may have and still make the run Inconclusive instead of NoMatch. */
  inconclusiveMaxMismatchMarkers: number;
  /** Dropout-consistent markers a dog with a mismatching marker may have and still make the run Inconclusive. */
  inconclusiveMaxDropoutMarkers: number;
  species: Partial<SpeciesSettings>;
};

export const DEFAULT_IDENTITY_SETTINGS: IdentitySettings = Object.freeze({
  minimumComparedMarkers: null,
  inconclusiveMinimumComparedMarkers: null,
  matchProbabilityThreshold: null,
  theta: null,
  inconclusiveMaxMismatchMarkers: 1,
  inconclusiveMaxDropoutMarkers: 4,
  species: {},
});

/** What the match probability is weighed with: the registry's allele frequencies and its number of dogs. */
export type IdentityEvidence = { alleleFrequencies: AlleleFrequencies; registrySize: number };

/** The plain scan runs over a subset of dogs (one property's), so the registry's frequencies and size are passed in. */
export type ScanIdentitySettings = Partial<IdentitySettings> & IdentityEvidence;

export type ResolvedIdentitySettings = Omit<
  IdentitySettings,
  'minimumComparedMarkers' | 'inconclusiveMinimumComparedMarkers' | 'matchProbabilityThreshold' | 'theta'
> & {
  minimumComparedMarkers: number;
  inconclusiveMinimumComparedMarkers: number;
  matchProbabilityThreshold: number;
  theta: number;
  alleleFrequencies: AlleleFrequencies;
};

export function resolveIdentitySettings(
  panel: Panel,
  settings: Partial<IdentitySettings>,
  evidence: IdentityEvidence,
): ResolvedIdentitySettings {
  const s = { ...DEFAULT_IDENTITY_SETTINGS, ...settings };
  const minimumComparedMarkers = Math.max(1, s.minimumComparedMarkers ?? panel.minimumMarkers);
  for (const key of ['inconclusiveMaxMismatchMarkers', 'inconclusiveMaxDropoutMarkers'] as const) {
    if (!(Number.isInteger(s[key]) && s[key] >= 0))
      throw new Error(`${key} must be a whole number of markers, got ${s[key]}`);
  }
  if (evidence.alleleFrequencies.panelId !== panel.id)
    throw new Error(`allele frequencies are of panel ${evidence.alleleFrequencies.panelId}, not ${panel.id}`);
  const registrySize = Math.max(1, evidence.registrySize);
  if (!Number.isFinite(registrySize)) throw new Error(`registrySize must be a number of dogs, got ${registrySize}`);
  const matchProbabilityThreshold = s.matchProbabilityThreshold ?? 1 / (registrySize * MATCH_THRESHOLD_FACTOR);
  if (!(matchProbabilityThreshold > 0 && matchProbabilityThreshold <= 1))
    throw new Error(`matchProbabilityThreshold must be in (0, 1], got ${matchProbabilityThreshold}`);
  const inconclusiveMinimumComparedMarkers = Math.max(
    1,
    Math.min(minimumComparedMarkers, s.inconclusiveMinimumComparedMarkers ?? minimumComparedMarkers),
  );
  return {
    species: s.species,
    inconclusiveMaxMismatchMarkers: s.inconclusiveMaxMismatchMarkers,
    inconclusiveMaxDropoutMarkers: s.inconclusiveMaxDropoutMarkers,
    minimumComparedMarkers,
    inconclusiveMinimumComparedMarkers,
    matchProbabilityThreshold,
    theta: resolveTheta(panel, s.theta),
    alleleFrequencies: evidence.alleleFrequencies,
  };
}

export const HIT_NONE = 0;
export const HIT_MATCH = 1;
export const HIT_NEAR = 2;

/** Fewest agreeing (matching or dropout-consistent) markers any hit can have: the index's candidate threshold. */
export function minimumAgreeingMarkers(s: ResolvedIdentitySettings): number {
  return Math.min(s.minimumComparedMarkers, s.inconclusiveMinimumComparedMarkers - s.inconclusiveMaxMismatchMarkers);
}

export type DogHit = ComparisonCounts & {
  id: number;
  /** The random match probability (as matchStatistics computes it) of a dog without a mismatching marker, else null. */
  randomMatchProbability: number | null;
};

/** Whether counts could make a hit at all (a cheap test before the match probability is computed). */
function mayHit(c: ComparisonCounts, s: ResolvedIdentitySettings): boolean {
  if (c.mismatching === 0) return c.compared >= s.inconclusiveMinimumComparedMarkers;
  return (
    c.compared >= s.inconclusiveMinimumComparedMarkers &&
    c.mismatching <= s.inconclusiveMaxMismatchMarkers &&
    c.dropout <= s.inconclusiveMaxDropoutMarkers
  );
}

/**
 * Classifies one dog (its codes at `dogOffset` of `dogCodes`) with its comparison counts, pushing it to `match` or
 * `near`. A dog agreeing on every compared marker, on at least minimumComparedMarkers of them, is a match when its
 * random match probability is below the threshold, whatever its number of dropout-consistent markers; above it, it is
 * a near match (the evidence is too weak to name it). A dog with up to inconclusiveMaxMismatchMarkers mismatching
 * markers (and at most inconclusiveMaxDropoutMarkers dropouts), or agreeing on fewer markers than the minimum but at
 * least inconclusiveMinimumComparedMarkers, is a near match.
 */
export function classifyDog(
  waste: DnaProfile,
  id: number,
  c: ComparisonCounts,
  dogCodes: Uint16Array,
  dogOffset: number,
  s: ResolvedIdentitySettings,
  hits: { match: DogHit[]; near: DogHit[] },
): number {
  if (!mayHit(c, s)) return HIT_NONE;
  if (c.mismatching > 0) {
    hits.near.push({ id, ...c, randomMatchProbability: null });
    return HIT_NEAR;
  }
  const rmp = randomMatchProbability(waste, dogCodes, dogOffset, s.alleleFrequencies, s.theta);
  const hit = { id, ...c, randomMatchProbability: rmp };
  if (c.compared >= s.minimumComparedMarkers && rmp < s.matchProbabilityThreshold) {
    hits.match.push(hit);
    return HIT_MATCH;
  }
  // An agreeing dog with many dropout-consistent markers stays a candidate for review however many there are: the
  // alleles the waste sample shows are all its own.
  if (c.compared < s.minimumComparedMarkers && c.dropout > s.inconclusiveMaxDropoutMarkers) return HIT_NONE;
  hits.near.push(hit);
  return HIT_NEAR;
}

export type IdentityResult = {
  result: PooPrintsMatchRunResult;
  calledMarkers: number;
  species: SpeciesCheck;
  /** Typing markers where the waste sample shows an off-ladder allele: compared with no dog. */
  offLadderMarkers: string[];
  /** The random match probability a dog had to be below to be a match. */
  matchProbabilityThreshold: number;
  /** Dogs agreeing on every compared marker with a match probability below the threshold, by id. */
  matches: DogHit[];
  /** Dogs within the Inconclusive tolerance, closest first (fewest mismatches, then dropouts, then id). */
  nearMatches: DogHit[];
};

export type DogProfileRecord = { id: number; profile: DnaProfile };

/** Decides the run once the hits are known; shared by the scan and the index so both answer identically. */
export function identityOutcome(
  waste: DnaProfile,
  hits: { match: DogHit[]; near: DogHit[] },
  s: ResolvedIdentitySettings,
): IdentityResult {
  const species = checkSpecies(waste, s.species);
  const calledMarkers = calledMarkerCount(waste);
  const matches = [...hits.match].sort((a, b) => a.id - b.id);
  const nearMatches = [...hits.near].sort(
    (a, b) => a.mismatching - b.mismatching || a.dropout - b.dropout || a.id - b.id,
  );
  // Another dog agreeing on every one of at least the minimum of compared markers, however weakly, is not excluded:
  // naming one dog would then claim more than the evidence shows.
  const otherAgreeing = nearMatches.some((h) => h.mismatching === 0 && h.compared >= s.minimumComparedMarkers);
  let result: PooPrintsMatchRunResult;
  if (species.wrongSpecies) result = PooPrintsMatchRunResult.NonCanine;
  else if (calledMarkers < waste.panel.minimumMarkers) result = PooPrintsMatchRunResult.Fail;
  else if (matches.length === 1 && !otherAgreeing) result = PooPrintsMatchRunResult.Match;
  else if (matches.length > 1) result = PooPrintsMatchRunResult.MultipleMatch;
  else if (matches.length > 0 || nearMatches.length > 0) result = PooPrintsMatchRunResult.Inconclusive;
  else result = PooPrintsMatchRunResult.NoMatch;
  // A failed or wrong-species run names no dogs: its agreements are not evidence.
  const usable = result !== PooPrintsMatchRunResult.NonCanine && result !== PooPrintsMatchRunResult.Fail;
  const offLadderMarkers = waste.panel.typingMarkers
    .filter((m) => waste.codes[m * 2 + 1] === ALLELE_OL)
    .map((m) => waste.panel.markers[m].name);
  return {
    result,
    calledMarkers,
    species,
    offLadderMarkers,
    matchProbabilityThreshold: s.matchProbabilityThreshold,
    matches: usable ? matches : [],
    nearMatches: usable ? nearMatches : [],
  };
}

/** The reference: compares the waste sample with every dog, weighing agreeing dogs with the registry's frequencies. */
export function identifyWasteSampleByScan(
  waste: DnaProfile,
  dogs: Iterable<DogProfileRecord>,
  settings: ScanIdentitySettings,
): IdentityResult {
  const s = resolveIdentitySettings(waste.panel, settings, settings);
  const hits = { match: [] as DogHit[], near: [] as DogHit[] };
  const typing = waste.panel.typingMarkers;
  for (const dog of dogs) {
    if (dog.profile.panel.id !== waste.panel.id) continue;
    const c = countWasteCodes(waste.codes, 0, dog.profile.codes, 0, typing);
    classifyDog(waste, dog.id, c, dog.profile.codes, 0, s, hits);
  }
  return identityOutcome(waste, hits, s);
}
