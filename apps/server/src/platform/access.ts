// Who may call what: route-level rules, and the group scope (assigned groups and everything beneath them).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Messages, RIGHTS_TABLE, can, mayActOnAdmin, type Access, type AdminAction, type Right } from '@registry/contracts';
import type { Db } from '../db/client.ts';
import { groupAdmins, groups } from '../db/schema/index.ts';
import type { Caller, RequestContext, SignedInContext } from './context.ts';
import { forbidden, notFound, unauthorized } from './errors.ts';

export type { Access };

/** The roles that manage other admins, from the rights table. */
export const ADMIN_MANAGER_ROLES: readonly number[] = RIGHTS_TABLE['admin.view'];

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
      if ('right' in access) return can(caller.roleId, access.right) ? 'ok' : 'forbidden';
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
export function groupInScopeSql(caller: Caller, groupPath = groups.path) {
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
 * Does the admin sit in the caller's groups? Provider staff reach everyone; other admins reach themselves and admins
 * assigned to at least one group within their subtrees.
 */
export async function isAdminInScope(db: Db, caller: Caller, adminId: number): Promise<boolean> {
  if (caller.isProviderStaff || adminId === caller.userId) return true;
  const paths = await assignedGroupPaths(db, caller.userId);
  if (paths.length === 0) return false;
  const adminGroups = await db
    .select({ path: groups.path })
    .from(groupAdmins)
    .innerJoin(groups, eq(groups.id, groupAdmins.groupId))
    .where(eq(groupAdmins.userId, adminId));
  return adminGroups.some((group) => paths.some((path) => group.path.startsWith(path)));
}

/** May the caller take `action` on this admin: in the caller's groups, and allowed by the rights table and role order. */
export async function canManageAdmin(db: Db, caller: Caller, admin: { id: number; roleId: number }, action: AdminAction = 'admin.edit'): Promise<boolean> {
  if (!mayActOnAdmin({ id: caller.userId, roleId: caller.roleId }, admin, action)) return false;
  return isAdminInScope(db, caller, admin.id);
}

/**
 * Refuses an action on an admin: outside the caller's groups answers as a missing admin (404), inside them but above
 * the caller's rights a 403 naming why.
 */
export async function assertMayActOnAdmin(ctx: SignedInContext, admin: { id: number; roleId: number }, action: AdminAction): Promise<void> {
  if (!(await isAdminInScope(ctx.db, ctx.caller, admin.id))) throw notFound('Admin not found.');
  if (!mayActOnAdmin({ id: ctx.caller.userId, roleId: ctx.caller.roleId }, admin, action)) {
    throw forbidden(admin.id === ctx.caller.userId ? 'You cannot do this to your own account.' : Messages.adminAboveYourRole);
  }
}

export async function groupsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(groups).where(inArray(groups.id, ids));
}

/** Refuses (403) an action the rights table does not give the caller's role. */
export function assertCan(ctx: SignedInContext, action: Right): void {
  if (!can(ctx.caller.roleId, action)) throw forbidden(Messages.actionNotAllowedForRole);
}
