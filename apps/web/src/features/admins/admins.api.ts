import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  AdminFilter,
  accountEndpoints,
  adminEndpoints,
  groupAdminEndpoints,
  type AdminUpdateRequest,
  type EndpointResponse,
} from '@registry/contracts';
import { byName, type PrimarySuccession } from '../../components/NewPrimaryAdminPick';
import { callApi } from '../../lib/client';
import type { adminSearchParams } from './admins.search';

export type AdminSearchParams = z.infer<typeof adminSearchParams>;
export type AdminGroup = EndpointResponse<typeof adminEndpoints.groups>[number];
export type RoleOption = EndpointResponse<typeof accountEndpoints.allAdminRoles>[number];

export const adminKeys = {
  all: ['admins'] as const,
  search: (params: AdminSearchParams) => [...adminKeys.all, 'search', params] as const,
  detail: (id: number) => [...adminKeys.all, 'detail', id] as const,
  groups: (id: number) => [...adminKeys.all, 'detail', id, 'groups'] as const,
  securityQuestion: (id: number) => [...adminKeys.all, 'detail', id, 'securityquestion'] as const,
  roles: () => [...adminKeys.all, 'roles'] as const,
  creatableRoles: (groupType: number) => [...adminKeys.all, 'roles', 'creatable', groupType] as const,
};

/** Spec 1 §5: admin search trims name and email and sends only non-empty ones. */
export function searchAdmins(params: AdminSearchParams) {
  return callApi(adminEndpoints.search, {
    query: {
      page: params.page,
      pageSize: params.pageSize,
      orderBy: params.orderBy,
      ascending: params.ascending,
      name: params.name?.trim() || undefined,
      email: params.email?.trim() || undefined,
    },
  });
}

export const adminQuery = (id: number) =>
  queryOptions({ queryKey: adminKeys.detail(id), queryFn: () => callApi(adminEndpoints.get, { params: { id } }) });
export const adminGroupsQuery = (id: number) =>
  queryOptions({ queryKey: adminKeys.groups(id), queryFn: () => callApi(adminEndpoints.groups, { params: { id } }) });
export const securityQuestionQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.securityQuestion(id),
    queryFn: () => callApi(adminEndpoints.securityQuestion, { params: { id } }),
  });
export const adminRolesQuery = () =>
  queryOptions({
    queryKey: adminKeys.roles(),
    queryFn: () => callApi(accountEndpoints.allAdminRoles),
    staleTime: Infinity,
  });
/** Roles the caller may give a new admin of a group of this type. */
export const creatableAdminRolesQuery = (groupType: number) =>
  queryOptions({
    queryKey: adminKeys.creatableRoles(groupType),
    queryFn: () => callApi(accountEndpoints.creatableAdminRoles, { query: { groupType } }),
    staleTime: Infinity,
  });

/** Every admin mutation refreshes that admin's keys and any search results showing it. */
function useAdminMutation<TVars, TResult>(id: number, fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Awaited, so a mutation (and the confirmation dialog waiting on it) ends only once the screen shows its result:
    // until then the admin's status and the actions offered for it are the old ones.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: adminKeys.detail(id) }),
        qc.invalidateQueries({ queryKey: [...adminKeys.all, 'search'] }),
      ]),
  });
}

export const useUpdateAdmin = (id: number) =>
  useAdminMutation(id, (body: AdminUpdateRequest) =>
    callApi(adminEndpoints.update, { params: { id }, body: { ...body, adminId: id } }),
  );
export const useActivateAdmin = (id: number) =>
  useAdminMutation(id, () => callApi(adminEndpoints.activate, { params: { id } }));
export const useDeactivateAdmin = (id: number) =>
  useAdminMutation(id, () => callApi(adminEndpoints.deactivate, { params: { id } }));
export const useResetAdminPassword = (id: number) =>
  useMutation({ mutationFn: () => callApi(accountEndpoints.resetAdminPassword, { query: { id } }) });
export const useAddAdminToGroup = (id: number) =>
  useAdminMutation(id, (groupId: number) => callApi(adminEndpoints.addToGroup, { params: { id, groupId } }));
export const useRemoveAdminFromGroup = (id: number) =>
  useAdminMutation(id, ({ groupId, newPrimaryAdminId }: { groupId: number; newPrimaryAdminId?: number }) =>
    callApi(adminEndpoints.removeFromGroup, { params: { id, groupId }, query: { newPrimaryAdminId } }),
  );

/**
 * The groups (of `groupIds`, or all of the admin's) where the admin is primary and other admins of the group itself
 * remain, with those admins by name: where removing the admin asks who becomes primary.
 */
export async function primarySuccessions(
  queryClient: QueryClient,
  adminId: number,
  groupIds?: readonly number[],
): Promise<PrimarySuccession[]> {
  const groups = await queryClient.fetchQuery(adminGroupsQuery(adminId));
  const primaryOf = groups.filter((g) => g.isPrimaryAdmin && (!groupIds || groupIds.includes(g.id)));
  const lists = await Promise.all(
    primaryOf.map((g) =>
      callApi(groupAdminEndpoints.list, { params: { id: g.id }, query: { adminFilter: AdminFilter.Active } }),
    ),
  );
  return primaryOf
    .map((g, i) => ({
      groupId: g.id,
      groupName: g.name,
      candidates: byName(lists[i].admins.filter((admin) => admin.id !== adminId && !admin.isInherited)),
    }))
    .filter((succession) => succession.candidates.length > 0);
}

export function useDeleteAdmin(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(adminEndpoints.delete, { params: { id } }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: adminKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: [...adminKeys.all, 'search'] });
    },
  });
}
