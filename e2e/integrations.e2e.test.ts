// Integrations in Chromium (issue 42): a firm's admin makes an API key for one of its properties on the group's API keys
// page (shown once, copied from the screen); the key reads within its group, is refused outside it (404, like a missing
// group), is revoked on screen after its name is typed and is then refused (401). On the webhooks page the admin
// subscribes a local receiver (the world allows private addresses), sends the test ping and sees it in the delivery log;
// the receiver got a body whose signature verifies with the recipe of docs/integrations.md.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type E2eWorld } from './support/app.ts';
import { animationsDone, gone, visible } from './support/locators.ts';

type Received = { headers: http.IncomingHttpHeaders; body: string };

let world: E2eWorld;
let oakRidgeId: number;
let harborId: number;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  world = await startWorld({ env: { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  const staff = await world.api('lab.admin');
  const manager = (await staff('GET', '/admin/search?name=Shah')).data[0];
  const property = (await staff('GET', `/admin/${manager.id}`)).groups[0];
  oakRidgeId = property.id;
  harborId = property.parentId;
  receiver = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/registry-events`;
});
afterAll(async () => {
  await world?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

/** A call from "another system" with the key, answered status and body. */
async function withKey(key: string, path: string) {
  const response = await fetch(`${world.baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: await response.text() };
}

// The verification recipe exactly as docs/integrations.md gives it.
function verify(secret: string, headers: http.IncomingHttpHeaders, rawBody: string) {
  const timestamp = headers['x-registry-timestamp'];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  const given = String(headers['x-registry-signature']).replace(/^v1=/, '');
  return given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

test('an API key made on screen reads within its group, is refused outside it, and is refused once revoked', async () => {
  const { page, context } = await world.newPage();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.baseUrl });
  await world.signIn(page, 'firm.manager');
  await page.goto(`/group/${oakRidgeId}/apikeys`);
  await visible(page.getByText('No API keys yet.'));
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog');
  await animationsDone(page);
  await dialog.getByLabel('Name').fill('Yardi sync');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-api-key');
  await visible(shown);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await visible(page.getByText('Key copied.'));
  // The key the other system gets is the one the copy button put on the clipboard, the same as the one shown.
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toMatch(/^pdr_/);
  expect((await shown.textContent())!.trim()).toBe(key);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await gone(shown);
  const row = page.getByRole('row').filter({ hasText: 'Yardi sync' });
  await visible(row.getByText('Active', { exact: true }));
  // The list never shows the key again, only its first characters.
  expect(await page.locator('body').textContent()).not.toContain(key);

  // Another system reads the property's residents with it; the firm's own group lies outside the key (404, exactly
  // like a group that does not exist), though the firm's admin reads it.
  const inside = await withKey(key, `/groups/${oakRidgeId}/residents?page=1&pageSize=25`);
  expect(inside.status).toBe(200);
  expect(JSON.parse(inside.body)).toHaveProperty('totalRecords');
  const firm = await world.api('firm.manager');
  await expect(firm('GET', `/groups/${harborId}/residents?page=1&pageSize=25`)).resolves.toHaveProperty('data');
  const outside = await withKey(key, `/groups/${harborId}/residents?page=1&pageSize=25`);
  const missing = await withKey(key, '/groups/999999/residents?page=1&pageSize=25');
  expect(outside.status).toBe(404);
  expect(outside.body).toBe(missing.body);

  // The page shows the key's last use once it was used.
  const lastUse = async () =>
    (await firm('GET', `/apikeys?groupId=${oakRidgeId}&page=1&pageSize=50`)).data.find(
      (k: { name: string }) => k.name === 'Yardi sync',
    )?.lastUsedAt;
  await expect.poll(lastUse).toEqual(expect.any(String));
  await page.reload();
  await visible(row);
  expect(await row.getByText('Never', { exact: true }).count()).toBe(0);

  // Revoked on screen: a wrong name is refused, the key's name revokes it.
  await row.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Revoke API key' });
  await animationsDone(page);
  await confirm.getByLabel('Confirmation text').fill('Yardi');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await visible(confirm.getByText('Invalid confirmation text', { exact: false }));
  expect((await withKey(key, `/groups/${oakRidgeId}/residents?page=1&pageSize=25`)).status).toBe(200);
  await confirm.getByLabel('Confirmation text').fill('Yardi sync');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await gone(row);
  await page.getByLabel('Show revoked and expired keys').check();
  await visible(row.getByText('Revoked', { exact: true }));
  const revoked = await withKey(key, `/groups/${oakRidgeId}/residents?page=1&pageSize=25`);
  const unknown = await withKey('pdr_not-a-key', `/groups/${oakRidgeId}/residents?page=1&pageSize=25`);
  expect(revoked.status).toBe(401);
  expect(revoked.body).toBe(unknown.body);
  await world.screenshot(page, 'integrations-apikeys');
});

test('a webhook to a local receiver: the test ping arrives signed, verifies, and shows in the delivery log', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'firm.manager');
  await page.goto(`/group/${oakRidgeId}/webhooks`);
  await visible(page.getByText('No webhooks yet.'));
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog');
  await animationsDone(page);
  await dialog.getByLabel('Address').fill(receiverUrl);
  await dialog.getByLabel('Description').fill('Property software');
  await dialog.getByRole('checkbox', { name: 'Resident moved out' }).check();
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  const shown = page.getByTestId('new-webhook-secret');
  await visible(shown);
  const secret = (await shown.textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await gone(shown);
  const row = page.getByRole('row').filter({ hasText: receiverUrl });
  await visible(row.getByText('Resident moved out'));
  expect(received).toHaveLength(0);

  await row.getByRole('button', { name: 'Send test ping' }).click();
  await visible(page.getByText(/^Delivered: the receiver answered 200 in \d+ ms\.$/));
  expect(received).toHaveLength(1);
  const [ping] = received;
  expect(ping.headers['x-registry-event']).toBe('ping');
  expect(ping.headers['x-registry-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
  expect(verify(secret, ping.headers, ping.body)).toBe(true);
  // A body changed in transit, or another secret, does not verify.
  expect(verify(secret, ping.headers, ping.body.replace('ping', 'pong'))).toBe(false);
  expect(verify(`${secret}x`, ping.headers, ping.body)).toBe(false);
  const body = JSON.parse(ping.body);
  expect(body).toMatchObject({ event: 'ping', groupId: oakRidgeId });
  expect(ping.headers['x-registry-delivery']).toBe(body.id);

  // The subscription's last delivery and its log show the ping with the receiver's answer.
  await visible(row.getByText('200', { exact: true }));
  await row.getByRole('button', { name: /expand row/i }).click();
  const log = page.locator('.ant-table-expanded-row');
  await visible(log.getByRole('cell', { name: 'Test ping' }));
  await visible(log.getByRole('cell', { name: 'thanks' }));
  await visible(log.getByText('200', { exact: true }));
  expect(await page.locator('body').textContent()).not.toContain(secret);
  await world.screenshot(page, 'integrations-webhooks');
});
