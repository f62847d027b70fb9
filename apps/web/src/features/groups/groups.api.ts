import { queryOptions } from '@tanstack/react-query';
import type { GroupSummary } from '@registry/contracts';
import { api } from '../../app/api';

/** The dashboard issue will extend this with the full group details shape. */
export type GroupHeader = GroupSummary & { email?: string | null; phone?: string | null };

export const groupKeys = {
  all: ['groups'] as const,
  detail: (id: number) => [...groupKeys.all, 'detail', id] as const,
};

export const groupQuery = (id: number) => queryOptions({ queryKey: groupKeys.detail(id), queryFn: () => api.get<GroupHeader>(`/group/${id}`) });
