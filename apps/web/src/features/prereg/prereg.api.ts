import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api';

/** The resident's own pre-registration record (GET /residents/{id}); not yet in the contracts. */
export interface ResidentRecord {
  id: number;
  fullName: string;
  status: number;
  groupId: number;
  propertyName: string;
  datePreRegistered?: string;
}

export const preregKeys = {
  all: ['prereg'] as const,
  resident: (id: number) => [...preregKeys.all, 'resident', id] as const,
};

export const residentQuery = (id: number) => queryOptions({ queryKey: preregKeys.resident(id), queryFn: () => api.get<ResidentRecord>(`/residents/${id}`) });
