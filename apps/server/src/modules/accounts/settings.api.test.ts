// Features per user and per group, and the dog quick-actions setting.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { allDogQuickActions, DogQuickActions } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeOtherDistributorship } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('a group inherits the features of the groups above it', async () => {
  const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
  const maple = await groupByName(t.database.db, 'Maple Court');
  const token = await t.login('firm.manager');
  expect((await t.call('GET', `/api/v1/features/getfeaturesforgroup?groupId=${oak.id}`, { token })).body).toEqual([
    'Ancestry',
  ]);
  expect((await t.call('GET', `/api/v1/features/getfeaturesforgroup?groupId=${maple.id}`, { token })).body).toEqual([]);
});

test('a resident reads the features of their own property, not of others', async () => {
  const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
  const maple = await groupByName(t.database.db, 'Maple Court');
  const token = await t.login('RES0000001');
  expect((await t.call('GET', `/api/v1/features/getfeaturesforgroup?groupId=${oak.id}`, { token })).body).toEqual([
    'Ancestry',
  ]);
  expect((await t.call('GET', `/api/v1/features/getfeaturesforgroup?groupId=${maple.id}`, { token })).status).toBe(404);
  expect((await t.call('GET', '/api/v1/features', { token })).body).toEqual(['Ancestry']);
});

test('admins of other groups are refused; unknown and bad ids answer 404 and 400', async () => {
  const other = await makeOtherDistributorship(t.database.db);
  const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
  expect(
    (
      await t.call('GET', `/api/v1/features/getfeaturesforgroup?groupId=${oak.id}`, {
        token: await t.login(other.distributor.userName),
      })
    ).status,
  ).toBe(404);
  expect(
    (await t.call('GET', '/api/v1/features/getfeaturesforgroup?groupId=999999', { token: await t.login('lab.admin') }))
      .status,
  ).toBe(404);
  expect(
    (await t.call('GET', '/api/v1/features/getfeaturesforgroup?groupId=x', { token: await t.login('lab.admin') }))
      .status,
  ).toBe(400);
  expect((await t.call('GET', '/api/v1/features')).status).toBe(401);
});

test('dog quick actions default to all and are saved per user', async () => {
  const token = await t.login('property.manager');
  expect((await t.call('GET', '/api/v1/usersettings/getdogquickactions', { token })).body.value).toBe(
    allDogQuickActions,
  );
  const chosen = DogQuickActions.Flag | DogQuickActions.Transfer;
  expect(
    (await t.call('POST', '/api/v1/usersettings/setdogquickactions', { token, body: { value: chosen } })).body.value,
  ).toBe(chosen);
  expect((await t.call('GET', '/api/v1/usersettings/getdogquickactions', { token })).body.value).toBe(chosen);
  expect(
    (await t.call('GET', '/api/v1/usersettings/getdogquickactions', { token: await t.login('property.maintenance') }))
      .body.value,
  ).toBe(allDogQuickActions);
  expect(
    (await t.call('POST', '/api/v1/usersettings/setdogquickactions', { token, body: { value: 5000 } })).status,
  ).toBe(400);
  expect(
    (await t.call('POST', '/api/v1/usersettings/setdogquickactions', { token, body: { value: 'all' } })).status,
  ).toBe(400);
  expect(
    (
      await t.call('POST', '/api/v1/usersettings/setdogquickactions', {
        token: await t.login('pet.owner'),
        body: { value: 1 },
      })
    ).status,
  ).toBe(403);
});
