// Pet owner calls: the owner record and its actions, group membership and history, the group's owner lists and the
// registration agreement download. Every mutation refreshes the owner and the lists that show them.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountEndpoints,
  petOwnerEndpoints,
  type EndpointResponse,
  type AddPetsRequest,
  type NewPetOwnerRequest,
  type PetOwnerUpdateRequest,
} from '@registry/contracts';
import { callApi, fetchFile } from '../../lib/client';
import type { GroupPetOwnersSearch, UnassignedPetOwnersSearch } from './petowners.search';

export type GroupHistoryEntry = EndpointResponse<typeof petOwnerEndpoints.groupHistory>[number];
export type GroupPetOwnerRow = EndpointResponse<typeof petOwnerEndpoints.groupPetOwners>['data'][number];
export type UnassignedRow = EndpointResponse<typeof petOwnerEndpoints.unassigned>['data'][number];

export interface PetOwnerSearchParams {
  page: number;
  pageSize: number;
  name?: string;
  userName?: string;
}

export const petOwnerKeys = {
  all: ['petowners'] as const,
  detail: (id: number) => [...petOwnerKeys.all, 'detail', id] as const,
  history: (id: number) => [...petOwnerKeys.all, 'detail', id, 'history'] as const,
  securityQuestion: (id: number) => [...petOwnerKeys.all, 'detail', id, 'securityquestion'] as const,
  search: (params: PetOwnerSearchParams) => [...petOwnerKeys.all, 'search', params] as const,
  groupList: (groupId: number, movedOut: boolean, params: GroupPetOwnersSearch) =>
    [...petOwnerKeys.all, 'group', groupId, movedOut ? 'moveouts' : 'members', params] as const,
  unassigned: (params: UnassignedPetOwnersSearch) => [...petOwnerKeys.all, 'unassigned', params] as const,
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

export const groupHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: petOwnerKeys.history(id),
    queryFn: () => callApi(petOwnerEndpoints.groupHistory, { params: { id } }),
  });

export const securityQuestionQuery = (id: number) =>
  queryOptions({
    queryKey: petOwnerKeys.securityQuestion(id),
    queryFn: () => callApi(petOwnerEndpoints.securityQuestion, { params: { id } }),
  });

const trimmed = (text: string | undefined) => text?.trim() || undefined;

export function fetchGroupPetOwners(groupId: number, movedOut: boolean, params: GroupPetOwnersSearch) {
  const query = {
    page: params.page,
    pageSize: params.pageSize,
    orderBy: params.orderBy,
    ascending: params.ascending,
    name: trimmed(params.name),
    userName: trimmed(params.userName),
    email: trimmed(params.email),
  };
  return movedOut
    ? callApi(petOwnerEndpoints.moveOuts, { params: { groupId }, query })
    : callApi(petOwnerEndpoints.groupPetOwners, { params: { groupId }, query });
}

export const fetchUnassigned = (params: UnassignedPetOwnersSearch) =>
  callApi(petOwnerEndpoints.unassigned, {
    query: { page: params.page, pageSize: params.pageSize, name: trimmed(params.name) },
  });

/** Every owner mutation refreshes every pet owner key: the owner, their history, and the lists showing them. */
function usePetOwnerMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Awaited, so the dialog waiting on it closes only once the screen shows the result.
    onSuccess: () => qc.invalidateQueries({ queryKey: petOwnerKeys.all }),
  });
}

export const useUpdatePetOwner = (id: number) =>
  usePetOwnerMutation((body: PetOwnerUpdateRequest) => callApi(petOwnerEndpoints.update, { params: { id }, body }));
export const useActivatePetOwner = (id: number) =>
  usePetOwnerMutation(() => callApi(petOwnerEndpoints.activate, { params: { id } }));
export const useDeactivatePetOwner = (id: number) =>
  usePetOwnerMutation(() => callApi(petOwnerEndpoints.deactivate, { params: { id } }));
export const useResetPetOwnerPassword = (id: number) =>
  useMutation({ mutationFn: () => callApi(accountEndpoints.resetPetOwnerPassword, { body: { petOwnerId: id } }) });
export const useAddPetOwnerToGroup = () =>
  usePetOwnerMutation((vars: { groupId: number; id: number }) =>
    callApi(petOwnerEndpoints.addToGroup, { params: vars }),
  );
export const useMovePetOwnerOut = () =>
  usePetOwnerMutation((vars: { groupId: number; id: number; sendMoveOutEmail: boolean }) =>
    callApi(petOwnerEndpoints.moveOut, {
      params: { groupId: vars.groupId, id: vars.id },
      query: { sendMoveOutEmail: vars.sendMoveOutEmail },
    }),
  );
export const useRemoveFromAllGroups = (id: number) =>
  usePetOwnerMutation(() => callApi(petOwnerEndpoints.removeFromAllGroups, { params: { id } }));
export const useDeleteHistoryEntry = () =>
  usePetOwnerMutation((historyId: number) =>
    callApi(petOwnerEndpoints.deleteHistoryEntry, { params: { id: historyId } }),
  );
export const useCreatePetOwner = (groupId: number) =>
  usePetOwnerMutation((body: NewPetOwnerRequest) =>
    callApi(petOwnerEndpoints.createInGroup, { params: { groupId }, body }),
  );

export const useAddPets = (id: number) =>
  usePetOwnerMutation((body: AddPetsRequest) =>
    callApi(petOwnerEndpoints.addPets, { body: { ...body, petOwnerId: id } }),
  );

export function useDeletePetOwner(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(petOwnerEndpoints.delete, { params: { id } }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: petOwnerKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: petOwnerKeys.all });
    },
  });
}

/**
 * The registration agreement as a PDF blob: fetched with the bearer token (a plain link cannot send it), then opened
 * by the caller as an object URL.
 */
export function fetchRegistrationAgreement(petOwnerId: number, groupId: number): Promise<Blob> {
  return fetchFile(
    petOwnerEndpoints.registrationAgreement,
    { query: { petOwnerId, groupId } },
    'The agreement could not be loaded.',
  );
}
