// The duplicate dog and gender mismatch reports under /reports against the real API and database, on a hand-counted
// fixture in a fresh distributorship with two properties (P1, P2) and a foreign one: numbers per group, the review
// filter, sorting and paging, scope (members outside the picked group counted, never shown; a foreign group 404),
// access, bad input, and the CSV and XLSX exports holding the same rows.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Gender, GroupTypes } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeAdmin, makeGroup, makeOtherDistributorship, makePetOwner } from '../../../test/factories.ts';
import { UserRole } from '@registry/contracts';
import { registerDogs, testPopulation } from '../../../test/registered-dogs.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof makeOtherDistributorship>>;
let foreign: Awaited<ReturnType<typeof makeOtherDistributorship>>;
let p2: { id: number; name: string };
let p2Manager: { userName: string };
const n: Record<string, string> = {};
const population = testPopulation(1818);

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  fx = await makeOtherDistributorship(db);
  foreign = await makeOtherDistributorship(db);
  p2 = await makeGroup(db, {
    parentId: fx.distributorship.id,
    groupType: GroupTypes.Property,
    name: `P2 ${Date.now()}`,
  });
  p2Manager = await makeAdmin(db, { roleId: UserRole.PropertyManager, groupId: p2.id });
  const a = await makePetOwner(db, { groupId: fx.property.id });
  const b = await makePetOwner(db, { groupId: p2.id });
  const c = await makePetOwner(db, { groupId: foreign.property.id });
  const [d1, d2, d3, m1, m2, m3, ok] = Array.from({ length: 7 }, () => population.dog());
  const rows = await registerDogs(db, [
    // Hand-counted clusters: d1 in P1 and P2; d2 in P1 and the foreign property; d3 twice in the foreign property.
    { profile: d1!, ownerId: a.id, name: 'Alpha One' },
    { profile: d1!, ownerId: b.id, name: 'Alpha Two' },
    { profile: d2!, ownerId: a.id, name: 'Bravo' },
    { profile: d2!, ownerId: c.id, name: 'Bravo Far' },
    { profile: d3!, ownerId: c.id, name: 'Charlie' },
    { profile: d3!, ownerId: c.id, name: 'Charlie Again' },
    // Gender mismatches: m1 in P1 (recorded Male, DNA Female), m2 in P2 (Female / Male), m3 foreign; ok agrees.
    { profile: m1!, ownerId: a.id, name: 'Mika', gender: Gender.Male, sex: 'Female' },
    { profile: m2!, ownerId: b.id, name: 'Luna', gender: Gender.Female, sex: 'Male' },
    { profile: m3!, ownerId: c.id, name: 'Far', gender: Gender.Male, sex: 'Female' },
    { profile: ok!, ownerId: a.id, name: 'Fine', gender: Gender.Male, sex: 'Male' },
  ]);
  for (const [i, key] of ['a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'm1', 'm2', 'm3', 'ok'].entries())
    n[key] = rows[i]!.sampleNumber;
});
afterAll(async () => {
  await t?.close();
});

const get = async (user: string | null, url: string) => t.call('GET', url, user ? { token: await t.login(user) } : {});
type Cluster = {
  clusterId: number;
  reviewed: boolean;
  members: { sampleNumber: string }[];
  membersOutsideGroup: number;
};
const shape = (data: Cluster[]) =>
  data
    .map((c) => ({ members: c.members.map((m) => m.sampleNumber).sort(), outside: c.membersOutsideGroup }))
    .sort((x, y) => x.members[0]!.localeCompare(y.members[0]!));

describe('duplicate dog report', () => {
  test('per group: members under the group shown, the others counted', async () => {
    const all = await get('lab.admin', `/api/v1/reports/duplicatedogs?groupId=${fx.distributorship.id}`);
    expect(all.status).toBe(200);
    expect(all.body.totalRecords).toBe(2);
    expect(shape(all.body.data)).toEqual(
      shape([
        {
          clusterId: 0,
          reviewed: false,
          members: [{ sampleNumber: n.a1! }, { sampleNumber: n.a2! }],
          membersOutsideGroup: 0,
        },
        { clusterId: 0, reviewed: false, members: [{ sampleNumber: n.b1! }], membersOutsideGroup: 1 },
      ]),
    );
    const p1 = await get(fx.propertyManager.userName, `/api/v1/reports/duplicatedogs?groupId=${fx.property.id}`);
    expect(p1.body.totalRecords).toBe(2);
    expect(JSON.stringify(p1.body)).not.toContain(n.a2);
    expect(JSON.stringify(p1.body)).not.toContain(n.b2);
    const p2Report = await get(p2Manager.userName, `/api/v1/reports/duplicatedogs?groupId=${p2.id}`);
    expect(shape(p2Report.body.data)).toEqual([{ members: [n.a2], outside: 1 }]);
  });

  test('review filter, sample number filter, sorting and paging', async () => {
    const base = `/api/v1/reports/duplicatedogs?groupId=${fx.distributorship.id}`;
    const all = (await get('lab.admin', `${base}&orderBy=members&ascending=false`)).body.data as Cluster[];
    const alpha = all.find((c) => c.members.length === 2)!;
    expect(all.map((c) => c.members.length + c.membersOutsideGroup)).toEqual([2, 2]);
    const reviewed = await t.call('POST', '/api/v1/duplicatedogreport/markclusterasreviewed', {
      token: await t.login('lab.admin'),
      body: { id: alpha.clusterId },
    });
    expect(reviewed.status).toBe(200);
    const onlyReviewed = await get('lab.admin', `${base}&reviewStatus=Reviewed`);
    expect(onlyReviewed.body.data.map((c: Cluster) => c.clusterId)).toEqual([alpha.clusterId]);
    const unreviewed = await get('lab.admin', `${base}&reviewStatus=1`);
    expect(unreviewed.body.totalRecords).toBe(1);
    expect(unreviewed.body.data[0].clusterId).not.toBe(alpha.clusterId);
    const bySample = await get('lab.admin', `${base}&sampleNumber=${n.b1!.slice(2).toLowerCase()}`);
    expect(shape(bySample.body.data)).toEqual([{ members: [n.b1], outside: 1 }]);
    // The filter never matches a member outside the group.
    expect((await get('lab.admin', `${base}&sampleNumber=${n.b2}`)).body.totalRecords).toBe(0);
    const ids = all.map((c) => c.clusterId).sort((x, y) => x - y);
    const asc = await get('lab.admin', `${base}&orderBy=clusterId&pageSize=1&page=2`);
    expect(asc.body).toMatchObject({ totalRecords: 2 });
    expect(asc.body.data.map((c: Cluster) => c.clusterId)).toEqual([ids[1]]);
  });

  test('scope and access: a foreign group 404, a pet owner 403, signed out 401; bad input 400', async () => {
    expect(
      (await get(fx.distributor.userName, `/api/v1/reports/duplicatedogs?groupId=${foreign.property.id}`)).status,
    ).toBe(404);
    expect((await get(fx.propertyManager.userName, `/api/v1/reports/duplicatedogs?groupId=${p2.id}`)).status).toBe(404);
    expect((await get('pet.owner', `/api/v1/reports/duplicatedogs?groupId=${fx.property.id}`)).status).toBe(403);
    expect((await get(null, `/api/v1/reports/duplicatedogs?groupId=${fx.property.id}`)).status).toBe(401);
    for (const query of [
      '',
      'groupId=x',
      `groupId=${fx.property.id}&reviewStatus=Maybe`,
      `groupId=${fx.property.id}&orderBy=name`,
      `groupId=${fx.property.id}&pageSize=40000`,
    ])
      expect({ query, status: (await get('lab.admin', `/api/v1/reports/duplicatedogs?${query}`)).status }).toEqual({
        query,
        status: 400,
      });
  });

  test('CSV and XLSX exports: one line per dog under the group, the same rows', async () => {
    const url = `/api/v1/reports/duplicatedogs/export?groupId=${fx.distributorship.id}`;
    const token = await t.login('lab.admin');
    const csv = await t.app.inject({
      method: 'GET',
      url: `${url}&format=csv`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /filename="Duplicate_Dog_Report_Other_Distribution_\w+_\d{8}_\d{6}\.csv"/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Cluster Id,Status,Sample Number,Pet Name,Gender,Property,Approval Date,Dogs Outside Group,Reviewed By,Date Reviewed',
    );
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[2])
        .sort(),
    ).toEqual([n.a1, n.a2, n.b1].sort());
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${url}&format=xlsx`,
      headers: { authorization: `Bearer ${token}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(lines.length);
    const numbers: string[] = [];
    sheet.eachRow((row, i) => {
      if (i > 1) numbers.push(String(row.getCell(3).value));
    });
    expect(numbers.sort()).toEqual([n.a1, n.a2, n.b1].sort());
  });
});

describe('gender mismatch report', () => {
  type Row = {
    sampleNumber: string;
    recordedGender: number;
    dnaSex: string;
    propertyName: string | null;
    petName: string;
  };
  test('per group, hand-counted: two under the distributorship, one per property; a matching dog never', async () => {
    const all = await get('lab.admin', `/api/v1/reports/gendermismatch?groupId=${fx.distributorship.id}`);
    expect(all.status).toBe(200);
    expect(all.body.totalRecords).toBe(2);
    expect(all.body.data.map((r: Row) => [r.sampleNumber, r.recordedGender, r.dnaSex])).toEqual(
      [
        [n.m1, Gender.Male, 'Female'],
        [n.m2, Gender.Female, 'Male'],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    const p1 = await get(fx.propertyManager.userName, `/api/v1/reports/gendermismatch?groupId=${fx.property.id}`);
    expect(p1.body.data.map((r: Row) => r.sampleNumber)).toEqual([n.m1]);
    expect(p1.body.data[0]).toMatchObject({ propertyName: fx.property.name, petName: 'Mika' });
  });

  test('filters, sorting and paging', async () => {
    const base = `/api/v1/reports/gendermismatch?groupId=${fx.distributorship.id}`;
    expect((await get('lab.admin', `${base}&recordedGender=Male`)).body.data.map((r: Row) => r.sampleNumber)).toEqual([
      n.m1,
    ]);
    expect((await get('lab.admin', `${base}&sampleNumber=${n.m2}`)).body.totalRecords).toBe(1);
    const byName = await get('lab.admin', `${base}&orderBy=petName&ascending=false`);
    expect(byName.body.data.map((r: Row) => r.petName)).toEqual(['Mika', 'Luna']);
    const paged = await get('lab.admin', `${base}&orderBy=petName&pageSize=1&page=2`);
    expect(paged.body).toMatchObject({ totalRecords: 2 });
    expect(paged.body.data.map((r: Row) => r.petName)).toEqual(['Mika']);
  });

  test('scope, access and bad input', async () => {
    expect(
      (await get(fx.distributor.userName, `/api/v1/reports/gendermismatch?groupId=${foreign.property.id}`)).status,
    ).toBe(404);
    expect((await get('pet.owner', `/api/v1/reports/gendermismatch?groupId=${fx.property.id}`)).status).toBe(403);
    expect((await get(null, `/api/v1/reports/gendermismatch?groupId=${fx.property.id}`)).status).toBe(401);
    for (const query of [
      '',
      `groupId=${fx.property.id}&recordedGender=Other`,
      `groupId=${fx.property.id}&orderBy=x`,
      `groupId=-1`,
    ])
      expect({ query, status: (await get('lab.admin', `/api/v1/reports/gendermismatch?${query}`)).status }).toEqual({
        query,
        status: 400,
      });
  });

  test('CSV and XLSX exports hold the same rows', async () => {
    const url = `/api/v1/reports/gendermismatch/export?groupId=${fx.distributorship.id}`;
    const token = await t.login('lab.admin');
    const csv = await t.app.inject({
      method: 'GET',
      url: `${url}&format=csv`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.headers['x-export-rows']).toBe('2');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Sample Number,Pet Name,Owner,Property,Recorded Gender,DNA Gender,Approval Date');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([n.m1, n.m2].sort());
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${url}&format=xlsx`,
      headers: { authorization: `Bearer ${token}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values: string[] = [];
    book.worksheets[0]!.eachRow((row, i) => {
      if (i > 1) values.push(`${String(row.getCell(1).value)}|${String(row.getCell(5).value)}`);
    });
    expect(values).toEqual(lines.slice(1).map((l) => `${l.split(',')[0]}|${l.split(',')[4]}`));
  });
});
