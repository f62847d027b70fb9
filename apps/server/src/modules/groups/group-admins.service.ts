// Admins of a group: the list (assigned, or with inherited admins of every ancestor), add an existing admin, remove
// (optionally deactivating), remove from all groups, set the primary admin. Assignment rules live in the admins service.
import { AdminFilter, GroupTypes, Messages, userRoleName } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { scopePaths } from '../../platform/scope.ts';
import {
  addToGroup,
  loadManagedAdmin,
  removeFromGroup,
  setActive,
  setPrimaryAssignment,
} from '../admins/admins.service.ts';
import { ancestorIds, assignedGroupsWithin, groupAdminsOf } from './group-admins.queries.ts';
import { loadGroup } from './groups.service.ts';

export async function listAdmins(ctx: SignedInContext, groupId: number, adminFilter: number) {
  const group = await loadGroup(ctx, groupId);
  const withInherited = adminFilter === AdminFilter.ActiveAndInherited;
  const rows = await groupAdminsOf(
    ctx.db,
    withInherited ? [...ancestorIds(group.path, group.id), group.id] : [group.id],
  );
  // An admin assigned here and above is listed once, as assigned here; otherwise by the nearest ancestor.
  const byAdmin = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    const seen = byAdmin.get(row.id);
    if (!seen || row.groupDepth > seen.groupDepth) byAdmin.set(row.id, row);
  }
  const admins = rows
    .filter((row) => byAdmin.get(row.id) === row)
    .map(({ groupId: assignedTo, groupDepth: _depth, ...row }) => ({
      ...row,
      role: userRoleName(row.roleId),
      isPrimaryAdmin: assignedTo === group.id && row.isPrimaryAdmin,
      isInherited: assignedTo !== group.id,
      inheritedFromGroupId: assignedTo === group.id ? null : assignedTo,
    }));
  return { admins, isHierarchyRoot: group.groupType === GroupTypes.HierarchyRoot };
}

export async function addExistingAdmin(ctx: SignedInContext, groupId: number, adminId: number) {
  await loadGroup(ctx, groupId);
  await addToGroup(ctx, adminId, groupId);
  return listAdmins(ctx, groupId, AdminFilter.Active);
}

/**
 * Removes an admin from the group, and deactivates them when asked, in one transaction. When exactly one admin
 * remains and they are not primary, the answer asks the client to offer making them primary.
 */
export async function removeAdmin(
  ctx: SignedInContext,
  groupId: number,
  adminId: number,
  deactivateAdmin: boolean,
  newPrimaryAdminId?: number,
) {
  await loadGroup(ctx, groupId);
  await withTransaction(ctx, async (_tx, txCtx) => {
    // Deactivate first: once removed, an admin with no other group is no longer within the caller's reach.
    if (deactivateAdmin) await setActive(txCtx, adminId, false);
    await removeFromGroup(txCtx, adminId, groupId, newPrimaryAdminId);
  });
  const list = await listAdmins(ctx, groupId, AdminFilter.Active);
  const promptMakePrimary = list.admins.length === 1 && !list.admins[0].isPrimaryAdmin;
  return { ...list, promptMakePrimary, remainingAdminId: promptMakePrimary ? list.admins[0].id : null };
}

/**
 * Removes the admin from every group of theirs that lies within the caller's groups. Where the admin is primary and
 * others remain, `newPrimaryAdmins` names who takes over in that group, as when removing from one group; a missing or
 * wrong choice refuses the whole removal (400 naming newPrimaryAdmins.<groupId>).
 */
export async function removeFromAllGroups(
  ctx: SignedInContext,
  adminId: number,
  newPrimaryAdmins: readonly { groupId: number; newPrimaryAdminId: number }[],
) {
  await loadManagedAdmin(ctx, adminId, 'admin.assignGroups');
  const groupIds = await assignedGroupsWithin(ctx.db, adminId, await scopePaths(ctx.db, ctx.caller));
  const chosen = new Map(newPrimaryAdmins.map((choice) => [choice.groupId, choice.newPrimaryAdminId]));
  await withTransaction(ctx, async (_tx, txCtx) => {
    for (const groupId of groupIds)
      await removeFromGroup(txCtx, adminId, groupId, chosen.get(groupId), `newPrimaryAdmins.${groupId}`);
  });
  return { message: Messages.removedFromAllGroups };
}

export async function setPrimaryAdmin(ctx: SignedInContext, groupId: number, adminId: number) {
  await loadGroup(ctx, groupId);
  await withTransaction(ctx, async (tx, txCtx) => {
    const before = await groupAdminsOf(tx, [groupId]);
    await setPrimaryAssignment(txCtx, adminId, groupId);
    const after = { primaryAdminId: adminId };
    await writeAudit(tx, ctx, {
      entityType: 'GroupAdmin',
      entityId: `${groupId}:${adminId}`,
      actionType: 'SetPrimary',
      before: { primaryAdminId: before.find((row) => row.isPrimaryAdmin)?.id ?? null },
      after,
    });
  });
  return listAdmins(ctx, groupId, AdminFilter.Active);
}
