import { queryOptions } from '@tanstack/react-query';
import { residentEndpoints, type EndpointResponse } from '@registry/contracts';
import { callApi } from '../../app/client';

/** The resident's own pre-registration record. */
export type ResidentRecord = EndpointResponse<typeof residentEndpoints.get>;

export const preregKeys = {
  all: ['prereg'] as const,
  resident: (id: number) => [...preregKeys.all, 'resident', id] as const,
};

export const residentQuery = (id: number) =>
  queryOptions({
    queryKey: preregKeys.resident(id),
    queryFn: () => callApi(residentEndpoints.get, { params: { id } }),
  });
