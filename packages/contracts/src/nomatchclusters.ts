// No-match clusters (spec 3 §2 "No-match clusters lab", §3 "Clusters", §4 "Clusters", §7 "No-match clusters"): waste
// samples that matched no registered dog, grouped into one cluster per unknown dog; the lab approves, approves as single,
// denies or moves each candidate; the report lists approved clusters only.
import { z } from 'zod';
import { id, pagedResponse, queryBoolean, queryEnum, textField, usDate, integer } from './common.ts';
import { exportFormat } from './reports.ts';
import { RELATIVES_WASTE_MAX_EXCLUDING, relativesGroups, relativesQueryOf } from './duplicatedogs.ts';

export const NO_MATCH_PAGE_SIZES = [5, 10, 15, 25] as const;
export const NO_MATCH_PAGE_SIZE = 5;
export const ELIGIBLE_CLUSTERS_PAGE_SIZE = 10;
export const NoMatchCandidateStatus = { Pending: 0, Approved: 1, Denied: 2 } as const;
export type NoMatchCandidateStatusValue = (typeof NoMatchCandidateStatus)[keyof typeof NoMatchCandidateStatus];
/** Spec 3 §3: cluster orderings; the no-match list also orders by DateApproved and Status. */
export const NoMatchClusterOrdering = {
  None: 0,
  NumberOfCandidates: 1,
  SampleNumber: 2,
  Property: 3,
  DateApproved: 4,
  Status: 5,
} as const;

export const NO_MATCH_MESSAGES = {
  clusterNotFound: 'Cluster not found.',
  candidateNotFound: 'Candidate not found.',
  approvedSuccessfully: 'Approved successfully.',
  denied: 'Candidate denied.',
  moved: 'Candidate moved.',
  chooseCluster: 'Please select a cluster to move the candidate to.',
  sameCluster: 'The candidate is already in this cluster.',
  approvedOnly: 'The no-match clusters report shows approved clusters only.',
  propertyOnly: 'Select a property to download the cluster CSV.',
  noWasteProfile: 'This cluster has no waste profile to compare.',
} as const;

const sampleNumberFilter = textField(20).trim().toUpperCase().optional();

export const noMatchClustersQuery = z.object({
  page: integer(1, 100_000).default(1),
  pageSize: integer(1, 100).default(NO_MATCH_PAGE_SIZE),
  orderBy: queryEnum(NoMatchClusterOrdering).optional(),
  ascending: queryBoolean.optional(),
  groupId: id.optional(),
  sampleNumberFilter,
  showPendingFilter: queryBoolean.optional(),
  showApprovedFilter: queryBoolean.optional(),
  showDeniedFilter: queryBoolean.optional(),
  showRepeatedFilter: queryBoolean.optional(),
  approvalDateStartFilter: usDate.optional(),
  approvalDateEndFilter: usDate.optional(),
});
export type NoMatchClustersQuery = z.input<typeof noMatchClustersQuery>;
/** The filter "approve all single" applies (the list's, without paging). */
export const noMatchFilterBody = noMatchClustersQuery.omit({
  page: true,
  pageSize: true,
  orderBy: true,
  ascending: true,
});

export const noMatchReportQuery = z.object({
  page: integer(1, 100_000).default(1),
  pageSize: integer(1, 1000).default(25),
  groupId: id.optional(),
  showApprovedFilter: queryBoolean.optional(),
  showDeniedFilter: queryBoolean.optional(),
  showPendingFilter: queryBoolean.optional(),
});
export const noMatchReportExportQuery = z.object({ groupId: id, format: exportFormat });

export const noMatchCandidate = z.object({
  sampleNumber: z.string(),
  alleles: z.array(z.object({ definitionName: z.string(), alleleA: z.string(), alleleB: z.string() })),
  status: z.number().int(),
  approvalDate: z.date().nullable(),
  propertyCollectedFrom: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  associatedClusterId: z.number().int(),
  associatedDnaProfileId: z.number().int(),
  sampleId: z.number().int(),
  matchResultSetId: z.number().int(),
  dateCollected: z.string().nullable(),
  placedBy: z.enum(['Engine', 'Lab']),
  selected: z.boolean(),
  isFiltered: z.boolean(),
});
export const noMatchCluster = z.object({
  id: z.number().int(),
  status: z.number().int(),
  numberOfCandidates: z.number().int(),
  candidates: z.array(noMatchCandidate),
});
export type NoMatchClusterView = z.output<typeof noMatchCluster>;
export const noMatchClustersPage = pagedResponse(noMatchCluster);
export const noMatchClusterIdQuery = z.object({ id });

export const eligibleClustersQuery = z.object({
  candidateClusterId: id,
  candidateDnaProfileId: id,
  page: integer(1, 100_000).default(1),
  pageSize: integer(1, 100).default(ELIGIBLE_CLUSTERS_PAGE_SIZE),
  sampleNumberFilter,
});

export const candidateKey = z.object({ associatedClusterId: id, associatedDnaProfileId: id });
export type CandidateKey = z.output<typeof candidateKey>;
export const candidateKeys = z.array(candidateKey).max(1000);
export const moveCandidateRequest = z.object({
  candidateKey,
  destinationClusterId: id,
  approveAfterMove: z.boolean().default(false),
});
export const candidateCountResponse = z.object({ count: z.number().int(), message: z.string() });

/** "Possible relatives of this unknown dog": the cluster's representative waste profile against the registered dogs. */
export const noMatchClusterRelativesQuery = z.object({
  id,
  maxexcludingmarkers: relativesQueryOf(RELATIVES_WASTE_MAX_EXCLUDING),
});
export const noMatchClusterRelatives = relativesGroups.extend({
  clusterId: z.number().int(),
  /** The representative: the cluster's waste sample whose profile calls the most markers (denied candidates last). */
  sampleNumber: z.string(),
  dnaProfileId: z.number().int(),
  calledMarkers: z.number().int(),
});
export type NoMatchClusterRelativesView = z.output<typeof noMatchClusterRelatives>;
