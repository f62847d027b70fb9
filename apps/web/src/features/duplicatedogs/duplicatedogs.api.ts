// Duplicate dog report, similar profiles and gender-mismatch calls: query keys under ['duplicatedogs'].
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { duplicateDogEndpoints, type EndpointInput, type EndpointResponse } from '@registry/contracts';
import { callApi } from '../../lib/client';

export type DuplicateReportParams = NonNullable<EndpointInput<typeof duplicateDogEndpoints.report>['query']>;
export type Cluster = EndpointResponse<typeof duplicateDogEndpoints.report>['data'][number];
export type SimilarParams = EndpointInput<typeof duplicateDogEndpoints.similar>['query'];
export type RelativesParams = EndpointInput<typeof duplicateDogEndpoints.relatives>['query'];

export const duplicateKeys = {
  all: ['duplicatedogs'] as const,
  report: (params: DuplicateReportParams) => [...duplicateKeys.all, 'report', params] as const,
  similar: (params: SimilarParams) => [...duplicateKeys.all, 'similar', params] as const,
  relatives: (params: RelativesParams) => [...duplicateKeys.all, 'relatives', params] as const,
};

export const fetchDuplicateReport = (params: DuplicateReportParams) =>
  callApi(duplicateDogEndpoints.report, { query: params });
export const fetchSimilar = (params: SimilarParams) =>
  callApi(duplicateDogEndpoints.similar, { query: params }, { handleErrorsSpecifically: true });
export const fetchRelatives = (params: RelativesParams) =>
  callApi(duplicateDogEndpoints.relatives, { query: params }, { handleErrorsSpecifically: true });

export function useSetReviewed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reviewed }: { id: number; reviewed: boolean }) =>
      callApi(reviewed ? duplicateDogEndpoints.markReviewed : duplicateDogEndpoints.returnToPending, { body: { id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: duplicateKeys.all }),
  });
}
