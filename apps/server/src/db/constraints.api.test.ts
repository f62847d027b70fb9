// Each key and check of migration 0004 refuses a bad row (run on PGlite and, with TEST_DATABASE_URL, PostgreSQL).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { groupByName, makePetOwner } from '../../test/factories.ts';

let t: TestApp;
let oakId: number;
let oakPath: string;
let residentId: number;
let ownerId: number;
beforeAll(async () => {
  t = await startTestApp();
  const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
  oakId = oak.id;
  oakPath = oak.path;
  ownerId = (await makePetOwner(t.database.db, { groupId: oakId })).id;
  residentId = await firstId(sql`insert into pre_registered_residents (group_id, first_name, last_name)
    values (${oakId}, 'Check', 'Resident') returning id`);
});
afterAll(async () => {
  await t?.close();
});

async function firstId(query: SQL): Promise<number> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: { id: number }[] };
  return result.rows[0].id;
}

/** Runs the statement and answers the name of the constraint that refused it (null when it was accepted). */
async function refusedBy(statement: SQL): Promise<string | null> {
  try {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(statement);
      // Keep the database unchanged whether or not the row was accepted.
      throw new Error('accepted');
    });
  } catch (error) {
    const cause = error as { message: string; constraint?: string; cause?: { constraint?: string; message?: string } };
    if (cause.message === 'accepted') return null;
    const constraint = cause.constraint ?? cause.cause?.constraint;
    if (constraint) return constraint;
    return /constraint "([^"]+)"/.exec(`${cause.message} ${cause.cause?.message ?? ''}`)?.[1] ?? cause.message;
  }
  return null;
}

const user = (roleId: number) =>
  sql`insert into users (user_name, role_id) values (${`check.${roleId}.${Math.random()}`}, ${roleId})`;
// The tally triggers read the path, so the probe sits (by path) beneath Oak Ridge.
const group = (columns: SQL, values: SQL) =>
  sql`insert into groups (name, path, depth, ${columns}) values ('Check', ${oakPath}, 4, ${values})`;
const pet = (column: SQL, value: number) =>
  sql`insert into pets (pet_owner_id, name, ${column}) values (${ownerId}, 'Checky', ${value})`;

test('a good row of each kind is accepted (the probes below fail for their constraint only)', async () => {
  expect(await refusedBy(user(4))).toBeNull();
  expect(await refusedBy(group(sql`group_type, parent_id`, sql`4, ${oakId}`))).toBeNull();
  expect(await refusedBy(pet(sql`customer_facing_status`, 300))).toBeNull();
  expect(
    await refusedBy(
      sql`update pre_registered_residents set pet_species = ${2 | 4 | -2147483648} where id = ${residentId}`,
    ),
  ).toBeNull();
});

test('foreign keys refuse a missing group parent, previous session, impersonator and pet', async () => {
  expect(await refusedBy(group(sql`group_type, parent_id`, sql`4, 2000000000`))).toBe('groups_parent_id_groups_id_fk');
  const session = (
    column: string,
    value: number,
  ) => sql`insert into sessions (token_hash, user_id, expires_at, ${sql.raw(column)})
    values (${`hash-${Math.random()}`}, ${ownerId}, now() + interval '1 hour', ${value})`;
  expect(await refusedBy(session('previous_session_id', 2000000000))).toBe(
    'sessions_previous_session_id_sessions_id_fk',
  );
  expect(await refusedBy(session('impersonated_by_user_id', 2000000000))).toBe(
    'sessions_impersonated_by_user_id_users_id_fk',
  );
  expect(
    await refusedBy(
      sql`insert into pre_registered_dogs (resident_id, name, pet_id) values (${residentId}, 'Rex', 2000000000)`,
    ),
  ).toBe('pre_registered_dogs_pet_id_pets_id_fk');
});

test('a group with children cannot be deleted by the database either', async () => {
  expect(await refusedBy(sql`delete from groups where id = (select parent_id from groups where id = ${oakId})`)).toBe(
    'groups_parent_id_groups_id_fk',
  );
});

test('checks refuse values outside each enumeration', async () => {
  expect(await refusedBy(user(9))).toBe('users_role_id_check');
  expect(await refusedBy(group(sql`group_type, parent_id`, sql`6, ${oakId}`))).toBe('groups_group_type_check');
  expect(await refusedBy(group(sql`group_type, parent_id, certification_recipient`, sql`4, ${oakId}, 2`))).toBe(
    'groups_certification_recipient_check',
  );
  expect(await refusedBy(pet(sql`weight_unit`, 2))).toBe('pets_weight_unit_check');
  expect(await refusedBy(pet(sql`gender`, 3))).toBe('pets_gender_check');
  expect(await refusedBy(pet(sql`customer_facing_status`, 11))).toBe('pets_customer_facing_status_check');
  expect(
    await refusedBy(
      sql`insert into pre_registered_dogs (resident_id, name, weight_unit) values (${residentId}, 'Rex', 5)`,
    ),
  ).toBe('pre_registered_dogs_weight_unit_check');
  expect(await refusedBy(sql`update pre_registered_residents set status = 15 where id = ${residentId}`)).toBe(
    'pre_registered_residents_status_check',
  );
  expect(await refusedBy(sql`update pre_registered_residents set pet_species = 64 where id = ${residentId}`)).toBe(
    'pre_registered_residents_pet_species_check',
  );
});
