// Editing a resident (PUT /preregresident, spec 2 §4 Resident): the property's admins correct the details the resident
// gave, with bad input named by field; another property's admin, property maintenance and a pet owner find nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, preRegisteredResidents } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeOtherDistributorship } from '../../../test/factories.ts';

let t: TestApp;
let pm: string;
let oakRidge: number;
beforeAll(async () => {
  t = await startTestApp();
  pm = await t.login('property.manager');
  oakRidge = (await groupByName(t.database.db, 'Oak Ridge Apartments')).id;
});
afterAll(async () => {
  await t?.close();
});

async function addResident(lastName: string) {
  const [row] = await t.database.db
    .insert(preRegisteredResidents)
    .values({ groupId: oakRidge, firstName: 'Edit', lastName, email: `${lastName}@mail.example`, unitNumber: '1A' })
    .returning();
  return row;
}
const body = (id: number, changes: Record<string, unknown> = {}) => ({
  id,
  firstName: 'Robin',
  lastName: 'Hale',
  email: 'robin.hale@mail.example',
  phoneNumber: '512-555-0199',
  unitNumber: '12C',
  address: { addressLine1: '4 Elm Street', city: 'Austin', stateId: 'US-TX', countryId: 'US', postalCode: '78701' },
  ...changes,
});

describe('PUT /preregresident', () => {
  test('the property manager saves every field, the address included, and the change is audited', async () => {
    const resident = await addResident('Before');
    const saved = await t.call('PUT', '/api/v1/preregresident', { token: pm, body: body(resident.id) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: resident.id, fullName: 'Robin Hale', email: 'robin.hale@mail.example' });
    const details = await t.call('GET', `/api/v1/residents/${resident.id}/details`, { token: pm });
    expect(details.body).toMatchObject({
      firstName: 'Robin',
      lastName: 'Hale',
      phoneNumber: '512-555-0199',
      unitNumber: '12C',
      address: { addressLine1: '4 Elm Street', city: 'Austin', stateId: 'US-TX', postalCode: '78701' },
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(resident.id)), eq(auditLog.entityType, 'PreRegisteredResident')));
    expect(entry).toMatchObject({ actionType: 'Update', before: { lastName: 'Before' }, after: { lastName: 'Hale' } });
    // An empty address clears it.
    await t.call('PUT', '/api/v1/preregresident', { token: pm, body: body(resident.id, { address: {} }) });
    expect((await t.call('GET', `/api/v1/residents/${resident.id}/details`, { token: pm })).body.address).toBeNull();
  });

  test('bad input is refused by field and changes nothing', async () => {
    const resident = await addResident('Unchanged');
    const refused = async (changes: Record<string, unknown>, field: string) => {
      const answer = await t.call('PUT', '/api/v1/preregresident', { token: pm, body: body(resident.id, changes) });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.modelState)).toContain(field);
    };
    await refused({ firstName: '' }, 'firstName');
    await refused({ lastName: undefined }, 'lastName');
    await refused({ email: 'not an email' }, 'email');
    await refused({ unitNumber: 'x'.repeat(31) }, 'unitNumber');
    await refused({ phoneNumber: 12 }, 'phoneNumber');
    await refused({ address: { city: 'c'.repeat(101) } }, 'address.city');
    await refused({ id: 'seven' }, 'id');
    const [after] = await t.database.db
      .select()
      .from(preRegisteredResidents)
      .where(eq(preRegisteredResidents.id, resident.id));
    expect(after.lastName).toBe('Unchanged');
    expect((await t.call('PUT', '/api/v1/preregresident', { token: pm, body: body(2_000_000_000) })).status).toBe(404);
  });

  test("another property's admin, property maintenance and a pet owner find nothing; the resident edits their own", async () => {
    const resident = await addResident('Guarded');
    const other = await makeOtherDistributorship(t.database.db);
    for (const token of [
      await t.login(other.propertyManager.userName),
      await t.login('property.maintenance'),
      await t.login('pet.owner'),
    ]) {
      const answer = await t.call('PUT', '/api/v1/preregresident', { token, body: body(resident.id) });
      expect(answer.status).toBe(404);
    }
    expect((await t.call('PUT', '/api/v1/preregresident', { body: body(resident.id) })).status).toBe(401);
    const [untouched] = await t.database.db
      .select()
      .from(preRegisteredResidents)
      .where(eq(preRegisteredResidents.id, resident.id));
    expect(untouched.lastName).toBe('Guarded');

    const own = await t.login('RES0000001');
    const info = await t.call('GET', '/api/v1/account/userinfo', { token: own });
    const mine = await t.call('GET', `/api/v1/residents/${info.body.residentId}`, { token: own });
    const saved = await t.call('PUT', '/api/v1/preregresident', {
      token: own,
      body: body(info.body.residentId, { firstName: mine.body.firstName, lastName: mine.body.lastName }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.fullName).toBe('Taylor Reed');
  });

  test('the residents list total (tallied) follows adds and deletes', async () => {
    const total = async () =>
      (await t.call('GET', `/api/v1/groups/${oakRidge}/residents?pageSize=1`, { token: pm })).body.totalRecords;
    const counted = async () =>
      (
        await t.database.db
          .select({ id: preRegisteredResidents.id })
          .from(preRegisteredResidents)
          .where(eq(preRegisteredResidents.groupId, oakRidge))
      ).length;
    const before = await total();
    expect(before).toBe(await counted());
    const added = await addResident('Counted');
    expect(await total()).toBe(before + 1);
    await t.database.db.delete(preRegisteredResidents).where(eq(preRegisteredResidents.id, added.id));
    expect(await total()).toBe(before);
  });
});
