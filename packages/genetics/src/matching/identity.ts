// Identity matching of a waste sample against dog profiles: the run result (spec PooPrintsMatchRunResult),
// its settings, and the plain scan that the index must always agree with.

import type { Panel } from '../panels.ts';
import type { DnaProfile } from '../profile.ts';
import { calledMarkerCount } from '../profile.ts';
import { type SpeciesCheck, type SpeciesSettings, checkSpecies } from '../species.ts';
import { type ComparisonCounts, countWasteCodes } from './compare.ts';

export const PooPrintsMatchRunResult = {
  Match: 'Match',
  NoMatch: 'NoMatch',
  NonCanine: 'NonCanine',
  Inconclusive: 'Inconclusive',
  Fail: 'Fail',
  MultipleMatch: 'MultipleMatch',
} as const;
export type PooPrintsMatchRunResult = (typeof PooPrintsMatchRunResult)[keyof typeof PooPrintsMatchRunResult];

export type IdentitySettings = {
  /** Fewest markers compared (called on both sides) for a dog to count as a match or near match; null = the panel's minimumMarkers. */
  minimumComparedMarkers: number | null;
  /**
   * Fewest compared markers for a near match (Inconclusive); null = minimumComparedMarkers. Lower it to send dogs that
   * agree on every shared marker, but share fewer than the minimum, to review instead of NoMatch (searches get slower:
   * more markers may disagree). Never above minimumComparedMarkers.
   */
  inconclusiveMinimumComparedMarkers: number | null;
  /** Dropout-consistent markers a full Match may contain (alleles shown by the waste sample all agree). */
  matchMaxDropoutMarkers: number;
  /** Mismatching markers a dog may have and still make the run Inconclusive instead of NoMatch. */
  inconclusiveMaxMismatchMarkers: number;
  /** Dropout-consistent markers a dog may have and still make the run Inconclusive. */
  inconclusiveMaxDropoutMarkers: number;
  species: Partial<SpeciesSettings>;
};

export const DEFAULT_IDENTITY_SETTINGS: IdentitySettings = Object.freeze({
  minimumComparedMarkers: null,
  inconclusiveMinimumComparedMarkers: null,
  matchMaxDropoutMarkers: 2,
  inconclusiveMaxMismatchMarkers: 1,
  inconclusiveMaxDropoutMarkers: 4,
  species: {},
});

export type ResolvedIdentitySettings = Omit<
  IdentitySettings,
  'minimumComparedMarkers' | 'inconclusiveMinimumComparedMarkers'
> & {
  minimumComparedMarkers: number;
  inconclusiveMinimumComparedMarkers: number;
};

export function resolveIdentitySettings(
  panel: Panel,
  settings: Partial<IdentitySettings> = {},
): ResolvedIdentitySettings {
  const s = { ...DEFAULT_IDENTITY_SETTINGS, ...settings };
  const minimumComparedMarkers = Math.max(1, s.minimumComparedMarkers ?? panel.minimumMarkers);
  for (const key of [
    'matchMaxDropoutMarkers',
    'inconclusiveMaxMismatchMarkers',
    'inconclusiveMaxDropoutMarkers',
  ] as const) {
    if (!(Number.isInteger(s[key]) && s[key] >= 0))
      throw new Error(`${key} must be a whole number of markers, got ${s[key]}`);
  }
  const inconclusiveMinimumComparedMarkers = Math.max(
    1,
    Math.min(minimumComparedMarkers, s.inconclusiveMinimumComparedMarkers ?? minimumComparedMarkers),
  );
  return { ...s, minimumComparedMarkers, inconclusiveMinimumComparedMarkers };
}

export const HIT_NONE = 0;
export const HIT_MATCH = 1;
export const HIT_NEAR = 2;

/** Whether a dog with these counts is a full match, a near match (within tolerance) or neither. */
export function classifyCounts(c: ComparisonCounts, s: ResolvedIdentitySettings): number {
  if (c.compared >= s.minimumComparedMarkers && c.mismatching === 0 && c.dropout <= s.matchMaxDropoutMarkers)
    return HIT_MATCH;
  if (
    c.compared >= s.inconclusiveMinimumComparedMarkers &&
    c.mismatching <= s.inconclusiveMaxMismatchMarkers &&
    c.dropout <= s.inconclusiveMaxDropoutMarkers
  )
    return HIT_NEAR;
  return HIT_NONE;
}

/** Fewest agreeing (matching or dropout-consistent) markers any hit can have: the index's candidate threshold. */
export function minimumAgreeingMarkers(s: ResolvedIdentitySettings): number {
  return Math.min(s.minimumComparedMarkers, s.inconclusiveMinimumComparedMarkers - s.inconclusiveMaxMismatchMarkers);
}

export type DogHit = ComparisonCounts & { id: number };

export type IdentityResult = {
  result: PooPrintsMatchRunResult;
  calledMarkers: number;
  species: SpeciesCheck;
  /** Dogs agreeing on every compared marker, by id. */
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
  let result: PooPrintsMatchRunResult;
  if (species.wrongSpecies) result = PooPrintsMatchRunResult.NonCanine;
  else if (calledMarkers < waste.panel.minimumMarkers) result = PooPrintsMatchRunResult.Fail;
  else if (matches.length === 1) result = PooPrintsMatchRunResult.Match;
  else if (matches.length > 1) result = PooPrintsMatchRunResult.MultipleMatch;
  else if (nearMatches.length > 0) result = PooPrintsMatchRunResult.Inconclusive;
  else result = PooPrintsMatchRunResult.NoMatch;
  // A failed or wrong-species run names no dogs: its agreements are not evidence.
  const usable = result !== PooPrintsMatchRunResult.NonCanine && result !== PooPrintsMatchRunResult.Fail;
  return { result, calledMarkers, species, matches: usable ? matches : [], nearMatches: usable ? nearMatches : [] };
}

/** The reference: compares the waste sample with every dog. */
export function identifyWasteSampleByScan(
  waste: DnaProfile,
  dogs: Iterable<DogProfileRecord>,
  settings: Partial<IdentitySettings> = {},
): IdentityResult {
  const s = resolveIdentitySettings(waste.panel, settings);
  const match: DogHit[] = [];
  const near: DogHit[] = [];
  const typing = waste.panel.typingMarkers;
  for (const dog of dogs) {
    if (dog.profile.panel.id !== waste.panel.id) continue;
    const c = countWasteCodes(waste.codes, 0, dog.profile.codes, 0, typing);
    const kind = classifyCounts(c, s);
    if (kind === HIT_MATCH) match.push({ id: dog.id, ...c });
    else if (kind === HIT_NEAR) near.push({ id: dog.id, ...c });
  }
  return identityOutcome(waste, { match, near }, s);
}
