import { queryOptions } from '@tanstack/react-query';
import type { ResidentView } from '@registry/contracts';
import { api } from '../../app/api';

/** The resident's own pre-registration record (GET /residents/{id}). */
export type ResidentRecord = ResidentView;

export const preregKeys = {
  all: ['prereg'] as const,
  resident: (id: number) => [...preregKeys.all, 'resident', id] as const,
};

export const residentQuery = (id: number) => queryOptions({ queryKey: preregKeys.resident(id), queryFn: () => api.get<ResidentRecord>(`/residents/${id}`) });
