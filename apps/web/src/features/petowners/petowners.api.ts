import { queryOptions } from '@tanstack/react-query';
import { petOwnerEndpoints } from '@registry/contracts';
import { callApi } from '../../app/client';

export interface PetOwnerSearchParams {
  page: number;
  pageSize: number;
  name?: string;
  userName?: string;
}

export const petOwnerKeys = {
  all: ['petowners'] as const,
  detail: (id: number) => [...petOwnerKeys.all, 'detail', id] as const,
  search: (params: PetOwnerSearchParams) => [...petOwnerKeys.all, 'search', params] as const,
};

export const petOwnerQuery = (id: number) =>
  queryOptions({
    queryKey: petOwnerKeys.detail(id),
    queryFn: () => callApi(petOwnerEndpoints.get, { params: { id } }),
  });

export const petOwnerSearchQuery = (params: PetOwnerSearchParams) =>
  queryOptions({
    queryKey: petOwnerKeys.search(params),
    queryFn: () => callApi(petOwnerEndpoints.search, { query: { ...params } }),
  });
