// The duplicate dog report, similar DNA profiles and the gender-mismatch report through the API: every dog registered
// twice appears in exactly one cluster (truth test on the engine's generator), clusters follow new approvals, review and
// return to pending, filters, the CSVs, bad input and access.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Gender } from '@registry/contracts';
import { Sex, emptyProfile, type DnaProfile } from '@registry/genetics';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makePetOwner } from '../../../test/factories.ts';
import { TEST_PANEL, registerDogs, testPopulation } from '../../../test/registered-dogs.ts';

let t: TestApp;
let lab: string;
const population = testPopulation(1616);
let singles: string[] = [];
/** Each twice-registered dog's two sample numbers. */
let twins: [string, string][] = [];
let propertyTwin: [string, string];
let oakRidgeId: number;

const copy = (p: DnaProfile, dropMarker?: number) => {
  const out = emptyProfile(TEST_PANEL);
  out.codes.set(p.codes);
  if (dropMarker !== undefined) out.codes[dropMarker * 2] = out.codes[dropMarker * 2 + 1];
  return out;
};

beforeAll(async () => {
  t = await startTestApp();
  lab = await t.login('lab.admin');
  const db = t.database.db;
  oakRidgeId = (await groupByName(db, 'Oak Ridge Apartments')).id;
  const resident = await makePetOwner(db, { groupId: oakRidgeId });
  const dogs = Array.from({ length: 30 }, () => population.dog());
  const doubled = Array.from({ length: 5 }, () => population.dog());
  const rows = await registerDogs(db, [
    ...dogs.map((profile) => ({ profile })),
    // Registered twice: identical, or the second swab with one allele dropped at one marker.
    ...doubled.flatMap((profile, i) => [
      { profile, ownerId: i === 0 ? resident.id : null },
      { profile: copy(profile, i % 2 ? TEST_PANEL.typingMarkers[i] : undefined) },
    ]),
  ]);
  singles = rows.slice(0, 30).map((r) => r.sampleNumber);
  twins = doubled.map((_, i) => [rows[30 + 2 * i].sampleNumber, rows[31 + 2 * i].sampleNumber]);
  propertyTwin = twins[0];
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = lab) => t.call('GET', url, { token });
const post = (url: string, body: unknown, token = lab) => t.call('POST', url, { token, body });
type ClusterBody = {
  id: number;
  status: number;
  candidates: { sampleNumber: string; isFiltered: boolean; alleles: unknown[]; propertyCollectedFrom: unknown }[];
};
const numbersOf = (c: ClusterBody) => c.candidates.map((m) => m.sampleNumber).sort();

describe('GET /duplicatedogreport', () => {
  test('every dog registered twice is in exactly one cluster, with nothing else; default page size 10', async () => {
    const res = await get('/api/v1/duplicatedogreport');
    expect(res.status).toBe(200);
    const clusters: ClusterBody[] = res.body.data;
    expect(res.body.totalRecords).toBe(5);
    for (const pair of twins) {
      const holding = clusters.filter((c) => c.candidates.some((m) => pair.includes(m.sampleNumber)));
      expect(holding).toHaveLength(1);
      expect(numbersOf(holding[0])).toEqual([...pair].sort());
    }
    const all = clusters.flatMap(numbersOf);
    for (const single of singles) expect(all).not.toContain(single);
    expect(clusters[0].candidates[0]).toMatchObject({ status: 0, associatedClusterId: clusters[0].id });
    expect(clusters[0].candidates[0].alleles).not.toHaveLength(0);
    // Each candidate names its own owner's group: the Oak Ridge resident's dog, and none for the copy nobody owns.
    const [owned, unowned] = propertyTwin;
    const groupOf = (sampleNumber: string) =>
      clusters.flatMap((c) => c.candidates).find((m) => m.sampleNumber === sampleNumber)?.propertyCollectedFrom;
    expect(groupOf(owned)).toEqual({ id: oakRidgeId, name: 'Oak Ridge Apartments' });
    expect(groupOf(unowned)).toBeNull();
    const page = await get('/api/v1/duplicatedogreport?pageSize=2&page=3');
    expect(page.body.data).toHaveLength(1);
  });

  test('the cluster orderings: sample number, property, number of candidates, each either way', async () => {
    const lowest = (c: ClusterBody) => numbersOf(c)[0];
    const bySample = (await get('/api/v1/duplicatedogreport?orderBy=SampleNumber&ascending=true')).body.data;
    const numbers = bySample.map(lowest);
    expect(numbers).toEqual([...numbers].sort());
    const back = (await get('/api/v1/duplicatedogreport?orderBy=2&ascending=false')).body.data.map(lowest);
    expect(back).toEqual([...numbers].reverse());
    // Only the first twin's owner lives at a property: by property it comes first, the others after it.
    const byProperty = (await get('/api/v1/duplicatedogreport?orderBy=Property')).body.data;
    expect(numbersOf(byProperty[0])).toEqual([...propertyTwin].sort());
    const byCount = await get('/api/v1/duplicatedogreport?orderBy=NumberOfCandidates&ascending=false');
    expect(byCount.status).toBe(200);
    const counts = byCount.body.data.map((c: ClusterBody) => c.candidates.length);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    const bad = await get('/api/v1/duplicatedogreport?orderBy=Weight');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('orderBy');
  });

  test('kept current: approving a third swab of a dog joins its cluster at once', async () => {
    const [first] = twins[1];
    const profileOf = (await get(`/api/v1/duplicatedogreport/geteligibleclustersforcandidate?sampleNumber=${first}`))
      .body[0] as ClusterBody;
    expect(numbersOf(profileOf)).toEqual([...twins[1]].sort());
    const dog = population.dog();
    const [a, b] = await registerDogs(t.database.db, [{ profile: dog }, { profile: copy(dog) }]);
    const res = await get(`/api/v1/duplicatedogreport?sampleNumberFilter=${a.sampleNumber}`);
    expect(res.body.totalRecords).toBe(1);
    expect(numbersOf(res.body.data[0])).toEqual([a.sampleNumber, b.sampleNumber].sort());
    expect(
      res.body.data[0].candidates.find((m: { sampleNumber: string }) => m.sampleNumber === a.sampleNumber).isFiltered,
    ).toBe(true);
    twins.push([a.sampleNumber, b.sampleNumber]);
  });

  test('mark reviewed and return to pending; status filters; audited; only the lab reviews', async () => {
    const [first] = twins[2];
    const cluster = (await get(`/api/v1/duplicatedogreport?sampleNumberFilter=${first}`)).body.data[0] as ClusterBody;
    expect(
      (
        await post(
          '/api/v1/duplicatedogreport/markclusterasreviewed',
          { id: cluster.id },
          await t.login('service.admin'),
        )
      ).status,
    ).toBe(403);
    expect(
      (await post('/api/v1/duplicatedogreport/markclusterasreviewed', { id: cluster.id }, await t.login('pet.owner')))
        .status,
    ).toBe(403);
    expect((await post('/api/v1/duplicatedogreport/markclusterasreviewed', { id: 999999 })).status).toBe(404);
    expect((await post('/api/v1/duplicatedogreport/markclusterasreviewed', { id: 'x' })).status).toBe(400);
    const marked = await post('/api/v1/duplicatedogreport/markclusterasreviewed', { id: cluster.id });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: cluster.id, status: 1, reviewedBy: expect.any(String) });
    const reviewed = await get('/api/v1/duplicatedogreport?showApprovedFilter=true');
    expect(reviewed.body.data.map((c: ClusterBody) => c.id)).toEqual([cluster.id]);
    const pending = await get('/api/v1/duplicatedogreport?showPendingFilter=true');
    expect(pending.body.data.map((c: ClusterBody) => c.id)).not.toContain(cluster.id);
    expect(pending.body.totalRecords).toBe(twins.length - 1);
    const back = await post('/api/v1/duplicatedogreport/returnclustertopending', { id: cluster.id });
    expect(back.body.status).toBe(0);
    expect((await get('/api/v1/duplicatedogreport?showApprovedFilter=true')).body.totalRecords).toBe(0);
    const summary = await get(`/api/v1/duplicatedogreport/summary?id=${cluster.id}`);
    expect(numbersOf(summary.body)).toEqual([...twins[2]].sort());
  });

  test('the pet-owner group filter; a bad group is 400, an unknown one 404; access', async () => {
    const res = await get(`/api/v1/duplicatedogreport?groupId=${oakRidgeId}`);
    expect(res.body.totalRecords).toBe(1);
    expect(numbersOf(res.body.data[0])).toEqual([...propertyTwin].sort());
    expect(res.body.data[0].candidates.some((m: { propertyCollectedFrom: unknown }) => m.propertyCollectedFrom)).toBe(
      true,
    );
    expect((await get('/api/v1/duplicatedogreport?groupId=abc')).status).toBe(400);
    expect((await get('/api/v1/duplicatedogreport?groupId=999999')).status).toBe(404);
    expect((await get('/api/v1/duplicatedogreport?pageSize=1000')).status).toBe(400);
    expect((await get('/api/v1/duplicatedogreport', await t.login('parentage.manager'))).status).toBe(403);
    expect((await t.call('GET', '/api/v1/duplicatedogreport')).status).toBe(401);
  });

  test('the CSV lists every candidate of every cluster; by group', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/duplicatedogreport/getcsv',
      headers: { authorization: `Bearer ${lab}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('ClusterId,Status,SampleNumber,PetName,Property,ApprovalDate,ReviewedBy,DateReviewed');
    expect(lines).toHaveLength(1 + twins.length * 2);
    // The data rows' count, which the browser asks about over 1,000 before it saves the file.
    expect(res.headers['x-export-rows']).toBe(String(twins.length * 2));
    const byGroup = await get(`/api/v1/duplicatedogreport/getcsv?groupId=${oakRidgeId}`);
    expect(String(byGroup.body).trim().split('\r\n')).toHaveLength(3);
  });
});

describe('GET /skunkworks/getsimilardnaprofiles', () => {
  test('the other registration of a dog, side by side; looser thresholds find more; the property filter', async () => {
    const [c, d] = twins[2];
    const exact = await get(`/api/v1/skunkworks/getsimilardnaprofiles?samplenumber=${c}`);
    expect(exact.status).toBe(200);
    expect(exact.body.similar.map((s: { sampleNumber: string }) => s.sampleNumber)).toEqual([d]);
    expect(exact.body.similar[0]).toMatchObject({ failingMarkerCount: 0, failingMarkers: [] });
    // The second swab of twins[1] dropped an allele at one marker: one failing marker, shown side by side.
    const [a, b] = twins[1];
    const strict = await get(`/api/v1/skunkworks/getsimilardnaprofiles?samplenumber=${a}`);
    expect(strict.body.similar).toHaveLength(0);
    const res = await get(`/api/v1/skunkworks/getsimilardnaprofiles?samplenumber=${a}&maximumfailingmarkerthreshold=1`);
    expect(res.body.similar.map((s: { sampleNumber: string }) => s.sampleNumber)).toEqual([b]);
    const hit = res.body.similar[0];
    expect(hit.failingMarkerCount).toBe(1);
    expect(hit.failingMarkers[0]).toMatchObject({ marker: expect.any(String), query: expect.stringContaining('/') });
    expect(hit.failingMarkers[0].query).not.toBe(hit.failingMarkers[0].candidate);
    expect(hit.matchingMarkers.length).toBe(hit.matchingMarkerCount);
    const loose = await get(
      `/api/v1/skunkworks/getsimilardnaprofiles?samplenumber=${a}&minimummatchingmarkerthreshold=1&maximumfailingmarkerthreshold=30`,
    );
    expect(loose.body.similar.length).toBeGreaterThan(10);
    const [p1, p2] = propertyTwin;
    const inProperty = await get(
      `/api/v1/skunkworks/getsimilardnaprofiles?samplenumber=${p2}&propertyId=${oakRidgeId}`,
    );
    expect(inProperty.body.similar.map((s: { sampleNumber: string }) => s.sampleNumber)).toEqual([p1]);
  });

  test('bad input and access', async () => {
    expect((await get('/api/v1/skunkworks/getsimilardnaprofiles')).status).toBe(400);
    expect((await get('/api/v1/skunkworks/getsimilardnaprofiles?samplenumber=TD1234567')).status).toBe(400);
    expect(
      (
        await get(
          `/api/v1/skunkworks/getsimilardnaprofiles?samplenumber=${twins[0][0]}&minimummatchingmarkerthreshold=-1`,
        )
      ).status,
    ).toBe(400);
    const none = await get('/api/v1/skunkworks/getsimilardnaprofiles?samplenumber=DN0000001');
    expect(none.status).toBe(400);
    expect(none.body.exceptionMessage).toBe('DN0000001 has no approved DNA profile.');
    expect(
      (await get(`/api/v1/skunkworks/getsimilardnaprofiles?samplenumber=${twins[0][0]}&propertyId=999999`)).status,
    ).toBe(404);
    expect(
      (
        await get(
          `/api/v1/skunkworks/getsimilardnaprofiles?samplenumber=${twins[0][0]}`,
          await t.login('property.manager'),
        )
      ).status,
    ).toBe(403);
  });
});

describe('GET /reportsgenerator/getallgendermismatchcsvreport', () => {
  test('dogs whose amelogenin call disagrees with the recorded gender, and only those', async () => {
    const [wrong, right, unknown] = await registerDogs(t.database.db, [
      { profile: population.dog(Sex.Female), gender: Gender.Male, sex: 'Female', name: 'Misfiled' },
      { profile: population.dog(Sex.Male), gender: Gender.Male, name: 'Correct' },
      { profile: population.dog(Sex.Male), gender: Gender.Unknown, name: 'Unrecorded' },
    ]);
    const res = await get('/api/v1/reportsgenerator/getallgendermismatchcsvreport');
    expect(res.status).toBe(200);
    const text = String(res.body);
    expect(text.split('\r\n')[0]).toBe('SampleNumber,PetId,PetName,Owner,RecordedGender,DnaGender,ApprovalDate');
    expect(text).toContain(`${wrong.sampleNumber},${wrong.petId},Misfiled,,Male,Female,`);
    expect(text).not.toContain(right.sampleNumber);
    expect(text).not.toContain(unknown.sampleNumber);
    expect(res.headers['x-export-rows']).toBe(String(text.trim().split('\r\n').length - 1));
    expect(
      (await get('/api/v1/reportsgenerator/getallgendermismatchcsvreport', await t.login('pet.owner'))).status,
    ).toBe(403);
  });
});
