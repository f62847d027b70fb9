// SQL for admin accounts and their group assignments.
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { UserRole } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { groupAdmins, groups, sessions, users } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ilikeContains } from '../../db/like.ts';
import { groupInScopeSql, managedAdminSql } from '../../platform/scope.queries.ts';
import { pagedSelect } from '../../platform/paging.queries.ts';

const isAdminUser = sql`${users.roleId} <> ${UserRole.PetOwner}`;

export async function findAdmin(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isAdminUser));
  return row;
}

const fullNameOrder = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;
// No prototype: an orderBy such as '__proto__' or 'toString' finds nothing and falls back to the name.
const SEARCH_ORDER: Record<string, SQL | AnyPgColumn> = Object.assign(
  Object.create(null) as Record<string, SQL | AnyPgColumn>,
  {
    name: fullNameOrder,
    fullname: fullNameOrder,
    username: users.userName,
    email: users.email,
    role: users.roleId,
  },
);

export async function searchAdmins(
  db: Db,
  caller: Caller,
  query: { page: number; pageSize: number; name?: string; email?: string; orderBy?: string; ascending?: boolean },
) {
  const conditions: SQL[] = [isAdminUser];
  if (query.name) {
    const name = query.name;
    const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    conditions.push(
      or(...[users.firstName, users.lastName, users.userName, fullName].map((value) => ilikeContains(value, name)))!,
    );
  }
  if (query.email) conditions.push(ilikeContains(users.email, query.email));
  // Other admins find the admins of their own groups and of the groups beneath them, never provider staff.
  conditions.push(managedAdminSql(caller, users.id, users.roleId));
  const where = and(...conditions);
  const orderColumn = SEARCH_ORDER[(query.orderBy ?? 'name').toLowerCase()] ?? SEARCH_ORDER.name;
  return pagedSelect(
    query,
    db
      .select({
        id: users.id,
        userName: users.userName,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        roleId: users.roleId,
        isActive: users.isActive,
      })
      .from(users)
      .where(where)
      .orderBy(query.ascending === false ? desc(orderColumn) : asc(orderColumn), asc(users.id))
      .$dynamic(),
    db.select({ total: count() }).from(users).where(where),
  );
}

export async function insertAdmin(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function deleteAdmin(db: Db, id: number) {
  await db.delete(sessions).where(eq(sessions.userId, id));
  await db.delete(users).where(eq(users.id, id));
}

export async function assignment(db: Db, adminId: number, groupId: number) {
  const [row] = await db
    .select()
    .from(groupAdmins)
    .where(and(eq(groupAdmins.userId, adminId), eq(groupAdmins.groupId, groupId)));
  return row;
}

export async function addAssignment(db: Db, adminId: number, groupId: number, isPrimary: boolean) {
  await db.insert(groupAdmins).values({ userId: adminId, groupId, isPrimary });
}

export async function removeAssignment(db: Db, adminId: number, groupId: number) {
  await db.delete(groupAdmins).where(and(eq(groupAdmins.userId, adminId), eq(groupAdmins.groupId, groupId)));
}

export async function otherAdminsOfGroup(db: Db, groupId: number, exceptAdminId: number) {
  return db
    .select()
    .from(groupAdmins)
    .where(and(eq(groupAdmins.groupId, groupId), ne(groupAdmins.userId, exceptAdminId)));
}

export async function setPrimary(db: Db, groupId: number, adminId: number) {
  await db
    .update(groupAdmins)
    .set({ isPrimary: sql`${groupAdmins.userId} = ${adminId}` })
    .where(eq(groupAdmins.groupId, groupId));
}

export async function stewardedProperties(db: Db, caller: Caller, groupTypes: number[]) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      groupType: groups.groupType,
      isActive: groups.isActive,
      parentId: groups.parentId,
    })
    .from(groups)
    .where(and(inArray(groups.groupType, groupTypes), eq(groups.isActive, true), groupInScopeSql(caller)))
    .orderBy(asc(groups.name));
}
