// Page views against a real database: any signed-in user's app records its route changes (the role from the session),
// provider staff read them per route and lab day; bad batches are 400s naming the field.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { UserRole } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { userByName } from '../../../test/factories.ts';
import { pageViews } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const view = (routeName: string, at = new Date()) => ({ routeName, viewedAt: at.toISOString() });

describe('page views', () => {
  test('kept with the route, the role of the session and the time; read per route and day by staff', async () => {
    const owner = await t.login('pet.owner');
    const manager = await t.login('property.manager');
    const sent = await t.call('POST', '/api/v1/pageviews', {
      token: owner,
      body: { views: [view('/petowner/$petOwnerId/{-$sampleNumber}'), view('/shop/offers')] },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ recorded: 2 });
    await t.call('POST', '/api/v1/pageviews', {
      token: manager,
      body: { views: [view('/shop/offers'), view('/group/$id/dashboard')] },
    });
    const ownerId = (await userByName(t.database.db, 'pet.owner')).id;
    const rows = await t.database.db.select().from(pageViews).where(eq(pageViews.userId, ownerId));
    expect(rows.map((r) => [r.routeName, r.roleId])).toEqual([
      ['/petowner/$petOwnerId/{-$sampleNumber}', UserRole.PetOwner],
      ['/shop/offers', UserRole.PetOwner],
    ]);

    const staff = await t.login('lab.admin');
    const page = await t.call('GET', '/api/v1/pageviews', { token: staff });
    expect(page.status).toBe(200);
    const offers = page.body.data.find((r: { routeName: string }) => r.routeName === '/shop/offers');
    expect(offers).toMatchObject({
      views: 2,
      byRole: { [String(UserRole.PetOwner)]: 1, [String(UserRole.PropertyManager)]: 1 },
    });
    expect(offers.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const one = await t.call('GET', '/api/v1/pageviews?routeName=/group/$id/dashboard', { token: staff });
    expect(one.body).toMatchObject({ totalRecords: 1, data: [{ routeName: '/group/$id/dashboard', views: 1 }] });
    const past = await t.call('GET', '/api/v1/pageviews?startDate=01/01/2020&endDate=01/31/2020', { token: staff });
    expect(past.body.totalRecords).toBe(0);

    expect((await t.call('GET', '/api/v1/pageviews', { token: manager })).status).toBe(403);
    expect((await t.call('POST', '/api/v1/pageviews', { body: { views: [view('/x')] } })).status).toBe(401);
  });

  test('a clock far off is recorded as the arrival time; bad batches name the field', async () => {
    const token = await t.login('distributor');
    const before = Date.now();
    await t.call('POST', '/api/v1/pageviews', {
      token,
      body: { views: [view('/clock-off', new Date('2001-01-01T00:00:00Z'))] },
    });
    const [row] = await t.database.db.select().from(pageViews).where(eq(pageViews.routeName, '/clock-off'));
    expect(row.viewedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const empty = await t.call('POST', '/api/v1/pageviews', { token, body: { views: [] } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('views');
    const tooMany = await t.call('POST', '/api/v1/pageviews', {
      token,
      body: { views: Array.from({ length: 51 }, () => view('/many')) },
    });
    expect(tooMany.status).toBe(400);
    const badTime = await t.call('POST', '/api/v1/pageviews', {
      token,
      body: { views: [{ routeName: '/x', viewedAt: 'yesterday' }] },
    });
    expect(badTime.status).toBe(400);
    expect(JSON.stringify(badTime.body)).toContain('viewedAt');
  });
});
