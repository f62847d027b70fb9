// Waste matching's query keys, queries and mutations over callApi; the certificate link.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { wasteResultEndpoints, type EndpointInput, type EndpointResponse } from '@registry/contracts';
import { ApiError } from '../../lib/api';
import { callApi, fetchFile } from '../../lib/client';
import { approvedFilter, type GroupResultsSearch, type wasteResultsSearch } from './wasteresults.search';

export type WasteResultsParams = z.infer<typeof wasteResultsSearch>;
export type ResultSetRow = EndpointResponse<typeof wasteResultEndpoints.resultSets>['data'][number];
export type ResultSetView = EndpointResponse<typeof wasteResultEndpoints.resultSetById>;

export const wasteResultKeys = {
  all: ['wasteresults'] as const,
  lists: () => [...wasteResultKeys.all, 'list'] as const,
  list: (kind: 'all' | 'reruns', params: WasteResultsParams) => [...wasteResultKeys.lists(), kind, params] as const,
  set: (id: number) => [...wasteResultKeys.all, 'set', id] as const,
  preview: (id: number) => [...wasteResultKeys.all, 'preview', id] as const,
  rerun: () => [...wasteResultKeys.all, 'rerun'] as const,
  group: (groupId: number, params: GroupResultsSearch) =>
    [...wasteResultKeys.lists(), 'group', groupId, params] as const,
};

export type GroupResultRow = EndpointResponse<typeof wasteResultEndpoints.byGroup>['data'][number];

/** The waste results under a group (GET /wasteresults/getbygroup) for the URL state. */
export const groupResultsQuery = (groupId: number, p: GroupResultsSearch) =>
  callApi(wasteResultEndpoints.byGroup, {
    query: {
      selectedGroupId: groupId,
      page: p.page,
      pageSize: p.pageSize,
      orderBy: p.orderBy,
      ascending: p.ascending,
      samplenumber: p.samplenumber,
      samplestatus: p.samplestatus,
      matchResult: p.matchResult,
    },
  });

/** A result set as the group screens read it (for hasAccessToPetOwner before following the matched dog). */
export const fetchResultSet = (id: number) => callApi(wasteResultEndpoints.resultSetById, { params: { id } });

/** Emails the approved result to the property's primary admin; answers the server's text. */
export function useEmailPrimaryAdmin() {
  return useMutation({
    mutationFn: (resultSetId: number) =>
      callApi(wasteResultEndpoints.emailPrimaryAdmin, { query: { pooPrintsMatchResultSetId: resultSetId } }),
  });
}

export const resultSetsQuery = (kind: 'all' | 'reruns', params: WasteResultsParams) =>
  callApi(kind === 'all' ? wasteResultEndpoints.resultSets : wasteResultEndpoints.noMatchReruns, {
    query: {
      page: params.page,
      pageSize: params.pageSize,
      orderBy: params.orderBy,
      ascending: params.ascending,
      statusFilter: params.status,
      propertyNameFilter: params.propertyName,
      sampleNumberFilter: params.sampleNumber,
      isApprovedFilter: kind === 'all' ? approvedFilter(params.approved) : undefined,
    },
  });

export const resultSetQuery = (id: number) =>
  queryOptions({
    queryKey: wasteResultKeys.set(id),
    queryFn: () => callApi(wasteResultEndpoints.resultSetById, { params: { id } }),
  });

export const previewQuery = (id: number) =>
  queryOptions({
    queryKey: wasteResultKeys.preview(id),
    queryFn: () => callApi(wasteResultEndpoints.preview, { query: { matchResultSetId: id } }),
    staleTime: 0,
  });

/** The rerun's status, polled every 5 s while it is in progress. */
export const rerunStatusQuery = () =>
  queryOptions({
    queryKey: wasteResultKeys.rerun(),
    queryFn: () => callApi(wasteResultEndpoints.rerunStatus),
    refetchInterval: (query) => (query.state.data?.isInProgress ? 5000 : false),
  });

/** Downloads the match certificate PDF (with the bearer token) and saves it under the sample's number. */
export async function downloadCertificate(id: number, sampleNumber: string) {
  const blob = await fetchFile(
    wasteResultEndpoints.certificate,
    { query: { pooPrintsResultSetId: id } },
    'The certificate could not be loaded.',
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `match-certificate-${sampleNumber}.pdf`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: wasteResultKeys.all });
}

/** Approves a result; `confirm` approves a NoMatch although dog profiles of its property are under review. */
export function useApproveResult() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ resultId, confirm }: { resultId: number; confirm?: boolean }) =>
      callApi(wasteResultEndpoints.approve, { params: { id: resultId }, query: confirm ? { confirm: true } : {} }),
    onSuccess: invalidate,
  });
}

/** The sample numbers of a refused NoMatch approval's pending dog profiles (none for any other error). */
export function pendingProfilesOf(error: unknown): string[] {
  const body = error instanceof ApiError ? (error.body as { pendingSampleNumbers?: unknown }) : null;
  return Array.isArray(body?.pendingSampleNumbers) ? body.pendingSampleNumbers.map(String) : [];
}
export function useDeleteResult() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (resultId: number) => callApi(wasteResultEndpoints.deleteResult, { params: { id: resultId } }),
    onSuccess: invalidate,
  });
}
export type SaveRunInput = Omit<EndpointInput<typeof wasteResultEndpoints.saveRun>['body'], 'incrementRunCount'>;
export function useSaveRun(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: SaveRunInput) =>
      callApi(wasteResultEndpoints.saveRun, { params: { id }, body: { ...body, incrementRunCount: true } }),
    onSuccess: invalidate,
  });
}
export function useApproveSelected() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(wasteResultEndpoints.approveSelected, { body: ids }),
    onSuccess: invalidate,
  });
}
/** Approves every unapproved result set whose latest result is of this type (spec 3 "bulk approve by result type"). */
export function useApproveByResult() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (result: EndpointInput<typeof wasteResultEndpoints.approveByResult>['body']['result']) =>
      callApi(wasteResultEndpoints.approveByResult, { body: { result } }),
    onSuccess: invalidate,
  });
}
/** Approves every no-match rerun that now matches (POST approveallmatchingreruns). */
export function useApproveMatchingReruns() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: () => callApi(wasteResultEndpoints.approveMatchingReruns), onSuccess: invalidate });
}
/** Deletes every rerun result that came out Inconclusive (DELETE deleteallreruninconclusiveresults). */
export function useDeleteRerunInconclusive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => callApi(wasteResultEndpoints.deleteRerunInconclusive),
    onSuccess: invalidate,
  });
}
/** Edits one match result's notes (PUT /pooprintsmatchresult/updatenotes/{id}). */
export function useUpdateResultNotes() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ resultId, bioPetNotes }: { resultId: number; bioPetNotes: string | null }) =>
      callApi(wasteResultEndpoints.updateNotes, { params: { id: resultId }, body: { bioPetNotes } }),
    onSuccess: invalidate,
  });
}
export function useRerunAll() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => callApi(wasteResultEndpoints.rerunAll, { body: {} }),
    onSuccess: invalidate,
  });
}
export function useCancelRerun() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: () => callApi(wasteResultEndpoints.cancelRerun), onSuccess: invalidate });
}
