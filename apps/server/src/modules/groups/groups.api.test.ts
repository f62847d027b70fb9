// First-level groups drive the admin landing: provider staff start at the root, others at the tops of their assignments.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { GroupTypes } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeOtherDistributorship } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('first-level groups per caller', async () => {
  const staff = await t.call('GET', '/api/v1/groups/group', { token: await t.login('lab.admin') });
  expect(staff.body).toEqual([expect.objectContaining({ name: 'PetDNA Registry', groupType: GroupTypes.HierarchyRoot, parentId: null })]);
  const manager = await t.call('GET', '/api/v1/groups/group/', { token: await t.login('property.manager') });
  expect(manager.body.map((group: { name: string }) => group.name)).toEqual(['Oak Ridge Apartments']);
  expect((await t.call('GET', '/api/v1/groups/group', { token: await t.login('pet.owner') })).status).toBe(403);
  expect((await t.call('GET', '/api/v1/groups/group')).status).toBe(401);
});

test('one group, in scope only', async () => {
  const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
  expect((await t.call('GET', `/api/v1/group/${oak.id}`, { token: await t.login('distributor') })).body.name).toBe('Oak Ridge Apartments');
  const other = await makeOtherDistributorship(t.database.db);
  expect((await t.call('GET', `/api/v1/group/${oak.id}`, { token: await t.login(other.distributor.userName) })).status).toBe(403);
  expect((await t.call('GET', '/api/v1/group/999999', { token: await t.login('lab.admin') })).status).toBe(404);
});
