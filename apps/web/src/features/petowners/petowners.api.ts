import { queryOptions } from '@tanstack/react-query';
import type { Paged, PetOwnerSearchRow, PetOwnerView } from '@registry/contracts';
import { api } from '../../app/api';

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
  queryOptions({ queryKey: petOwnerKeys.detail(id), queryFn: () => api.get<PetOwnerView>(`/petowner/${id}`) });

export const petOwnerSearchQuery = (params: PetOwnerSearchParams) =>
  queryOptions({
    queryKey: petOwnerKeys.search(params),
    queryFn: () => api.get<Paged<PetOwnerSearchRow>>('/petowner/searchpetowners', { ...params }),
  });
