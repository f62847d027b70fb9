// Migration 0030's data fix on a resident caught by the old approval popup (dogs left unlinked, then approved a second
// time): each dog is linked to its earliest pet, the resident is no longer partially registered, and their RES number
// signs them in again.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { RegistrationStatus } from '@registry/contracts';
import { pets, preRegisteredDogs, preRegisteredResidents } from '../../db/schema/index.ts';
import { groupByName, makePetOwner } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const dataFix = fs
  .readFileSync(path.resolve(import.meta.dirname, '../../db/migrations/0032_sign_in_names_prereg_links.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .filter((statement) => /^\s*(--[^\n]*\n\s*)*(UPDATE|INSERT)/.test(statement));

test('links the duplicated dogs to their first pets, completes the registration and restores the RES sign-in', async () => {
  expect(dataFix).toHaveLength(3);
  const db = t.database.db;
  const oakRidge = await groupByName(db, 'Oak Ridge Apartments');
  const owner = await makePetOwner(db, { groupId: oakRidge.id, userName: 'caught.resident' });
  const [resident] = await db
    .insert(preRegisteredResidents)
    .values({
      groupId: oakRidge.id,
      userId: owner.id,
      firstName: 'Caught',
      lastName: 'Resident',
      status: RegistrationStatus.Approved,
      isPartiallyRegistered: true,
      hasDogs: true,
    })
    .returning();
  await db.insert(preRegisteredDogs).values([
    { residentId: resident.id, name: 'Rocket' },
    { residentId: resident.id, name: 'Mochi' },
  ]);
  // Approved twice: four pets.
  const created = await db
    .insert(pets)
    .values(
      ['Rocket', 'Mochi', 'rocket', 'Mochi'].map((name, i) => ({
        name,
        petOwnerId: owner.id,
        sampleNumber: `DN${String(8_800_000 + owner.id * 10 + i).padStart(7, '0')}`,
      })),
    )
    .returning({ id: pets.id, name: pets.name });

  for (const statement of dataFix) await db.execute(sql.raw(statement));

  const dogs = await db
    .select()
    .from(preRegisteredDogs)
    .where(eq(preRegisteredDogs.residentId, resident.id))
    .orderBy(asc(preRegisteredDogs.id));
  expect(dogs.map((dog) => dog.petId)).toEqual([created[0].id, created[1].id]);
  const [after] = await db.select().from(preRegisteredResidents).where(eq(preRegisteredResidents.id, resident.id));
  expect(after.isPartiallyRegistered).toBe(false);
  const residentNumber = `RES${String(owner.id).padStart(7, '0')}`;
  const token = await t.login(residentNumber);
  const info = await t.call('GET', '/api/v1/account/userinfo', { token });
  expect(info.body.userName).toBe('caught.resident');
});
