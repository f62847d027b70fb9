// Paged lists honour orderBy and ascending; an orderBy naming a prototype member is ignored, never a 500; date filters
// without a zone are days in the lab's time zone.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readConfig } from '../../config.ts';
import { emailLog } from '../../db/schema/index.ts';
import { groupByName } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ labTimeZone: 'America/New_York' });
  token = await t.login('lab.admin');
  await t.database.db.delete(emailLog);
  await t.database.db.insert(emailLog).values([
    // 22:00 on January 14 in New York, already January 15 in UTC.
    {
      subject: 'Bravo',
      recipients: 'b@example.com',
      body: 'b',
      dateSent: new Date('2026-01-15T03:00:00Z'),
      wasSuccessful: true,
    },
    {
      subject: 'alpha',
      recipients: 'a@example.com',
      body: 'a',
      dateSent: new Date('2026-01-15T12:00:00Z'),
      wasSuccessful: true,
    },
    {
      subject: 'Charlie',
      recipients: 'c@example.com',
      body: 'c',
      dateSent: new Date('2026-01-16T04:59:59.999Z'),
      wasSuccessful: false,
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const subjects = async (query: string) => {
  const res = await t.call('GET', `/api/v1/emaillog?${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.data.map((row: { subject: string }) => row.subject);
};

describe('email log order', () => {
  test('newest first by default; orderBy and ascending are honoured', async () => {
    expect(await subjects('pageSize=15')).toEqual(['Charlie', 'alpha', 'Bravo']);
    expect(await subjects('pageSize=15&orderBy=subject&ascending=true')).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(await subjects('pageSize=15&orderBy=subject&ascending=false')).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(await subjects('pageSize=15&orderBy=dateSent&ascending=true')).toEqual(['Bravo', 'alpha', 'Charlie']);
  });
  test('the date filter is the lab day, 00:00:00.000 to 23:59:59.999 in New York', async () => {
    expect(await subjects('dateFilter=01/14/2026')).toEqual(['Bravo']);
    expect(await subjects('dateFilter=01/15/2026')).toEqual(['Charlie', 'alpha']);
  });
});

describe('orderBy naming a prototype member', () => {
  test.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    '%s is ignored on every paged list',
    async (orderBy) => {
      const root = await groupByName(t.database.db, 'Sunbelt Pet Services');
      for (const url of [
        `/api/v1/emaillog?orderBy=${orderBy}`,
        `/api/v1/auditlog?orderBy=${orderBy}`,
        `/api/v1/admin/search?orderBy=${orderBy}`,
        `/api/v1/subgroups?groupId=${root.id}&orderBy=${orderBy}`,
      ]) {
        const res = await t.call('GET', url, { token });
        expect({ url, status: res.status }).toEqual({ url, status: 200 });
      }
    },
  );
});

describe('the lab time zone and test mode settings', () => {
  test('defaults to America/New_York and refuses a zone that is not one', () => {
    expect(readConfig({}).labTimeZone).toBe('America/New_York');
    expect(readConfig({ LAB_TIME_ZONE: 'America/Denver' }).labTimeZone).toBe('America/Denver');
    expect(() => readConfig({ LAB_TIME_ZONE: 'Eastern' })).toThrow(/LAB_TIME_ZONE/);
  });
  test('the fake-data mode is never available in production', () => {
    expect(readConfig({}).testModeAvailable).toBe(true);
    expect(readConfig({ NODE_ENV: 'production' }).testModeAvailable).toBe(false);
    expect(readConfig({ TEST_MODE: 'false' }).testModeAvailable).toBe(false);
  });
  test('the web app learns the zone and test mode from userinfo', async () => {
    const staff = await t.call('GET', '/api/v1/account/userinfo', { token });
    expect(staff.body).toMatchObject({ labTimeZone: 'America/New_York', testModeAvailable: true });
    const manager = await t.call('GET', '/api/v1/account/userinfo', { token: await t.login('property.manager') });
    expect(manager.body.testModeAvailable).toBe(false);
  });
});
