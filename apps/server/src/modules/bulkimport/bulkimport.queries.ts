// SQL of the bulk resident import: properties by name in the caller's scope, the resident a row's natural key names,
// the resident's pre-registered dogs by name, and the row's writes.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { GroupTypes } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { deferGroupTallies } from '../../db/group-tallies.ts';
import { groups, preRegisteredDogs, preRegisteredResidents } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { groupInScopeSql } from '../../platform/scope.ts';

/** Properties in the caller's scope whose name is one of these (lower-cased, trimmed); every match per name. */
export async function propertiesByName(db: Db, caller: Caller, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: groups.id, name: groups.name, key: sql<string>`lower(trim(${groups.name}))` })
    .from(groups)
    .where(
      and(
        eq(groups.groupType, GroupTypes.Property),
        sql`lower(trim(${groups.name})) in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})`,
        groupInScopeSql(caller),
      ),
    );
}

/**
 * A row's first statement: serialises rows with the same natural key across transactions and API processes (the lock
 * is held until commit), and defers the row's group tally recounts to the import (db/group-tallies.ts).
 */
export async function startRow(db: Db, key: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`bulkimport|${key}`}, 0)), ${deferGroupTallies}`,
  );
}

export async function residentByEmail(db: Db, groupId: number, email: string) {
  const [row] = await db
    .select()
    .from(preRegisteredResidents)
    .where(and(eq(preRegisteredResidents.groupId, groupId), sql`lower(${preRegisteredResidents.email}) = ${email}`))
    .orderBy(preRegisteredResidents.id)
    .limit(1);
  return row;
}

export async function residentByName(db: Db, groupId: number, firstName: string, lastName: string, unit: string) {
  const [row] = await db
    .select()
    .from(preRegisteredResidents)
    .where(
      and(
        eq(preRegisteredResidents.groupId, groupId),
        isNull(preRegisteredResidents.email),
        sql`lower(${preRegisteredResidents.firstName}) = ${firstName.toLowerCase()}`,
        sql`lower(${preRegisteredResidents.lastName}) = ${lastName.toLowerCase()}`,
        sql`lower(coalesce(${preRegisteredResidents.unitNumber}, '')) = ${unit.toLowerCase()}`,
      ),
    )
    .orderBy(preRegisteredResidents.id)
    .limit(1);
  return row;
}

export async function dogNamed(db: Db, residentId: number, name: string) {
  const [row] = await db
    .select({ id: preRegisteredDogs.id })
    .from(preRegisteredDogs)
    .where(
      and(eq(preRegisteredDogs.residentId, residentId), sql`lower(${preRegisteredDogs.name}) = ${name.toLowerCase()}`),
    )
    .limit(1);
  return row;
}

export async function insertResident(db: Db, values: typeof preRegisteredResidents.$inferInsert) {
  const [row] = await db.insert(preRegisteredResidents).values(values).returning();
  return row!;
}

export async function setSpecies(
  db: Db,
  residentId: number,
  changes: { petSpecies: number; hasDogs: boolean; hasOtherPets: boolean },
) {
  await db.update(preRegisteredResidents).set(changes).where(eq(preRegisteredResidents.id, residentId));
}

export async function insertDog(db: Db, values: typeof preRegisteredDogs.$inferInsert) {
  const [row] = await db.insert(preRegisteredDogs).values(values).returning({ id: preRegisteredDogs.id });
  return row!;
}
