// API key calls (issue 42): a group's keys, create (the key answered once), revoke.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyEndpoints, type EndpointInput, type EndpointResponse } from '@registry/contracts';
import { callApi } from '../../lib/client';

export type ApiKey = EndpointResponse<typeof apiKeyEndpoints.list>['data'][number];
export type ApiKeyCreate = EndpointInput<typeof apiKeyEndpoints.create>['body'];

const apiKeyKeys = {
  all: ['apikeys'] as const,
  ofGroup: (groupId: number, includeInactive: boolean) => [...apiKeyKeys.all, groupId, includeInactive] as const,
};

export const groupApiKeysQuery = (groupId: number, includeInactive: boolean) =>
  queryOptions({
    queryKey: apiKeyKeys.ofGroup(groupId, includeInactive),
    queryFn: () => callApi(apiKeyEndpoints.list, { query: { groupId, includeInactive, page: 1, pageSize: 200 } }),
  });

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) => callApi(apiKeyEndpoints.create, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(apiKeyEndpoints.revoke, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
