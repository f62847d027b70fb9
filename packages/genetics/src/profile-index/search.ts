// Identity and similar-profile searches answered from a ProfileIndex, plus the plain scans they must always equal.

import { type ComparisonCounts, countCodes, countCodesWithin, countWasteCodesWithin } from '../matching/compare.ts';
import {
  type DogHit,
  type DogProfileRecord,
  type IdentityResult,
  type IdentitySettings,
  classifyDog,
  identityOutcome,
  minimumAgreeingMarkers,
  resolveIdentitySettings,
} from '../matching/identity.ts';
import { type DnaProfile, comparableMarkerCount } from '../profile.ts';
import { AgreeMode, type ProfileIndex } from './profile-index.ts';

/** Visits every live slot agreeing with the query on at least `minAgree` called markers (from the index). */
function forCandidates(
  index: ProfileIndex,
  query: DnaProfile,
  minAgree: number,
  mode: AgreeMode,
  visit: (slot: number) => void,
): void {
  for (const slot of index.agreeingSlots(query, minAgree, mode)) visit(slot);
}

/**
 * Visits, with its comparison counts, every held profile that could be a hit of a query under a mismatch tolerance:
 * every slot with at most `maxMismatch` mismatching markers and at least `minimumAgreeing` agreeing ones (and some
 * extra slots within the mismatch tolerance that the visitor must judge by the counts; slots with more mismatches are
 * never visited). `oneSided`: the query is a waste sample and the held profiles are dogs (dropout only on the waste
 * side); false when both sides are waste samples.
 */
export function forEachConsistentCandidate(
  index: ProfileIndex,
  query: DnaProfile,
  bounds: { maxMismatch: number; minimumAgreeing: number },
  oneSided: boolean,
  visit: (slot: number, counts: ComparisonCounts) => void,
): void {
  const typing = index.panel.typingMarkers;
  const count = oneSided ? countWasteCodesWithin : countCodesWithin;
  const mode = oneSided ? AgreeMode.OneSided : AgreeMode.Consistent;
  const classify = (slot: number) => {
    const c = count(query.codes, 0, index.codes, slot * index.stride, typing, bounds.maxMismatch);
    if (c) visit(slot, c);
  };
  // Every hit mismatches on at most maxMismatch markers; a profile with u no-calls (OL included) therefore agrees on
  // all but that many + u of the query's K comparable markers. With a no-call cut-off u met by all but a few thousand
  // profiles this bound is far tighter than the minimum-compared one; those above the cut-off are checked one by one.
  const u = index.missingCutoff(index.directChecks);
  const tight = comparableMarkerCount(query) - bounds.maxMismatch - u;
  if (tight > bounds.minimumAgreeing) {
    forCandidates(index, query, tight, mode, (slot) => {
      if (index.missingAt(slot) <= u) classify(slot);
    });
    for (const slot of index.incompleteSlots()) if (index.missingAt(slot) > u) classify(slot);
  } else forCandidates(index, query, bounds.minimumAgreeing, mode, classify);
}

/** Identity run of a waste sample against the dogs held by the index; equals identifyWasteSampleByScan. */
export function identifyWasteSample(
  index: ProfileIndex,
  waste: DnaProfile,
  settings: Partial<IdentitySettings> = {},
): IdentityResult {
  if (waste.panel.id !== index.panel.id)
    throw new Error(`waste sample is on panel ${waste.panel.id}, index holds ${index.panel.id}`);
  const s = resolveIdentitySettings(waste.panel, settings, {
    alleleFrequencies: index.alleleFrequencies(),
    registrySize: index.size,
  });
  const hits = { match: [] as DogHit[], near: [] as DogHit[] };
  const bounds = { maxMismatch: s.inconclusiveMaxMismatchMarkers, minimumAgreeing: minimumAgreeingMarkers(s) };
  forEachConsistentCandidate(index, waste, bounds, true, (slot, c) =>
    classifyDog(waste, index.idAt(slot), c, index.codes, slot * index.stride, s, hits),
  );
  return identityOutcome(waste, hits, s);
}

export type SimilaritySettings = {
  /** Fewest markers with identical genotypes (spec default 6). */
  minimumMatchingMarkerThreshold: number;
  /** Most markers that differ (spec default 0). */
  maximumFailingMarkerThreshold: number;
  /** Whether a dropout-consistent marker counts as failing (true) or is ignored (false). */
  dropoutCountsAsFailing: boolean;
};

export const DEFAULT_SIMILARITY_SETTINGS: SimilaritySettings = Object.freeze({
  minimumMatchingMarkerThreshold: 6,
  maximumFailingMarkerThreshold: 0,
  dropoutCountsAsFailing: true,
});

export type SimilarityOptions = Partial<SimilaritySettings> & {
  /** Only profiles with these ids (e.g. the dogs of one property). */
  subset?: ReadonlySet<number>;
  /** Leave this id out (the query's own profile). */
  excludeId?: number;
};

export type SimilarProfile = ComparisonCounts & { id: number; failing: number };

function similarityOf(c: ComparisonCounts, s: SimilaritySettings): number | null {
  const failing = c.mismatching + (s.dropoutCountsAsFailing ? c.dropout : 0);
  return c.matching >= s.minimumMatchingMarkerThreshold && failing <= s.maximumFailingMarkerThreshold ? failing : null;
}

function sortSimilar(out: SimilarProfile[]): SimilarProfile[] {
  return out.sort((a, b) => b.matching - a.matching || a.failing - b.failing || a.id - b.id);
}

function resolveSimilarity(options: SimilarityOptions): SimilaritySettings {
  const s = { ...DEFAULT_SIMILARITY_SETTINGS, ...options };
  for (const key of ['minimumMatchingMarkerThreshold', 'maximumFailingMarkerThreshold'] as const) {
    if (!(Number.isInteger(s[key]) && s[key] >= 0))
      throw new Error(`${key} must be a whole number of markers, got ${s[key]}`);
  }
  return s;
}

/** The similar DNA profiles tool, from the index; equals findSimilarProfilesByScan. Closest first. */
export function findSimilarProfiles(
  index: ProfileIndex,
  query: DnaProfile,
  options: SimilarityOptions = {},
): SimilarProfile[] {
  const s = resolveSimilarity(options);
  const out: SimilarProfile[] = [];
  const typing = index.panel.typingMarkers;
  const consider = (slot: number) => {
    const id = index.idAt(slot);
    if (id === options.excludeId || (options.subset && !options.subset.has(id))) return;
    // More mismatches than failures allowed can never qualify: stop counting there.
    const c = countCodesWithin(
      query.codes,
      0,
      index.codes,
      slot * index.stride,
      typing,
      s.maximumFailingMarkerThreshold,
    );
    if (!c) return;
    const failing = similarityOf(c, s);
    if (failing !== null) out.push({ id, ...c, failing });
  };
  if (options.subset && options.subset.size < index.size / 64) {
    // A small subset (one property) is cheaper to compare directly than to read posting lists.
    for (const id of options.subset) {
      const slot = index.slotFor(id);
      if (slot >= 0) consider(slot);
    }
    return sortSimilar(out);
  }
  // A profile with u no-calls (OL included) has at most failing + u non-agreeing markers among the query's K, so with few failures
  // allowed it must agree on nearly all of them: a far tighter bound than the matching threshold. The bound uses a
  // cut-off u that all but a few thousand profiles meet; those few are checked one by one.
  const u = index.missingCutoff(index.directChecks);
  const tight = comparableMarkerCount(query) - s.maximumFailingMarkerThreshold - u;
  if (tight > s.minimumMatchingMarkerThreshold) {
    const mode = s.dropoutCountsAsFailing ? AgreeMode.Exact : AgreeMode.Consistent;
    forCandidates(index, query, tight, mode, (slot) => {
      if (index.missingAt(slot) <= u) consider(slot);
    });
    for (const slot of index.incompleteSlots()) if (index.missingAt(slot) > u) consider(slot);
  } else forCandidates(index, query, s.minimumMatchingMarkerThreshold, AgreeMode.Exact, consider);
  return sortSimilar(out);
}

export function findSimilarProfilesByScan(
  query: DnaProfile,
  profiles: Iterable<DogProfileRecord>,
  options: SimilarityOptions = {},
): SimilarProfile[] {
  const s = resolveSimilarity(options);
  const out: SimilarProfile[] = [];
  for (const { id, profile } of profiles) {
    if (profile.panel.id !== query.panel.id || id === options.excludeId || (options.subset && !options.subset.has(id)))
      continue;
    const c = countCodes(query.codes, 0, profile.codes, 0, query.panel.typingMarkers);
    const failing = similarityOf(c, s);
    if (failing !== null) out.push({ id, ...c, failing });
  }
  return sortSimilar(out);
}
