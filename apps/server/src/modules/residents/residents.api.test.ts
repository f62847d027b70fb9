// Residents: the resident reads their own record (the landing needs its property); admins those of their properties.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { PetSpecies, RegistrationStatus } from '@registry/contracts';
import { preRegisteredDogs, preRegisteredResidents } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeOtherDistributorship } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('the resident reads their own record with its property and dogs', async () => {
  const token = await t.login('RES0000001');
  const info = await t.call('GET', '/api/v1/account/userinfo', { token });
  const resident = await t.call('GET', `/api/v1/residents/${info.body.residentId}`, { token });
  expect(resident.body).toMatchObject({
    fullName: 'Taylor Reed',
    propertyName: 'Oak Ridge Apartments',
    status: RegistrationStatus.PendingApproval,
    userName: 'RES0000001',
  });
  expect(resident.body.dogs).toEqual([expect.objectContaining({ name: 'Scout', isRegistered: false })]);
  expect((await t.call('GET', `/api/v1/residents/${info.body.residentId + 1}`, { token })).status).toBe(404);
});

test('admins search residents of their properties only', async () => {
  const found = await t.call('GET', '/api/v1/residents/search?query=lee', { token: await t.login('property.manager') });
  expect(found.body.map((row: { fullName: string }) => row.fullName)).toEqual(['Morgan Lee']);
  const other = await makeOtherDistributorship(t.database.db);
  expect(
    (await t.call('GET', '/api/v1/residents/search?query=lee', { token: await t.login(other.distributor.userName) }))
      .body,
  ).toEqual([]);
  expect(
    (await t.call('GET', `/api/v1/residents/${found.body[0].id}`, { token: await t.login(other.distributor.userName) }))
      .status,
  ).toBe(404);
  expect((await t.call('GET', '/api/v1/residents/search', { token: await t.login('property.manager') })).status).toBe(
    400,
  );
  expect((await t.call('GET', '/api/v1/residents/999999', { token: await t.login('lab.admin') })).status).toBe(404);
  expect(
    (await t.call('GET', '/api/v1/residents/search?query=lee', { token: await t.login('pet.owner') })).status,
  ).toBe(403);
});

describe('group resident lists and actions', () => {
  let oakRidge: number;
  let pm: string;
  const list = async (path: string, token = pm) => (await t.call('GET', path, { token })).body;
  beforeAll(async () => {
    oakRidge = (await groupByName(t.database.db, 'Oak Ridge Apartments')).id;
    pm = await t.login('property.manager');
  });
  const addResident = async (values: Partial<typeof preRegisteredResidents.$inferInsert> & { dogs?: string[] }) => {
    const { dogs = [], ...rest } = values;
    const [row] = await t.database.db
      .insert(preRegisteredResidents)
      .values({ groupId: oakRidge, firstName: 'Test', lastName: 'Resident', ...rest })
      .returning();
    for (const name of dogs) await t.database.db.insert(preRegisteredDogs).values({ residentId: row.id, name });
    return row;
  };

  test('residents list: name ascending by default, filters, and the pre-registration list newest first', async () => {
    const all = await list(`/api/v1/groups/${oakRidge}/residents?pageSize=100`);
    const names = all.data.map((row: { fullName: string }) => row.fullName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all.totalRecords).toBeGreaterThanOrEqual(4);
    const bella = await list(`/api/v1/groups/${oakRidge}/residents?preRegisteredDogName=bell`);
    expect(bella.data.map((row: { fullName: string }) => row.fullName)).toEqual(['Morgan Lee']);
    expect(bella.data[0].dogs.map((dog: { name: string }) => dog.name)).toEqual(['Bella', 'Max']);
    const cats = await list(`/api/v1/groups/${oakRidge}/residents?petSpecies=${PetSpecies.Cat}`);
    expect(cats.data.map((row: { fullName: string }) => row.fullName)).toEqual(['Jamie Fox']);
    const byNumber = await list(`/api/v1/groups/${oakRidge}/residents?residentNumber=RES0000001`);
    expect(byNumber.data.map((row: { fullName: string }) => row.fullName)).toEqual(['Taylor Reed']);
    await addResident({ firstName: 'Newest', lastName: 'Arrival', datePreRegistered: new Date(Date.now() + 60_000) });
    const prereg = await list(`/api/v1/groups/${oakRidge}/residents/prereg`);
    expect(prereg.data[0].fullName).toBe('Newest Arrival');
    const dates = prereg.data.map((row: { datePreRegistered: string }) => row.datePreRegistered);
    expect(dates).toEqual([...dates].sort().reverse());
    const bad = await t.call('GET', `/api/v1/groups/${oakRidge}/residents?status=Sideways`, { token: pm });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.modelState)).toContain('status');
  });

  test('approving a non-dog resident; deleting one', async () => {
    const cat = await addResident({
      firstName: 'Kit',
      lastName: 'Cat',
      petSpecies: PetSpecies.Cat,
      hasOtherPets: true,
    });
    const approved = await t.call('PUT', `/api/v1/preregresident/${cat.id}/approve`, { token: pm, body: {} });
    expect(approved.body).toEqual({
      message: 'Resident Kit Cat approved.',
      petOwnerId: null,
      userName: null,
      residentNumber: null,
    });
    const again = await t.call('PUT', `/api/v1/preregresident/${cat.id}/approve`, { token: pm, body: {} });
    expect(again.status).toBe(400);
    const deleted = await t.call('DELETE', `/api/v1/preregresident/${cat.id}`, { token: pm });
    expect(deleted.body.message).toBe('Resident Kit Cat deleted.');
    expect((await t.call('GET', `/api/v1/residents/${cat.id}/details`, { token: pm })).status).toBe(404);
  });

  test('approving a dog owner makes a registry pet owner with the dogs as pets, in one transaction', async () => {
    const resident = await addResident({
      firstName: 'Dana',
      lastName: 'Dogs',
      email: 'dana.dogs@mail.example',
      petSpecies: PetSpecies.Dog,
      hasDogs: true,
      dogs: ['Rex', 'Fido'],
    });
    const dogs = (await t.call('GET', `/api/v1/dogs/${resident.id}`, { token: pm })).body;
    // A duplicate sample number refuses the whole approval: nothing half-made.
    const duplicate = await t.call('PUT', `/api/v1/preregresident/${resident.id}/approve`, {
      token: pm,
      body: {
        dogs: dogs.map((dog: { id: number; name: string }) => ({
          preRegisteredDogId: dog.id,
          name: dog.name,
          sampleNumber: 'dn1234567',
        })),
      },
    });
    expect(duplicate.status).toBe(400);
    expect(Object.keys(duplicate.body.modelState)).toEqual(['dogs[1].sampleNumber']);
    const approved = await t.call('PUT', `/api/v1/preregresident/${resident.id}/approve`, {
      token: pm,
      body: {
        dogs: dogs.map((dog: { id: number; name: string }, index: number) => ({
          preRegisteredDogId: dog.id,
          name: dog.name,
          sampleNumber: `dn765432${index}`,
        })),
      },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ message: 'Resident Dana Dogs approved.', userName: 'dana.dogs' });
    const owner = await t.call('GET', `/api/v1/petowner/${approved.body.petOwnerId}`, { token: pm });
    expect(
      owner.body.pets.map((pet: { name: string; sampleNumber: string }) => [pet.name, pet.sampleNumber]).sort(),
    ).toEqual([
      ['Fido', 'DN7654321'],
      ['Rex', 'DN7654320'],
    ]);
    const details = (await t.call('GET', `/api/v1/residents/${resident.id}/details`, { token: pm })).body;
    expect(details).toMatchObject({ status: RegistrationStatus.Approved, isPetOwner: true, preRegisteredDogs: 0 });
    const mail = await t.smtp.waitFor((message) => message.to.includes('dana.dogs@mail.example'));
    expect(mail.text).toContain('dana.dogs');
    // A registry pet owner cannot be deleted as a resident; they move out instead.
    expect((await t.call('DELETE', `/api/v1/preregresident/${resident.id}`, { token: pm })).status).toBe(400);
    const moved = await t.call('POST', `/api/v1/groups/${oakRidge}/residents/bulkmoveout`, {
      token: pm,
      body: { residentIds: [resident.id] },
    });
    expect(moved.body.count).toBe(1);
    const moveOuts = await list(`/api/v1/groups/${oakRidge}/residents/moveouts`);
    expect(moveOuts.data[0]).toMatchObject({ fullName: 'Dana Dogs', userName: 'dana.dogs' });
  });

  test('a partial approval defers a dog; every dog deferred is refused', async () => {
    const resident = await addResident({
      firstName: 'Pat',
      lastName: 'Partial',
      hasDogs: true,
      petSpecies: PetSpecies.Dog,
      dogs: ['One', 'Two'],
    });
    expect(
      (await t.call('PUT', `/api/v1/preregresident/${resident.id}/approve`, { token: pm, body: { dogs: [] } })).status,
    ).toBe(400);
    const [one] = (await t.call('GET', `/api/v1/dogs/${resident.id}`, { token: pm })).body;
    await t.call('PUT', `/api/v1/preregresident/${resident.id}/approve`, {
      token: pm,
      body: { dogs: [{ preRegisteredDogId: one.id, name: 'One', sampleNumber: 'DNI7000001' }] },
    });
    const details = (await t.call('GET', `/api/v1/residents/${resident.id}/details`, { token: pm })).body;
    expect(details).toMatchObject({ isPartiallyRegistered: true, preRegisteredDogs: 1 });
    const prereg = await list(`/api/v1/groups/${oakRidge}/residents/prereg?name=Pat Partial`);
    expect(prereg.totalRecords).toBe(1);
  });

  test('pre-registered dogs: add, and delete only by typing the name', async () => {
    const resident = await addResident({ firstName: 'Drew', lastName: 'Doggo' });
    const added = await t.call('POST', `/api/v1/dogs/${resident.id}`, {
      token: pm,
      body: { name: 'Luna', weight: 10 },
    });
    expect(added.body).toMatchObject({ name: 'Luna', weight: 10, weightUnit: 0, isRegistered: false });
    const wrong = await t.call('DELETE', `/api/v1/dogs/${resident.id}/${added.body.id}?confirmName=Lunar`, {
      token: pm,
    });
    expect(wrong.status).toBe(400);
    const right = await t.call('DELETE', `/api/v1/dogs/${resident.id}/${added.body.id}?confirmName=luna`, {
      token: pm,
    });
    expect(right.status).toBe(200);
    expect((await t.call('GET', `/api/v1/dogs/${resident.id}`, { token: pm })).body).toEqual([]);
  });

  test('bulk transfer to another property in scope', async () => {
    const maple = await groupByName(t.database.db, 'Maple Court');
    const resident = await addResident({ firstName: 'Terry', lastName: 'Transfer' });
    const firm = await t.login('firm.manager');
    const moved = await t.call('POST', `/api/v1/groups/${oakRidge}/residents/bulktransfer`, {
      token: firm,
      body: { destinationId: maple.id, residentIds: [resident.id] },
    });
    expect(moved.body.count).toBe(1);
    expect((await list(`/api/v1/groups/${maple.id}/residents?name=Terry`, firm)).totalRecords).toBe(1);
    const empty = await t.call('POST', `/api/v1/groups/${oakRidge}/residents/bulktransfer`, {
      token: firm,
      body: { destinationId: maple.id, residentIds: [] },
    });
    expect(empty.status).toBe(400);
  });

  test("another property's admin: 404 on every resident call; maintenance: 403", async () => {
    const other = await makeOtherDistributorship(t.database.db);
    const token = await t.login(other.propertyManager.userName);
    const resident = await addResident({ firstName: 'Private', lastName: 'Person', dogs: ['Secret'] });
    const [dog] = await t.database.db
      .select()
      .from(preRegisteredDogs)
      .where(eq(preRegisteredDogs.residentId, resident.id));
    for (const [method, path, body] of [
      ['GET', `/api/v1/groups/${oakRidge}/residents`],
      ['GET', `/api/v1/groups/${oakRidge}/residents/prereg`],
      ['GET', `/api/v1/residents/${resident.id}/details`],
      ['PUT', `/api/v1/preregresident/${resident.id}/approve`, {}],
      ['DELETE', `/api/v1/preregresident/${resident.id}`],
      ['GET', `/api/v1/dogs/${resident.id}`],
      ['POST', `/api/v1/dogs/${resident.id}`, { name: 'Sneaky' }],
      ['DELETE', `/api/v1/dogs/${resident.id}/${dog.id}?confirmName=Secret`],
      ['POST', `/api/v1/groups/${other.property.id}/residents/bulkmoveout`, { residentIds: [resident.id] }],
    ] as const) {
      const response = await t.call(method, path, { token, body });
      expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} 404`);
    }
    const maintenance = await t.login('property.maintenance');
    expect(
      (await t.call('PUT', `/api/v1/preregresident/${resident.id}/approve`, { token: maintenance, body: {} })).status,
    ).toBe(403);
    expect((await t.call('GET', `/api/v1/groups/${oakRidge}/residents`, { token: maintenance })).status).toBe(403);
    expect((await t.call('GET', `/api/v1/residents/${resident.id}/details`, { token: pm })).status).toBe(200);
  });
});
