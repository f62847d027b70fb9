// The group tree: first-level groups per caller, children on demand (inactive ones under the pseudo-node), menu flags.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GroupTypes } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeGroup, makeOtherDistributorship } from '../../../test/factories.ts';
import { groups } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
beforeAll(async () => {
  t = await startTestApp();
  other = await makeOtherDistributorship(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const names = (body: { name: string }[]) => body.map((group) => group.name);

test('first-level groups per caller', async () => {
  const staff = await t.call('GET', '/api/v1/groups/group', { token: await t.login('lab.admin') });
  expect(staff.body).toEqual([
    expect.objectContaining({
      name: 'PetDNA Registry',
      groupType: GroupTypes.HierarchyRoot,
      parentId: null,
      hasChildren: true,
      noLeaf: true,
      label: 'PetDNA Registry',
    }),
  ]);
  const manager = await t.call('GET', '/api/v1/groups/group/', { token: await t.login('property.manager') });
  expect(names(manager.body)).toEqual(['Oak Ridge Apartments']);
  expect(manager.body[0]).toMatchObject({ hasChildren: false, noLeaf: false, propertyPreRegisterCode: 'OAKRIDGE' });
  expect((await t.call('GET', '/api/v1/groups/group', { token: await t.login('pet.owner') })).status).toBe(403);
  expect((await t.call('GET', '/api/v1/groups/group')).status).toBe(401);
});

test('one group, in scope only', async () => {
  const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
  expect((await t.call('GET', `/api/v1/group/${oak.id}`, { token: await t.login('distributor') })).body.name).toBe(
    'Oak Ridge Apartments',
  );
  expect(
    (await t.call('GET', `/api/v1/group/${oak.id}`, { token: await t.login(other.distributor.userName) })).status,
  ).toBe(404);
  expect((await t.call('GET', '/api/v1/group/999999', { token: await t.login('lab.admin') })).status).toBe(404);
});

describe('GET /groups/group/getchildren/{id}', () => {
  test('lists active children with expander flags; inactive children only under the pseudo-node call', async () => {
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const retired = await makeGroup(t.database.db, {
      parentId: harbor.id,
      groupType: GroupTypes.Property,
      name: 'Retired Towers',
    });
    await t.database.db.update(groups).set({ isActive: false }).where(eq(groups.id, retired.id));
    const token = await t.login('firm.manager');
    const active = await t.call('GET', `/api/v1/groups/group/getchildren/${harbor.id}`, { token });
    expect(active.status).toBe(200);
    expect(names(active.body)).toEqual(['Maple Court', 'Oak Ridge Apartments']);
    expect(active.body[0]).toMatchObject({
      groupType: GroupTypes.Property,
      isActive: true,
      hasChildren: false,
      noLeaf: false,
      parentId: harbor.id,
    });
    const inactive = await t.call('GET', `/api/v1/groups/group/getchildren/${harbor.id}?inactive=true`, { token });
    expect(names(inactive.body)).toEqual(['Retired Towers']);
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    const parent = await t.call('GET', `/api/v1/groups/group/getchildren/${sunbelt.id}`, {
      token: await t.login('distributor'),
    });
    expect(parent.body.find((node: { name: string }) => node.name === 'Harbor Property Management')).toMatchObject({
      hasChildren: true,
      hasInactiveChildren: true,
      noLeaf: true,
    });
  });

  test('outside the caller, unknown, bad id, pet owner and anonymous are refused', async () => {
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    expect(
      (
        await t.call('GET', `/api/v1/groups/group/getchildren/${harbor.id}`, {
          token: await t.login(other.distributor.userName),
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/groups/group/getchildren/${harbor.id}`, { token: await t.login('pet.owner') }))
        .status,
    ).toBe(403);
    expect((await t.call('GET', `/api/v1/groups/group/getchildren/${harbor.id}`)).status).toBe(401);
    expect(
      (await t.call('GET', '/api/v1/groups/group/getchildren/999999', { token: await t.login('lab.admin') })).status,
    ).toBe(404);
    const bad = await t.call('GET', '/api/v1/groups/group/getchildren/abc', { token: await t.login('lab.admin') });
    expect(bad.status).toBe(400);
    expect(bad.body.modelState).toBeDefined();
  });
});

describe('GET /group/getgroupmenuviewmodel/{id}', () => {
  test('flags follow the group type and the role', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    const property = await t.call('GET', `/api/v1/group/getgroupmenuviewmodel/${oak.id}`, {
      token: await t.login('property.manager'),
    });
    expect(property.body).toMatchObject({
      dashboard: true,
      detail: true,
      subgroups: false,
      admins: true,
      petOwners: true,
      pets: true,
      preRegLink: true,
      isPropertySteward: true,
      isParentageSteward: false,
      preRegCode: 'OAKRIDGE',
    });
    const maintenance = await t.call('GET', `/api/v1/group/getgroupmenuviewmodel/${oak.id}`, {
      token: await t.login('property.maintenance'),
    });
    expect(maintenance.body).toMatchObject({
      dashboard: true,
      detail: false,
      admins: false,
      petOwners: false,
      pets: false,
      preRegLink: false,
    });
    const distributorship = await t.call('GET', `/api/v1/group/getgroupmenuviewmodel/${sunbelt.id}`, {
      token: await t.login('distributor'),
    });
    expect(distributorship.body).toMatchObject({
      subgroups: true,
      petOwners: false,
      preRegLink: false,
      isPropertySteward: true,
      isParentageSteward: true,
      preRegCode: null,
    });
    expect(
      (
        await t.call('GET', `/api/v1/group/getgroupmenuviewmodel/${oak.id}`, {
          token: await t.login(other.distributor.userName),
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/group/getgroupmenuviewmodel/${oak.id}`, { token: await t.login('pet.owner') }))
        .status,
    ).toBe(403);
    expect((await t.call('GET', `/api/v1/group/getgroupmenuviewmodel/${oak.id}`)).status).toBe(401);
    expect(
      (await t.call('GET', '/api/v1/group/getgroupmenuviewmodel/999999', { token: await t.login('lab.admin') })).status,
    ).toBe(404);
  });
});

describe('GET /group/getpetownergroupsofcurrentadmin', () => {
  test('pet-owner groups within the caller, paged and filtered', async () => {
    const token = await t.login('distributor');
    const properties = await t.call('GET', '/api/v1/group/getpetownergroupsofcurrentadmin?pageSize=10', { token });
    expect(properties.status).toBe(200);
    expect(names(properties.body.data)).toEqual(['Maple Court', 'Oak Ridge Apartments']);
    expect(properties.body.totalRecords).toBe(2);
    const withParentage = await t.call(
      'GET',
      '/api/v1/group/getpetownergroupsofcurrentadmin?includeParentageGroups=true&includeInactiveGroups=true&pageSize=1&page=2',
      { token },
    );
    expect(withParentage.body.totalRecords).toBe(4);
    expect(withParentage.body.data).toHaveLength(1);
    const named = await t.call('GET', '/api/v1/group/getpetownergroupsofcurrentadmin?name=maple', { token });
    expect(names(named.body.data)).toEqual(['Maple Court']);
    const outsider = await t.call('GET', '/api/v1/group/getpetownergroupsofcurrentadmin', {
      token: await t.login(other.distributor.userName),
    });
    expect(names(outsider.body.data)).toEqual([other.property.name]);
    expect((await t.call('GET', '/api/v1/group/getpetownergroupsofcurrentadmin?pageSize=0', { token })).status).toBe(
      400,
    );
    expect(
      (await t.call('GET', '/api/v1/group/getpetownergroupsofcurrentadmin', { token: await t.login('pet.owner') }))
        .status,
    ).toBe(403);
  });
});

test('every group call is in the OpenAPI document with its operationId', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = JSON.parse(response.body) as { paths: Record<string, Record<string, { operationId?: string }>> };
  const operationIds = Object.values(document.paths).flatMap((methods) =>
    Object.values(methods).map((operation) => operation.operationId),
  );
  for (const operationId of [
    'firstLevelGroups',
    'groupChildren',
    'groupMenu',
    'getGroup',
    'updateGroup',
    'deleteGroup',
    'createProperty',
    'createParentageGroup',
    'createDistributorship',
    'createManagementGroup',
    'createDistributorshipManagementGroup',
    'groupRequested',
    'moveGroup',
    'bulkTransferGroups',
    'activateGroup',
    'deactivateGroup',
    'subgroups',
    'groupAdmins',
    'createAdminOnGroup',
    'addExistingAdminToGroup',
    'removeAdminFromGroup',
    'removeAdminFromAllGroups',
    'setPrimaryAdminForGroup',
    'groupDashboard',
    'getCertificateCustomization',
    'updateCertificateCustomization',
    'addAdjacentProperty',
    'removeAdjacentProperty',
    'adjacentAgreementsUnderGroup',
    'preRegistrationLink',
    'uploadGroupLogo',
    'storedFile',
    'petOwnerGroupsOfCurrentAdmin',
  ]) {
    expect(operationIds).toContain(operationId);
  }
});
