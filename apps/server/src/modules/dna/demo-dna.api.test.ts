// The DNA demo data `npm start` seeds: a plate whose pet profiles are approved (samples DnaProcessingComplete) and whose
// waste samples, left by the demo dogs, are found by an identity search through the API; one dog with an approved
// verification test (its certificate downloads) and one waiting for its second swab; seeding twice adds nothing. Then
// the demo's results, made through the lab's and the shop's services: Oak Ridge's Match approved (DNA processing
// complete, its letter mailed), a NoMatch pair in one cluster, an Inconclusive for review, the dashboard's counts, the
// Lone Star trio Certified with its certificate, the duplicate dog and the order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DnaProfileLabStatus, SampleCustomerStatus } from '@registry/contracts';
import {
  DEMO_DUPLICATE_DOG,
  DEMO_PARENTAGE,
  DEMO_PLATE_NAME,
  DEMO_RESULT_WASTE,
  DEMO_VERIFICATION_REQUESTED_DOG,
  DEMO_VERIFIED_DOG,
  seedDemoDna,
} from '../../seed/demo-dna.ts';
import { seedDemoResults } from '../../seed/demo-results.ts';
import { createMailer } from '../../platform/mailer.ts';
import { dnaPlates, groups, pets } from '../../db/schema/index.ts';
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
  // Every profile approved but the verified dog's first one, archived when her verification sample was approved, and
  // the seven the demo's results start from (four waste samples, three dogs), waiting for the lab's review.
  type Row = { labStatus: number; isPetSample: boolean };
  const approvedRows = rows.body.data.filter((r: Row) => r.labStatus === DnaProfileLabStatus.Approved);
  const newRows = rows.body.data.filter((r: Row) => r.labStatus === DnaProfileLabStatus.New);
  expect(newRows).toHaveLength(7);
  expect(rows.body.data.length - approvedRows.length - newRows.length).toBe(1);
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

test("the demo's results, made through the services: waste results, dashboard counts, parentage, duplicate, order", async () => {
  const db = t.database.db;
  await seedDemoResults({
    db,
    config: t.config,
    mailer: createMailer({ smtpUrl: t.smtp.url, from: t.config.mailFrom }),
  });
  const lab = await t.login('lab.admin');
  const get = async (url: string, token = lab) => {
    const res = await t.call('GET', url, { token });
    expect({ url, status: res.status }).toEqual({ url, status: 200 });
    return res.body;
  };
  const sets = (await get('/api/v1/pooprintsresulting/getresultsets?sampleNumberFilter=TD02&approved=all&pageSize=50'))
    .data as { sampleNumber: string; latestMatchStatus: string; isApproved: boolean; matchedSampleNumber: string }[];
  const of = (n: string) => sets.find((r) => r.sampleNumber === n);
  const [pepper] = await db.select().from(pets).where(eq(pets.name, 'Pepper'));
  expect(of(DEMO_RESULT_WASTE.match)).toMatchObject({
    latestMatchStatus: 'Match',
    isApproved: true,
    matchedSampleNumber: pepper.sampleNumber,
  });
  for (const n of DEMO_RESULT_WASTE.noMatch)
    expect(of(n)).toMatchObject({ latestMatchStatus: 'NoMatch', isApproved: true });
  expect(of(DEMO_RESULT_WASTE.inconclusive)).toMatchObject({ latestMatchStatus: 'Inconclusive', isApproved: false });
  const matched = await get(
    `/api/v1/wastesamples/getwastesamplebysamplenumber?sampleNumber=${DEMO_RESULT_WASTE.match}`,
  );
  expect(matched.customerFacingStatus).toBe(SampleCustomerStatus.DnaProcessingComplete);
  // The Match's letter went to the property's primary admin.
  await t.smtp.waitFor((m) => m.subject === `DNA match result for ${DEMO_RESULT_WASTE.match}: Match`);

  // The property manager's dashboard counts the approved results.
  const manager = await t.login('property.manager');
  const [oakRidge] = await db.select().from(groups).where(eq(groups.name, 'Oak Ridge Apartments'));
  const dashboard = await get(`/api/v1/groupdashboard?groupId=${oakRidge.id}`, manager);
  expect(dashboard.wasteSamples.counts).toMatchObject({ match: 1, noMatch: 2, dnaProcessingComplete: 3 });

  // The two no-matches of one unknown dog are one cluster.
  const clusters = (await get('/api/v1/nomatchclusters?pageSize=50')).data as {
    candidates: { sampleNumber: string }[];
  }[];
  const cluster = clusters.find((c) => c.candidates.some((m) => m.sampleNumber === DEMO_RESULT_WASTE.noMatch[0]));
  expect(cluster?.candidates.map((m) => m.sampleNumber).sort()).toEqual([...DEMO_RESULT_WASTE.noMatch]);

  // The Lone Star puppy is Certified against Duchess and Ranger; its certificate is a PDF.
  const parentage = await t.login('parentage.manager');
  const [puppy] = await db.select().from(pets).where(eq(pets.name, DEMO_PARENTAGE.puppy));
  const set = await get(`/api/v1/parentagematchresultset/getbypet?sampleNumber=${puppy.sampleNumber}`, parentage);
  expect(set).toMatchObject({ isParentageCertified: true });
  const certificate = await t.app.inject({
    method: 'GET',
    url: `/api/v1/pdfdownload/getproofofparentagecertificate?petId=${puppy.id}`,
    headers: { authorization: `Bearer ${parentage}` },
  });
  expect(certificate.statusCode).toBe(200);
  expect(certificate.headers['content-type']).toBe('application/pdf');

  // Bandit is Rocky registered again: one duplicate cluster holds both.
  const [bandit] = await db.select().from(pets).where(eq(pets.name, DEMO_DUPLICATE_DOG));
  const duplicates = await get(`/api/v1/duplicatedogreport?sampleNumberFilter=${bandit.sampleNumber}`);
  expect(duplicates.data[0].candidates.map((m: { petName: string }) => m.petName).sort()).toEqual(
    [DEMO_DUPLICATE_DOG, DEMO_VERIFICATION_REQUESTED_DOG].sort(),
  );

  // Jordan Blake's order: the ancestry kit for Pepper.
  const owner = await t.login('pet.owner');
  const orders = await get('/api/v1/orders', owner);
  expect(orders.data).toHaveLength(1);
  expect(orders.data[0]).toMatchObject({ petSummary: 'Pepper', items: [{ productSku: 'ANC-DOG-KIT' }] });
});
