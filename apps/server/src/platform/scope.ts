// The one group-scope rule: which groups, admins, pet owners and residents a caller may see. Provider staff see the
// whole registry; everyone else sees the groups assigned to them and everything beneath those (materialised paths).
// Whatever lies outside is answered exactly like an id that does not exist, so ids cannot be probed.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { UserRole, isProviderStaffRole } from '@registry/contracts';
import { preparedQuery, queryRows, type Db } from '../db/client.ts';
import { groupAdmins, groups, petOwnerGroups } from '../db/schema/index.ts';
import type { Caller, SignedInContext } from './context.ts';
import { notFound } from './errors.ts';

type Scoped = Pick<Caller, 'userId' | 'isProviderStaff'>;
type SqlValue = SQL | AnyPgColumn;

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

/** SQL: the path lies in the subtree whose root has `ancestorPath` (itself included). Paths hold only digits and '/'. */
export const pathWithin = (path: SqlValue, ancestorPath: SqlValue | string): SQL =>
  typeof ancestorPath === 'string' ? sql`${path} like ${`${ancestorPath}%`}` : sql`${path} like ${ancestorPath} || '%'`;

/** In memory: the path lies under one of the scope's paths (a null scope is the whole registry). */
export const pathInScope = (path: string, scope: readonly string[] | null): boolean =>
  scope === null || scope.some((root) => path.startsWith(root));

/** Paths of the groups assigned directly to an admin; their subtrees are the admin's scope. */
export async function assignedGroupPaths(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ path: groups.path })
    .from(groupAdmins)
    .innerJoin(groups, eq(groups.id, groupAdmins.groupId))
    .where(eq(groupAdmins.userId, userId));
  return rows.map((row) => row.path);
}

/** The caller's scope as paths, or null for provider staff (the whole registry). */
export async function scopePaths(db: Db, caller: Scoped): Promise<string[] | null> {
  return caller.isProviderStaff ? null : assignedGroupPaths(db, caller.userId);
}

/** SQL condition: the group path lies under one of the caller's assigned groups (always true for provider staff). */
export function groupInScopeSql(caller: Scoped, groupPath: SqlValue = groups.path): SQL {
  if (caller.isProviderStaff) return sql`true`;
  return adminScopeSql(caller.userId, groupPath);
}

/** SQL condition: the group path lies under one of the groups assigned to this admin (a value or a placeholder). */
function adminScopeSql(adminId: number | SQL | ReturnType<typeof sql.placeholder>, groupPath: SqlValue): SQL {
  return sql`exists (select 1 from ${groupAdmins} scope_ga join ${groups} scope_g on scope_g.id = scope_ga.group_id
    where scope_ga.user_id = ${adminId} and ${pathWithin(groupPath, sql`scope_g.path`)})`;
}

/** SQL condition: the pet owner currently belongs to a group in the caller's scope. */
export function petOwnerInScopeSql(caller: Scoped, petOwnerId: SqlValue): SQL {
  if (caller.isProviderStaff) return sql`true`;
  return sql`exists (select 1 from ${petOwnerGroups} scope_pog join ${groups} scope_pg on scope_pg.id = scope_pog.group_id
    where scope_pog.pet_owner_id = ${petOwnerId} and scope_pog.move_out_date is null
      and ${groupInScopeSql(caller, sql`scope_pg.path`)})`;
}

/**
 * SQL condition: the pet owner is one the caller's admins still answer for: a current member of a group in scope, or,
 * having no current group at all (moved out everywhere, deactivated), last seen in a group in scope. Once the owner
 * joins a group elsewhere, the groups they left lose them.
 */
export function petOwnerReachableSql(caller: Scoped, petOwnerId: SqlValue): SQL {
  if (caller.isProviderStaff) return sql`true`;
  return sql`(${petOwnerInScopeSql(caller, petOwnerId)} or (
    not exists (select 1 from ${petOwnerGroups} reach_cur where reach_cur.pet_owner_id = ${petOwnerId}
      and reach_cur.move_out_date is null)
    and exists (select 1 from ${petOwnerGroups} reach_last join ${groups} reach_g on reach_g.id = reach_last.group_id
      where reach_last.pet_owner_id = ${petOwnerId} and ${groupInScopeSql(caller, sql`reach_g.path`)}
        and reach_last.move_out_date = (select max(reach_max.move_out_date) from ${petOwnerGroups} reach_max
          where reach_max.pet_owner_id = ${petOwnerId}))))`;
}

/**
 * SQL condition: the caller may see this pet. A pet owner (or resident) sees their own pets; admins the pets of owners in their scope;
 * orphans (no owner) only provider staff, who run the orphans tool.
 */
export function petInScopeSql(caller: Scoped & Pick<Caller, 'isAdmin'>, petOwnerId: SqlValue): SQL {
  if (caller.isProviderStaff) return sql`true`;
  if (!caller.isAdmin) return sql`${petOwnerId} = ${caller.userId}`;
  return sql`(${petOwnerId} is not null and ${petOwnerInScopeSql(caller, petOwnerId)})`;
}

/** SQL condition: an admin others manage: not provider staff, and assigned to a group in the caller's scope. */
export function managedAdminSql(caller: Scoped, adminId: SqlValue, adminRoleId: SqlValue): SQL {
  if (caller.isProviderStaff) return sql`true`;
  return sql`(${adminRoleId} > ${UserRole.PetOwner} and exists (select 1 from ${groupAdmins} scope_aa
    join ${groups} scope_ag on scope_ag.id = scope_aa.group_id
    where scope_aa.user_id = ${adminId} and ${groupInScopeSql(caller, sql`scope_ag.path`)}))`;
}

export async function isGroupInScope(db: Db, caller: Scoped, groupId: number): Promise<boolean> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), groupInScopeSql(caller)));
  return rows.length > 0;
}

export const groupNotFound = () => notFound('Group not found.');

// Nearly every group page's request starts here, so both forms are built once and prepared (db/client.ts).
const groupForStaffQuery = preparedQuery((db) =>
  db
    .select()
    .from(groups)
    .where(eq(groups.id, sql.placeholder('groupId')))
    .prepare('scope.groupForStaff'),
);
const groupForAdminQuery = preparedQuery((db) =>
  db
    .select()
    .from(groups)
    .where(and(eq(groups.id, sql.placeholder('groupId')), adminScopeSql(sql.placeholder('userId'), groups.path)))
    .prepare('scope.groupForAdmin'),
);

/** The group, when it exists and lies in the caller's scope; otherwise the same 404 either way. */
export async function loadGroupInScope(ctx: SignedInContext, groupId: number) {
  const [group] = ctx.caller.isProviderStaff
    ? await groupForStaffQuery(ctx.db).execute({ groupId })
    : await groupForAdminQuery(ctx.db).execute({ groupId, userId: ctx.caller.userId });
  if (!group) throw groupNotFound();
  return group;
}

export async function assertGroupInScope(ctx: SignedInContext, groupId: number): Promise<void> {
  await loadGroupInScope(ctx, groupId);
}

export async function isPetOwnerInScope(db: Db, caller: Scoped, petOwnerId: number): Promise<boolean> {
  if (caller.isProviderStaff) return true;
  return (await queryRows(db, sql`select 1 where ${petOwnerInScopeSql(caller, sql`${petOwnerId}::int`)}`)).length > 0;
}

/**
 * May the caller manage this admin (the admin-manageability scope)? Provider staff manage everyone; other admin
 * managers manage themselves and admins who are not provider staff and who sit in a group within the caller's scope.
 */
export async function canManageAdmin(db: Db, caller: Caller, admin: { id: number; roleId: number }): Promise<boolean> {
  if (caller.isProviderStaff) return true;
  if (!ADMIN_MANAGER_ROLES.includes(caller.roleId) || isProviderStaffRole(admin.roleId)) return false;
  if (admin.id === caller.userId) return true;
  const managed = managedAdminSql(caller, sql`${admin.id}::int`, sql`${admin.roleId}::int`);
  return (await queryRows(db, sql`select 1 where ${managed}`)).length > 0;
}
