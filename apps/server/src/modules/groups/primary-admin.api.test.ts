// Removing a group's primary admin while others remain: the caller names the new primary admin; the server never picks.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Messages, UserRole } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeAdmin, userByName } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('DELETE /groups/{id}/admins/{adminId} of the primary admin', () => {
  test('needs newPrimaryAdminId, one of the other admins, and makes that one primary', async () => {
    const maple = await groupByName(t.database.db, 'Maple Court');
    const token = await t.login('lab.admin');
    const list = await t.call('GET', `/api/v1/groupadmin/${maple.id}`, { token });
    for (const admin of list.body.admins)
      await t.call('DELETE', `/api/v1/groups/${maple.id}/admins/${admin.id}`, { token });
    const first = await makeAdmin(t.database.db, {
      roleId: UserRole.PropertyManager,
      groupId: maple.id,
      isPrimary: true,
    });
    const second = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: maple.id });
    const third = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: maple.id });
    const url = `/api/v1/groups/${maple.id}/admins/${first.id}`;

    const unnamed = await t.call('DELETE', `${url}?deactivateAdmin=true`, { token });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.modelState).toEqual({ newPrimaryAdminId: [Messages.newPrimaryAdminRequired] });
    // Nothing happened: still assigned, still primary, still active.
    expect((await userByName(t.database.db, first.userName)).isActive).toBe(true);
    const still = await t.call('GET', `/api/v1/groupadmin/${maple.id}`, { token });
    expect(still.body.admins.find((a: { id: number }) => a.id === first.id)).toMatchObject({ isPrimaryAdmin: true });

    const self = await t.call('DELETE', `${url}?newPrimaryAdminId=${first.id}`, { token });
    expect(self.body.modelState).toEqual({ newPrimaryAdminId: [Messages.newPrimaryAdminNotInGroup] });

    const removed = await t.call('DELETE', `${url}?newPrimaryAdminId=${third.id}`, { token });
    expect(removed.status).toBe(200);
    const primary = removed.body.admins
      .filter((a: { isPrimaryAdmin: boolean }) => a.isPrimaryAdmin)
      .map((a: { id: number }) => a.id);
    expect(primary).toEqual([third.id]);
    expect(removed.body.admins.map((a: { id: number }) => a.id).sort()).toEqual([second.id, third.id].sort());
  });

  test('the last admin of a group leaves without naming anyone', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const token = await t.login('lab.admin');
    const list = await t.call('GET', `/api/v1/groupadmin/${oak.id}`, { token });
    const others = list.body.admins.filter((a: { isPrimaryAdmin: boolean }) => !a.isPrimaryAdmin);
    for (const admin of others) await t.call('DELETE', `/api/v1/groups/${oak.id}/admins/${admin.id}`, { token });
    const only = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: oak.id, isPrimary: true });
    const rest = (await t.call('GET', `/api/v1/groupadmin/${oak.id}`, { token })).body.admins.filter(
      (a: { id: number }) => a.id !== only.id,
    );
    for (const admin of rest)
      await t.call('DELETE', `/api/v1/groups/${oak.id}/admins/${admin.id}?newPrimaryAdminId=${only.id}`, { token });
    const res = await t.call('DELETE', `/api/v1/groups/${oak.id}/admins/${only.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.admins).toEqual([]);
  });
});
