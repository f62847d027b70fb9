// Ancestry fulfilment and the partner frame: query keys, queries and mutations over callApi.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ancestryEndpoints as e,
  partnerEndpoints,
  type EndpointInput,
  type EndpointResponse,
} from '@registry/contracts';
import { callApi } from '../../lib/client';
import type { fulfillmentSearch } from './ancestry.search';

export type FulfillmentRow = EndpointResponse<typeof e.list>['data'][number];
export type PlateAnswer = EndpointResponse<typeof e.generatePlate>;
export type BulkAnswer = EndpointResponse<typeof e.bulkImportPlate>;

export const ancestryKeys = {
  all: ['ancestry'] as const,
  list: (p: z.infer<typeof fulfillmentSearch>) => [...ancestryKeys.all, 'list', p] as const,
  counts: () => [...ancestryKeys.all, 'counts'] as const,
  genotypes: (id: number) => [...ancestryKeys.all, 'genotypes', id] as const,
  partner: () => ['partner', 'session'] as const,
};

export const fetchFulfillments = (p: z.infer<typeof fulfillmentSearch>) =>
  callApi(e.list, {
    query: {
      page: p.page,
      pageSize: p.pageSize,
      status: p.status,
      sampleNumber: p.sampleNumber,
      ancestryPlateNumber: p.ancestryPlateNumber,
      ascending: p.ascending,
    },
  });
export const countsQuery = () =>
  queryOptions({ queryKey: ancestryKeys.counts(), queryFn: () => callApi(e.countByStatus) });
export const genotypesQuery = (fulfillmentId: number) =>
  queryOptions({
    queryKey: ancestryKeys.genotypes(fulfillmentId),
    queryFn: () => callApi(e.genotypes, { query: { fulfillmentId } }),
  });
export const partnerSessionQuery = () =>
  queryOptions({
    queryKey: ancestryKeys.partner(),
    queryFn: () => callApi(partnerEndpoints.iframeSession),
    retry: false,
  });

type Body<K extends keyof typeof e> = EndpointInput<(typeof e)[K]>['body'];

/** One mutation per lab action; each refreshes the list and the counts. */
export function useFulfillmentAction<K extends keyof typeof e>(key: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<K>) =>
      callApi(e[key] as (typeof e)['markPicked'], { body: body as Body<'markPicked'> }) as Promise<
        EndpointResponse<(typeof e)[K]>
      >,
    onSuccess: () => client.invalidateQueries({ queryKey: ancestryKeys.all }),
  });
}

export function useRegisterPartner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(partnerEndpoints.register),
    onSuccess: () => client.invalidateQueries({ queryKey: ancestryKeys.partner() }),
  });
}
