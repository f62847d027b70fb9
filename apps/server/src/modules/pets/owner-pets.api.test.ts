// The owner's pets a page at a time (GET petowner/{id}/pets), a pet leaving its owner to become an orphan
// (POST petowner/removepetfrompetowner) and a DN number's first record (POST pet/createinitialdnaprofilebysamplenumber),
// against a real database.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SampleCustomerStatus } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeOtherDistributorship, makePetOwner } from '../../../test/factories.ts';
import { auditLog, pets, sampleHistory } from '../../db/schema/index.ts';

let t: TestApp;
let serial = 0;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const nextSample = () => `DN${6_300_000 + serial++}`;
async function addPet(petOwnerId: number | null, values: Partial<typeof pets.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(pets)
    .values({ petOwnerId, name: 'Rex', sampleNumber: nextSample(), ...values })
    .returning();
  return row;
}

describe('GET petowner/{id}/pets', () => {
  test('pages, filters and sorts the owner’s pets; the owner reads their own, another owner is not found', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const owner = await makePetOwner(t.database.db, { groupId: oak.id });
    for (const name of ['Bella', 'Archie', 'Cooper']) await addPet(owner.id, { name });
    await addPet(owner.id, { name: 'Duke', isActive: false });
    const staff = await t.login('lab.admin');

    const first = await t.call(
      'GET',
      `/api/v1/petowner/${owner.id}/pets?page=1&pageSize=2&orderBy=Name&ascending=true`,
      {
        token: staff,
      },
    );
    expect(first.status).toBe(200);
    expect(first.body.totalRecords).toBe(4);
    expect(first.body.data.map((p: { name: string }) => p.name)).toEqual(['Archie', 'Bella']);
    const second = await t.call(
      'GET',
      `/api/v1/petowner/${owner.id}/pets?page=2&pageSize=2&orderBy=Name&ascending=true`,
      {
        token: staff,
      },
    );
    expect(second.body.data.map((p: { name: string }) => p.name)).toEqual(['Cooper', 'Duke']);
    const descending = await t.call('GET', `/api/v1/petowner/${owner.id}/pets?orderBy=Name&ascending=false`, {
      token: staff,
    });
    expect(descending.body.data[0].name).toBe('Duke');
    const inactive = await t.call('GET', `/api/v1/petowner/${owner.id}/pets?isActiveFilter=false`, { token: staff });
    expect(inactive.body).toMatchObject({ totalRecords: 1, data: [{ name: 'Duke' }] });
    const named = await t.call('GET', `/api/v1/petowner/${owner.id}/pets?nameFilter=oop`, { token: staff });
    expect(named.body.data.map((p: { name: string }) => p.name)).toEqual(['Cooper']);

    const ownToken = await t.login(owner.userName);
    expect((await t.call('GET', `/api/v1/petowner/${owner.id}/pets`, { token: ownToken })).body.totalRecords).toBe(4);
    const other = await makePetOwner(t.database.db, { groupId: oak.id });
    const refused = await t.call('GET', `/api/v1/petowner/${other.id}/pets`, { token: ownToken });
    expect(refused.status).toBe(404);
    const bad = await t.call('GET', `/api/v1/petowner/${owner.id}/pets?orderBy=Weight`, { token: staff });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('orderBy');
  });
});

describe('POST petowner/removepetfrompetowner', () => {
  test('the pet becomes an orphan (listed, attachable), with an audit entry; a property admin cannot', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const owner = await makePetOwner(t.database.db, { groupId: oak.id });
    const rex = await addPet(owner.id, { name: 'Rex' });
    const manager = await t.login('property.manager');
    const denied = await t.call('POST', '/api/v1/petowner/removepetfrompetowner', {
      token: manager,
      body: { petId: rex.id },
    });
    expect(denied.status).toBe(403);

    const staff = await t.login('lab.admin');
    const removed = await t.call('POST', '/api/v1/petowner/removepetfrompetowner', {
      token: staff,
      body: { petId: rex.id },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toContain(rex.sampleNumber);
    const [after] = await t.database.db.select().from(pets).where(eq(pets.id, rex.id));
    expect(after.petOwnerId).toBeNull();
    const orphans = await t.call('GET', `/api/v1/pet/getallorphans?sampleNumber=${rex.sampleNumber}`, { token: staff });
    expect(orphans.body.totalRecords).toBe(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'Pet'), eq(auditLog.actionType, 'RemoveFromPetOwner')));
    expect(audit.some((entry) => entry.entityId === String(rex.id))).toBe(true);

    const again = await t.call('POST', '/api/v1/petowner/removepetfrompetowner', {
      token: staff,
      body: { petId: rex.id },
    });
    expect(again.status).toBe(404);
    const back = await t.call('POST', '/api/v1/pet/attachorphantopetowner', {
      token: staff,
      body: { petId: rex.id, newPetOwnerId: owner.id },
    });
    expect(back.status).toBe(200);
  });

  test('a pet outside the caller’s scope answers like a missing one', async () => {
    const other = await makeOtherDistributorship(t.database.db);
    const far = await makePetOwner(t.database.db, { groupId: other.property.id });
    const pet = await addPet(far.id);
    const distributor = await t.login('distributor');
    const answer = await t.call('POST', '/api/v1/petowner/removepetfrompetowner', {
      token: distributor,
      body: { petId: pet.id },
    });
    expect([403, 404]).toContain(answer.status);
    const [after] = await t.database.db.select().from(pets).where(eq(pets.id, pet.id));
    expect(after.petOwnerId).toBe(far.id);
  });
});

describe('POST pet/createinitialdnaprofilebysamplenumber', () => {
  test('a new DN number gets its record at Profile Created, as an orphan with a history entry; a held one is refused', async () => {
    const staff = await t.login('lab.admin');
    const number = nextSample();
    const created = await t.call(
      'POST',
      `/api/v1/pet/createinitialdnaprofilebysamplenumber?SampleNumber=${number.toLowerCase()}`,
      { token: staff },
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      sampleNumber: number,
      customerFacingStatus: SampleCustomerStatus.ProfileCreated,
    });
    const [pet] = await t.database.db.select().from(pets).where(eq(pets.sampleNumber, number));
    expect(pet).toMatchObject({ petOwnerId: null, name: number });
    const history = await t.database.db.select().from(sampleHistory).where(eq(sampleHistory.sampleNumber, number));
    expect(history.length).toBe(1);

    const again = await t.call('POST', `/api/v1/pet/createinitialdnaprofilebysamplenumber?SampleNumber=${number}`, {
      token: staff,
    });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('SampleNumber');
    const wrong = await t.call('POST', '/api/v1/pet/createinitialdnaprofilebysamplenumber?SampleNumber=TD1234567', {
      token: staff,
    });
    expect(wrong.status).toBe(400);
    const manager = await t.login('property.manager');
    const denied = await t.call(
      'POST',
      `/api/v1/pet/createinitialdnaprofilebysamplenumber?SampleNumber=${nextSample()}`,
      {
        token: manager,
      },
    );
    expect(denied.status).toBe(403);
  });
});
