// Who may call what: route-level rules, and the group scope (assigned groups and everything beneath them).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { UserRole, isProviderStaffRole, type Access } from '@registry/contracts';
import type { Db } from '../db/client.ts';
import { groupAdmins, groups } from '../db/schema/index.ts';
import type { Caller, RequestContext, SignedInContext } from './context.ts';
import { forbidden, notFound, unauthorized } from './errors.ts';

export type { Access };

export const ADMIN_MANAGER_ROLES: readonly number[] = [
  UserRole.BioPetLabAdmin,
  UserRole.BioPetCustomerServiceAdmin,
  UserRole.BioPetOfficeAdmin,
  UserRole.Distributor,
  UserRole.ManagementFirmManager,
  UserRole.ParentageManager,
  UserRole.PropertyManager,
];

export function callerMeets(caller: Caller | null, access: Access): 'ok' | 'unauthenticated' | 'forbidden' {
  if (access === 'anonymous') return 'ok';
  if (!caller) return 'unauthenticated';
  switch (access) {
    case 'signedIn':
      return 'ok';
    case 'admin':
      return caller.isAdmin ? 'ok' : 'forbidden';
    case 'adminManager':
      return ADMIN_MANAGER_ROLES.includes(caller.roleId) ? 'ok' : 'forbidden';
    case 'providerStaff':
      return caller.isProviderStaff ? 'ok' : 'forbidden';
    default:
      return access.includes(caller.roleId) ? 'ok' : 'forbidden';
  }
}

export function requireCaller(ctx: RequestContext): asserts ctx is SignedInContext {
  if (!ctx.caller) throw unauthorized();
}

/** Paths of the groups assigned directly to an admin; their subtrees are the admin's scope. */
export async function assignedGroupPaths(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ path: groups.path })
    .from(groupAdmins)
    .innerJoin(groups, eq(groups.id, groupAdmins.groupId))
    .where(eq(groupAdmins.userId, userId));
  return rows.map((row) => row.path);
}

/** SQL condition: the group column's path lies under one of the caller's assigned groups (always true for provider staff). */
export function groupInScopeSql(caller: Caller, groupPath: SQL | typeof groups.path = groups.path) {
  if (caller.isProviderStaff) return sql`true`;
  return sql`exists (select 1 from ${groupAdmins} ga join ${groups} ag on ag.id = ga.group_id
    where ga.user_id = ${caller.userId} and ${groupPath} like ag.path || '%')`;
}

export async function isGroupInScope(db: Db, caller: Caller, groupId: number): Promise<boolean> {
  if (caller.isProviderStaff) return (await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId))).length > 0;
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), groupInScopeSql(caller)));
  return rows.length > 0;
}

/** 404 when the group does not exist, 403 when it lies outside the caller's scope. */
export async function assertGroupInScope(ctx: SignedInContext, groupId: number): Promise<void> {
  const [group] = await ctx.db.select({ path: groups.path }).from(groups).where(eq(groups.id, groupId));
  if (!group) throw notFound('Group not found.');
  if (ctx.caller.isProviderStaff) return;
  const paths = await assignedGroupPaths(ctx.db, ctx.caller.userId);
  if (!paths.some((path) => group.path.startsWith(path))) throw forbidden('This group is outside your groups.');
}

/**
 * May the caller manage this admin? Provider staff manage everyone; other admin managers manage admins who are not
 * provider staff and who sit in at least one group within the caller's scope.
 */
export async function canManageAdmin(db: Db, caller: Caller, admin: { id: number; roleId: number }): Promise<boolean> {
  if (caller.isProviderStaff) return true;
  if (!ADMIN_MANAGER_ROLES.includes(caller.roleId) || isProviderStaffRole(admin.roleId)) return false;
  if (admin.id === caller.userId) return true;
  const paths = await assignedGroupPaths(db, caller.userId);
  if (paths.length === 0) return false;
  const adminGroups = await db
    .select({ path: groups.path })
    .from(groupAdmins)
    .innerJoin(groups, eq(groups.id, groupAdmins.groupId))
    .where(eq(groupAdmins.userId, admin.id));
  return adminGroups.some((group) => paths.some((path) => group.path.startsWith(path)));
}

export async function groupsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(groups).where(inArray(groups.id, ids));
}
