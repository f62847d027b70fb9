// Ids and whole numbers accept a number or a string of digits only: `true` is not 1 and "0x10" is not 16. Each refusal
// is a 400 naming the field, in a path, a query string and a JSON body.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { userByName } from '../../test/factories.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await startTestApp();
  staff = await t.login('lab.admin');
});
afterAll(async () => {
  await t?.close();
});

test('a path id: digits are read, hex, exponents and signs are refused naming the field', async () => {
  const owner = await userByName(t.database.db, 'pet.owner');
  expect((await t.call('GET', `/api/v1/petowner/${owner.id}`, { token: staff })).status).toBe(200);
  for (const bad of ['0x10', '1e3', '-1', '%20' + owner.id, 'true']) {
    const response = await t.call('GET', `/api/v1/petowner/${bad}`, { token: staff });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.modelState)).toEqual(['id']);
  }
});

test('a body id: true, hex strings and fractions are refused; a number or a digit string is read', async () => {
  for (const bad of [true, '0x10', 1.5, '']) {
    const response = await t.call('POST', '/api/v1/account/resetpetownerpassword', {
      token: staff,
      body: { petOwnerId: bad },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.modelState)).toEqual(['petOwnerId']);
  }
  const owner = await userByName(t.database.db, 'pet.owner');
  const asText = await t.call('POST', '/api/v1/account/resetpetownerpassword', {
    token: staff,
    body: { petOwnerId: String(owner.id) },
  });
  expect(asText.status).toBe(200);
});

test('a query integer: page=0x10 is refused naming page', async () => {
  const response = await t.call('GET', '/api/v1/auditlog?page=0x10', { token: staff });
  expect(response.status).toBe(400);
  expect(Object.keys(response.body.modelState)).toEqual(['page']);
});

test('a signed query integer: labStatus=-1 (the pending filter) is read, 0x10 and 1e3 are refused naming labStatus', async () => {
  expect((await t.call('GET', '/api/v1/dnaprocessing?labStatus=-1', { token: staff })).status).toBe(200);
  for (const bad of ['0x10', '1e3', '- 1']) {
    const response = await t.call('GET', `/api/v1/dnaprocessing?labStatus=${encodeURIComponent(bad)}`, {
      token: staff,
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.modelState)).toEqual(['labStatus']);
  }
});
