// Parentage calls for the screens: query keys under ['parentage'], the list, a puppy's result set, and the mutations
// (each refreshes every parentage query).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { parentageEndpoints, type EndpointInput, type EndpointResponse } from '@registry/contracts';
import { callApi, fetchFile } from '../../lib/client';

export type ParentagePetsParams = NonNullable<EndpointInput<typeof parentageEndpoints.pets>['query']>;
export type ParentageRow = EndpointResponse<typeof parentageEndpoints.pets>['data'][number];
export type ResultSet = EndpointResponse<typeof parentageEndpoints.byPet>;
export type MatchResult = ResultSet['results'][number];
export type ExecutedResult = EndpointResponse<typeof parentageEndpoints.execute>;
export type ExecuteBody = EndpointInput<typeof parentageEndpoints.execute>['body'];
export type RunResult = MatchResult['parentageMatchRunResult'];

export const parentageKeys = {
  all: ['parentage'] as const,
  list: (params: ParentagePetsParams) => [...parentageKeys.all, 'list', params] as const,
  set: (sampleNumber: string) => [...parentageKeys.all, 'set', sampleNumber] as const,
};

export const fetchParentagePets = (params: ParentagePetsParams) => callApi(parentageEndpoints.pets, { query: params });
export const resultSetQuery = (sampleNumber: string) =>
  queryOptions({
    queryKey: parentageKeys.set(sampleNumber),
    queryFn: () => callApi(parentageEndpoints.byPet, { query: { sampleNumber } }, { handleErrorsSpecifically: true }),
    retry: false,
  });
export const lookupResultSet = (sampleNumber: string) =>
  callApi(parentageEndpoints.resultSetBySampleNumber, { query: { sampleNumber } }, { handleErrorsSpecifically: true });

function useParentageMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: parentageKeys.all }),
  });
}

export const useExecuteTest = () =>
  useParentageMutation((body: ExecuteBody) => callApi(parentageEndpoints.execute, { body }));
export const useOverrideResult = () =>
  useParentageMutation((v: { setId: number; resultId: number; matchRunResult: RunResult; bioPetNotes: string }) =>
    callApi(parentageEndpoints.override, {
      params: { setId: v.setId, resultId: v.resultId },
      body: { matchRunResult: v.matchRunResult, bioPetNotes: v.bioPetNotes },
    }),
  );
export const useUpdateNotes = () =>
  useParentageMutation((v: { setId: number; resultId: number; notes: string }) =>
    callApi(parentageEndpoints.updateNotes, {
      body: { MatchResultSetId: v.setId, MatchResultId: v.resultId, BioPetNotes: v.notes },
    }),
  );
export const useDeleteResult = () =>
  useParentageMutation((v: { setId: number; resultId: number }) =>
    callApi(parentageEndpoints.deleteResult, { body: { matchResultId: v.resultId, matchResultSetId: v.setId } }),
  );

export type CertificateQuery = NonNullable<EndpointInput<typeof parentageEndpoints.certificate>['query']>;
/**
 * The proof-of-parentage certificate as a PDF blob (the bearer token cannot ride on a plain link): a dog's (its best
 * Certified result) or one result's.
 */
export const fetchCertificate = (query: CertificateQuery) =>
  fetchFile(parentageEndpoints.certificate, { query }, 'The certificate could not be loaded.');
