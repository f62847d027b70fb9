// Admins of a group: the list with inherited admins, add existing, remove (with deactivation and the make-primary
// prompt), remove from all groups, set primary.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asc } from 'drizzle-orm';
import { GroupTypes, Messages, UserRole } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeAdmin, makeGroup, makeOtherDistributorship, userByName } from '../../../test/factories.ts';
import { groupAdmins } from '../../db/schema/index.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
beforeAll(async () => {
  t = await startTestApp();
  other = await makeOtherDistributorship(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const assignments = () =>
  t.database.db.select().from(groupAdmins).orderBy(asc(groupAdmins.groupId), asc(groupAdmins.userId));

describe('GET /groupadmin/{id}', () => {
  test('assigned admins by name; with inherited, every ancestor admin once, marked inherited', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const token = await t.login('property.manager');
    const assigned = await t.call('GET', `/api/v1/groupadmin/${oak.id}?adminFilter=1`, { token });
    expect(assigned.status).toBe(200);
    expect(assigned.body.isHierarchyRoot).toBe(false);
    expect(assigned.body.admins.map((admin: { fullName: string }) => admin.fullName)).toEqual([
      'Marco Diaz',
      'Priya Shah',
    ]);
    expect(assigned.body.admins[1]).toMatchObject({
      userName: 'property.manager',
      role: 'PropertyManager',
      isPrimaryAdmin: true,
      isInherited: false,
      email: 'property.manager@registry.example',
    });
    const inherited = await t.call('GET', `/api/v1/groupadmin/${oak.id}?adminFilter=2`, { token });
    const rows = inherited.body.admins.map((admin: { userName: string; isInherited: boolean }) => [
      admin.userName,
      admin.isInherited,
    ]);
    expect(rows).toEqual([
      ['distributor', true],
      ['firm.manager', true],
      ['lab.admin', true],
      ['property.maintenance', false],
      ['office.admin', true],
      ['property.manager', false],
      ['service.admin', true],
    ]);
    expect(
      inherited.body.admins.every(
        (admin: { isInherited: boolean; isPrimaryAdmin: boolean }) => !admin.isInherited || !admin.isPrimaryAdmin,
      ),
    ).toBe(true);
    const root = await groupByName(t.database.db, 'PetDNA Registry');
    expect(
      (await t.call('GET', `/api/v1/groupadmin/${root.id}`, { token: await t.login('lab.admin') })).body
        .isHierarchyRoot,
    ).toBe(true);
    expect((await t.call('GET', `/api/v1/groupadmin/${oak.id}?adminFilter=3`, { token })).status).toBe(400);
    expect(
      (await t.call('GET', `/api/v1/groupadmin/${oak.id}`, { token: await t.login(other.distributor.userName) }))
        .status,
    ).toBe(404);
    expect((await t.call('GET', `/api/v1/groupadmin/${oak.id}`, { token: await t.login('pet.owner') })).status).toBe(
      403,
    );
    expect((await t.call('GET', `/api/v1/groupadmin/${oak.id}`)).status).toBe(401);
    expect((await t.call('GET', '/api/v1/groupadmin/999999', { token: await t.login('lab.admin') })).status).toBe(404);
  });
});

describe('changing the admins of a group', () => {
  test('add an existing admin, then remove them; removing the primary leaves one to promote', async () => {
    const maple = await groupByName(t.database.db, 'Maple Court');
    const token = await t.login('firm.manager');
    const first = await makeAdmin(t.database.db, {
      roleId: UserRole.PropertyManager,
      groupId: maple.id,
      isPrimary: true,
    });
    const second = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance });
    const added = await t.call('PUT', `/api/v1/groups/${maple.id}/admins/${second.id}`, { token });
    expect(added.status).toBe(404);
    await t.database.db
      .insert(groupAdmins)
      .values({ groupId: (await groupByName(t.database.db, 'Oak Ridge Apartments')).id, userId: second.id });
    const addedNow = await t.call('PUT', `/api/v1/groups/${maple.id}/admins/${second.id}`, { token });
    expect(addedNow.status).toBe(200);
    expect(addedNow.body.admins.map((admin: { id: number }) => admin.id).sort()).toEqual([first.id, second.id].sort());
    expect((await t.call('PUT', `/api/v1/groups/${maple.id}/admins/${second.id}`, { token })).status).toBe(400);

    // A non-primary leaves while the primary stays: no prompt.
    const third = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: maple.id });
    const removedThird = await t.call('DELETE', `/api/v1/groups/${maple.id}/admins/${third.id}`, { token });
    expect(removedThird.body).toMatchObject({ promptMakePrimary: false, remainingAdminId: null });
    // The primary leaves while another remains: the caller names who becomes primary, never the server.
    const unnamed = await t.call('DELETE', `/api/v1/groups/${maple.id}/admins/${first.id}?deactivateAdmin=true`, {
      token,
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.modelState).toEqual({ newPrimaryAdminId: [Messages.newPrimaryAdminRequired] });
    expect((await userByName(t.database.db, first.userName)).isActive).toBe(true);
    const outsider = await t.call(
      'DELETE',
      `/api/v1/groups/${maple.id}/admins/${first.id}?newPrimaryAdminId=${first.id}`,
      { token },
    );
    expect(outsider.body.modelState).toEqual({ newPrimaryAdminId: [Messages.newPrimaryAdminNotInGroup] });
    const removedFirst = await t.call(
      'DELETE',
      `/api/v1/groups/${maple.id}/admins/${first.id}?deactivateAdmin=true&newPrimaryAdminId=${second.id}`,
      { token },
    );
    expect(removedFirst.status).toBe(200);
    expect(removedFirst.body.admins).toEqual([expect.objectContaining({ id: second.id, isPrimaryAdmin: true })]);
    expect((await userByName(t.database.db, first.userName)).isActive).toBe(false);
    expect(
      (await t.call('DELETE', `/api/v1/groups/${maple.id}/admins/${first.id}`, { token: await t.login('lab.admin') }))
        .status,
    ).toBe(404);
  });

  test('exactly one non-primary admin left: the answer asks to make them primary; set primary does it', async () => {
    const maple = await groupByName(t.database.db, 'Maple Court');
    const token = await t.login('firm.manager');
    const onlyGroup = await t.call('GET', `/api/v1/groupadmin/${maple.id}`, { token });
    for (const admin of onlyGroup.body.admins)
      await t.call('DELETE', `/api/v1/groups/${maple.id}/admins/${admin.id}`, { token });
    const a = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: maple.id });
    const b = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: maple.id });
    const response = await t.call('DELETE', `/api/v1/groups/${maple.id}/admins/${a.id}`, { token });
    expect(response.body).toMatchObject({ promptMakePrimary: true, remainingAdminId: b.id });
    const primary = await t.call('PUT', `/api/v1/groups/${maple.id}/setprimaryadminforgroup/${b.id}`, { token });
    expect(primary.body.admins).toEqual([expect.objectContaining({ id: b.id, isPrimaryAdmin: true })]);
    // a is in no group now: beyond the firm manager's reach, and not assigned here for provider staff.
    expect((await t.call('PUT', `/api/v1/groups/${maple.id}/setprimaryadminforgroup/${a.id}`, { token })).status).toBe(
      404,
    );
    expect(
      (
        await t.call('PUT', `/api/v1/groups/${maple.id}/setprimaryadminforgroup/${a.id}`, {
          token: await t.login('lab.admin'),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('PUT', `/api/v1/groups/${maple.id}/setprimaryadminforgroup/${b.id}`, {
          token: await t.login(other.distributor.userName),
        })
      ).status,
    ).toBe(404);
    expect((await t.call('PUT', `/api/v1/groups/${maple.id}/setprimaryadminforgroup/abc`, { token })).status).toBe(400);
  });

  test('remove from all groups takes only the groups within the caller', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const admin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: oak.id });
    await t.database.db.insert(groupAdmins).values({ groupId: other.property.id, userId: admin.id });
    const response = await t.call('POST', `/api/v1/groupadmin/removefromallgroups/${admin.id}`, {
      token: await t.login('distributor'),
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Removed from all groups successfully.');
    const left = (await assignments()).filter((row) => row.userId === admin.id).map((row) => row.groupId);
    expect(left).toEqual([other.property.id]);
    expect(
      (
        await t.call('POST', `/api/v1/groupadmin/removefromallgroups/${other.propertyManager.id}`, {
          token: await t.login('distributor'),
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('POST', '/api/v1/groupadmin/removefromallgroups/999999', { token: await t.login('lab.admin') }))
        .status,
    ).toBe(404);
  });

  test('remove from all groups: where the admin is primary, the caller names who takes over, never the server', async () => {
    const token = await t.login(other.distributor.userName);
    const [one, two] = [
      await makeGroup(t.database.db, { parentId: other.distributorship.id, groupType: GroupTypes.Property }),
      await makeGroup(t.database.db, { parentId: other.distributorship.id, groupType: GroupTypes.Property }),
    ];
    const leaving = await makeAdmin(t.database.db, {
      roleId: UserRole.PropertyManager,
      groupId: one.id,
      isPrimary: true,
    });
    await t.database.db.insert(groupAdmins).values({ groupId: two.id, userId: leaving.id, isPrimary: true });
    // One other admin in group one (the old code promoted them silently), two others in group two.
    const onlyOther = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: one.id });
    const [b, c] = [
      await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: two.id }),
      await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: two.id }),
    ];
    const url = `/api/v1/groupadmin/removefromallgroups/${leaving.id}`;
    const before = await assignments();

    const unnamed = await t.call('POST', url, { token });
    expect(unnamed.status).toBe(400);
    expect(Object.keys(unnamed.body.modelState)).toEqual([`newPrimaryAdmins.${one.id}`]);
    expect(unnamed.body.modelState[`newPrimaryAdmins.${one.id}`]).toEqual([Messages.newPrimaryAdminRequired]);
    const half = await t.call('POST', url, {
      token,
      body: { newPrimaryAdmins: [{ groupId: one.id, newPrimaryAdminId: onlyOther.id }] },
    });
    expect(half.body.modelState).toEqual({ [`newPrimaryAdmins.${two.id}`]: [Messages.newPrimaryAdminRequired] });
    const wrong = await t.call('POST', url, {
      token,
      body: {
        newPrimaryAdmins: [
          { groupId: one.id, newPrimaryAdminId: onlyOther.id },
          { groupId: two.id, newPrimaryAdminId: onlyOther.id },
        ],
      },
    });
    expect(wrong.body.modelState).toEqual({ [`newPrimaryAdmins.${two.id}`]: [Messages.newPrimaryAdminNotInGroup] });
    expect(await assignments()).toEqual(before);

    const named = await t.call('POST', url, {
      token,
      body: {
        newPrimaryAdmins: [
          { groupId: one.id, newPrimaryAdminId: onlyOther.id },
          { groupId: two.id, newPrimaryAdminId: c.id },
        ],
      },
    });
    expect(named.status).toBe(200);
    const after = (await assignments()).filter((row) => row.groupId === one.id || row.groupId === two.id);
    expect(after.map((row) => [row.userId, row.isPrimary]).sort()).toEqual(
      [
        [onlyOther.id, true],
        [b.id, false],
        [c.id, true],
      ].sort(),
    );
  });

  test("the admin page's Remove names the new primary admin as the group page's does", async () => {
    const token = await t.login(other.distributor.userName);
    const group = await makeGroup(t.database.db, {
      parentId: other.distributorship.id,
      groupType: GroupTypes.Property,
    });
    const leaving = await makeAdmin(t.database.db, {
      roleId: UserRole.PropertyManager,
      groupId: group.id,
      isPrimary: true,
    });
    const next = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: group.id });
    const url = `/api/v1/admin/${leaving.id}/groups/${group.id}`;
    const unnamed = await t.call('DELETE', url, { token });
    expect(unnamed.body.modelState).toEqual({ newPrimaryAdminId: [Messages.newPrimaryAdminRequired] });
    const named = await t.call('DELETE', `${url}?newPrimaryAdminId=${next.id}`, { token });
    expect(named.status).toBe(200);
    const rows = (await assignments()).filter((row) => row.groupId === group.id);
    expect(rows.map((row) => [row.userId, row.isPrimary])).toEqual([[next.id, true]]);
  });

  test('outsiders, maintenance, pet owners and anonymous callers change nothing', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const manager = await userByName(t.database.db, 'property.manager');
    const before = await assignments();
    expect(
      (
        await t.call('DELETE', `/api/v1/groups/${oak.id}/admins/${manager.id}`, {
          token: await t.login(other.distributor.userName),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('DELETE', `/api/v1/groups/${oak.id}/admins/${manager.id}`, {
          token: await t.login('property.maintenance'),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call('PUT', `/api/v1/groups/${oak.id}/admins/${other.propertyManager.id}`, {
          token: await t.login('distributor'),
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('PUT', `/api/v1/groups/${oak.id}/admins/${manager.id}`, { token: await t.login('pet.owner') }))
        .status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/v1/groups/${oak.id}/admins/${manager.id}`)).status).toBe(401);
    expect(
      (await t.call('PUT', `/api/v1/groups/${oak.id}/admins/999999`, { token: await t.login('lab.admin') })).status,
    ).toBe(404);
    expect(
      (
        await t.call('DELETE', `/api/v1/groups/${oak.id}/admins/${manager.id}?deactivateAdmin=maybe`, {
          token: await t.login('lab.admin'),
        })
      ).status,
    ).toBe(400);
    expect(await assignments()).toEqual(before);
  });
});
