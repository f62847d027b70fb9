// Sign-in links carry a return address inside the app only: another site (`//host`, `/\host`, `https://...`) or a
// backslash anywhere is refused with a 400 naming returnUrl, and nothing is issued.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { userByName } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('GET /account/generatetemporarytoken refuses return addresses outside the app', async () => {
  const staff = await t.login('lab.admin');
  const owner = await userByName(t.database.db, 'pet.owner');
  const link = (returnUrl: string) =>
    t.call('GET', `/api/v1/account/generatetemporarytoken/${owner.id}?returnUrl=${encodeURIComponent(returnUrl)}`, {
      token: staff,
    });
  for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/x', '/path\\x', 'evil.example']) {
    const response = await link(bad);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.modelState)).toEqual(['returnUrl']);
  }
  const good = await link('/pets/mypets?tab=1');
  expect(good.status).toBe(200);
});
