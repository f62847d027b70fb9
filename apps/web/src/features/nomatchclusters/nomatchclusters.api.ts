// No-match clusters: query keys under ['nomatchclusters'], the list and report requests, and the candidate actions
// (each invalidates the clusters).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  noMatchClusterEndpoints as endpoints,
  type CandidateKey,
  type EndpointInput,
  type EndpointResponse,
} from '@registry/contracts';
import { callApi } from '../../lib/client';
import type { NoMatchClustersSearch, NoMatchReportSearch } from './nomatchclusters.search';

export type ClustersParams = NonNullable<EndpointInput<typeof endpoints.list>['query']>;
export type Cluster = EndpointResponse<typeof endpoints.list>['data'][number];
export type ClusterCandidate = Cluster['candidates'][number];

export const noMatchKeys = {
  all: ['nomatchclusters'] as const,
  list: (params: ClustersParams) => [...noMatchKeys.all, 'list', params] as const,
  eligible: (params: object) => [...noMatchKeys.all, 'eligible', params] as const,
  report: (params: object) => [...noMatchKeys.all, 'report', params] as const,
  relatives: (clusterId: number) => [...noMatchKeys.all, 'relatives', clusterId] as const,
};

/** The possible relatives of a cluster's unknown dog among the registered dogs. */
export const clusterRelativesQuery = (clusterId: number) =>
  queryOptions({
    queryKey: noMatchKeys.relatives(clusterId),
    queryFn: () => callApi(endpoints.relatives, { query: { id: clusterId } }, { handleErrorsSpecifically: true }),
  });

/** The list request of the screen's URL state (the filter "approve all single" also sends, without paging). */
export function clustersRequest(p: NoMatchClustersSearch): ClustersParams {
  return {
    page: p.page,
    pageSize: p.pageSize,
    orderBy: p.orderBy,
    ascending: p.ascending,
    groupId: p.groupId,
    sampleNumberFilter: p.samplenumber,
    showPendingFilter: p.pending || undefined,
    showApprovedFilter: p.approved || undefined,
    showDeniedFilter: p.denied || undefined,
    showRepeatedFilter: p.repeated || undefined,
    approvalDateStartFilter: p.approvedFrom,
    approvalDateEndFilter: p.approvedTo,
  };
}

export const fetchClusters = (params: ClustersParams) => callApi(endpoints.list, { query: params });
export const fetchEligible = (query: NonNullable<EndpointInput<typeof endpoints.eligibleClusters>['query']>) =>
  callApi(endpoints.eligibleClusters, { query });
export const fetchApprovedClusters = (p: NoMatchReportSearch) =>
  callApi(endpoints.approvedOnly, { query: { page: p.page, pageSize: p.pageSize, groupId: p.groupId } });

type Action =
  | { kind: 'approve' | 'approveAsSingle' | 'deny'; key: CandidateKey }
  | { kind: 'move'; key: CandidateKey; destinationClusterId: number; approveAfterMove: boolean }
  | { kind: 'approveSelected'; keys: CandidateKey[] }
  | { kind: 'approveSingles'; filter: ClustersParams };

async function run(action: Action) {
  switch (action.kind) {
    case 'approve':
      return callApi(endpoints.approve, { body: action.key });
    case 'approveAsSingle':
      return callApi(endpoints.approveAsSingle, { body: action.key });
    case 'deny':
      return callApi(endpoints.deny, { body: action.key });
    case 'move':
      return callApi(endpoints.move, {
        body: {
          candidateKey: action.key,
          destinationClusterId: action.destinationClusterId,
          approveAfterMove: action.approveAfterMove,
        },
      });
    case 'approveSelected':
      return callApi(endpoints.approveSelected, { body: action.keys });
    case 'approveSingles': {
      const { page: _p, pageSize: _s, orderBy: _o, ascending: _a, ...filter } = action.filter;
      return callApi(endpoints.approveSingles, { body: filter });
    }
  }
}

export function useCandidateAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void qc.invalidateQueries({ queryKey: noMatchKeys.all }),
  });
}
