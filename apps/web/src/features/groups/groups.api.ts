import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  GroupTypes,
  groupAdminEndpoints,
  groupEndpoints,
  type EndpointInput,
  type EndpointResponse,
  type GroupAdminRow,
  type GroupCreateRequest,
  type GroupUpdateRequest,
  type NewGroupAdmin,
  type RemoveFromAllGroupsRequest,
  type subgroupsQuery,
} from '@registry/contracts';
import { callApi, fetchFile } from '../../lib/client';
import { authKeys } from '../../lib/auth';
import { adminKeys } from '../admins/admins.api';

export type GroupDetails = EndpointResponse<typeof groupEndpoints.get>;
export type GroupTreeNode = EndpointResponse<typeof groupEndpoints.firstLevel>[number];
export type DashboardResponse = EndpointResponse<typeof groupEndpoints.dashboard>;
export type SubgroupRow = EndpointResponse<typeof groupEndpoints.subgroups>['data'][number];
export type CertificateCustomization = EndpointInput<typeof groupEndpoints.updateCertificateCustomization>['body'];
export type AdjacentAgreement = EndpointResponse<typeof groupEndpoints.adjacentAgreementsUnder>[number];
export type PetOwnerGroupRow = EndpointResponse<typeof groupEndpoints.petOwnerGroupsOfCurrentAdmin>['data'][number];
export type { GroupAdminRow };

/** The subgroups request without its group id, as the screen's URL state holds it. */
export type SubgroupParams = Omit<z.output<typeof subgroupsQuery>, 'groupId'>;

export const groupKeys = {
  all: ['groups'] as const,
  tree: () => [...groupKeys.all, 'tree'] as const,
  firstLevel: () => [...groupKeys.tree(), 'first'] as const,
  children: (id: number, inactive: boolean) => [...groupKeys.tree(), 'children', id, inactive] as const,
  detail: (id: number) => [...groupKeys.all, 'detail', id] as const,
  menu: (id: number) => [...groupKeys.all, 'detail', id, 'menu'] as const,
  admins: (id: number, filter: number) => [...groupKeys.all, 'detail', id, 'admins', filter] as const,
  dashboard: (id: number, mode: number) => [...groupKeys.all, 'detail', id, 'dashboard', mode] as const,
  certificate: (id: number) => [...groupKeys.all, 'detail', id, 'certificate'] as const,
  agreements: (id: number) => [...groupKeys.all, 'detail', id, 'agreements'] as const,
  preReg: (id: number) => [...groupKeys.all, 'detail', id, 'prereg'] as const,
  subgroups: (params: SubgroupParams & { groupId: number }) => [...groupKeys.all, 'subgroups', params] as const,
  petOwnerGroups: (params: object) => [...groupKeys.all, 'petownergroups', params] as const,
};

export const groupQuery = (id: number) =>
  queryOptions({ queryKey: groupKeys.detail(id), queryFn: () => callApi(groupEndpoints.get, { params: { id } }) });
export const groupMenuQuery = (id: number) =>
  queryOptions({ queryKey: groupKeys.menu(id), queryFn: () => callApi(groupEndpoints.menu, { params: { id } }) });
export const firstLevelGroupsQuery = () =>
  queryOptions({ queryKey: groupKeys.firstLevel(), queryFn: () => callApi(groupEndpoints.firstLevel) });
const fetchGroupChildren = (id: number, inactive: boolean) =>
  callApi(groupEndpoints.children, { params: { id }, query: { inactive: inactive || undefined } });
export const groupChildrenQuery = (id: number, inactive: boolean) =>
  queryOptions({ queryKey: groupKeys.children(id, inactive), queryFn: () => fetchGroupChildren(id, inactive) });
export const groupAdminsQuery = (id: number, adminFilter: number) =>
  queryOptions({
    queryKey: groupKeys.admins(id, adminFilter),
    queryFn: () => callApi(groupAdminEndpoints.list, { params: { id }, query: { adminFilter } }),
  });
export const dashboardQuery = (id: number, mode: number) =>
  queryOptions({
    queryKey: groupKeys.dashboard(id, mode),
    queryFn: () => callApi(groupEndpoints.dashboard, { query: { groupId: id, dashboardMode: mode } }),
  });
export const certificateQuery = (id: number) =>
  queryOptions({
    queryKey: groupKeys.certificate(id),
    queryFn: () => callApi(groupEndpoints.certificateCustomization, { params: { id } }),
  });
export const agreementsQuery = (id: number) =>
  queryOptions({
    queryKey: groupKeys.agreements(id),
    queryFn: () => callApi(groupEndpoints.adjacentAgreementsUnder, { params: { id } }),
  });
export const preRegLinkQuery = (id: number) =>
  queryOptions({
    queryKey: groupKeys.preReg(id),
    queryFn: () => callApi(groupEndpoints.preRegistrationLink, { params: { id } }),
  });

/** The property's printable pre-registration flyer (a PDF), fetched with the bearer token. */
export const fetchPreRegFlyer = (id: number): Promise<Blob> =>
  fetchFile(groupEndpoints.preRegistrationFlyer, { params: { id } }, 'The flyer could not be loaded.');

export function fetchSubgroups(groupId: number, p: SubgroupParams) {
  return callApi(groupEndpoints.subgroups, { query: { groupId, ...p } });
}
export function fetchPetOwnerGroups(params: { name?: string; page: number; pageSize: number }) {
  return callApi(groupEndpoints.petOwnerGroupsOfCurrentAdmin, {
    query: { ...params, name: params.name?.trim() || undefined },
  });
}

/**
 * Group structure changes touch the tree, every group's details and lists, and the signed-in user's group lists;
 * `alsoTouches` names further keys a particular call changes.
 */
function useGroupMutation<TVars, TResult>(
  fn: (vars: TVars) => Promise<TResult>,
  alsoTouches?: (vars: TVars) => QueryKey[],
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_result, vars) => {
      void qc.invalidateQueries({ queryKey: groupKeys.all });
      void qc.invalidateQueries({ queryKey: authKeys.assignedGroups() });
      for (const queryKey of alsoTouches?.(vars) ?? []) void qc.invalidateQueries({ queryKey });
    },
  });
}

/** The per-type add-group calls of the spec. */
const CREATE_ENDPOINT = {
  [GroupTypes.ManagementGroup]: groupEndpoints.createManagementGroup,
  [GroupTypes.Distributorship]: groupEndpoints.createDistributorship,
  [GroupTypes.ParentageGroup]: groupEndpoints.createParentageGroup,
  [GroupTypes.Property]: groupEndpoints.createProperty,
  [GroupTypes.DistributorshipManagementGroup]: groupEndpoints.createDistributorshipManagementGroup,
} as Record<number, typeof groupEndpoints.createProperty>;
export const groupRequested = (id: number) => callApi(groupEndpoints.groupRequested, { params: { id } });
export const useCreateGroup = () =>
  useGroupMutation(({ groupType, body }: { groupType: number; body: GroupCreateRequest }) =>
    callApi(CREATE_ENDPOINT[groupType], { body: { ...body, groupType } }),
  );
export const useUpdateGroup = (id: number) =>
  useGroupMutation((body: GroupUpdateRequest) => callApi(groupEndpoints.update, { params: { id }, body }));
export const useDeleteGroup = () =>
  useGroupMutation(({ id, confirmation }: { id: number; confirmation: string }) =>
    callApi(groupEndpoints.delete, { params: { id }, query: { confirmation } }),
  );
export const useMoveGroup = () =>
  useGroupMutation((body: { parentId: number; childId: number }) => callApi(groupEndpoints.move, { body }));
export const useSetGroupActive = () =>
  useGroupMutation(({ groupId, active }: { groupId: number; active: boolean }) =>
    callApi(active ? groupEndpoints.activate : groupEndpoints.deactivate, { body: { groupId } }),
  );
export const useBulkTransfer = () =>
  useGroupMutation(({ targetId, ids }: { targetId: number; ids: number[] }) =>
    callApi(groupEndpoints.bulkTransfer, { params: { id: targetId }, body: { transferGroupIds: ids } }),
  );
export const useUpdateCertificate = (id: number) =>
  useGroupMutation((body: CertificateCustomization) =>
    callApi(groupEndpoints.updateCertificateCustomization, { params: { id }, body }),
  );
export const useAdjacentProperty = () =>
  useGroupMutation(
    ({ add, propertyId, adjacentPropertyId }: { add: boolean; propertyId: number; adjacentPropertyId: number }) =>
      callApi(add ? groupEndpoints.addAdjacentProperty : groupEndpoints.removeAdjacentProperty, {
        body: { propertyId, adjacentPropertyId },
      }),
  );
export const useCreateGroupAdmin = (id: number) =>
  useGroupMutation((body: NewGroupAdmin) => callApi(groupAdminEndpoints.create, { params: { id }, body }));
export const useAddExistingAdmin = (id: number) =>
  useGroupMutation((adminId: number) => callApi(groupAdminEndpoints.addExisting, { params: { id, adminId } }));
/** Removes an admin from the group, and deactivates them when asked: that also changes the admin's own pages. */
export const useRemoveGroupAdmin = (id: number) =>
  useGroupMutation(
    ({
      adminId,
      deactivateAdmin,
      newPrimaryAdminId,
    }: {
      adminId: number;
      deactivateAdmin: boolean;
      newPrimaryAdminId?: number;
    }) =>
      callApi(groupAdminEndpoints.remove, {
        params: { id, adminId },
        query: { deactivateAdmin: deactivateAdmin || undefined, newPrimaryAdminId },
      }),
    ({ deactivateAdmin }) => (deactivateAdmin ? [adminKeys.all] : []),
  );
export const useSetPrimaryAdmin = (id: number) =>
  useGroupMutation((adminId: number) => callApi(groupAdminEndpoints.setPrimary, { params: { id, adminId } }));
/** Removes the admin from all groups within the caller's, naming the new primary admin where they were primary. */
export const useRemoveFromAllGroups = () =>
  useGroupMutation(
    ({
      adminId,
      newPrimaryAdmins,
    }: {
      adminId: number;
      newPrimaryAdmins: RemoveFromAllGroupsRequest['newPrimaryAdmins'];
    }) => callApi(groupAdminEndpoints.removeFromAllGroups, { params: { id: adminId }, body: { newPrimaryAdmins } }),
    () => [adminKeys.all],
  );
