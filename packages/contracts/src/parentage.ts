// Parentage (spec 3 §4, §5, §7 "Parentage", §8): the parentage pets list, running a test of a puppy against a dam and a
// sire, the result sets with their history, overrides and notes, and the proof-of-parentage certificate.
import { z } from 'zod';
import { id, pagingQuery, queryEnum, textField, usDate, integer } from './common.ts';
import { petSampleNumber } from './samples.ts';

export const ParentageMatchStatus = {
  Processing: 0,
  Ready: 1,
  Certified: 2,
  Disqualified: 3,
  Inconclusive: 4,
} as const;
export type ParentageMatchStatus = (typeof ParentageMatchStatus)[keyof typeof ParentageMatchStatus];
export const parentageMatchStatusName = (status: number): string =>
  Object.entries(ParentageMatchStatus).find(([, value]) => value === status)?.[0] ?? 'Unknown';
export const PARENTAGE_RUN_RESULTS = ['Certified', 'Disqualified', 'Inconclusive'] as const;
export type ParentageRunResultName = (typeof PARENTAGE_RUN_RESULTS)[number];
export const PARENTAGE_MARKER_RESULTS = ['Fail', 'Pass', 'Skip'] as const;

/** Spec 3 §6 "Parentage orderings". */
export const ParentageOrdering = {
  None: 0,
  SampleNumber: 1,
  Name: 2,
  SampleStatus: 3,
  MatchStatus: 4,
  LastAttempted: 5,
  StatusLastUpdated: 6,
} as const;

export const PARENTAGE_MESSAGES = {
  allDnsMustBeUnique: 'All DNs must be unique',
  enterDamDn: 'Please enter a Dam DN Number',
  selectDam: 'Please select a Dam',
  enterSireDn: 'Please enter a Sire DN Number',
  selectSire: 'Please select a Sire',
  overridden: 'Match result overriden successfully.',
  notesUpdated: 'Notes updated successfully',
  resultDeleted: 'Result deleted successfully.',
  notCertified: 'The parentage certificate needs a certified parentage result.',
  noCertifiedResult: (sampleNumber: string) =>
    `${sampleNumber} has no Certified parentage result: the certificate needs one.`,
  onlyStaffPickResult: "The certificate shows the set's best Certified result; only the lab's staff pick another.",
  petOrResultNeeded: 'Please give the dog (petId) or the parentage result (parentageResultId).',
  /** A dam that is male or a sire that is female, by its DNA (the gender marker) or by its record (the pet's gender). */
  wrongSex: (dog: string, sex: 'male' | 'female', by: 'DNA' | 'record', role: 'dam' | 'sire') =>
    `${dog} is ${sex} by ${by} and cannot be the ${role}.`,
  noApprovedProfile: (sampleNumber: string) => `${sampleNumber} has no approved DNA profile.`,
  differentPanels: 'The puppy, dam and sire were typed on different panels.',
  refused: (reasons: string) => `Parentage cannot be tested: ${reasons}.`,
} as const;
export const matchResultSetNotFoundMessage = (sampleNumber: string) =>
  `Could not find Parentage match result set for ${sampleNumber}`;

// The list (GET /parentagepets/).
export const parentagePetsQuery = pagingQuery.extend({
  orderBy: queryEnum(ParentageOrdering).optional(),
  nameFilter: textField(100).trim().optional(),
  sampleNumberFilter: textField(32).trim().optional(),
  statusLastUpdatedFilter: usDate.optional(),
  lastAttemptedFilter: usDate.optional(),
  sampleStatusFilter: integer(0, 1000).optional(),
  matchStatusFilter: queryEnum(ParentageMatchStatus).optional(),
  selectedGroupId: id.optional(),
});
export type ParentagePetsQuery = z.input<typeof parentagePetsQuery>;
export const parentagePetRow = z.object({
  petOwnerId: z.number().int().nullable(),
  puppyId: z.number().int(),
  puppyName: z.string(),
  puppySampleNumber: z.string(),
  matchStatus: z.number().int(),
  matchResultSetId: z.number().int().nullable(),
  bestMatchResultId: z.number().int().nullable(),
  isTestable: z.boolean(),
  isMatched: z.boolean(),
  isParentageCertified: z.boolean(),
  /** The result the certificate shows (the set's best Certified result), or null when the set has none. */
  certificateResultId: z.number().int().nullable(),
  sampleStatus: z.number().int(),
  statusLastUpdated: z.string(),
  lastAttempted: z.string().nullable(),
});
export type ParentagePetRow = z.output<typeof parentagePetRow>;
export const parentagePetsPage = z.object({ data: z.array(parentagePetRow), totalRecords: z.number().int() });

// One run and its set.
export const parentageMarkerRow = z.object({
  marker: z.string(),
  result: z.enum(PARENTAGE_MARKER_RESULTS),
  puppy: z.string(),
  dam: z.string(),
  sire: z.string(),
});
export const parentageMatchResult = z.object({
  parentageMatchResultId: z.number().int(),
  parentageMatchResultSetId: z.number().int(),
  parentageMatchRunResult: z.enum(PARENTAGE_RUN_RESULTS),
  engineResult: z.enum(PARENTAGE_RUN_RESULTS),
  isOverridden: z.boolean(),
  bioPetNotes: z.string().nullable(),
  puppySampleNumber: z.string(),
  damSampleNumber: z.string(),
  sireSampleNumber: z.string(),
  testedMarkers: z.number().int(),
  failedMarkers: z.number().int(),
  combinedPaternityIndex: z.number().nullable(),
  probabilityOfExclusion: z.number().nullable(),
  possibleMutation: z.boolean(),
  executedBy: z.string().nullable(),
  dateCreated: z.date(),
  markers: z.array(parentageMarkerRow),
});
export type ParentageMatchResultView = z.output<typeof parentageMatchResult>;
/** A new run, with the result its puppy's certificate now shows (this run when Certified, else an earlier Certified). */
export const executedParentageResult = parentageMatchResult.extend({
  certificateResultId: z.number().int().nullable(),
});
export const parentageMatchResultSet = z.object({
  matchResultSetId: z.number().int(),
  puppyId: z.number().int(),
  puppyName: z.string(),
  puppySampleNumber: z.string(),
  matchStatus: z.number().int(),
  bestMatchResultId: z.number().int().nullable(),
  isParentageCertified: z.boolean(),
  /** The result the certificate shows (the set's best Certified result), or null when the set has none. */
  certificateResultId: z.number().int().nullable(),
  lastAttempted: z.date().nullable(),
  statusLastUpdated: z.date(),
  results: z.array(parentageMatchResult),
});
export type ParentageMatchResultSetView = z.output<typeof parentageMatchResultSet>;

export const executeParentageTestRequest = z
  .object({ puppy: petSampleNumber, dam: petSampleNumber, sire: petSampleNumber })
  .superRefine((body, ctx) => {
    if (body.puppy === body.dam || body.puppy === body.sire || body.dam === body.sire)
      ctx.addIssue({ code: 'custom', path: ['sire'], message: PARENTAGE_MESSAGES.allDnsMustBeUnique });
  });
export type ExecuteParentageTestRequest = z.input<typeof executeParentageTestRequest>;

export const parentageSampleNumberQuery = z.object({ sampleNumber: petSampleNumber });
export const parentageResultSetIdQuery = z.object({ parentageResultSetId: id });
export const parentageResultIdQuery = z.object({ parentageResultId: id });
export const parentageHistory = z.array(parentageMatchResult);
export const overrideParams = z.object({ setId: id, resultId: id });
export const overrideMatchResultRequest = z.object({
  matchRunResult: z.enum(PARENTAGE_RUN_RESULTS),
  bioPetNotes: textField(2000, { multiline: true }).trim().min(1, 'Please enter notes for the override.'),
});
export const deleteParentageResultRequest = z.object({ matchResultId: id, matchResultSetId: id });
export const updateParentageNotesRequest = z.object({
  MatchResultSetId: id,
  MatchResultId: id,
  BioPetNotes: textField(2000, { multiline: true }).nullable(),
});
/**
 * The certificate of a dog (petId: its set's best Certified result) or of one result of a set (parentageResultId:
 * provider staff pick another Certified result); with both, the result must be the dog's.
 */
export const parentageCertificateQuery = z
  .object({ petId: id.optional(), parentageResultId: id.optional() })
  .superRefine((query, ctx) => {
    if (query.petId === undefined && query.parentageResultId === undefined)
      ctx.addIssue({ code: 'custom', path: ['petId'], message: PARENTAGE_MESSAGES.petOrResultNeeded });
  });
export type ParentageCertificateQuery = z.input<typeof parentageCertificateQuery>;

/** The owner's other dogs offered as dam and sire in the execute-test modal (spec 3 §8). */
const candidateDog = z.object({
  petId: z.number().int(),
  name: z.string(),
  sampleNumber: z.string(),
  gender: z.number().int(),
});
export const parentageCandidates = z.object({ males: z.array(candidateDog), females: z.array(candidateDog) });
