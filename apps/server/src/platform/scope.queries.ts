// SQL of the group-scope rule (scope.ts): the conditions that put a group, pet owner, pet or admin inside a caller's
// scope, composed by every module's queries, and the few statements the rule runs itself.
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { UserRole } from '@registry/contracts';
import { preparedQuery, queryRows, type Db } from '../db/client.ts';
import { groupAdmins, groups, petOwnerGroups } from '../db/schema/index.ts';
import type { Caller } from './context.ts';

type Scoped = Pick<Caller, 'userId' | 'isProviderStaff' | 'apiKey'>;
type SqlValue = SQL | AnyPgColumn;
/** A caller for the SQL conditions below: their id may be a placeholder, for a statement built once and prepared. */
type ScopedSql = { userId: number | Placeholder; isProviderStaff: boolean; apiKey?: Caller['apiKey'] };

/** SQL: the path lies in the subtree whose root has `ancestorPath` (itself included). Paths hold only digits and '/'. */
export const pathWithin = (path: SqlValue, ancestorPath: SqlValue | string): SQL =>
  typeof ancestorPath === 'string' ? sql`${path} like ${`${ancestorPath}%`}` : sql`${path} like ${ancestorPath} || '%'`;

/** Paths of the groups assigned directly to an admin; their subtrees are the admin's scope. */
export async function assignedGroupPaths(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ path: groups.path })
    .from(groupAdmins)
    .innerJoin(groups, eq(groups.id, groupAdmins.groupId))
    .where(eq(groupAdmins.userId, userId));
  return rows.map((row) => row.path);
}

/** SQL condition: the group path lies under one of the caller's assigned groups (always true for provider staff). */
export function groupInScopeSql(caller: ScopedSql, groupPath: SqlValue = groups.path): SQL {
  if (caller.apiKey) return keyScopeSql(caller.apiKey.paths, groupPath);
  if (caller.isProviderStaff) return sql`true`;
  return adminScopeSql(caller.userId, groupPath);
}

/** SQL condition: the group path lies under one of an API key's groups (none: nothing is in scope). */
function keyScopeSql(paths: readonly string[], groupPath: SqlValue): SQL {
  if (paths.length === 0) return sql`false`;
  return sql`(${sql.join(
    paths.map((path) => pathWithin(groupPath, path)),
    sql` or `,
  )})`;
}

/** SQL condition: the group path lies under one of the groups assigned to this admin (a value or a placeholder). */
function adminScopeSql(adminId: number | SQL | Placeholder, groupPath: SqlValue): SQL {
  return sql`exists (select 1 from ${groupAdmins} scope_ga join ${groups} scope_g on scope_g.id = scope_ga.group_id
    where scope_ga.user_id = ${adminId} and ${pathWithin(groupPath, sql`scope_g.path`)})`;
}

/** SQL condition: the pet owner currently belongs to a group in the caller's scope. */
export function petOwnerInScopeSql(caller: ScopedSql, petOwnerId: SqlValue): SQL {
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
export function petOwnerReachableSql(caller: ScopedSql, petOwnerId: SqlValue): SQL {
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

/** The group when it exists and lies in the caller's scope (the prepared form of the caller's kind). */
export async function groupInScopeById(db: Db, caller: Scoped, groupId: number) {
  if (caller.apiKey) {
    const [keyGroup] = await db
      .select()
      .from(groups)
      .where(and(eq(groups.id, groupId), groupInScopeSql(caller)));
    return keyGroup;
  }
  const [group] = caller.isProviderStaff
    ? await groupForStaffQuery(db).execute({ groupId })
    : await groupForAdminQuery(db).execute({ groupId, userId: caller.userId });
  return group;
}

export async function isPetOwnerInScopeOf(db: Db, caller: Scoped, petOwnerId: number): Promise<boolean> {
  return (await queryRows(db, sql`select 1 where ${petOwnerInScopeSql(caller, sql`${petOwnerId}::int`)}`)).length > 0;
}

export async function isManagedAdmin(db: Db, caller: Scoped, admin: { id: number; roleId: number }): Promise<boolean> {
  const managed = managedAdminSql(caller, sql`${admin.id}::int`, sql`${admin.roleId}::int`);
  return (await queryRows(db, sql`select 1 where ${managed}`)).length > 0;
}
