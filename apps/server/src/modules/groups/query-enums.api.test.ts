// Enum query parameters take the spec's names as well as numbers, as a client of the original API sends either.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AdminFilter, DashboardMode } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('dashboardMode=InactiveProperties, =inactiveproperties and =1 answer the same; an unknown name is a 400 naming it', async () => {
  const harbor = await groupByName(t.database.db, 'Harbor Property Management');
  const token = await t.login('firm.manager');
  const get = (mode: string) =>
    t.call('GET', `/api/v1/groupdashboard?groupId=${harbor.id}&dashboardMode=${mode}`, { token });
  const byNumber = await get(String(DashboardMode.InactiveProperties));
  expect(byNumber.status).toBe(200);
  expect(byNumber.body.dashboardMode).toBe(DashboardMode.InactiveProperties);
  for (const mode of ['InactiveProperties', 'inactiveproperties']) {
    const byName = await get(mode);
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual(byNumber.body);
  }
  expect((await get('ActiveProperties')).body.dashboardMode).toBe(DashboardMode.ActiveProperties);
  for (const bad of ['Sideways', '7', '1.5']) {
    const refused = await get(bad);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.modelState ?? {})).toContain('dashboardMode');
  }
});

test('adminFilter=ActiveAndInherited and =2 list the same admins', async () => {
  const property = await groupByName(t.database.db, 'Oak Ridge Apartments');
  const token = await t.login('firm.manager');
  const byName = await t.call('GET', `/api/v1/groupadmin/${property.id}?adminFilter=ActiveAndInherited`, { token });
  const byNumber = await t.call(
    'GET',
    `/api/v1/groupadmin/${property.id}?adminFilter=${AdminFilter.ActiveAndInherited}`,
    { token },
  );
  const assigned = await t.call('GET', `/api/v1/groupadmin/${property.id}?adminFilter=Active`, { token });
  expect(byName.status).toBe(200);
  expect(byName.body).toEqual(byNumber.body);
  // Inherited admins (the firm's) make the list longer than the assigned ones alone, so the name did select the mode.
  expect(byName.body.admins.length).toBeGreaterThan(assigned.body.admins.length);
});
