// HTTP plumbing from outside: unreadable bodies are 400s, API answers are not cached, security headers follow BASE_URL,
// forwarded addresses are believed only from configured proxies, and logged URLs carry no tokens.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Writable } from 'node:stream';
import { buildApp } from './app.ts';
import { redactUrl, serializeError } from './platform/log-redaction.ts';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { groupByName } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const json = { 'content-type': 'application/json' };

describe('unreadable bodies', () => {
  test('malformed JSON to the external registration call and to any POST answers 400 naming the body', async () => {
    for (const url of [
      '/api/v1/account/registerexternal',
      '/api/v1/account/forgotpassword',
      '/api/v1/account/changepassword',
    ]) {
      const response = await t.call('POST', url, {
        body: '{"email": "x@',
        headers: json,
        token: await t.login('lab.admin'),
      });
      expect({ url, status: response.status }).toEqual({ url, status: 400 });
      expect(response.body).toEqual({
        message: 'The request is invalid.',
        modelState: { body: ['The body is not valid JSON.'] },
      });
    }
  });

  test('a truncated multipart logo upload answers 400', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const boundary = '----registrytest';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), Buffer.from('89504e470d0a1a0a0000', 'hex')]);
    const response = await t.call('POST', `/api/v1/logoupload/postnewlogo/${oak.id}`, {
      token: await t.login('lab.admin'),
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBeTruthy();
    expect(response.body.modelState?.body ?? response.body.exceptionMessage).toBeTruthy();
  });
});

describe('caching', () => {
  test('/token and every API answer say no-store', async () => {
    const token = await t.login('lab.admin');
    const signIn = await t.call('POST', '/token', {
      body: 'grant_type=password&userName=lab.admin&password=bad',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signIn.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/v1/account/userinfo', '/api/v1/admin/search', '/api/v1/nothing-here']) {
      expect({ url, cacheControl: (await t.call('GET', url, { token })).headers['cache-control'] }).toEqual({
        url,
        cacheControl: 'no-store',
      });
    }
    expect((await t.call('GET', '/API/V1/account/userinfo', { token })).headers['cache-control']).toBe('no-store');
  });
});

describe('security headers follow BASE_URL', () => {
  test('over plain http: no upgrade-insecure-requests and no HSTS', async () => {
    const response = await t.call('GET', '/api/v1/account/isauthenticated');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // The collection screen's barcode reader compiles its WASM (from this site); JavaScript's eval stays refused.
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  });

  test('every reply carries them: a missing route, a refused request and an unreadable body alike', async () => {
    const answers = [
      await t.call('GET', '/api/v1/no-such-route'),
      await t.call('GET', '/api/v1/account/userinfo'),
      await t.call('POST', '/api/v1/account/forgotpassword', { body: '{"email": "x@', headers: json }),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 401, 400]);
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toMatch(/^default-src 'self';/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  test('the partner frame: its origin is a frame source when PARTNER_BASE_URL is set, else only this site', async () => {
    const plain = await t.call('GET', '/api/v1/account/isauthenticated');
    expect(plain.headers['content-security-policy']).toMatch(/frame-src 'self'(;|$)/);
    const withPartner = await buildApp({
      db: t.database.db,
      config: { ...t.config, partnerBaseUrl: 'https://plans.partner.example/app', partnerSecret: 'p'.repeat(40) },
      mailer: { send: async () => ({ wasSuccessful: true, errorMessage: null }), close() {} },
    });
    try {
      for (const url of ['/lifeplans', '/api/v1/account/isauthenticated']) {
        const response = await withPartner.inject({ method: 'GET', url });
        expect({ url, csp: response.headers['content-security-policy'] }).toEqual({
          url,
          csp: expect.stringMatching(/frame-src 'self' https:\/\/plans\.partner\.example(;|$)/),
        });
      }
    } finally {
      await withPartner.close();
    }
  });

  test('over https: both are sent', async () => {
    const secure = await buildApp({
      db: t.database.db,
      config: { ...t.config, baseUrl: 'https://registry.example' },
      mailer: { send: async () => ({ wasSuccessful: true, errorMessage: null }), close() {} },
    });
    try {
      const response = await secure.inject({ method: 'GET', url: '/api/v1/account/isauthenticated' });
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});

describe('the request log', () => {
  test('never records a sign-in token from a URL, nor database query parameters', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const logged = await buildApp(
      {
        db: t.database.db,
        config: t.config,
        mailer: { send: async () => ({ wasSuccessful: true, errorMessage: null }), close() {} },
      },
      { logger: { level: 'info', stream } },
    );
    try {
      await logged.inject({
        method: 'GET',
        url: '/api/v1/account/signinwithtemporarytoken?isPersistent=true&token=SECRET-LINK-TOKEN',
      });
    } finally {
      await logged.close();
    }
    const text = lines.join('');
    expect(text).toContain('signinwithtemporarytoken?isPersistent=true&token=[redacted]');
    expect(text).not.toContain('SECRET-LINK-TOKEN');
  });

  test('URL redaction keeps other parameters and odd shapes', () => {
    expect(redactUrl('/a?token=x&b=1&Token=y&access_token=z')).toBe(
      '/a?token=[redacted]&b=1&Token=[redacted]&access_token=[redacted]',
    );
    expect(redactUrl('/a?b=1&token')).toBe('/a?b=1&token');
    expect(redactUrl('/a?%E0=1&tok%65n=s')).toBe('/a?%E0=1&tok%65n=[redacted]');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  test('a failed query is logged without its parameters or PostgreSQL detail', async () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';
    let error: unknown;
    try {
      await t.database.db.execute(
        sql`insert into users (user_name, role_id, password_hash) values (${'lab.admin'}, ${0}, ${hash})`,
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Error);
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('Failed query: insert into users');
    expect(logged).toContain('users_user_name_lower_key');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('lab.admin');
  });
});
