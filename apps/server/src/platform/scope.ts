// The one group-scope rule: which groups, admins, pet owners and residents a caller may see. Provider staff see the
// whole registry; everyone else sees the groups assigned to them and everything beneath those (materialised paths).
// Whatever lies outside is answered exactly like an id that does not exist, so ids cannot be probed.
// The SQL conditions of the rule, which other modules' queries compose, are in scope.queries.ts.
import { UserRole, isProviderStaffRole } from '@registry/contracts';
import type { Db } from '../db/client.ts';
import type { Caller, SignedInContext } from './context.ts';
import { notFound } from './errors.ts';
import * as q from './scope.queries.ts';

export { assignedGroupPaths, isGroupInScope } from './scope.queries.ts';

type Scoped = Pick<Caller, 'userId' | 'isProviderStaff' | 'apiKey'>;

/** Roles that manage admins (and so see the admin screens). */
export const ADMIN_MANAGER_ROLES: readonly number[] = [
  UserRole.BioPetLabAdmin,
  UserRole.BioPetCustomerServiceAdmin,
  UserRole.BioPetOfficeAdmin,
  UserRole.Distributor,
  UserRole.ManagementFirmManager,
  UserRole.ParentageManager,
  UserRole.PropertyManager,
];

/** In memory: the path lies under one of the scope's paths (a null scope is the whole registry). */
export const pathInScope = (path: string, scope: readonly string[] | null): boolean =>
  scope === null || scope.some((root) => path.startsWith(root));

/** The caller's scope as paths, or null for provider staff (the whole registry). */
export async function scopePaths(db: Db, caller: Scoped): Promise<string[] | null> {
  if (caller.apiKey) return [...caller.apiKey.paths];
  return caller.isProviderStaff ? null : q.assignedGroupPaths(db, caller.userId);
}

export const groupNotFound = () => notFound('Group not found.');

/** The group, when it exists and lies in the caller's scope; otherwise the same 404 either way. */
export async function loadGroupInScope(ctx: SignedInContext, groupId: number) {
  const group = await q.groupInScopeById(ctx.db, ctx.caller, groupId);
  if (!group) throw groupNotFound();
  return group;
}

export async function assertGroupInScope(ctx: SignedInContext, groupId: number): Promise<void> {
  await loadGroupInScope(ctx, groupId);
}

export async function isPetOwnerInScope(db: Db, caller: Scoped, petOwnerId: number): Promise<boolean> {
  if (caller.isProviderStaff) return true;
  return q.isPetOwnerInScopeOf(db, caller, petOwnerId);
}

/**
 * May the caller manage this admin (the admin-manageability scope)? Provider staff manage everyone; other admin
 * managers manage themselves and admins who are not provider staff and who sit in a group within the caller's scope.
 */
export async function canManageAdmin(db: Db, caller: Caller, admin: { id: number; roleId: number }): Promise<boolean> {
  if (caller.isProviderStaff) return true;
  if (!ADMIN_MANAGER_ROLES.includes(caller.roleId) || isProviderStaffRole(admin.roleId)) return false;
  if (admin.id === caller.userId && !caller.apiKey) return true;
  return q.isManagedAdmin(db, caller, admin);
}
