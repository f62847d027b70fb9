// The audit chain check during writes: appends committed while it walks must not make a whole chain look broken (on
// PostgreSQL the walk and the appends run side by side on separate connections).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { groupByName } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('GET /auditlog/verify answers ok every time while audited writes run', async () => {
  const staff = await t.login('lab.admin');
  const oakRidge = (await groupByName(t.database.db, 'Oak Ridge Apartments')).id;
  // Cleared when the verdicts are in (an object, since each writer's loop never changes it).
  const writers$ = { writing: true };
  let written = 0;
  const writer = async (from: number) => {
    for (let n = from; writers$.writing; n++) {
      const response = await t.call('POST', '/api/v1/wastesamples', {
        token: staff,
        body: { sampleNumber: `TD${String(3_900_000 + n).padStart(7, '0')}`, propertyCollectedFromId: oakRidge },
      });
      expect(response.status).toBe(200);
      written++;
    }
  };
  const writers = [writer(0), writer(10_000), writer(20_000)];
  const verdicts: unknown[] = [];
  try {
    while (verdicts.length < 15) {
      verdicts.push((await t.call('GET', '/api/v1/auditlog/verify', { token: staff })).body);
    }
  } finally {
    writers$.writing = false;
    await Promise.all(writers);
  }
  expect(written).toBeGreaterThan(0);
  expect(verdicts.filter((verdict) => (verdict as { ok: boolean }).ok !== true)).toEqual([]);
  expect((await t.call('GET', '/api/v1/auditlog/verify', { token: staff })).body).toMatchObject({ ok: true });
});
