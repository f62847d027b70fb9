// SQL of the bulk resident import: properties by name in the caller's scope, a row's key lock, the resident a row's
// natural key names (or adds, with its dog) in one statement, and the row's other writes.
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { GroupTypes, type Address } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { deferGroupTallies } from '../../db/group-tallies.ts';
import { groups, preRegisteredDogs, preRegisteredResidents } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { groupInScopeSql } from '../../platform/scope.queries.ts';

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

export type NewResident = {
  groupId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  unitNumber: string | null;
  address: Address | null;
  hasDogs: boolean;
  hasOtherPets: boolean;
  petSpecies: number;
  status: number;
};

/** A resident's columns read from the derived table `resident`, each mapped from the driver's value as usual. */
const residentFromRow = Object.fromEntries(
  Object.entries(getTableColumns(preRegisteredResidents)).map(([key, column]) => [
    key,
    sql`${sql.identifier('resident')}.${sql.identifier(column.keyAsName ? toSnakeCase(key) : column.name)}`.mapWith(
      column,
    ),
  ]),
) as { [K in keyof typeof preRegisteredResidents.$inferSelect]: SQL<(typeof preRegisteredResidents.$inferSelect)[K]> };

/**
 * The row's resident, or one added from `values` when there is none; and the id of that resident's dog of the row's
 * name, which is added with an added resident. The resident is the first (by id) of the property with the row's e-mail,
 * or without one with no e-mail and the row's first and last name and unit (case-insensitive). One statement, so one
 * round trip; the row's key lock, taken by an earlier statement (startRow), keeps a concurrent row of the same key from
 * adding the same resident.
 */
export async function findOrAddResident(db: Db, values: NewResident, dog: { name: string; gender: number } | null) {
  const r = preRegisteredResidents;
  const named = values.email
    ? sql`lower(${r.email}) = ${values.email.toLowerCase()}`
    : sql`${r.email} is null and lower(${r.firstName}) = ${values.firstName.toLowerCase()}
        and lower(${r.lastName}) = ${values.lastName.toLowerCase()}
        and lower(coalesce(${r.unitNumber}, '')) = ${(values.unitNumber ?? '').toLowerCase()}`;
  const dogName = dog?.name.toLowerCase() ?? null;
  const address = values.address ? JSON.stringify(values.address) : null;
  // Data-modifying CTEs must be at the statement's top, so each is its own CTE, and the answer is their union.
  const found = db
    .$with('found', {})
    .as(sql`select * from ${r} where ${r.groupId} = ${values.groupId} and ${named} order by ${r.id} limit 1`);
  const added = db.$with('added', {}).as(
    sql`insert into ${r} (group_id, first_name, last_name, email, phone_number, unit_number, address, has_dogs,
        has_other_pets, pet_species, status)
      select ${values.groupId}::integer, ${values.firstName}::text, ${values.lastName}::text, ${values.email}::text,
        ${values.phoneNumber}::text, ${values.unitNumber}::text, ${address}::jsonb, ${values.hasDogs}::boolean,
        ${values.hasOtherPets}::boolean, ${values.petSpecies}::integer, ${values.status}::smallint
      where not exists (select from found)
      returning *`,
  );
  const addedDog = db.$with('added_dog', {}).as(
    sql`insert into ${preRegisteredDogs} (resident_id, name, gender)
      select added.id, ${dog?.name ?? null}::text, ${dog?.gender ?? 0}::smallint
      from added where ${dog !== null}::boolean
      returning id`,
  );
  const [row] = await db
    .with(found, added, addedDog)
    .select({ ...residentFromRow, added: sql<boolean>`resident.added`, dogId: sql<number | null>`resident.dog_id` })
    .from(
      sql`(select found.*, false as added, (select d.id from ${preRegisteredDogs} d
            where d.resident_id = found.id and lower(d.name) = ${dogName} order by d.id limit 1) as dog_id from found
          union all select added.*, true, (select id from added_dog) from added) as resident`,
    );
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
