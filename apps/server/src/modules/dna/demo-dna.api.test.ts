// The DNA demo data `npm start` seeds: a plate whose pet profiles are approved (samples DnaProcessingComplete) and whose
// waste samples, left by the demo dogs, are found by an identity search through the API; seeding twice adds nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DnaProfileLabStatus, SampleCustomerStatus } from '@registry/contracts';
import { DEMO_PLATE_NAME, seedDemoDna } from '../../db/seed/demo-dna.ts';
import { dnaPlates, pets } from '../../db/schema/index.ts';
import { filesStoreFor } from '../../platform/files.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dna-demo-'));

beforeAll(async () => {
  t = await startTestApp({ filesDir });
  await seedDemoDna(t.database.db, filesStoreFor(t.config));
}, 240_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

test('the demo plate: approved pet and waste profiles, the file downloadable, the waste samples identified', async () => {
  const lab = await t.login('lab.admin');
  const plates = await t.call('GET', '/api/v1/dnaprocessing/getplates', { token: lab });
  const plate = plates.body.find((p: { plateName: string }) => p.plateName === DEMO_PLATE_NAME);
  expect(plate).toBeDefined();
  const rows = await t.call('GET', `/api/v1/dnaprocessing?plateId=${plate.id}&pageSize=200`, { token: lab });
  expect(rows.body.totalRecords).toBeGreaterThanOrEqual(9);
  expect(rows.body.data.every((r: { labStatus: number }) => r.labStatus === DnaProfileLabStatus.Approved)).toBe(true);
  const complete = await t.database.db
    .select({ n: count() })
    .from(pets)
    .where(eq(pets.customerFacingStatus, SampleCustomerStatus.DnaProcessingComplete));
  expect(complete[0].n).toBe(rows.body.data.filter((r: { isPetSample: boolean }) => r.isPetSample).length);
  const file = await t.app.inject({
    method: 'GET',
    url: `/api/v1/plate/downloadgenemapperfile/${plate.id}`,
    headers: { authorization: `Bearer ${lab}` },
  });
  expect(file.statusCode).toBe(200);
  expect(file.body).toContain('TD0200001');
  const found = await t.call('GET', '/api/v1/dnaindex/identify?sampleNumber=TD0200001', { token: lab });
  expect(found.status).toBe(200);
  expect(found.body.matches.map((m: { sampleNumber: string }) => m.sampleNumber)).toHaveLength(1);
  expect(found.body.matches[0].sampleNumber).toMatch(/^DN/);

  await seedDemoDna(t.database.db, filesStoreFor(t.config));
  expect((await t.database.db.select({ n: count() }).from(dnaPlates))[0].n).toBe(1);
});
