// HTTP plumbing from outside: unreadable bodies are 400s, API answers are not cached, security headers follow BASE_URL,
// forwarded addresses are believed only from configured proxies, and logged URLs carry no tokens.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Messages } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { groupByName } from '../../test/factories.ts';

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
    for (const url of ['/api/v1/account/registerexternal', '/api/v1/account/forgotpassword', '/api/v1/account/changepassword']) {
      const response = await t.call('POST', url, { body: '{"email": "x@', headers: json, token: await t.login('lab.admin') });
      expect(response.status, url).toBe(400);
      expect(response.body).toEqual({ message: 'The request is invalid.', modelState: { body: ['The body is not valid JSON.'] } });
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
