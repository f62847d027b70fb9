// The privilege rules of the rights table: no one changes their own role, acts on an admin at or above their own role,
// or gives a role at or above it; group delete, move and edit follow the table; sign-in-as is audited with both users.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GroupTypes, Messages, UserRole } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeAdmin, makeGroup, makeOtherDistributorship, userByName } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const update = (
  admin: { userName: string; email: string | null; roleId: number; firstName: string | null; lastName: string | null },
  changes: Record<string, unknown> = {},
) => ({
  firstName: admin.firstName ?? 'Test',
  lastName: admin.lastName ?? 'Admin',
  userName: admin.userName,
  email: admin.email,
  roleId: admin.roleId,
  ...changes,
});
const newAdmin = (roleId: number) => {
  const userName = `new.${Math.random().toString(36).slice(2, 10)}`;
  return { firstName: 'New', lastName: 'Admin', userName, email: `${userName}@test.example`, roleId };
};

describe('own role', () => {
  test('PUT /admin/{own id} with another role is refused; the same role saves', async () => {
    const me = await userByName(t.database.db, 'firm.manager');
    const token = await t.login('firm.manager');
    const refused = await t.call('PUT', `/api/v1/admin/${me.id}`, {
      token,
      body: update(me, { roleId: UserRole.Distributor }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(Messages.ownRoleUnchangeable);
    const staff = await userByName(t.database.db, 'office.admin');
    const staffToken = await t.login('office.admin');
    expect(
      (
        await t.call('PUT', `/api/v1/admin/${staff.id}`, {
          token: staffToken,
          body: update(staff, { roleId: UserRole.BioPetLabAdmin }),
        })
      ).status,
    ).toBe(403);
    expect((await userByName(t.database.db, 'office.admin')).roleId).toBe(UserRole.BioPetOfficeAdmin);
    expect(
      (await t.call('PUT', `/api/v1/admin/${me.id}`, { token, body: update(me, { phoneNumber: '555-0199' }) })).status,
    ).toBe(200);
  });
});

describe("acting on an admin at or above one's role", () => {
  test('a property manager cannot touch a distributor or a peer who shares their property', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const higher = await makeAdmin(t.database.db, { roleId: UserRole.Distributor, groupId: oak.id });
    const peer = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: oak.id });
    const token = await t.login('property.manager');
    for (const target of [higher, peer]) {
      const calls: [string, string, unknown?][] = [
        ['POST', `/api/v1/account/signinasanotheruser/${target.id}`],
        ['PUT', `/api/v1/admin/${target.id}`, update(target, { email: 'taken.over@test.example' })],
        ['PUT', `/api/v1/admin/${target.id}`, update(target, { phoneNumber: '555-0100' })],
        ['GET', `/api/v1/admin/${target.id}/securityquestion`],
        ['GET', `/api/v1/account/generatetemporarytoken/${target.id}`],
        ['POST', `/api/v1/account/resetadminpassword?id=${target.id}`],
        ['PUT', `/api/v1/admin/deactivate/${target.id}`],
        ['DELETE', `/api/v1/admin/${target.id}`],
        ['POST', `/api/v1/groupadmin/removefromallgroups/${target.id}`],
      ];
      for (const [method, url, body] of calls) {
        const response = await t.call(method as 'GET', url, { token, body });
        expect({ method, url, status: response.status }).toEqual({ method, url, status: 403 });
      }
    }
    // Nothing changed: the distributor's email, password and state are as they were.
    const after = await userByName(t.database.db, higher.userName);
    expect(after).toMatchObject({ email: higher.email, isActive: true, passwordHash: higher.passwordHash });
    // Viewing a peer's page is allowed (they share the property); acting on a lower role is.
    expect((await t.call('GET', `/api/v1/admin/${peer.id}`, { token })).status).toBe(200);
    const lower = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: oak.id });
    expect((await t.call('GET', `/api/v1/admin/${lower.id}/securityquestion`, { token })).status).toBe(200);
    expect((await t.call('GET', `/api/v1/account/generatetemporarytoken/${lower.id}`, { token })).status).toBe(200);
    expect((await t.call('POST', `/api/v1/account/signinasanotheruser/${lower.id}`, { token })).status).toBe(200);
  });

  test('provider staff act only on staff below them', async () => {
    const lab = await userByName(t.database.db, 'lab.admin');
    const service = await userByName(t.database.db, 'service.admin');
    const office = await userByName(t.database.db, 'office.admin');
    const signInAs = async (actor: string, target: number) =>
      (await t.call('POST', `/api/v1/account/signinasanotheruser/${target}`, { token: await t.login(actor) })).status;
    expect(await signInAs('office.admin', lab.id)).toBe(403);
    expect(await signInAs('office.admin', service.id)).toBe(403);
    expect(await signInAs('service.admin', lab.id)).toBe(403);
    expect(await signInAs('service.admin', office.id)).toBe(200);
    expect(await signInAs('lab.admin', service.id)).toBe(200);
    const second = await makeAdmin(t.database.db, {
      roleId: UserRole.BioPetLabAdmin,
      groupId: (await groupByName(t.database.db, 'PetDNA Registry')).id,
    });
    expect(await signInAs('lab.admin', second.id)).toBe(403);
  });

  test("an admin outside the caller's groups answers as a missing one", async () => {
    const other = await makeOtherDistributorship(t.database.db);
    const token = await t.login('distributor');
    const outside = await t.call('POST', `/api/v1/account/signinasanotheruser/${other.propertyManager.id}`, { token });
    const missing = await t.call('POST', '/api/v1/account/signinasanotheruser/2147483000', { token });
    expect(outside.status).toBe(404);
    expect(missing.status).toBe(404);
  });
});

describe('giving roles', () => {
  test('a property manager cannot create a distributor (nor any role at or above their own)', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const token = await t.login('property.manager');
    for (const roleId of [
      UserRole.BioPetLabAdmin,
      UserRole.Distributor,
      UserRole.ManagementFirmManager,
      UserRole.PropertyManager,
    ]) {
      const direct = await t.call('POST', '/api/v1/admin', { token, body: { ...newAdmin(roleId), groupId: oak.id } });
      expect({ roleId, status: direct.status }).toEqual({ roleId, status: 403 });
      const { roleId: role, ...fields } = newAdmin(roleId);
      const onGroup = await t.call('POST', `/api/v1/groupadmin/${oak.id}/createadmin`, {
        token,
        body: { ...fields, role },
      });
      expect({ roleId, status: onGroup.status }).toEqual({ roleId, status: 403 });
    }
    expect(
      (
        await t.call('POST', '/api/v1/admin', {
          token,
          body: { ...newAdmin(UserRole.PropertyMaintenance), groupId: oak.id },
        })
      ).status,
    ).toBe(200);
  });

  test('a distributor cannot raise an admin beneath them to their own role', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const admin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: oak.id });
    const token = await t.login('distributor');
    expect(
      (
        await t.call('PUT', `/api/v1/admin/${admin.id}`, {
          token,
          body: update(admin, { roleId: UserRole.Distributor }),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call('PUT', `/api/v1/admin/${admin.id}`, {
          token,
          body: update(admin, { roleId: UserRole.PropertyManager }),
        })
      ).status,
    ).toBe(200);
  });
});

describe('createadmin with an email that belongs to an admin', () => {
  test('names and offers only an admin the caller may assign', async () => {
    const other = await makeOtherDistributorship(t.database.db);
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const token = await t.login('distributor');
    const body = {
      firstName: 'Any',
      lastName: 'One',
      email: other.propertyManager.email,
      role: UserRole.PropertyManager,
    };
    const hidden = await t.call('POST', `/api/v1/groupadmin/${oak.id}/createadmin`, { token, body });
    expect(hidden.status).toBe(400);
    const hiddenName = `Test ${other.propertyManager.lastName}`;
    expect(JSON.stringify(hidden.body)).not.toContain(hiddenName);
    expect(hidden.body.modelState.email).toEqual([`Email '${other.propertyManager.email}' is already taken.`]);
    expect(hidden.body.existingUserFullName ?? null).toBeNull();
    const inScope = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: oak.id });
    const offered = await t.call('POST', `/api/v1/groupadmin/${oak.id}/createadmin`, {
      token,
      body: { ...body, email: inScope.email },
    });
    expect(offered.body).toMatchObject({ isEmailAlreadyAssignedToAdmin: true, existingUserId: inScope.id });

    const parent = await groupByName(t.database.db, 'Harbor Property Management');
    const group = {
      name: 'Privilege Court',
      parentId: parent.id,
      primaryAdminToBeCreated: {
        firstName: 'A',
        lastName: 'B',
        email: other.propertyManager.email,
        role: UserRole.PropertyManager,
      },
    };
    const onAdd = await t.call('POST', '/api/v1/property', { token, body: group });
    expect(onAdd.status).toBe(400);
    expect(JSON.stringify(onAdd.body)).not.toContain(hiddenName);
    expect(onAdd.body.existingUserId ?? null).toBeNull();
  });
});

describe('groups by the rights table', () => {
  test('a property manager edits their property but cannot delete, move or deactivate it', async () => {
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const property = await makeGroup(t.database.db, {
      parentId: harbor.id,
      groupType: GroupTypes.Property,
      name: 'Own Property',
    });
    await makeAdmin(t.database.db, {
      roleId: UserRole.PropertyManager,
      groupId: property.id,
      userName: 'own.property.manager',
    });
    const token = await t.login('own.property.manager');
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    expect((await t.call('DELETE', `/api/v1/group/${property.id}?confirmation=Own%20Property`, { token })).status).toBe(
      403,
    );
    expect(
      (await t.call('POST', '/api/v1/group/movegroup', { token, body: { parentId: sunbelt.id, childId: property.id } }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('POST', '/api/v1/group/deactivategroup', { token, body: { groupId: property.id } })).status,
    ).toBe(403);
    expect(
      (
        await t.call('PUT', `/api/v1/group/${property.id}`, {
          token,
          body: { name: 'Own Property', isSameAddress: true },
        })
      ).status,
    ).toBe(200);
    expect((await groupByName(t.database.db, 'Own Property')).parentId).toBe(harbor.id);
    // The firm manager above may delete it.
    expect(
      (
        await t.call('DELETE', `/api/v1/group/${property.id}?confirmation=Own%20Property`, {
          token: await t.login('firm.manager'),
        })
      ).status,
    ).toBe(200);
  });

  test('maintenance cannot edit settings; no one deletes the group they are assigned to', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const maintenance = await t.login('property.maintenance');
    expect(
      (
        await t.call('PUT', `/api/v1/group/${oak.id}`, {
          token: maintenance,
          body: { name: oak.name, isSameAddress: true },
        })
      ).status,
    ).toBe(403);
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const empty = await makeGroup(t.database.db, {
      parentId: harbor.id,
      groupType: GroupTypes.Property,
      name: 'Assigned Property',
    });
    const firm = await makeAdmin(t.database.db, {
      roleId: UserRole.ManagementFirmManager,
      groupId: empty.id,
      userName: 'assigned.firm.manager',
    });
    const refused = await t.call('DELETE', `/api/v1/group/${empty.id}?confirmation=Assigned%20Property`, {
      token: await t.login(firm.userName),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(Messages.ownGroupNotDeletable);
  });
});

describe('sign in as another user', () => {
  test('is audited with both users; userinfo names the original user; logout returns to them', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const target = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: oak.id });
    const manager = await userByName(t.database.db, 'property.manager');
    const token = await t.login('property.manager');
    const switched = await t.call('POST', `/api/v1/account/signinasanotheruser/${target.id}`, { token });
    expect(switched.status).toBe(200);
    const info = await t.call('GET', '/api/v1/account/userinfo', { token: switched.body.access_token });
    expect(info.body).toMatchObject({ userName: target.userName, impersonatedBy: 'property.manager' });
    const audit = await t.call('GET', '/api/v1/auditlog?entityType=Session&actionType=SignInAsAnotherUser', {
      token: await t.login('lab.admin'),
    });
    const entry = audit.body.data.find((row: { after: { userId: number } }) => row.after.userId === target.id);
    expect(entry).toMatchObject({
      createdBy: 'property.manager',
      after: { userId: target.id, userName: target.userName, byUserId: manager.id, byUserName: 'property.manager' },
    });
    const back = await t.call('POST', '/api/v1/account/logout', { token: switched.body.access_token });
    const restored = await t.call('GET', '/api/v1/account/userinfo', { token: back.body.restoredToken });
    expect(restored.body).toMatchObject({ userName: 'property.manager', impersonatedBy: null });
  });
});
