// Duplicate dogs and similar profiles (spec 3 §2, §4 "Clusters", §7 "Duplicate dog report", /skunkworks): clusters of
// registered dogs whose approved profiles are the same dog, their review, the similar DNA profiles tool and the
// gender-mismatch report.
import { z } from 'zod';
import { id, queryBoolean, queryEnum, textField, integer } from './common.ts';
import { petSampleNumber } from './samples.ts';

export const DUPLICATE_REPORT_PAGE_SIZES = [5, 10, 15, 25] as const;
export const DUPLICATE_REPORT_PAGE_SIZE = 10;
export const DuplicateClusterStatus = { Pending: 0, Approved: 1 } as const;
export const SIMILAR_DEFAULT_MINIMUM_MATCHING = 6;
export const SIMILAR_DEFAULT_MAXIMUM_FAILING = 0;
export const DUPLICATE_MESSAGES = {
  clusterNotFound: 'Cluster not found.',
  markedReviewed: 'Cluster marked as reviewed.',
  returnedToPending: 'Cluster returned to pending.',
  lowThresholdConfirm: 'A minimum below 6 matching markers may list many unrelated dogs. Continue?',
  noApprovedProfile: (sampleNumber: string) => `${sampleNumber} has no approved DNA profile.`,
} as const;

/** Spec 3 §3 cluster orderings (the duplicate dog report's; the no-match list adds DateApproved and Status). */
export const DuplicateClusterOrdering = { None: 0, NumberOfCandidates: 1, SampleNumber: 2, Property: 3 } as const;

export const duplicateReportQuery = z.object({
  page: integer(1, 100_000).default(1),
  pageSize: integer(1, 100).default(DUPLICATE_REPORT_PAGE_SIZE),
  groupId: id.optional(),
  sampleNumberFilter: textField(32).trim().optional(),
  showPendingFilter: queryBoolean.optional(),
  showApprovedFilter: queryBoolean.optional(),
  /** None keeps the clusters' own order (by their lowest profile id). */
  orderBy: queryEnum(DuplicateClusterOrdering).optional(),
  ascending: queryBoolean.optional(),
});
export type DuplicateReportQuery = z.input<typeof duplicateReportQuery>;

export const duplicateCandidate = z.object({
  sampleNumber: z.string(),
  petId: z.number().int().nullable(),
  petName: z.string().nullable(),
  gender: z.number().int().nullable(),
  alleles: z.array(z.object({ definitionName: z.string(), alleleA: z.string(), alleleB: z.string() })),
  status: z.number().int(),
  approvalDate: z.date().nullable(),
  propertyCollectedFrom: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  associatedClusterId: z.number().int(),
  associatedDnaProfileId: z.number().int(),
  sampleId: z.number().int().nullable(),
  isFiltered: z.boolean(),
});
export const duplicateCluster = z.object({
  id: z.number().int(),
  status: z.number().int(),
  reviewedBy: z.string().nullable(),
  dateReviewed: z.date().nullable(),
  candidates: z.array(duplicateCandidate),
});
export type DuplicateClusterView = z.output<typeof duplicateCluster>;
export const duplicateReportPage = z.object({ data: z.array(duplicateCluster), totalRecords: z.number().int() });
export const clusterIdQuery = z.object({ id });
export const clusterIdBody = z.object({ id });
export const candidateQuery = z.object({ sampleNumber: petSampleNumber });
export const duplicateClusters = z.array(duplicateCluster);
export const duplicateCsvQuery = z.object({ groupId: id.optional() });
export const csvContent = z.string();

export const similarProfilesQuery = z.object({
  minimummatchingmarkerthreshold: integer(1, 64).default(SIMILAR_DEFAULT_MINIMUM_MATCHING),
  maximumfailingmarkerthreshold: integer(0, 64).default(SIMILAR_DEFAULT_MAXIMUM_FAILING),
  samplenumber: petSampleNumber,
  propertyId: id.optional(),
});
export type SimilarProfilesQuery = z.input<typeof similarProfilesQuery>;
const markerPair = z.object({ marker: z.string(), query: z.string(), candidate: z.string() });
export const similarProfile = z.object({
  sampleNumber: z.string(),
  petId: z.number().int().nullable(),
  petName: z.string().nullable(),
  dnaProfileId: z.number().int(),
  matchingMarkerCount: z.number().int(),
  failingMarkerCount: z.number().int(),
  matchingMarkers: z.array(markerPair),
  failingMarkers: z.array(markerPair),
});
export const similarProfilesResponse = z.object({
  sampleNumber: z.string(),
  dnaProfileId: z.number().int(),
  similar: z.array(similarProfile),
});
export type SimilarProfilesResponse = z.output<typeof similarProfilesResponse>;

// Relatives (docs/genetics.md "Relatives"): possible parents or offspring and possible full siblings of one profile
// among the registered dogs, each ranked by its likelihood ratio against unrelated.
export const Relationship = { ParentOffspring: 'ParentOffspring', FullSiblings: 'FullSiblings' } as const;
/** The similar-profiles screen's modes: the spec's thresholds, or the relatives ranking. */
export const SimilarProfilesMode = { Thresholds: 'Thresholds', Relatives: 'Relatives' } as const;
export type SimilarProfilesModeValue = (typeof SimilarProfilesMode)[keyof typeof SimilarProfilesMode];
/** Excluding markers a possible parent or offspring may have: 0 for a registered dog, 1 for a waste sample (dropout). */
export const RELATIVES_DEFAULT_MAX_EXCLUDING = 0;
export const RELATIVES_WASTE_MAX_EXCLUDING = 1;
const maxExcludingMarkers = (fallback: number) => integer(0, 3).default(fallback);

export const relativeProfilesQuery = z.object({
  samplenumber: petSampleNumber,
  propertyId: id.optional(),
  maxexcludingmarkers: maxExcludingMarkers(RELATIVES_DEFAULT_MAX_EXCLUDING),
});
export type RelativeProfilesQuery = z.input<typeof relativeProfilesQuery>;
export const relativeProfile = z.object({
  sampleNumber: z.string(),
  petId: z.number().int().nullable(),
  petName: z.string().nullable(),
  dnaProfileId: z.number().int(),
  relationship: z.enum([Relationship.ParentOffspring, Relationship.FullSiblings]),
  /** The listed relationship's ratio against unrelated. */
  likelihoodRatio: z.number(),
  parentOffspringRatio: z.number(),
  fullSiblingRatio: z.number(),
  comparedMarkers: z.number().int(),
  excludingMarkers: z.number().int(),
});
export type RelativeProfileView = z.output<typeof relativeProfile>;
export const relativesGroups = z.object({
  parentOffspring: z.array(relativeProfile),
  fullSiblings: z.array(relativeProfile),
  /** How the ratios were computed: coancestry θ, the ratio a candidate must exceed, the most listed per group. */
  theta: z.number(),
  minimumLikelihoodRatio: z.number(),
  limit: z.number().int(),
  maxExcludingMarkers: z.number().int(),
});
export type RelativesGroupsView = z.output<typeof relativesGroups>;
export const relativeProfilesResponse = relativesGroups.extend({
  sampleNumber: z.string(),
  dnaProfileId: z.number().int(),
});
export const relativesQueryOf = maxExcludingMarkers;
