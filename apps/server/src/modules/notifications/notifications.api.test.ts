// Notifications: created inside the caller's transaction for a group's admins, listed, deleted and marked viewed by their
// owner only, and delivered live over server-sent events read by a real HTTP client, also to a second API process.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Messages } from '@registry/contracts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { createMailer } from '../../platform/mailer.ts';
import { withTransaction } from '../../platform/context.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeAdmin, makeGroup, userByName } from '../../../test/factories.ts';
import { createNotifications } from './notifications.service.ts';
import { openEventStream } from '../../../test/event-stream.ts';

let t: TestApp;
let baseUrl: string;
let oakRidge: number;
let manager: { id: number };
let managerToken: string;
beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  oakRidge = (await groupByName(t.database.db, 'Oak Ridge Apartments')).id;
  manager = await userByName(t.database.db, 'property.manager');
  managerToken = await t.login('property.manager');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const services = () => t.app.services;
const notifyOakRidge = (message: string, ctx = services()) =>
  createNotifications(ctx, { groupId: oakRidge, type: 'Group', message, actionParameters: { id: oakRidge } });
const rowsOf = (userId: number) => t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token = managerToken) =>
  t.call(method, `/api/v1${url}`, { token });

describe('createNotifications', () => {
  test("a group's active admins get one each; inactive admins and other groups' admins none", async () => {
    const group = await makeGroup(t.database.db, { parentId: oakRidge, groupType: 4, name: 'Notified Property' });
    const active = await makeAdmin(t.database.db, { groupId: group.id, roleId: 5 });
    const inactive = await makeAdmin(t.database.db, { groupId: group.id, roleId: 5, isActive: false });
    const recipients = await createNotifications(services(), {
      groupId: group.id,
      type: 'Group',
      message: 'Property details changed',
      actionParameters: { id: group.id },
    });
    expect(recipients).toEqual([active.id]);
    expect(await rowsOf(active.id)).toMatchObject([{ message: 'Property details changed', isViewed: false, type: 3 }]);
    expect(await rowsOf(inactive.id)).toEqual([]);
    expect(await rowsOf(manager.id)).toHaveLength(0);
  });

  test('inside a transaction that rolls back: no row and no live event', async () => {
    const stream = await openEventStream(baseUrl, managerToken);
    expect((await stream.next()).unreadCount).toBe(0);
    await expect(
      withTransaction(services(), async (_tx, txCtx) => {
        await notifyOakRidge('Rolled back', txCtx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await rowsOf(manager.id)).toEqual([]);
    await notifyOakRidge('Committed');
    const event = await stream.next();
    expect(event).toMatchObject({ unreadCount: 1, latest: { message: 'Committed', type: 'Group' } });
    stream.close();
    await t.database.db.delete(notifications).where(eq(notifications.userId, manager.id));
  });
});

describe('the notification calls', () => {
  test('list, recent with the unread count, mark viewed, delete one, delete all, and the refusals', async () => {
    for (const text of ['First', 'Second', 'Third']) await notifyOakRidge(text);
    const list = await call('GET', '/notifications?page=1&pageSize=2');
    expect(list.status).toBe(200);
    expect(list.body.totalRecords).toBe(3);
    expect(list.body.data.map((n: { message: string }) => n.message)).toEqual(['Third', 'Second']);
    expect(list.body.data[0]).toMatchObject({ type: 'Group', actionParameters: { id: oakRidge }, isViewed: false });

    const recent = await call('GET', '/notifications/getrecentnotifications');
    expect(recent.body.unreadCount).toBe(3);
    expect(recent.body.data).toHaveLength(3);
    // Someone else's notifications stay theirs.
    const otherToken = await t.login('lab.admin');
    expect((await call('GET', '/notifications/getrecentnotifications', otherToken)).body.unreadCount).toBe(0);
    const someone = list.body.data[0].id as number;
    expect((await call('DELETE', `/notifications/${someone}`, otherToken)).status).toBe(404);
    expect((await call('DELETE', '/notifications/999999999')).status).toBe(404);
    expect((await call('DELETE', '/notifications/abc')).status).toBe(400);
    expect((await call('GET', '/notifications?pageSize=0')).status).toBe(400);

    const viewed = await call('PUT', '/notifications/updatelastnotificationvieweddate');
    expect(viewed.body).toEqual({ unreadCount: 0 });
    expect((await rowsOf(manager.id)).every((row) => row.isViewed)).toBe(true);

    const deleted = await call('DELETE', `/notifications/${someone}`);
    expect(deleted.body).toEqual({ message: Messages.notificationDeleted });
    expect(await rowsOf(manager.id)).toHaveLength(2);
    expect((await call('DELETE', '/notifications/deleteall')).body).toEqual({ message: Messages.notificationsDeleted });
    expect(await rowsOf(manager.id)).toEqual([]);
    const none = await call('DELETE', '/notifications/deleteall');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('There is no Notification to delete.');
  });

  test('signed out: 401 on every call and on the stream', async () => {
    for (const [method, url] of [
      ['GET', '/notifications'],
      ['GET', '/notifications/getrecentnotifications'],
      ['DELETE', '/notifications/deleteall'],
      ['PUT', '/notifications/updatelastnotificationvieweddate'],
      ['GET', '/notifications/stream'],
    ] as const)
      expect((await t.call(method, `/api/v1${url}`)).status).toBe(401);
    const response = await fetch(`${baseUrl}/api/v1/notifications/stream`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(response.status).toBe(401);
  });
});

describe('the live stream', () => {
  test('a plain request gets the current state and the end', async () => {
    const plain = await call('GET', '/notifications/stream');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(plain.body).toBe('event: unread\ndata: {"unreadCount":0}\n\n');
  });

  test('a new notification, a mark-viewed in another tab and a sign-out reach the open stream', async () => {
    const stream = await openEventStream(baseUrl, managerToken);
    expect(await stream.next()).toEqual({ unreadCount: 0 });
    await notifyOakRidge('Sample TD0000001 approved');
    expect(await stream.next()).toMatchObject({ unreadCount: 1, latest: { message: 'Sample TD0000001 approved' } });
    await call('PUT', '/notifications/updatelastnotificationvieweddate');
    expect(await stream.next()).toMatchObject({ unreadCount: 0 });
    stream.close();

    const session = await t.login('property.manager');
    const ending = await openEventStream(baseUrl, session);
    await ending.next();
    await t.call('POST', '/api/v1/account/logout', { token: session });
    await notifyOakRidge('After sign-out');
    await expect(ending.ended()).resolves.toBe(true);
    await t.database.db.delete(notifications).where(eq(notifications.userId, manager.id));
  });

  test('a second API process on the same database hears what the first one committed', async () => {
    // On a PostgreSQL server the second process has its own pool and hub: the news travels by LISTEN/NOTIFY.
    const pool = (t.database.db as unknown as { $client: { options?: { connectionString?: string } } }).$client;
    const second =
      t.database.kind === 'postgres'
        ? await openDatabase({ databaseUrl: pool.options!.connectionString!, poolSize: 2 })
        : null;
    const mailer = createMailer({ smtpUrl: t.config.smtpUrl, from: t.config.mailFrom });
    const app = await buildApp({ db: second?.db ?? t.database.db, config: { ...t.config }, mailer });
    const secondUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const stream = await openEventStream(secondUrl, managerToken);
      expect(await stream.next()).toMatchObject({ unreadCount: 0 });
      await notifyOakRidge('From the first process');
      expect(await stream.next()).toMatchObject({ unreadCount: 1, latest: { message: 'From the first process' } });
      stream.close();
    } finally {
      await app.close();
      mailer.close();
      await second?.close();
      await t.database.db.delete(notifications).where(eq(notifications.userId, manager.id));
    }
  });
});
