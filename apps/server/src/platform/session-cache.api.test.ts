// The session cache: a request's caller comes from memory once its session has been read, and whatever changes the
// session or its user in the database (here or in another process, simulated by writing SQL directly) is seen by the
// next request at once on PGlite and within moments on PostgreSQL (the notification arrives after commit).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UserRole } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { groupByName, makeAdmin } from '../../test/factories.ts';

let t: TestApp;
let oakRidge: number;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  oakRidge = (await groupByName(t.database.db, 'Oak Ridge Apartments')).id;
});
afterAll(async () => {
  await t?.close();
});

const userInfo = (token: string) => t.call('GET', '/api/v1/account/userinfo', { token });

/** Asks until `check` holds or two seconds pass (PostgreSQL delivers the notification after the commit). */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + 2000;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

async function signedInManager() {
  const manager = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: oakRidge });
  const token = await t.login(manager.userName);
  expect((await userInfo(token)).status).toBe(200);
  return { manager, token };
}

describe('the session cache', () => {
  test('a remembered caller is answered without reading the session again, until the database says otherwise', async () => {
    const { manager, token } = await signedInManager();
    // With the notification switched off, a deactivation made behind the cache's back is not seen: the caller is
    // remembered. The notification then makes the next requests read the session again.
    await t.database.db.execute(sql`alter table users disable trigger users_auth_change`);
    try {
      await t.database.db.execute(sql`update users set is_active = false where id = ${manager.id}`);
      expect((await userInfo(token)).status).toBe(200);
    } finally {
      await t.database.db.execute(sql`alter table users enable trigger users_auth_change`);
    }
    await t.database.db.execute(sql`select pg_notify('registry_auth', '')`);
    expect(await eventually(async () => (await userInfo(token)).status === 401)).toBe(true);
  });

  test('a session revoked by another process is refused', async () => {
    const { token } = await signedInManager();
    await t.database.db.execute(sql`update sessions set revoked_at = now() where token_hash is not null and id in
      (select id from sessions order by id desc limit 1)`);
    expect(await eventually(async () => (await userInfo(token)).status === 401)).toBe(true);
  });

  test('a user deactivated by another process is refused', async () => {
    const { manager, token } = await signedInManager();
    await t.database.db.execute(sql`update users set is_active = false where id = ${manager.id}`);
    expect(await eventually(async () => (await userInfo(token)).status === 401)).toBe(true);
  });

  test("a new role given by another process is the caller's role on the next requests", async () => {
    const { manager, token } = await signedInManager();
    expect((await t.call('GET', `/api/v1/group/${oakRidge}`, { token })).status).toBe(200);
    await t.database.db.execute(sql`update users set role_id = ${UserRole.PetOwner} where id = ${manager.id}`);
    expect(
      await eventually(async () => (await t.call('GET', `/api/v1/group/${oakRidge}`, { token })).status === 403),
    ).toBe(true);
  });

  test('signing out here is seen by the very next request', async () => {
    const { token } = await signedInManager();
    expect((await t.call('POST', '/api/v1/account/logout', { token })).status).toBe(200);
    expect((await userInfo(token)).status).toBe(401);
  });
});
