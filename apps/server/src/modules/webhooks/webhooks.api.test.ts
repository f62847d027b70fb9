// Webhooks (issue 42) against a real database and a local receiver over HTTP (the testing switch on): an event arrives
// signed and verifies with the documented recipe, a failing receiver is retried and the log shows each attempt, replay
// and ping, a private address is refused with the switch off, and the secret is never answered again nor logged.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { preRegisteredResidents, webhookSubscriptions } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { signatureVerifies, startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { groupByName } from '../../../test/factories.ts';
import { isNonPublicAddress } from './webhook-address.ts';

let t: TestApp;
let manager: string;
let oakRidge: { id: number };
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({ webhooksAllowPrivateAddresses: true, webhookRetrySeconds: 1 });
  manager = await t.login('property.manager');
  oakRidge = await groupByName(t.database.db, 'Oak Ridge Apartments');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function until<T>(read: () => Promise<T | undefined> | T | undefined, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function moveOutOne() {
  const [resident] = await t.database.db
    .insert(preRegisteredResidents)
    .values({ groupId: oakRidge.id, firstName: 'Hook', lastName: 'Test', unitNumber: '2B' })
    .returning();
  const answer = await t.call('POST', `/api/v1/groups/${oakRidge.id}/residents/bulkmoveout`, {
    token: manager,
    body: { residentIds: [resident.id] },
  });
  expect(answer.status).toBe(200);
  return resident;
}

describe('webhooks', () => {
  let webhookId: number;
  let secret: string;

  test('an event arrives signed and verifies; the secret is answered once only', async () => {
    const created = await t.call('POST', '/api/v1/webhooks', {
      token: manager,
      body: { groupId: oakRidge.id, url: receiver.url, events: ['resident.movedOut'], description: 'Property system' },
    });
    expect(created.status).toBe(200);
    webhookId = created.body.webhook.id;
    secret = created.body.secret;
    expect(secret).toMatch(/^whsec_/);
    const [row] = await t.database.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, webhookId));
    expect(row.secret).not.toContain(secret);
    const read = await t.call('GET', `/api/v1/webhooks/${webhookId}`, { token: manager });
    const list = await t.call('GET', `/api/v1/webhooks?groupId=${oakRidge.id}`, { token: manager });
    expect(JSON.stringify([read.body, list.body])).not.toContain(secret);

    const resident = await moveOutOne();
    const delivery = await until(
      () => receiver.received.find((entry) => entry.body.includes(`"id":${resident.id},`)),
      'the moved-out event',
    );
    expect(delivery.headers['x-registry-event']).toBe('resident.movedOut');
    expect(signatureVerifies(secret, delivery)).toBe(true);
    expect(signatureVerifies('whsec_wrong', delivery)).toBe(false);
    const body = JSON.parse(delivery.body);
    expect(body).toMatchObject({ event: 'resident.movedOut', groupId: oakRidge.id, data: { id: resident.id } });
    expect(body.id).toBe(delivery.headers['x-registry-delivery']);
    expect(JSON.stringify(delivery.headers)).not.toContain(secret);
  });

  test('a failing receiver is retried and the log shows each attempt; replay and ping are logged', async () => {
    receiver.failNext(2);
    const resident = await moveOutOne();
    const log = await until(
      async () => {
        const page = await t.call('GET', `/api/v1/webhooks/${webhookId}/deliveries`, { token: manager });
        const attempts = page.body.data.filter((entry: { succeeded: boolean }) => entry);
        return attempts.some((entry: { succeeded: boolean; attempt: number }) => entry.succeeded && entry.attempt === 3)
          ? page.body
          : undefined;
      },
      'the third attempt to succeed',
      60_000,
    );
    const ofEvent = log.data.filter(
      (entry: { attempt: number; eventId: string }) => entry.eventId === log.data[0].eventId,
    );
    expect(ofEvent.map((entry: { attempt: number }) => entry.attempt)).toEqual([3, 2, 1]);
    expect(ofEvent.map((entry: { statusCode: number }) => entry.statusCode)).toEqual([200, 500, 500]);
    expect(ofEvent[1].responseExcerpt).toBe('not today');
    expect(receiver.received.filter((entry) => entry.body.includes(`"id":${resident.id},`))).toHaveLength(3);
    expect(JSON.stringify(log)).not.toContain(secret);

    const replay = await t.call('POST', `/api/v1/webhooks/${webhookId}/deliveries/${ofEvent[0].id}/replay`, {
      token: manager,
    });
    expect(replay.status).toBe(200);
    expect(replay.body.message).toContain('200');
    const ping = await t.call('POST', `/api/v1/webhooks/${webhookId}/ping`, { token: manager });
    expect(ping.body.message).toContain('200');
    const pinged = receiver.received.at(-1)!;
    expect(JSON.parse(pinged.body).event).toBe('ping');
    expect(signatureVerifies(secret, pinged)).toBe(true);
    const after = await t.call('GET', `/api/v1/webhooks/${webhookId}/deliveries`, { token: manager });
    expect(after.body.data[0].event).toBe('ping');
    expect(after.body.data[1]).toMatchObject({ isReplay: true, eventId: ofEvent[0].eventId, statusCode: 200 });
  }, 90_000);

  test('a group outside the caller is 404; a bad address is 400 naming url', async () => {
    const firm = await t.login('distributor');
    expect((await t.call('GET', `/api/v1/webhooks/${webhookId}`, { token: firm })).status).toBe(200);
    const other = await t.login('parentage.manager');
    expect((await t.call('GET', `/api/v1/webhooks/${webhookId}`, { token: other })).status).toBe(404);
    const badEvent = await t.call('POST', '/api/v1/webhooks', {
      token: manager,
      body: { groupId: oakRidge.id, url: receiver.url, events: ['nope'] },
    });
    expect(badEvent.status).toBe(400);
    expect(Object.keys(badEvent.body.modelState)).toEqual(['events.0']);
    const badUrl = await t.call('POST', '/api/v1/webhooks', {
      token: manager,
      body: { groupId: oakRidge.id, url: 'ftp://example.com/x', events: ['order.paid'] },
    });
    expect(badUrl.status).toBe(400);
    expect(Object.keys(badUrl.body.modelState)).toEqual(['url']);
  });
});

describe('webhook addresses with the testing switch off', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await strict?.close();
  });

  test.each([
    'http://example.com/hooks',
    'https://127.0.0.1/hooks',
    'https://169.254.169.254/latest',
    'https://10.1.2.3/x',
    'https://[::1]/x',
    'https://localhost/x',
  ])('%s is refused with a 400 naming url', async (url) => {
    const token = await strict.login('property.manager');
    const group = await groupByName(strict.database.db, 'Oak Ridge Apartments');
    const answer = await strict.call('POST', '/api/v1/webhooks', {
      token,
      body: { groupId: group.id, url, events: ['order.paid'] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.modelState.url[0]).toMatch(/https|public/);
  });

  test('the address rule knows the private and metadata ranges', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect([address, isNonPublicAddress(address)]).toEqual([address, true]);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111'])
      expect([address, isNonPublicAddress(address)]).toEqual([address, false]);
  });
});
