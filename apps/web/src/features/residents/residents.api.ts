import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { residentEndpoints, type EndpointInput, type EndpointResponse } from '@registry/contracts';
import { callApi } from '../../lib/client';
import type { MoveOutsSearch, PreregistrationSearch, ResidentsSearch } from './residents.search';

export type ResidentRow = EndpointResponse<typeof residentEndpoints.list>['data'][number];
export type MoveOutRow = EndpointResponse<typeof residentEndpoints.moveOuts>['data'][number];
export type ResidentDetails = EndpointResponse<typeof residentEndpoints.details>;
export type ApproveBody = NonNullable<EndpointInput<typeof residentEndpoints.approve>['body']>;
export type NewDog = NonNullable<EndpointInput<typeof residentEndpoints.addDog>['body']>;

export const residentKeys = {
  all: ['residents'] as const,
  lists: () => [...residentKeys.all, 'list'] as const,
  list: (groupId: number, kind: 'residents' | 'prereg' | 'moveouts', params: object) =>
    [...residentKeys.lists(), groupId, kind, params] as const,
  details: (id: number) => [...residentKeys.all, 'details', id] as const,
};

export const fetchResidents = (groupId: number, params: ResidentsSearch) =>
  callApi(residentEndpoints.list, { params: { groupId }, query: params });
export const fetchPreRegistrations = (groupId: number, params: PreregistrationSearch) =>
  callApi(residentEndpoints.preregList, { params: { groupId }, query: params });
export const fetchMoveOuts = (groupId: number, params: MoveOutsSearch) =>
  callApi(residentEndpoints.moveOuts, { params: { groupId }, query: params });

export const residentDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: residentKeys.details(id),
    queryFn: () => callApi(residentEndpoints.details, { params: { id } }),
  });

/** Every resident change refreshes the lists and details (and the group tallies the dashboard shows). */
function useResidentMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: residentKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['groups'] });
    },
  });
}

export const useApproveResident = () =>
  useResidentMutation(({ id, body }: { id: number; body: ApproveBody }) =>
    callApi(residentEndpoints.approve, { params: { id }, body }),
  );
export type ResidentUpdate = NonNullable<EndpointInput<typeof residentEndpoints.update>['body']>;
export const useUpdateResident = () =>
  useResidentMutation((body: ResidentUpdate) => callApi(residentEndpoints.update, { body }));
export const useDeleteResident = () =>
  useResidentMutation((id: number) => callApi(residentEndpoints.remove, { params: { id } }));
export const useAddDog = () =>
  useResidentMutation(({ residentId, dog }: { residentId: number; dog: NewDog }) =>
    callApi(residentEndpoints.addDog, { params: { residentId }, body: dog }),
  );
export const useDeleteDog = () =>
  useResidentMutation(
    ({ residentId, dogId, confirmName }: { residentId: number; dogId: number; confirmName: string }) =>
      callApi(residentEndpoints.deleteDog, { params: { residentId, dogId }, query: { confirmName } }),
  );
export const useBulkMoveOut = () =>
  useResidentMutation(({ groupId, residentIds }: { groupId: number; residentIds: number[] }) =>
    callApi(residentEndpoints.bulkMoveOut, { params: { groupId }, body: { residentIds } }),
  );
export const useBulkTransferResidents = () =>
  useResidentMutation(
    ({ groupId, destinationId, residentIds }: { groupId: number; destinationId: number; residentIds: number[] }) =>
      callApi(residentEndpoints.bulkTransfer, { params: { groupId }, body: { destinationId, residentIds } }),
  );
