// The partner frame in Chromium (/lifeplans, spec 3 "Partner iframe"): PARTNER_BASE_URL points at a local test page;
// a pet owner reads the terms, agrees, registers, and the partner's page renders inside the frame with the session's
// token, because the content security policy names the partner as a frame source.
import http from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type E2eWorld } from './support/app.ts';
import { visible } from './support/locators.ts';
import { freePort } from './support/server.ts';

let world: E2eWorld;
let partner: http.Server;
let partnerUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  partnerUrl = `http://127.0.0.1:${port}`;
  partner = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const token = new URL(request.url ?? '/', partnerUrl).searchParams.get('token') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><body><h1>Partner test page</h1><p>Token received: ${token ? 'yes' : 'no'}</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => partner.listen(port, '127.0.0.1', resolve));
  world = await startWorld({ env: { PARTNER_BASE_URL: partnerUrl, PARTNER_SECRET: 'partner-secret-'.repeat(3) } });
}, 120_000);
afterAll(async () => {
  await world?.close();
  await new Promise<void>((resolve) => (partner ? partner.close(() => resolve()) : resolve()));
});

test('a pet owner agrees to the partner terms, registers, and the partner page renders in the frame', async () => {
  // The demo owner needs a postal address to register with the partner.
  const call = await world.api('pet.owner');
  const me = await call('GET', '/account/userinfo');
  await call('POST', '/account/updateuserprofile', {
    firstName: me.firstName,
    lastName: me.lastName,
    address: {
      addressLine1: '1 Oak Ridge Way',
      city: 'Austin',
      postalCode: '78701',
      countryId: 'US',
      stateId: 'US-TX',
    },
  });

  const { page } = await world.newPage();
  await world.signIn(page, 'pet.owner');
  const document = await page.goto('/lifeplans');
  expect(document?.headers()['content-security-policy']).toContain(`frame-src 'self' ${partnerUrl}`);

  await page.getByRole('button', { name: 'Read the terms and conditions' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  for (const term of ['21 days', '30 days', '12 months', '3 months', '$25 admin fee', 'one year', 'Victorian law'])
    await visible(terms.getByText(term, { exact: false }));
  await world.screenshot(page, 'partner-terms');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Register' }).click();
  await visible(page.getByText('You must agree to the terms before proceeding.'));
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Register' }).click();

  const frame = page.frameLocator('iframe[title="Partner life plans"]');
  await visible(frame.getByRole('heading', { name: 'Partner test page' }), 30_000);
  await visible(frame.getByText('Token received: yes'));
  expect(requests.some((url) => url.startsWith('/lifeplans?token='))).toBe(true);
  await world.screenshot(page, 'partner-frame');
});
