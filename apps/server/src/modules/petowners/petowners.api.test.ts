// The pet owner landing record and the pet owner search: owners see themselves, admins their groups' owners.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeOtherDistributorship, makePetOwner, userByName } from '../../../test/factories.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
beforeAll(async () => {
  t = await startTestApp();
  other = await makeOtherDistributorship(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

test('a pet owner reads their own record with pets, and nobody else’s', async () => {
  const owner = await userByName(t.database.db, 'pet.owner');
  const token = await t.login('pet.owner');
  const own = await t.call('GET', `/api/v1/petowner/${owner.id}`, { token });
  expect(own.body).toMatchObject({ userName: 'pet.owner', fullName: 'Jordan Blake' });
  expect(own.body.pets.map((pet: { name: string }) => pet.name)).toEqual(['Biscuit', 'Pepper']);
  const neighbour = await userByName(t.database.db, 'avery.kim');
  expect((await t.call('GET', `/api/v1/petowner/${neighbour.id}`, { token })).status).toBe(404);
});

test('admins read owners in their groups; others are refused; unknown ids 404', async () => {
  const owner = await userByName(t.database.db, 'pet.owner');
  expect(
    (await t.call('GET', `/api/v1/petowner/${owner.id}`, { token: await t.login('property.manager') })).status,
  ).toBe(200);
  expect(
    (await t.call('GET', `/api/v1/petowner/${owner.id}`, { token: await t.login(other.distributor.userName) })).status,
  ).toBe(404);
  expect((await t.call('GET', '/api/v1/petowner/999999', { token: await t.login('lab.admin') })).status).toBe(404);
  const admin = await userByName(t.database.db, 'distributor');
  expect((await t.call('GET', `/api/v1/petowner/${admin.id}`, { token: await t.login('lab.admin') })).status).toBe(404);
});

test('search pages ten at a time within the caller’s groups', async () => {
  await makePetOwner(t.database.db, { groupId: other.property.id, userName: 'far.away' });
  const staff = await t.call('GET', '/api/v1/petowner/searchpetowners?pageSize=10&page=1', {
    token: await t.login('lab.admin'),
  });
  expect(staff.body.data.map((row: { userName: string }) => row.userName)).toContain('far.away');
  const manager = await t.call('GET', '/api/v1/petowner/searchpetowners?pageSize=10&page=1', {
    token: await t.login('property.manager'),
  });
  expect(manager.body.data.map((row: { userName: string }) => row.userName).sort()).toEqual(['avery.kim', 'pet.owner']);
  const byName = await t.call('GET', '/api/v1/petowner/searchpetowners?name=blake', {
    token: await t.login('property.manager'),
  });
  expect(byName.body).toMatchObject({ totalRecords: 1, data: [{ userName: 'pet.owner' }] });
  expect((await t.call('GET', '/api/v1/petowner/searchpetowners', { token: await t.login('pet.owner') })).status).toBe(
    403,
  );
  expect(
    (
      await t.call('GET', `/api/v1/petowner/searchpetowners?name=${'x'.repeat(201)}`, {
        token: await t.login('lab.admin'),
      })
    ).status,
  ).toBe(400);
});
