// Residents: the resident reads their own record (the landing needs its property); admins those of their properties.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { RegistrationStatus } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeOtherDistributorship } from '../../../test/factories.ts';

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
