// The DNA demo data `npm start` seeds: a plate whose pet profiles are approved (samples DnaProcessingComplete) and whose
// waste samples, left by the demo dogs, are found by an identity search through the API; one dog with an approved
// verification test (its certificate downloads) and one waiting for its second swab; seeding twice adds nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DnaProfileLabStatus, SampleCustomerStatus } from '@registry/contracts';
import {
  DEMO_PLATE_NAME,
  DEMO_VERIFICATION_REQUESTED_DOG,
  DEMO_VERIFIED_DOG,
  seedDemoDna,
} from '../../db/seed/demo-dna.ts';
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
  // Every profile approved but the verified dog's first one, archived when her verification sample was approved.
  type Row = { labStatus: number; isPetSample: boolean };
  const approvedRows = rows.body.data.filter((r: Row) => r.labStatus === DnaProfileLabStatus.Approved);
  expect(rows.body.data.length - approvedRows.length).toBe(1);
  const complete = await t.database.db
    .select({ n: count() })
    .from(pets)
    .where(eq(pets.customerFacingStatus, SampleCustomerStatus.DnaProcessingComplete));
  // Rocky's approved profile stands, but his sample waits for the second swab.
  expect(complete[0].n).toBe(approvedRows.filter((r: Row) => r.isPetSample).length - 1);
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

  const [luna] = await t.database.db.select().from(pets).where(eq(pets.name, DEMO_VERIFIED_DOG));
  expect(luna).toMatchObject({
    hasApprovedVerificationTest: true,
    customerFacingStatus: SampleCustomerStatus.DnaProcessingComplete,
  });
  const certificate = await t.app.inject({
    method: 'GET',
    url: `/api/v1/pdfdownload/getdnaverification/${luna.id}`,
    headers: { authorization: `Bearer ${lab}` },
  });
  expect(certificate.statusCode).toBe(200);
  expect(certificate.headers['content-type']).toBe('application/pdf');
  const [rocky] = await t.database.db.select().from(pets).where(eq(pets.name, DEMO_VERIFICATION_REQUESTED_DOG));
  expect(rocky).toMatchObject({
    hasApprovedVerificationTest: false,
    customerFacingStatus: SampleCustomerStatus.VerificationTestRequested,
  });

  await seedDemoDna(t.database.db, filesStoreFor(t.config));
  expect((await t.database.db.select({ n: count() }).from(dnaPlates))[0].n).toBe(1);
});
