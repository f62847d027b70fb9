// One match run (spec 3 §4 "Match runs"): the waste profile against the approved dogs of its property, the adjacent
// properties by agreement and the owners who moved out, decided by the engine's match classes; with the genotype
// comparison, the statistics from the registry's own allele frequencies, and the whole-registry hit count from the index.
import {
  type DnaProfile,
  type GenotypeEntry,
  type ProfileIndex,
  PooPrintsMatchRunResult,
  identifyWasteSample,
  identifyWasteSampleByScan,
  matchStatistics,
  profileEntries,
} from '@registry/genetics';
import type { Services } from '../../platform/context.ts';
import { panels, profileFromCodes } from '../dna/panels.ts';
import { currentIndex } from '../dna/registry-index.ts';
import type { StoredGenotype } from '../../db/schema/wasteresults.ts';
import * as q from './wasteresults.queries.ts';
import { type ClusterEngines, syncNoMatchCandidates } from '../nomatchclusters/nomatchclusters.sync.ts';

export type MatchRunOutcome = Omit<q.NewMatchResult, 'resultSetId' | 'createdById' | 'isRerun' | 'runCount'> & {
  status: PooPrintsMatchRunResult;
  matchingPet: { petOwnerId: number | null; sampleNumber: string; petName: string; petOwnerName: string | null } | null;
};

const stored = (entries: GenotypeEntry[]): StoredGenotype[] =>
  entries.map((e) => ({ key: e.marker, alleleAValue: e.alleleA, alleleBValue: e.alleleB }));

/** What a batch of runs reads once for all its sets (a rerun batch): the candidates of the set's property, the index. */
export type Prepared = { candidates?: q.CandidateDog[]; index?: ProfileIndex };

/** Runs the match of a result set without saving it (the preview, and the run a save or a rerun stores). */
export async function computeMatchRun(
  services: Pick<Services, 'db' | 'config'>,
  set: q.SetContext,
  prepared: Prepared = {},
): Promise<MatchRunOutcome> {
  const panel = set.panelId ? panels.get(set.panelId) : undefined;
  if (!panel || !set.codes) {
    return {
      status: PooPrintsMatchRunResult.Fail,
      comparison: { wasteDnaProfile: [], petDnaProfiles: [] },
      matchingPet: null,
    };
  }
  const waste = profileFromCodes(panel, set.codes);
  const candidates =
    set.propertyId === null ? [] : (prepared.candidates ?? (await q.candidateDogs(services.db, set.propertyId)));
  const index = prepared.index ?? (await currentIndex(services, panel)).index;
  const dogs = new Map<number, { record: q.CandidateDog; profile: DnaProfile }>();
  for (const c of candidates) {
    if (c.panelId !== panel.id) continue;
    const profile = c.codes ? profileFromCodes(panel, c.codes) : index.profileOf(c.dnaProfileId);
    if (profile) dogs.set(c.dnaProfileId, { record: c, profile });
  }
  // The property's dogs are weighed with the whole registry's allele frequencies and size (the match threshold).
  const outcome = identifyWasteSampleByScan(
    waste,
    [...dogs.entries()].map(([id, d]) => ({ id, profile: d.profile })),
    { alleleFrequencies: index.alleleFrequencies(), registrySize: index.size },
  );
  const global = identifyWasteSample(index, waste);
  const shown = [...outcome.matches, ...outcome.nearMatches].slice(0, 10);
  const petDnaProfiles = shown.map((hit) => {
    const d = dogs.get(hit.id)!;
    return { sampleNumber: d.record.sampleNumber, genotypes: stored(profileEntries(d.profile)) };
  });
  const base = {
    status: outcome.result,
    comparison: { wasteDnaProfile: stored(profileEntries(waste)), petDnaProfiles },
    candidateCount: dogs.size,
    globalResultsCount: global.matches.length,
  };
  if (outcome.result !== PooPrintsMatchRunResult.Match) return { ...base, matchingPet: null };
  const dog = dogs.get(outcome.matches[0].id)!;
  const names = await q.petAndOwnerNames(services.db, dog.record.petId);
  const stats = matchStatistics(waste, dog.profile, index.alleleFrequencies(), {
    registrySize: Math.max(1, index.size),
  });
  return {
    ...base,
    matchedPetId: dog.record.petId,
    matchedPetDnaProfileId: dog.record.dnaProfileId,
    matchedSampleNumber: dog.record.sampleNumber,
    matchedPetOwnerId: dog.record.petOwnerId,
    isAdjacentPropertyMatch: dog.record.isAdjacent,
    isMoveOut: dog.record.isMoveOut,
    randomMatchProbability: stats.randomMatchProbability,
    likelihoodRatio: stats.likelihoodRatio,
    oneInText: stats.oneInText,
    matchingPet: {
      petOwnerId: dog.record.petOwnerId,
      sampleNumber: dog.record.sampleNumber,
      petName: names.petName,
      petOwnerName: names.petOwnerName,
    },
  };
}

type StoreOptions = {
  isRerun: boolean;
  createdById: number | null;
  incrementRunCount?: boolean;
  /** The clustering engines a caller keeps across batches (the rerun job). */
  engines?: ClusterEngines;
};

/** Runs and stores a match run of a set; answers the stored result. */
export async function runAndStore(services: Pick<Services, 'db' | 'config'>, set: q.SetContext, options: StoreOptions) {
  const outcome = await computeMatchRun(services, set);
  const [stored] = await storeRuns(services, [{ set, outcome }], options);
  return stored;
}

/**
 * Stores computed runs of distinct sets in a few statements (the caller's transaction): the results, the sets'
 * attempt dates, the change records of reruns that changed a result, the sets' latest result and change, and the
 * no-match clusters. Answers each stored result with the set's previous latest one, in the order given.
 */
export async function storeRuns(
  services: Pick<Services, 'db' | 'config'>,
  runs: { set: q.SetContext; outcome: MatchRunOutcome }[],
  options: StoreOptions,
) {
  const db = services.db;
  const ids = runs.map((r) => r.set.id);
  const previousOf = await q.latestResultsOf(db, ids);
  const results = await q.insertResults(
    db,
    runs.map(({ set, outcome }) => {
      const { matchingPet: _pet, ...values } = outcome;
      return {
        ...values,
        resultSetId: set.id,
        isRerun: options.isRerun,
        createdById: options.createdById,
        runCount: (previousOf.get(set.id)?.runCount ?? 0) + (options.incrementRunCount === false ? 0 : 1),
      };
    }),
  );
  const stored = results.map((result) => ({ result, previous: previousOf.get(result.resultSetId) ?? null }));
  await q.markAttempted(db, ids);
  if (options.isRerun)
    await q.insertChanges(
      db,
      stored
        .filter(({ result, previous }) => previous && previous.status !== result.status)
        .map(({ result, previous }) => ({
          resultSetId: result.resultSetId,
          resultId: result.id,
          fromStatus: previous!.status,
          toStatus: result.status,
        })),
    );
  await q.refreshLatest(db, ids);
  await syncNoMatchCandidates(db, ids, options.engines);
  return stored;
}
