// Temporary sign-in links and the sessions a password change, reset or deactivation ends, against the real API and database.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { Messages, UserRole } from '@registry/contracts';
import { queryRows } from '../../db/client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeAdmin, makePetOwner } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const usDate = (date: Date) => `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function ownerOfOakRidge() {
  const property = await groupByName(t.database.db, 'Oak Ridge Apartments');
  return makePetOwner(t.database.db, { groupId: property.id });
}
async function makeLink(userId: number, query = '') {
  const response = await t.call('GET', `/api/v1/account/generatetemporarytoken/${userId}${query}`, {
    token: await t.login('property.manager'),
  });
  expect(response.status).toBe(200);
  return response.body as { token: string; validFrom: string; expiresAt: string; url: string };
}
const useLink = (token: string, isPersistent?: boolean) =>
  t.call(
    'GET',
    `/api/v1/account/signinwithtemporarytoken?token=${encodeURIComponent(token)}${isPersistent === undefined ? '' : `&isPersistent=${isPersistent}`}`,
  );
const isSignedIn = async (token: string) => (await t.call('GET', '/api/v1/account/userinfo', { token })).status === 200;

describe('temporary sign-in links', () => {
  test('are stored only as a hash and work once', async () => {
    const owner = await ownerOfOakRidge();
    const link = await makeLink(owner.id);
    const stored = await queryRows<{ token_hash: string }>(
      t.database.db,
      sql`select token_hash from user_tokens where user_id = ${owner.id}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(link.token);
    expect((await useLink(link.token)).status).toBe(200);
    const again = await useLink(link.token);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(Messages.loginLinkExpired);
  });

  test('isPersistent decides whether the session the link opens is remembered, as at POST /token', async () => {
    const owner = await ownerOfOakRidge();
    const remembered = await useLink((await makeLink(owner.id, '?isPersistent=true')).token, true);
    expect(remembered.body.expires_in).toBe(t.config.persistentTokenLifetimeDays * 86_400);
    const forgotten = await useLink((await makeLink(owner.id)).token, false);
    expect(forgotten.body.expires_in).toBe(t.config.tokenLifetimeHours * 3_600);
    expect((await makeLink(owner.id, '?isPersistent=true')).url).toContain('isPersistent=true');
  });

  test('work from their issue date for their days; a past issue date is refused', async () => {
    const owner = await ownerOfOakRidge();
    const now = Date.now();
    const week = await makeLink(owner.id, '?daysValid=7');
    expect(new Date(week.expiresAt).getTime() - new Date(week.validFrom).getTime()).toBe(7 * DAY);
    expect(Math.abs(new Date(week.validFrom).getTime() - now)).toBeLessThan(60_000);
    const campaign = await makeLink(owner.id, '?hoursValid=48');
    expect(new Date(campaign.expiresAt).getTime() - new Date(campaign.validFrom).getTime()).toBe(2 * DAY);

    const later = new Date(now + 3 * DAY);
    const future = await makeLink(owner.id, `?issueDate=${encodeURIComponent(usDate(later))}&daysValid=2`);
    expect(future.validFrom).toBe(
      new Date(Date.UTC(later.getUTCFullYear(), later.getUTCMonth(), later.getUTCDate())).toISOString(),
    );
    expect((await useLink(future.token)).status).toBe(404);
    // Once its day comes (moved here by changing the stored window) the same link works.
    await t.database.db.execute(
      sql`update user_tokens set valid_from = now() - interval '1 minute' where user_id = ${owner.id} and valid_from > now()`,
    );
    expect((await useLink(future.token)).status).toBe(200);

    const manager = await t.login('property.manager');
    const past = await t.call(
      'GET',
      `/api/v1/account/generatetemporarytoken/${owner.id}?issueDate=${encodeURIComponent(usDate(new Date(now - 5 * DAY)))}`,
      { token: manager },
    );
    expect(past.status).toBe(400);
    expect(past.body.modelState.issueDate).toBeDefined();
    const tooLong = await t.call('GET', `/api/v1/account/generatetemporarytoken/${owner.id}?daysValid=366`, {
      token: manager,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.modelState.daysValid).toBeDefined();
  });

  test('an expired link is refused', async () => {
    const owner = await ownerOfOakRidge();
    const link = await makeLink(owner.id);
    await t.database.db.execute(
      sql`update user_tokens set expires_at = now() - interval '1 second' where user_id = ${owner.id}`,
    );
    expect((await useLink(link.token)).status).toBe(404);
  });

  test('stop working when the password changes, is reset, or the account is deactivated', async () => {
    const owner = await ownerOfOakRidge();
    const beforeChange = await makeLink(owner.id);
    const ownerToken = await t.login(owner.userName);
    const changed = await t.call('POST', '/api/v1/account/changepassword', {
      token: ownerToken,
      body: { oldPassword: 'Registry#2026', newPassword: 'Changed#2027', confirmPassword: 'Changed#2027' },
    });
    expect(changed.status).toBe(200);
    expect((await useLink(beforeChange.token)).status).toBe(404);

    const beforeReset = await makeLink(owner.id);
    expect(
      (
        await t.call('POST', '/api/v1/account/resetpetownerpassword', {
          token: await t.login('property.manager'),
          body: { petOwnerId: owner.id },
        })
      ).status,
    ).toBe(200);
    expect((await useLink(beforeReset.token)).status).toBe(404);

    const property = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const admin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: property.id });
    const beforeDeactivation = await makeLink(admin.id);
    const manager = await t.login('property.manager');
    expect((await t.call('PUT', `/api/v1/admin/deactivate/${admin.id}`, { token: manager })).status).toBe(200);
    expect((await useLink(beforeDeactivation.token)).status).toBe(404);
    expect((await t.call('PUT', `/api/v1/admin/activate/${admin.id}`, { token: manager })).status).toBe(200);
    expect((await useLink(beforeDeactivation.token)).status).toBe(404);
  });
});

describe('sessions', () => {
  test('a password change ends every other session of the user and keeps the one that made it', async () => {
    const owner = await ownerOfOakRidge();
    const [here, elsewhere, third] = [
      await t.login(owner.userName),
      await t.login(owner.userName),
      await t.login(owner.userName),
    ];
    const other = await t.login('pet.owner');
    const changed = await t.call('POST', '/api/v1/account/changepassword', {
      token: here,
      body: { oldPassword: 'Registry#2026', newPassword: 'Changed#2027', confirmPassword: 'Changed#2027' },
    });
    expect(changed.status).toBe(200);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect(await isSignedIn(third)).toBe(false);
    expect(await isSignedIn(other)).toBe(true);
  });

  test('a reset by link or by an admin ends every session of the user', async () => {
    const owner = await ownerOfOakRidge();
    const sessions = [await t.login(owner.userName), await t.login(owner.userName)];
    expect(
      (
        await t.call('POST', '/api/v1/account/resetpetownerpassword', {
          token: await t.login('property.manager'),
          body: { petOwnerId: owner.id },
        })
      ).status,
    ).toBe(200);
    for (const session of sessions) expect(await isSignedIn(session)).toBe(false);

    const second = await ownerOfOakRidge();
    const live = await t.login(second.userName);
    await t.call('POST', '/api/v1/account/forgotpassword', { body: { email: second.email } });
    const mail = await t.smtp.waitFor(
      (message) => message.to.includes(second.email!) && /reset/i.test(message.subject),
    );
    const resetToken = /resetpassword\?userName=[^&\s]+&token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const reset = await t.call('POST', '/api/v1/account/resetpassword', {
      body: { userName: second.userName, token: resetToken, password: 'Changed#2027', confirmPassword: 'Changed#2027' },
    });
    expect(reset.status).toBe(200);
    expect(await isSignedIn(live)).toBe(false);
  });

  test('deactivation ends all sessions at once', async () => {
    const property = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const admin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: property.id });
    const sessions = [await t.login(admin.userName), await t.login(admin.userName)];
    expect(
      (await t.call('PUT', `/api/v1/admin/deactivate/${admin.id}`, { token: await t.login('property.manager') }))
        .status,
    ).toBe(200);
    const open = await queryRows(
      t.database.db,
      sql`select id from sessions where user_id = ${admin.id} and revoked_at is null`,
    );
    expect(open).toEqual([]);
    for (const session of sessions) expect(await isSignedIn(session)).toBe(false);
  });
});

describe('control characters', () => {
  test('a NUL in the token form answers 400 naming the field, signed out', async () => {
    const response = await t.call(
      'POST',
      '/token',
      form({ grant_type: 'password', userName: 'lab\u0000admin', password: 'x' }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'invalid_request',
      error_description: 'userName: Must not contain control characters.',
    });
    const json = await t.call('POST', '/token', {
      body: { grant_type: 'password', userName: 'lab.admin', password: 'a\u0000b' },
    });
    expect(json.status).toBe(400);
    expect(json.body.error_description).toBe('password: Must not contain control characters.');
  });
});
