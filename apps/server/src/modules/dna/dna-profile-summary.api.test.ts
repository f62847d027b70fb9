// The plate view's profile summary counts (spec 1 §3): by lab status and orphans (a sample number on no pet and no
// waste sample), over one plate or sample type when chosen and over every profile otherwise; a status change shows in
// them; lab staff only.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DnaProfileLabStatus, SampleType } from '@registry/contracts';
import { dnaPlates, dnaProfiles, pets, wasteSamples } from '../../db/schema/index.ts';
import { makePetOwner } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const { New, Rerun, Reswab, Inactive, Approved } = DnaProfileLabStatus;
let t: TestApp;
let lab: string;

beforeAll(async () => {
  t = await startTestApp();
  lab = await t.login('lab.admin');
});
afterAll(async () => {
  await t?.close();
});

const summary = (query = '', token = lab) =>
  t.call('GET', `/api/v1/dnaprocessing/getprofilesummary${query}`, { token });

let plates = 0;
async function plateWith(profiles: { sampleNumber: string; sampleType: number; labStatus: number }[]) {
  plates++;
  const [plate] = await t.database.db
    .insert(dnaPlates)
    .values({
      plateName: `summary-${plates}`,
      fileName: 'summary.txt',
      filePath: 'none',
      panelId: 'isag-2006-canine',
      plateSize: 96,
      layout: 'long',
      controlsPassed: true,
    })
    .returning();
  const codes = Array.from({ length: 44 }, () => 0);
  const rows = await t.database.db
    .insert(dnaProfiles)
    .values(profiles.map((p) => ({ ...p, plateId: plate.id, panelId: 'isag-2006-canine', codes, result: 'Pass' })))
    .returning();
  return { plateId: plate.id, ids: rows.map((r) => r.id) };
}

describe('GET /dnaprocessing/getprofilesummary', () => {
  test('counts each lab status and the orphans, over the plate, the sample type or everything', async () => {
    const before = await summary();
    expect(before.status).toBe(200);
    expect(Object.keys(before.body).sort()).toEqual(
      ['inactive', 'new', 'orphans', 'rerun', 'reswab', 'totalRecords'].sort(),
    );

    await t.database.db.insert(pets).values([
      { name: 'Summary 1', sampleNumber: 'DN7100001' },
      { name: 'Summary 2', sampleNumber: 'DN7100002' },
      { name: 'Summary 3', sampleNumber: 'DN7100003' },
      { name: 'Summary 4', sampleNumber: 'DN7100004' },
    ]);
    await t.database.db.insert(wasteSamples).values({ sampleNumber: 'TD7100001' });
    const a = await plateWith([
      { sampleNumber: 'DN7100001', sampleType: SampleType.Pet, labStatus: New },
      { sampleNumber: 'DN7100002', sampleType: SampleType.Pet, labStatus: Rerun },
      { sampleNumber: 'DN7100003', sampleType: SampleType.Pet, labStatus: Reswab },
      { sampleNumber: 'TD7100001', sampleType: SampleType.WasteSample, labStatus: Inactive },
      { sampleNumber: 'DN7100004', sampleType: SampleType.Pet, labStatus: Approved },
      // Orphans: a pet-like and a waste-like sample number nobody registered.
      { sampleNumber: 'DN7100099', sampleType: SampleType.Pet, labStatus: New },
      { sampleNumber: 'TD7100099', sampleType: SampleType.WasteSample, labStatus: Rerun },
    ]);
    const b = await plateWith([{ sampleNumber: 'DN7100001', sampleType: SampleType.Pet, labStatus: Reswab }]);

    const onA = await summary(`?plateId=${a.plateId}`);
    expect(onA.status).toBe(200);
    expect(onA.body).toEqual({ totalRecords: 7, new: 2, rerun: 2, reswab: 1, inactive: 1, orphans: 2 });
    expect((await summary(`?plateId=${b.plateId}`)).body).toEqual({
      totalRecords: 1,
      new: 0,
      rerun: 0,
      reswab: 1,
      inactive: 0,
      orphans: 0,
    });
    expect((await summary(`?plateId=${a.plateId}&sampleType=${SampleType.WasteSample}`)).body).toEqual({
      totalRecords: 2,
      new: 0,
      rerun: 1,
      reswab: 0,
      inactive: 1,
      orphans: 1,
    });

    const all = await summary();
    const b0 = before.body;
    expect(all.body).toEqual({
      totalRecords: b0.totalRecords + 8,
      new: b0.new + 2,
      rerun: b0.rerun + 2,
      reswab: b0.reswab + 2,
      inactive: b0.inactive + 1,
      orphans: b0.orphans + 2,
    });

    // A lab status change through the plate view moves the counts.
    const changed = await t.call('POST', '/api/v1/dnaprocessing/updatednaprofilesstatus', {
      token: lab,
      body: { dnaProfileIds: [a.ids[0], a.ids[5]], labStatus: Inactive },
    });
    expect(changed.status).toBe(200);
    expect((await summary(`?plateId=${a.plateId}`)).body).toEqual({
      totalRecords: 7,
      new: 0,
      rerun: 2,
      reswab: 1,
      inactive: 3,
      orphans: 2,
    });
  });

  test('bad filters are refused; only lab staff see the counts', async () => {
    expect((await summary('?plateId=abc')).status).toBe(400);
    expect((await summary('?sampleType=9')).status).toBe(400);
    expect((await summary('', await t.login('service.admin'))).status).toBe(200);
    expect((await summary('', await t.login('property.manager'))).status).toBe(403);
    const owner = await makePetOwner(t.database.db);
    expect((await summary('', await t.login(owner.userName))).status).toBe(403);
  });
});
