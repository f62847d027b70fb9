// Waste matching shapes (spec 3 §3 "Waste", §7 "Results"): result sets with their match history, the match-run preview
// and save, the lab's result lists, approvals, rerun all no-matches and the waste results under a group.
import { z } from 'zod';
import { id, optionalText, pagedResponse, pagingQuery, queryBoolean, textField, usDate, integer } from './common.ts';

export const MATCH_RUN_RESULTS = ['Match', 'NoMatch', 'NonCanine', 'Inconclusive', 'Fail', 'MultipleMatch'] as const;
export type MatchRunResultName = (typeof MATCH_RUN_RESULTS)[number];
export const matchRunResult = z.enum(MATCH_RUN_RESULTS);

export const WASTE_RESULT_MESSAGES = {
  resultApproved: 'Result approved successfully.',
  resultDeleted: 'Result deleted successfully.',
  inconclusiveDeleted: 'All inconclusive results deleted.',
  notesUpdated: 'Notes updated successfully',
  approvedSuccessfully: 'Approved successfully.',
  noResultSetId: 'No result set id provided',
  resultSetNotFound: 'Match result set not found.',
  resultNotFound: 'Match result not found.',
  cannotApproveDirectly: 'An Inconclusive or MultipleMatch result cannot be approved directly.',
  rerunInProgress: 'A rerun of all no-matches is already in progress.',
  noRerunInProgress: 'No rerun of all no-matches is in progress.',
  rerunStarted: 'Rerun of all no-matches started.',
  rerunCancelled: 'Rerun of all no-matches cancelled.',
  noPrimaryAdmin: 'The property has no primary admin with an email address.',
  noApprovedResult: 'The result set has no approved result.',
  noResultLetter: 'There is no result letter for an Inconclusive or MultipleMatch result.',
  notAssociated: 'This person is no longer associated with this property...',
  pendingProfiles: (sampleNumbers: readonly string[]) =>
    `Dog profiles of this property or an adjacent one are still under review: ${sampleNumbers.join(', ')}. Once approved they could match this sample. Approve the No Match anyway?`,
} as const;

/** The status filter: a result name, with Processing standing for Inconclusive (spec 3 §3). */
const statusFilter = z
  .enum([...MATCH_RUN_RESULTS, 'Processing'])
  .transform((value): MatchRunResultName => (value === 'Processing' ? 'Inconclusive' : value));

export const resultSetsQuery = pagingQuery.extend({
  sampleNumberFilter: textField(20).trim().optional(),
  propertyNameFilter: textField(200).trim().optional(),
  createdFilter: usDate.optional(),
  attemptedFilter: usDate.optional(),
  statusFilter: statusFilter.optional(),
  isApprovedFilter: queryBoolean.optional(),
  globalResultsCountFilter: integer(0, 1_000_000).optional(),
});
export type ResultSetsQuery = z.output<typeof resultSetsQuery>;

export const resultSetRow = z.object({
  wasteSampleId: z.number().int(),
  matchResultSetId: z.number().int(),
  sampleNumber: z.string(),
  propertyId: z.number().int().nullable(),
  propertyName: z.string().nullable(),
  latestMatchStatus: matchRunResult.nullable(),
  status: matchRunResult.nullable(),
  sampleStatus: z.number().int(),
  isFlagged: z.boolean(),
  canApprove: z.boolean(),
  isApproved: z.boolean(),
  approvedResultIsAdjacentPropertyMatch: z.boolean(),
  approvedResultIsMoveOut: z.boolean(),
  globalResultsCount: z.number().int(),
  matchedSampleNumber: z.string().nullable(),
  previousStatus: matchRunResult.nullable(),
  dateStatusChanged: z.string().nullable(),
  dateAttempted: z.string().nullable(),
  dateCreated: z.string(),
});
export const resultSetsPage = pagedResponse(resultSetRow);

const genotype = z.object({ key: z.string(), alleleAValue: z.string(), alleleBValue: z.string() });

type StoredAlleles = { alleleAValue: string; alleleBValue: string };

/**
 * Why a marker of a stored comparison was left out (the engine's rule, docs/genetics.md): no call on either side, or
 * an off-ladder (OL) allele on either side, which has no size and is evidence neither way. Null when it was compared.
 */
export function markerNotComparedReason(
  waste: StoredAlleles | undefined,
  dog: StoredAlleles | undefined,
): 'no call' | 'off-ladder' | null {
  const called = (g: StoredAlleles | undefined) => !!g && (g.alleleAValue !== '' || g.alleleBValue !== '');
  if (!called(waste) || !called(dog)) return 'no call';
  const offLadder = (g: StoredAlleles) =>
    g.alleleAValue.toUpperCase() === 'OL' || g.alleleBValue.toUpperCase() === 'OL';
  return offLadder(waste!) || offLadder(dog!) ? 'off-ladder' : null;
}

export const matchResultView = z.object({
  matchResultId: z.number().int(),
  status: matchRunResult,
  bioPetNotes: z.string().nullable(),
  isApproved: z.boolean(),
  isRerun: z.boolean(),
  runCount: z.number().int(),
  matchedSampleNumber: z.string().nullable(),
  sampleNumberOverride: z.string().nullable(),
  matchingPet: z.object({ petOwnerId: z.number().int().nullable(), sampleNumber: z.string() }).nullable(),
  /** The analyst set the result (and, for a Match, the dog) over the engine's. */
  isAnalystOverride: z.boolean(),
  /** An overridden Match: the markers on which the dog disagrees with the waste profile (left out of the statistic). */
  disagreeingMarkers: z.array(z.string()).nullable(),
  isAdjacentPropertyMatch: z.boolean(),
  isMoveOut: z.boolean(),
  randomMatchProbability: z.number().nullable(),
  likelihoodRatio: z.number().nullable(),
  oneInText: z.string().nullable(),
  globalResultsCount: z.number().int(),
  candidateCount: z.number().int(),
  petDnaProfiles: z.array(z.object({ sampleNumber: z.string(), genotypes: z.array(genotype) })),
  wasteDnaProfile: z.array(genotype),
  dateCreated: z.string(),
  dateApproved: z.string().nullable(),
});

export const matchResultSetView = z.object({
  matchResultSetId: z.number().int(),
  wasteSampleId: z.number().int(),
  sampleNumber: z.string(),
  propertyId: z.number().int().nullable(),
  propertyName: z.string().nullable(),
  matchHistory: z.array(matchResultView),
  currentlyApprovedResultId: z.number().int().nullable(),
  dateCollected: z.string().nullable(),
  hasAccessToPetOwner: z.boolean(),
  changes: z.array(z.object({ fromStatus: z.string(), toStatus: z.string(), dateChanged: z.string() })),
});

export const matchRunPreview = z.object({
  status: matchRunResult,
  bioPetNotes: z.string().nullable(),
  incrementRunCount: z.boolean(),
  petDnaProfiles: z.array(z.object({ sampleNumber: z.string(), genotypes: z.array(genotype) })),
  wasteDnaProfile: z.array(genotype),
  matchingPet: z.object({ petOwnerId: z.number().int().nullable(), sampleNumber: z.string() }).nullable(),
  globalResultsCount: z.number().int(),
  oneInText: z.string().nullable(),
});

export const saveMatchRunRequest = z.object({
  matchRunResult: matchRunResult.optional(),
  sampleNumberOverride: optionalText(20),
  bioPetNotes: optionalText(1000, { multiline: true }),
  incrementRunCount: z.boolean().default(true),
});

/** Approving a NoMatch while dog profiles of the property are under review needs `confirm` (the refusal names them). */
export const approveResultQuery = z.object({ confirm: queryBoolean.optional() });

export const approveSelectedRequest = z.array(id).min(1).max(1000);
export const approveByResultRequest = z.object({ result: z.enum(['Match', 'NoMatch', 'NonCanine', 'Fail']) });
export const approvedCountResponse = z.object({ approvedCount: z.number().int(), message: z.string() });
export const deletedCountResponse = z.object({ deletedCount: z.number().int(), message: z.string() });
export const notesRequest = z.object({ bioPetNotes: optionalText(1000, { multiline: true }) });

export const rerunRequest = z.object({ groupId: id.optional().nullable() });
export const rerunStatus = z.object({
  isInProgress: z.boolean(),
  total: z.number().int(),
  done: z.number().int(),
  changed: z.number().int(),
  status: z.enum(['None', 'InProgress', 'Completed', 'Cancelled', 'Failed']),
});

export const groupResultsQuery = pagingQuery.extend({
  selectedGroupId: id,
  samplenumber: textField(20).trim().optional(),
  samplestatus: integer(0, 1000).optional(),
  matchResult: statusFilter.optional(),
});

export const certificateQuery = z.object({ pooPrintsResultSetId: id });
export const emailPrimaryAdminQuery = z.object({ pooPrintsMatchResultSetId: id });
