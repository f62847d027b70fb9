// SQL for pet owners: one owner with their pets, and the paged search, both within the caller's scope.
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { UserRole } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { ilikeContains } from '../../db/like.ts';
import { pets, users } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { petOwnerInScopeSql } from '../../platform/scope.ts';

/** The pet owner when the caller is them or has them in scope; residents' accounts (RES…) are not pet owners here. */
export async function findPetOwnerFor(db: Db, caller: Caller, petOwnerId: number) {
  const visible = sql`(${users.id} = ${caller.userId} or ${caller.isAdmin ? petOwnerInScopeSql(caller, users.id) : sql`false`})`;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, petOwnerId), eq(users.roleId, UserRole.PetOwner), visible));
  return row;
}

export async function petsOf(db: Db, petOwnerId: number) {
  return db
    .select({
      id: pets.id,
      name: pets.name,
      sampleNumber: pets.sampleNumber,
      breed: pets.breed,
      gender: pets.gender,
      isActive: pets.isActive,
    })
    .from(pets)
    .where(eq(pets.petOwnerId, petOwnerId))
    .orderBy(asc(pets.name));
}

export async function searchPetOwners(
  db: Db,
  caller: Caller,
  query: { page: number; pageSize: number; name?: string; userName?: string },
) {
  const conditions: SQL[] = [
    eq(users.roleId, UserRole.PetOwner),
    sql`${users.userName} not ilike 'RES%'`,
    petOwnerInScopeSql(caller, users.id),
  ];
  if (query.name) {
    const name = query.name;
    const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    conditions.push(or(...[users.firstName, users.lastName, fullName].map((value) => ilikeContains(value, name)))!);
  }
  if (query.userName) conditions.push(ilikeContains(users.userName, query.userName));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        userName: users.userName,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}
