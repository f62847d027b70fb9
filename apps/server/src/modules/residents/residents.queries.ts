// SQL for pre-registered residents: one resident with their dogs, and the search, both within the caller's scope.
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ilikeContains } from '../../db/like.ts';
import { groups, preRegisteredDogs, preRegisteredResidents, users } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { groupInScopeSql } from '../../platform/scope.ts';

/** The resident when the caller is them, or an admin whose scope holds their property. */
export async function findResidentFor(db: Db, caller: Caller, residentId: number) {
  const visible = sql`(${preRegisteredResidents.userId} = ${caller.userId} or ${caller.isAdmin ? groupInScopeSql(caller) : sql`false`})`;
  const [row] = await db
    .select({ resident: preRegisteredResidents, groupName: groups.name, userName: users.userName })
    .from(preRegisteredResidents)
    .innerJoin(groups, eq(groups.id, preRegisteredResidents.groupId))
    .leftJoin(users, eq(users.id, preRegisteredResidents.userId))
    .where(and(eq(preRegisteredResidents.id, residentId), visible));
  return row;
}

export async function dogsOf(db: Db, residentId: number) {
  return db
    .select({ id: preRegisteredDogs.id, name: preRegisteredDogs.name, petId: preRegisteredDogs.petId })
    .from(preRegisteredDogs)
    .where(eq(preRegisteredDogs.residentId, residentId));
}

export async function searchResidents(db: Db, caller: Caller, text: string) {
  const r = preRegisteredResidents;
  const fullName = sql`${r.firstName} || ' ' || ${r.lastName}`;
  return db
    .select({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      status: r.status,
      groupId: r.groupId,
      propertyName: groups.name,
    })
    .from(r)
    .innerJoin(groups, eq(groups.id, r.groupId))
    .where(
      and(
        groupInScopeSql(caller),
        or(...[r.firstName, r.lastName, r.email, fullName].map((value) => ilikeContains(value, text))),
      ),
    )
    .orderBy(asc(r.lastName), asc(r.firstName))
    .limit(50);
}
