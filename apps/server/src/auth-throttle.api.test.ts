// Attempt limits from outside: per address and user name, per address far above that (a spoofed X-Forwarded-For does
// not escape it), per user name across addresses, a lockout that grows, successes that do not add up, and counts shared by two apps on one database.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { Messages } from '@registry/contracts';
import { buildApp } from './app.ts';
import { queryRows } from './db/client.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { ADDRESS_LIMIT_FACTOR, USER_LIMIT_FACTOR, pruneStaleThrottles } from './platform/auth-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ rateLimitPerMinute: 3 });
});
afterAll(async () => {
  await t?.close();
});

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
});
const signIn = (userName: string, password: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/token', form({ grant_type: 'password', userName, password }, headers));
const clear = () => t.database.db.execute(sql`delete from auth_throttles`);

describe('sign-in limits', () => {
  test("one address: one user's mistakes lock nobody else out; the address alone stops far above them", async () => {
    await clear();
    for (let i = 0; i < 3; i++) expect((await signIn(`nobody${i}`, 'bad')).status).toBe(400);
    // Three failures at this address (the limit) do not lock out another user at it.
    expect((await signIn('lab.admin', 'Registry#2026')).status).toBe(200);
    // The same name's own mistakes at this address stop at the limit, the right password included.
    for (let i = 0; i < 2; i++) expect((await signIn('nobody0', 'bad')).status).toBe(400);
    expect((await signIn('nobody0', 'bad')).status).toBe(429);
    // The address over all names: ten times the limit, and a spoofed X-Forwarded-For does not escape it (TRUST_PROXY off).
    for (let i = 3; i < 3 * ADDRESS_LIMIT_FACTOR - 3; i++)
      expect((await signIn(`nobody${i}`, 'bad', { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(400);
    const blocked = await signIn('nobody999', 'bad', { 'x-forwarded-for': '198.51.100.7' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      message: Messages.tooManyAttempts,
      error: 'too_many_requests',
      error_description: Messages.tooManyAttempts,
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('a user name is limited across addresses, and its lockout doubles when it recurs', async () => {
    await clear();
    // Behind one trusted proxy each attempt arrives from another client address.
    const proxied = await startTestApp({ rateLimitPerMinute: 3, trustProxy: 1 });
    try {
      const attempt = (i: number) =>
        proxied.call(
          'POST',
          '/token',
          form(
            { grant_type: 'password', userName: 'Lab.Admin', password: 'bad' },
            { 'x-forwarded-for': `203.0.113.${i}` },
          ),
        );
      for (let i = 0; i < 3 * USER_LIMIT_FACTOR; i++) expect((await attempt(i)).status).toBe(400);
      const first = await attempt(100);
      expect(first.status).toBe(429);
      expect(Number(first.headers['retry-after'])).toBe(60);
      const [row] = await queryRows<{ lockouts: number }>(
        proxied.database.db,
        sql`select lockouts from auth_throttles where key = 'signIn:user:lab.admin'`,
      );
      expect(row.lockouts).toBe(1);
      // The lockout ends; as many failures again lock the name again, for twice as long.
      await proxied.database.db.execute(
        sql`update auth_throttles set locked_until = now() - interval '1 second' where key = 'signIn:user:lab.admin'`,
      );
      for (let i = 20; i < 20 + 3 * USER_LIMIT_FACTOR; i++) expect((await attempt(i)).status).toBe(400);
      const second = await attempt(101);
      expect(second.status).toBe(429);
      expect(Number(second.headers['retry-after'])).toBe(120);
    } finally {
      await proxied.close();
    }
  });

  test('successful sign-ins do not add up; failures do', async () => {
    await clear();
    for (let i = 0; i < 6; i++) expect((await signIn('pet.owner', 'Registry#2026')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await signIn('pet.owner', 'wrong')).status).toBe(400);
    expect((await signIn('pet.owner', 'wrong')).status).toBe(429);
  });

  test('forgot password, reset password and token login are limited too', async () => {
    await clear();
    for (let i = 0; i < 3; i++)
      expect(
        (await t.call('POST', '/api/v1/account/forgotpassword', { body: { email: `x${i}@mail.example` } })).status,
      ).toBe(200);
    expect((await t.call('POST', '/api/v1/account/forgotpassword', { body: { email: 'y@mail.example' } })).status).toBe(
      429,
    );
    const reset = {
      userName: 'pet.owner',
      token: 'not-a-token',
      password: 'Better#Pass1',
      confirmPassword: 'Better#Pass1',
    };
    for (let i = 0; i < 3; i++)
      expect((await t.call('POST', '/api/v1/account/resetpassword', { body: reset })).status).toBe(400);
    expect((await t.call('POST', '/api/v1/account/resetpassword', { body: reset })).status).toBe(429);
    for (let i = 0; i < 3; i++)
      expect((await t.call('GET', `/api/v1/account/signinwithtemporarytoken?token=nope${i}`)).status).toBe(404);
    expect((await t.call('GET', '/api/v1/account/signinwithtemporarytoken?token=nope9')).status).toBe(429);
  });

  test('two processes on one database share the counts', async () => {
    await clear();
    const second = await buildApp({
      db: t.database.db,
      config: t.config,
      mailer: { send: async () => ({ wasSuccessful: true, errorMessage: null }), close() {} },
    });
    try {
      const attempt = (app: typeof second) =>
        app.inject({
          method: 'POST',
          url: '/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'grant_type=password&userName=office.admin&password=bad',
        });
      for (const app of [t.app, second, t.app]) expect((await attempt(app)).statusCode).toBe(400);
      expect((await attempt(second)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('pruning', () => {
  test('counters idle past the window and the lockout memory are deleted; recent and locked ones stay', async () => {
    await clear();
    await t.database.db
      .execute(sql`insert into auth_throttles (key, attempts, window_started, locked_until, lockouts) values
      ('signIn:ip:old', 2, now() - interval '3 hours', null, 0),
      ('signIn:user:old-lockout', 0, now() - interval '3 hours', now() - interval '2 hours', 1),
      ('signIn:user:recent-lockout', 0, now() - interval '3 hours', now() - interval '10 minutes', 2),
      ('signIn:user:locked-now', 0, now() - interval '3 hours', now() + interval '30 minutes', 3),
      ('signIn:ip:fresh', 1, now(), null, 0)`);
    expect(await pruneStaleThrottles(t.database.db)).toBe(2);
    const left = await queryRows<{ key: string }>(t.database.db, sql`select key from auth_throttles order by key`);
    expect(left.map((row) => row.key)).toEqual([
      'signIn:ip:fresh',
      'signIn:user:locked-now',
      'signIn:user:recent-lockout',
    ]);
  });
});
