// Searches take the user's text literally: '%', '_' and '\' match only themselves, never as LIKE wildcards.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { UserRole } from '@registry/contracts';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { groupByName, makeAdmin, makePetOwner } from '../../test/factories.ts';
import { users } from './schema/index.ts';
import { containsPattern } from './like.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
  for (const [userName, firstName] of [
    ['pct.admin', '100%Admin'],
    ['under.admin', 'Under_Score'],
    ['slash.admin', 'Back\\Slash'],
    ['plain.admin', 'Plain'],
  ]) {
    const admin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: oak.id, userName });
    await t.database.db.update(users).set({ firstName }).where(eq(users.id, admin.id));
  }
  const owner = await makePetOwner(t.database.db, { groupId: oak.id, userName: 'pct.owner' });
  await t.database.db.update(users).set({ firstName: '50%Off' }).where(eq(users.id, owner.id));
});
afterAll(async () => {
  await t?.close();
});

test('the pattern escapes the wildcards and the escape character', () => {
  expect(containsPattern('a%b_c\\d')).toBe('%a\\%b\\_c\\\\d%');
});

async function adminNames(name: string) {
  const answer = await t.call('GET', `/api/v1/admin/search?page=1&pageSize=100&name=${encodeURIComponent(name)}`, {
    token: await t.login('lab.admin'),
  });
  expect(answer.status).toBe(200);
  return answer.body.data.map((row: { userName: string }) => row.userName).sort();
}

test("searching admins for '%' finds only names containing '%'", async () => {
  expect(await adminNames('%')).toEqual(['pct.admin']);
  expect(await adminNames('_')).toEqual(['under.admin']);
  expect(await adminNames('\\')).toEqual(['slash.admin']);
});

test("searching pet owners and the email and audit logs for '%' takes it literally", async () => {
  const token = await t.login('lab.admin');
  const owners = await t.call(
    'GET',
    `/api/v1/petowner/searchpetowners?page=1&pageSize=100&name=${encodeURIComponent('%')}`,
    { token },
  );
  expect(owners.body.data.map((row: { userName: string }) => row.userName)).toEqual(['pct.owner']);
  const mails = await t.call('GET', `/api/v1/emaillog?page=1&pageSize=100&subjectFilter=${encodeURIComponent('%')}`, {
    token,
  });
  expect(mails.status).toBe(200);
  expect(mails.body.data.every((row: { subject: string }) => row.subject.includes('%'))).toBe(true);
  const audit = await t.call('GET', `/api/v1/auditlog?page=1&pageSize=100&createdBy=${encodeURIComponent('_')}`, {
    token,
  });
  expect(audit.status).toBe(200);
  expect(audit.body.data.every((row: { createdBy: string | null }) => row.createdBy?.includes('_'))).toBe(true);
});

test("the subgroup and resident searches take '%' literally", async () => {
  const token = await t.login('lab.admin');
  const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
  const subgroups = await t.call('GET', `/api/v1/subgroups?groupId=${sunbelt.id}&name=${encodeURIComponent('%')}`, {
    token,
  });
  expect(subgroups.status).toBe(200);
  expect(subgroups.body.totalRecords).toBe(0);
  const residents = await t.call('GET', `/api/v1/residents/search?query=${encodeURIComponent('%')}`, { token });
  expect(residents.status).toBe(200);
  expect(residents.body).toEqual([]);
});
