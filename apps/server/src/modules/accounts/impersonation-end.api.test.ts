// A sign-in-as session lives only as long as the impersonator's own: their sign-out, password change or deactivation
// ends it, and the impersonated session's token is refused from then on.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UserRole } from '@registry/contracts';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeAdmin, makePetOwner } from '../../../test/factories.ts';

let t: TestApp;
let oakRidge: number;
beforeAll(async () => {
  t = await startTestApp();
  oakRidge = (await groupByName(t.database.db, 'Oak Ridge Apartments')).id;
});
afterAll(async () => {
  await t?.close();
});

/** A fresh property manager signed in (their own session) and signed in as one of their pet owners. */
async function impersonating() {
  const manager = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: oakRidge });
  const owner = await makePetOwner(t.database.db, { groupId: oakRidge });
  const own = await t.login(manager.userName);
  const signIn = await t.call('POST', `/api/v1/account/signinasanotheruser/${owner.id}`, { token: own });
  expect(signIn.status).toBe(200);
  const as: string = signIn.body.access_token;
  expect((await t.call('GET', '/api/v1/account/userinfo', { token: as })).status).toBe(200);
  return { manager, own, as };
}

const works = async (token: string) => (await t.call('GET', '/api/v1/account/userinfo', { token })).status;

describe('the impersonated session ends with the impersonator', () => {
  test('signing out of their own session', async () => {
    const { own, as } = await impersonating();
    expect((await t.call('POST', '/api/v1/account/logout', { token: own })).status).toBe(200);
    expect(await works(as)).toBe(401);
  });

  test('changing their password (their own session stays)', async () => {
    const { own, as } = await impersonating();
    const changed = await t.call('POST', '/api/v1/account/changepassword', {
      token: own,
      body: { oldPassword: TEST_PASSWORD, newPassword: 'Changed#2026x', confirmPassword: 'Changed#2026x' },
    });
    expect(changed.status).toBe(200);
    expect(await works(own)).toBe(200);
    expect(await works(as)).toBe(401);
  });

  test('being deactivated', async () => {
    const { manager, as } = await impersonating();
    const staff = await t.login('lab.admin');
    expect((await t.call('PUT', `/api/v1/admin/deactivate/${manager.id}`, { token: staff })).status).toBe(200);
    expect(await works(as)).toBe(401);
  });

  test('while the impersonator stays signed in, the session works', async () => {
    const { own, as } = await impersonating();
    expect(await works(as)).toBe(200);
    expect(await works(own)).toBe(200);
  });
});
