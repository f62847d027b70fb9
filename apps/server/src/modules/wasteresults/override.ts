// The analyst's override of a match run (spec 3 §4 "Match runs": the lab may set the result by hand). A Match names the
// dog: one of the candidates of the sample's property (its own dogs, its adjacent properties' and those of owners who
// moved out), chosen from the run's list or by sample number; the statistic is computed over the markers on which that
// dog agrees with the waste profile, the disagreeing ones named. A NoMatch or Fail set by hand carries the analyst's notes.
import type { z } from 'zod';
import {
  MarkerComparison,
  PooPrintsMatchRunResult,
  compareWasteWithDog,
  matchStatistics,
  profileEntries,
} from '@registry/genetics';
import type { saveMatchRunRequest } from '@registry/contracts';
import type { Services } from '../../platform/context.ts';
import { validationError } from '../../platform/errors.ts';
import { panels, profileFromCodes } from '../dna/panels.ts';
import { currentIndex } from '../dna/registry-index.ts';
import type { MatchRunOutcome } from './match-run.ts';
import * as q from './wasteresults.queries.ts';

const OVERRIDE_MESSAGES = {
  dogRequired:
    'Name the dog that matched: one of the run’s candidates, or the sample number of a dog of this property, an adjacent property or an owner who moved out of it.',
  notACandidate: (sampleNumber: string) =>
    `${sampleNumber} is not a dog of this property, of an adjacent property or of an owner who moved out of it.`,
  dogOnlyForMatch: 'A dog is named only for a Match.',
  notesRequired: (result: string) => `Notes are required to override the result to ${result}.`,
} as const;

type Body = z.output<typeof saveMatchRunRequest>;
type Values = Omit<MatchRunOutcome, 'matchingPet'> & {
  isAnalystOverride: boolean;
  disagreeingMarkers: string[] | null;
};

const noDog = {
  matchedPetId: null,
  matchedPetDnaProfileId: null,
  matchedSampleNumber: null,
  matchedPetOwnerId: null,
  isAdjacentPropertyMatch: false,
  isMoveOut: false,
  randomMatchProbability: null,
  likelihoodRatio: null,
  oneInText: null,
};

/**
 * The values a saved run stores: the engine's run, or the analyst's result with its dog and statistic. Refuses (400
 * naming the field) a Match without a dog of the property's candidates, and a hand-set NoMatch or Fail without notes.
 */
export async function overriddenRun(
  services: Pick<Services, 'db' | 'config'>,
  set: q.SetContext,
  run: MatchRunOutcome,
  body: Body,
): Promise<Values & { sampleNumberOverride: string | null }> {
  const { matchingPet: _pet, ...engine } = run;
  const status = body.matchRunResult ?? run.status;
  const chosen = body.sampleNumberOverride?.trim().toUpperCase() || null;
  const engineDog = run.status === PooPrintsMatchRunResult.Match ? (run.matchedSampleNumber ?? null) : null;
  if (status !== PooPrintsMatchRunResult.Match) {
    if (chosen) throw validationError({ sampleNumberOverride: [OVERRIDE_MESSAGES.dogOnlyForMatch] });
    const isOverride = status !== run.status;
    if (isOverride && (status === 'NoMatch' || status === 'Fail') && !body.bioPetNotes?.trim())
      throw validationError({ bioPetNotes: [OVERRIDE_MESSAGES.notesRequired(status)] });
    return {
      ...engine,
      ...(isOverride ? noDog : {}),
      status,
      isAnalystOverride: isOverride,
      disagreeingMarkers: null,
      sampleNumberOverride: null,
    };
  }
  const dogNumber = chosen ?? engineDog;
  if (!dogNumber) throw validationError({ sampleNumberOverride: [OVERRIDE_MESSAGES.dogRequired] });
  if (run.status === PooPrintsMatchRunResult.Match && dogNumber === engineDog?.toUpperCase())
    return { ...engine, status, isAnalystOverride: false, disagreeingMarkers: null, sampleNumberOverride: null };
  const panel = set.panelId ? panels.get(set.panelId) : undefined;
  const candidates = set.propertyId === null ? [] : await q.candidateDogs(services.db, set.propertyId);
  const dog = candidates.find((c) => c.sampleNumber.toUpperCase() === dogNumber);
  if (!dog || !panel || !set.codes || dog.panelId !== panel.id)
    throw validationError({ sampleNumberOverride: [OVERRIDE_MESSAGES.notACandidate(dogNumber)] });
  const { index } = await currentIndex(services, panel);
  const dogProfile = dog.codes ? profileFromCodes(panel, dog.codes) : index.profileOf(dog.dnaProfileId);
  if (!dogProfile) throw validationError({ sampleNumberOverride: [OVERRIDE_MESSAGES.notACandidate(dogNumber)] });
  const waste = profileFromCodes(panel, set.codes);
  // matchStatistics counts only the markers that agree (or are dropout-consistent); the others are named.
  const disagreeing = compareWasteWithDog(waste, dogProfile)
    .markers.filter((m) => m.result === MarkerComparison.Mismatch)
    .map((m) => m.marker);
  const stats = matchStatistics(waste, dogProfile, index.alleleFrequencies(), {
    registrySize: Math.max(1, index.size),
  });
  const genotypes = profileEntries(dogProfile).map((e) => ({
    key: e.marker,
    alleleAValue: e.alleleA,
    alleleBValue: e.alleleB,
  }));
  return {
    ...engine,
    status,
    comparison: {
      wasteDnaProfile: run.comparison.wasteDnaProfile,
      petDnaProfiles: [
        { sampleNumber: dog.sampleNumber, genotypes },
        ...run.comparison.petDnaProfiles.filter((p) => p.sampleNumber !== dog.sampleNumber),
      ],
    },
    matchedPetId: dog.petId,
    matchedPetDnaProfileId: dog.dnaProfileId,
    matchedSampleNumber: dog.sampleNumber,
    matchedPetOwnerId: dog.petOwnerId,
    isAdjacentPropertyMatch: dog.isAdjacent,
    isMoveOut: dog.isMoveOut,
    randomMatchProbability: stats.randomMatchProbability,
    likelihoodRatio: stats.likelihoodRatio,
    oneInText: stats.oneInText,
    isAnalystOverride: true,
    disagreeingMarkers: disagreeing,
    sampleNumberOverride: dog.sampleNumber,
  };
}
