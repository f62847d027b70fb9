// The scope module against a real database: provider staff see everything, everyone else their groups' subtrees, and a
// group, admin or pet owner outside the scope is answered exactly like an id that does not exist.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UserRole, isAdminRole, isProviderStaffRole } from '@registry/contracts';
import { asc } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { groupByName, makeOtherDistributorship, makePetOwner, userByName } from '../../test/factories.ts';
import { groups } from '../db/schema/index.ts';
import type { Caller, SignedInContext } from './context.ts';
import { HttpError } from './errors.ts';
import { groupInScopeSql } from './scope.queries.ts';
import { canManageAdmin, isGroupInScope, isPetOwnerInScope, loadGroupInScope, scopePaths } from './scope.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
beforeAll(async () => {
  t = await startTestApp();
  other = await makeOtherDistributorship(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

async function callerFor(userName: string): Promise<Caller> {
  const user = await userByName(t.database.db, userName);
  return {
    userId: user.id,
    userName: user.userName,
    fullName: user.userName,
    roleId: user.roleId,
    sessionId: 0,
    isProviderStaff: isProviderStaffRole(user.roleId),
    isAdmin: isAdminRole(user.roleId),
    isPetOwner: user.roleId === UserRole.PetOwner,
    isResident: false,
    impersonatedByUserId: null,
  };
}

const contextFor = async (userName: string): Promise<SignedInContext> => ({
  ...t.app.services,
  caller: await callerFor(userName),
  requestId: 'scope-test',
  ip: '127.0.0.1',
});

async function visibleGroupNames(userName: string) {
  const caller = await callerFor(userName);
  const rows = await t.database.db
    .select({ name: groups.name })
    .from(groups)
    .where(groupInScopeSql(caller))
    .orderBy(asc(groups.name));
  return rows.map((row) => row.name);
}

describe('which groups a caller sees', () => {
  test('provider staff see every group, the other distributorship too', async () => {
    const all = await t.database.db.select({ name: groups.name }).from(groups).orderBy(asc(groups.name));
    expect(await visibleGroupNames('lab.admin')).toEqual(all.map((row) => row.name));
    expect(await scopePaths(t.database.db, await callerFor('lab.admin'))).toBeNull();
  });

  test('a property manager sees their property only', async () => {
    expect(await visibleGroupNames('property.manager')).toEqual(['Oak Ridge Apartments']);
  });

  test('a firm manager sees their management group and its properties', async () => {
    expect(await visibleGroupNames('firm.manager')).toEqual([
      'Harbor Property Management',
      'Maple Court',
      'Oak Ridge Apartments',
    ]);
  });

  test("another distributorship's groups are invisible, and ours to them", async () => {
    const distributor = await callerFor('distributor');
    expect(await isGroupInScope(t.database.db, distributor, other.property.id)).toBe(false);
    expect(await isGroupInScope(t.database.db, distributor, other.distributorship.id)).toBe(false);
    expect(
      await isGroupInScope(t.database.db, distributor, (await groupByName(t.database.db, 'Oak Ridge Apartments')).id),
    ).toBe(true);
    expect(await visibleGroupNames(other.distributor.userName)).toEqual(
      [other.distributorship.name, other.property.name].sort(),
    );
  });
});

describe('loading one id', () => {
  test('a group outside the scope throws the very error an unknown group throws', async () => {
    const ctx = await contextFor('property.manager');
    const maple = await groupByName(t.database.db, 'Maple Court');
    const outside = await loadGroupInScope(ctx, maple.id).catch((error: unknown) => error);
    const unknown = await loadGroupInScope(ctx, 2_000_000_000).catch((error: unknown) => error);
    expect(outside).toBeInstanceOf(HttpError);
    expect([(outside as HttpError).statusCode, (outside as HttpError).body]).toEqual([
      (unknown as HttpError).statusCode,
      (unknown as HttpError).body,
    ]);
    expect((await loadGroupInScope(ctx, (await groupByName(t.database.db, 'Oak Ridge Apartments')).id)).name).toBe(
      'Oak Ridge Apartments',
    );
  });

  test('over HTTP, an out-of-scope id and a missing id get the same status and body', async () => {
    const token = await t.login(other.distributor.userName);
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const manager = await userByName(t.database.db, 'property.manager');
    const pairs = [
      [`/api/v1/group/${oak.id}`, '/api/v1/group/2000000000'],
      [`/api/v1/admin/${manager.id}`, '/api/v1/admin/2000000000'],
      [`/api/v1/petowner/${(await userByName(t.database.db, 'pet.owner')).id}`, '/api/v1/petowner/2000000000'],
    ];
    for (const [outside, missing] of pairs) {
      const [a, b] = [await t.call('GET', outside, { token }), await t.call('GET', missing, { token })];
      expect({ url: outside, status: a.status, body: a.body }).toEqual({ url: outside, status: 404, body: b.body });
    }
  });
});

describe('admins and pet owners', () => {
  test('admin managers manage admins of their subtree, never provider staff or other distributorships', async () => {
    const firm = await callerFor('firm.manager');
    expect(await canManageAdmin(t.database.db, firm, await userByName(t.database.db, 'property.manager'))).toBe(true);
    expect(await canManageAdmin(t.database.db, firm, await userByName(t.database.db, 'lab.admin'))).toBe(false);
    expect(await canManageAdmin(t.database.db, firm, other.propertyManager)).toBe(false);
    expect(await canManageAdmin(t.database.db, await callerFor('lab.admin'), other.propertyManager)).toBe(true);
  });

  test('a pet owner is in scope through a current membership of a group in scope', async () => {
    const far = await makePetOwner(t.database.db, { groupId: other.property.id });
    expect(await isPetOwnerInScope(t.database.db, await callerFor('distributor'), far.id)).toBe(false);
    expect(await isPetOwnerInScope(t.database.db, await callerFor(other.distributor.userName), far.id)).toBe(true);
    expect(
      await isPetOwnerInScope(
        t.database.db,
        await callerFor('property.manager'),
        (await userByName(t.database.db, 'pet.owner')).id,
      ),
    ).toBe(true);
  });
});
