// Admin accounts: view, edit, activate/deactivate, delete, groups, search, with scope and bad-input cases.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GroupTypes, Messages, UserRole } from '@registry/contracts';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groups } from '../../db/schema/index.ts';
import { groupByName, makeAdmin, makeGroup, makeOtherDistributorship, userByName } from '../../../test/factories.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
beforeAll(async () => {
  t = await startTestApp();
  other = await makeOtherDistributorship(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const validUpdate = (admin: { userName: string; email: string | null; roleId: number }) => ({
  firstName: 'Pat',
  lastName: 'Quinn',
  userName: admin.userName,
  email: admin.email,
  roleId: admin.roleId,
  phoneNumber: '555-0101',
  address: { addressLine1: '9 Elm St', city: 'Dallas', stateId: 'US-TX', countryId: 'US', postalCode: '75201' },
});

describe('GET /admin/{id}', () => {
  test('an admin of a parent group reads an admin beneath it; groups and address come along', async () => {
    const manager = await userByName(t.database.db, 'property.manager');
    const response = await t.call('GET', `/api/v1/admin/${manager.id}`, { token: await t.login('distributor') });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      userName: 'property.manager',
      role: 'PropertyManager',
      isBioPetAdmin: false,
      isActive: true,
    });
    expect(response.body.groups.map((group: { name: string }) => group.name)).toEqual(['Oak Ridge Apartments']);
    expect(response.body.bioPetNotes).toBeNull();
  });

  test('another distributorship, a pet owner, an unknown id and a bad id are refused', async () => {
    const manager = await userByName(t.database.db, 'property.manager');
    expect(
      (await t.call('GET', `/api/v1/admin/${manager.id}`, { token: await t.login(other.distributor.userName) })).status,
    ).toBe(404);
    expect((await t.call('GET', `/api/v1/admin/${manager.id}`, { token: await t.login('pet.owner') })).status).toBe(
      403,
    );
    expect(
      (await t.call('GET', `/api/v1/admin/${manager.id}`, { token: await t.login('property.maintenance') })).status,
    ).toBe(403);
    expect((await t.call('GET', `/api/v1/admin/${manager.id}`)).status).toBe(401);
    expect((await t.call('GET', '/api/v1/admin/999999', { token: await t.login('lab.admin') })).status).toBe(404);
    const bad = await t.call('GET', '/api/v1/admin/abc', { token: await t.login('lab.admin') });
    expect(bad.status).toBe(400);
    expect(bad.body.modelState).toBeDefined();
    const labAdmin = await userByName(t.database.db, 'lab.admin');
    expect((await t.call('GET', `/api/v1/admin/${labAdmin.id}`, { token: await t.login('distributor') })).status).toBe(
      404,
    );
  });

  test('the security question and answer are shown to those who manage the admin', async () => {
    const manager = await userByName(t.database.db, 'property.manager');
    const response = await t.call('GET', `/api/v1/admin/${manager.id}/securityquestion`, {
      token: await t.login('lab.admin'),
    });
    expect(response.body).toEqual({ securityQuestion: 'Name of your first pet?', securityQuestionAnswer: 'Biscuit' });
  });
});

describe('PUT /admin/{id}', () => {
  test('saves every field and writes an audit entry with before and after', async () => {
    const property = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const admin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: property.id });
    const staff = await t.login('lab.admin');
    const response = await t.call('PUT', `/api/v1/admin/${admin.id}`, {
      token: staff,
      body: { ...validUpdate(admin), bioPetNotes: 'VIP', adminNotes: 'Weekends only' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      fullName: 'Pat Quinn',
      phoneNumber: '555-0101',
      bioPetNotes: 'VIP',
      adminNotes: 'Weekends only',
    });
    expect(response.body.address.state.abbreviation).toBe('TX');
    const audit = await t.call('GET', `/api/v1/auditlog?entityType=Admin&actionType=Update`, { token: staff });
    const entry = audit.body.data.find((row: { entityId: string }) => row.entityId === String(admin.id));
    expect(entry.before.lastName).toBe(admin.lastName);
    expect(entry.after.lastName).toBe('Quinn');
    expect(entry.after.passwordHash).toBeUndefined();
  });

  test('bad input answers field messages and changes nothing', async () => {
    const manager = await userByName(t.database.db, 'property.manager');
    const token = await t.login('lab.admin');
    const cases = [
      { body: { ...validUpdate(manager), firstName: '' }, field: 'firstName' },
      { body: { ...validUpdate(manager), lastName: 'x'.repeat(101) }, field: 'lastName' },
      { body: { ...validUpdate(manager), email: 'not-an-email' }, field: 'email' },
      { body: { ...validUpdate(manager), roleId: UserRole.PetOwner }, field: 'roleId' },
      { body: { ...validUpdate(manager), roleId: 'seven' }, field: 'roleId' },
      { body: { ...validUpdate(manager), userName: 'lab.admin' }, field: 'userName' },
      { body: { ...validUpdate(manager), address: { countryId: 'ZZ' } }, field: 'address.countryId' },
    ];
    for (const { body, field } of cases) {
      const response = await t.call('PUT', `/api/v1/admin/${manager.id}`, { token, body });
      expect({ field, status: response.status }).toEqual({ field, status: 400 });
      expect(Object.keys(response.body.modelState)).toContain(field);
    }
    expect((await userByName(t.database.db, 'property.manager')).lastName).toBe('Shah');
  });

  test('a non-staff admin cannot give a provider staff role, nor edit outside their groups', async () => {
    const property = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const admin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: property.id });
    const token = await t.login('distributor');
    expect(
      (
        await t.call('PUT', `/api/v1/admin/${admin.id}`, {
          token,
          body: { ...validUpdate(admin), roleId: UserRole.BioPetLabAdmin },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call('PUT', `/api/v1/admin/${other.propertyManager.id}`, {
          token,
          body: validUpdate(other.propertyManager),
        })
      ).status,
    ).toBe(404);
  });
});

describe('activate, deactivate, delete', () => {
  test('activation needs an email; deactivation ends sessions', async () => {
    const property = await groupByName(t.database.db, 'Maple Court');
    const admin = await makeAdmin(t.database.db, {
      roleId: UserRole.PropertyManager,
      groupId: property.id,
      email: null,
      isActive: false,
    });
    const token = await t.login('firm.manager');
    const refused = await t.call('PUT', `/api/v1/admin/activate/${admin.id}`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.exceptionMessage).toBe(Messages.adminNeedsEmail);

    const withEmail = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: property.id });
    const session = await t.login(withEmail.userName);
    expect((await t.call('PUT', `/api/v1/admin/deactivate/${withEmail.id}`, { token })).status).toBe(200);
    expect((await t.call('GET', '/api/v1/account/userinfo', { token: session })).status).toBe(401);
    expect((await t.call('GET', `/api/v1/admin/${withEmail.id}`, { token })).body.isActive).toBe(false);
    expect((await t.call('PUT', `/api/v1/admin/activate/${withEmail.id}`, { token })).status).toBe(200);
    expect(await t.login(withEmail.userName)).toEqual(expect.any(String));
    expect((await t.call('PUT', `/api/v1/admin/deactivate/${other.propertyManager.id}`, { token })).status).toBe(404);
  });

  test('delete removes the admin and their assignments; you cannot delete yourself or outsiders', async () => {
    const property = await groupByName(t.database.db, 'Maple Court');
    const admin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: property.id });
    const token = await t.login('firm.manager');
    const response = await t.call('DELETE', `/api/v1/admin/${admin.id}`, { token });
    expect(response.body.message).toBe(Messages.adminDeleted);
    expect((await t.call('GET', `/api/v1/admin/${admin.id}`, { token })).status).toBe(404);
    const me = await userByName(t.database.db, 'firm.manager');
    expect((await t.call('DELETE', `/api/v1/admin/${me.id}`, { token })).status).toBe(400);
    expect((await t.call('DELETE', `/api/v1/admin/${other.propertyManager.id}`, { token })).status).toBe(404);
  });
});

describe('groups of an admin', () => {
  test('add to and remove from groups, keeping a primary admin', async () => {
    // A property of its own: other tests leave admins on the demo properties, and a primary among others needs a successor.
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const maple = await makeGroup(t.database.db, {
      parentId: harbor.id,
      groupType: GroupTypes.Property,
      name: 'Maple Annex',
    });
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const admin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: oak.id });
    const token = await t.login('firm.manager');
    const added = await t.call('POST', `/api/v1/admin/${admin.id}/groups/${maple.id}`, { token });
    expect(added.status).toBe(200);
    expect(added.body.map((group: { name: string }) => group.name).sort()).toEqual([
      'Maple Annex',
      'Oak Ridge Apartments',
    ]);
    expect(added.body.find((group: { name: string }) => group.name === 'Maple Annex').isPrimaryAdmin).toBe(true);
    expect((await t.call('POST', `/api/v1/admin/${admin.id}/groups/${maple.id}`, { token })).status).toBe(400);
    expect((await t.call('POST', `/api/v1/admin/${admin.id}/groups/${other.property.id}`, { token })).status).toBe(404);
    expect((await t.call('POST', `/api/v1/admin/${admin.id}/groups/999999`, { token })).status).toBe(404);
    const removed = await t.call('DELETE', `/api/v1/admin/${admin.id}/groups/${maple.id}`, { token });
    expect(removed.body.map((group: { name: string }) => group.name)).toEqual(['Oak Ridge Apartments']);
    expect((await t.call('DELETE', `/api/v1/admin/${admin.id}/groups/${maple.id}`, { token })).status).toBe(404);
    // The annex goes again so the stewarded-properties test below sees the demo properties only.
    await t.database.db.delete(groups).where(eq(groups.id, maple.id));
  });

  test('directly assigned groups and stewarded properties follow the caller', async () => {
    const assigned = await t.call('GET', '/api/v1/admingroups/directlyassignedgroups', {
      token: await t.login('firm.manager'),
    });
    expect(assigned.body.map((group: { name: string }) => group.name)).toEqual(['Harbor Property Management']);
    const stewarded = await t.call('GET', '/api/v1/admingroups/allstewardedproperties', {
      token: await t.login('firm.manager'),
    });
    expect(stewarded.body.map((group: { name: string }) => group.name)).toEqual([
      'Maple Court',
      'Oak Ridge Apartments',
    ]);
    const withParentage = await t.call(
      'GET',
      '/api/v1/admingroups/allstewardedproperties?includeParentageGroups=true',
      { token: await t.login('distributor') },
    );
    expect(withParentage.body.map((group: { name: string }) => group.name)).toContain('Lone Star Breeders Club');
    expect(
      (await t.call('GET', '/api/v1/admingroups/directlyassignedgroups', { token: await t.login('pet.owner') })).status,
    ).toBe(403);
  });
});

describe('GET /admin/search', () => {
  test('pages, filters by trimmed name and email, and stays in scope', async () => {
    const staff = await t.call('GET', '/api/v1/admin/search?page=1&pageSize=2&name=%20Shah%20', {
      token: await t.login('lab.admin'),
    });
    expect(staff.body.totalRecords).toBe(1);
    expect(staff.body.data[0].userName).toBe('property.manager');
    const paged = await t.call('GET', '/api/v1/admin/search?page=2&pageSize=3', { token: await t.login('lab.admin') });
    expect(paged.body.data).toHaveLength(3);
    expect(paged.body.totalRecords).toBeGreaterThan(6);
    const scoped = await t.call('GET', '/api/v1/admin/search?pageSize=100', {
      token: await t.login(other.distributor.userName),
    });
    expect(scoped.body.data.map((row: { userName: string }) => row.userName).sort()).toEqual(
      [other.distributor.userName, other.propertyManager.userName].sort(),
    );
    const email = await t.call('GET', '/api/v1/admin/search?email=firm.manager@', {
      token: await t.login('lab.admin'),
    });
    expect(email.body.data.map((row: { userName: string }) => row.userName)).toEqual(['firm.manager']);
    expect(
      (await t.call('GET', '/api/v1/admin/search?pageSize=40000', { token: await t.login('lab.admin') })).status,
    ).toBe(400);
    expect((await t.call('GET', '/api/v1/admin/search?page=0', { token: await t.login('lab.admin') })).status).toBe(
      400,
    );
  });
});

describe('POST /admin', () => {
  test('creates an admin on a group and mails a welcome', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const response = await t.call('POST', '/api/v1/admin', {
      token: await t.login('property.manager'),
      body: {
        firstName: 'Nia',
        lastName: 'Holt',
        userName: 'nia.holt',
        email: 'nia.holt@test.example',
        roleId: UserRole.PropertyMaintenance,
        groupId: oak.id,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ userName: 'nia.holt', isActive: true });
    const mail = await t.smtp.waitFor((message) => message.to.includes('nia.holt@test.example'));
    expect(mail.subject).toContain('Welcome');
    const taken = await t.call('POST', '/api/v1/admin', {
      token: await t.login('property.manager'),
      body: { firstName: 'N', lastName: 'H', userName: 'NIA.HOLT', roleId: 8, groupId: oak.id },
    });
    expect(taken.body.modelState.userName).toBeDefined();
    const outside = await t.call('POST', '/api/v1/admin', {
      token: await t.login('property.manager'),
      body: { firstName: 'N', lastName: 'H', userName: 'zed', roleId: 8, groupId: other.property.id },
    });
    expect(outside.status).toBe(404);
  });
});
