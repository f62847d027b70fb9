// The detail, email export, product by plate, TD and no-match-to-match reports against the real API and database: each
// report's numbers against a hand-counted fixture in a fresh distributorship, the picker's group types, scope (another
// distributor gets 404 or nothing, a pet owner 403), bad input, CSV and XLSX holding the same rows, and the email
// export's sign-in links working once and never being written to the audit or email log.
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DNA_MESSAGES, GroupTypes, REPORT_MESSAGES, SampleCustomerStatus as S, UserRole } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  groupByName,
  makeAdmin,
  makeGroup,
  makeOtherDistributorship,
  makePetOwner,
  makeWasteSample,
} from '../../../test/factories.ts';
import {
  dnaPlates,
  dnaProfiles,
  groups,
  petOwnerGroups,
  pets,
  users,
  wasteMatchResults,
  wasteResultChanges,
  wasteResultSets,
} from '../../db/schema/index.ts';
import { queryRows, type Db } from '../../db/client.ts';

let t: TestApp;
let db: Db;
let fx: Awaited<ReturnType<typeof makeOtherDistributorship>>;
let management: { id: number; name: string };
let second: { id: number; name: string };
let petA: { id: number; sampleNumber: string | null; name: string };
let petC: { id: number; sampleNumber: string | null };
const waste: Record<string, { id: number; sampleNumber: string }> = {};
const owners: Record<string, { id: number; userName: string; email: string | null }> = {};
let plateName: string;
const noAddress = {
  addressLine1: null,
  addressLine2: null,
  addressLine3: null,
  city: null,
  stateId: null,
  countryId: null,
  postalCode: null,
};

const digits = () => String(1_000_000 + Math.floor(Math.random() * 8_999_999));

async function makePet(ownerId: number, status: number, extra: Partial<typeof pets.$inferInsert> = {}) {
  const [row] = await db
    .insert(pets)
    .values({
      petOwnerId: ownerId,
      name: `Rex ${digits()}`,
      sampleNumber: `DN${digits()}`,
      customerFacingStatus: status,
      ...extra,
    })
    .returning();
  return row;
}

/** An approved current result on a waste sample; optionally the rerun change that produced it. */
async function approve(
  sampleId: number,
  status: string,
  approvedOn: string,
  pet?: { id: number; sampleNumber: string | null },
  change?: { from: string; on: string },
) {
  const [set] = await db.insert(wasteResultSets).values({ wasteSampleId: sampleId }).returning();
  const [result] = await db
    .insert(wasteMatchResults)
    .values({
      resultSetId: set.id,
      status,
      matchedPetId: pet?.id ?? null,
      matchedSampleNumber: pet?.sampleNumber ?? null,
      isApproved: true,
      dateApproved: new Date(`${approvedOn}T12:00:00Z`),
      comparison: { wasteDnaProfile: [], petDnaProfiles: [] },
    })
    .returning();
  await db.update(wasteResultSets).set({ currentlyApprovedResultId: result.id }).where(eq(wasteResultSets.id, set.id));
  if (change)
    await db.insert(wasteResultChanges).values({
      resultSetId: set.id,
      resultId: result.id,
      fromStatus: change.from,
      toStatus: status,
      dateChanged: new Date(`${change.on}T09:00:00Z`),
    });
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  fx = await makeOtherDistributorship(db);
  management = await makeGroup(db, { parentId: fx.distributorship.id, groupType: GroupTypes.ManagementGroup });
  second = await makeGroup(db, { parentId: management.id, groupType: GroupTypes.Property, name: `Second ${digits()}` });
  await db.update(groups).set({ isActive: false }).where(eq(groups.id, second.id));
  await db
    .update(groups)
    .set({
      email: '',
      propertyAddress: { ...noAddress, addressLine1: '1 Main St', city: 'Austin', stateId: 'US-TX', countryId: 'US' },
    })
    .where(eq(groups.id, fx.property.id));
  await db.update(groups).set({ email: 'dist@test.example' }).where(eq(groups.id, fx.distributorship.id));
  const primary = await makeAdmin(db, { roleId: UserRole.PropertyManager, groupId: fx.property.id, isPrimary: true });
  await db.update(users).set({ phoneNumber: '555-0100' }).where(eq(users.id, primary.id));

  // Hand-counted. First property: o1 (two dogs), o2 (none), o4 moved out (one dog, not counted).
  // Second property (inactive): o3 (one dog). Pet owners are in the US, o3 in Texas.
  owners.o1 = await makePetOwner(db, { groupId: fx.property.id });
  owners.o2 = await makePetOwner(db, { groupId: fx.property.id });
  owners.o3 = await makePetOwner(db, { groupId: second.id });
  owners.o4 = await makePetOwner(db);
  await db
    .insert(petOwnerGroups)
    .values({ petOwnerId: owners.o4.id, groupId: fx.property.id, moveOutDate: new Date() });
  await db
    .update(users)
    .set({ address: { ...noAddress, countryId: 'US', stateId: 'US-TX' } })
    .where(eq(users.id, owners.o3.id));
  petA = await makePet(owners.o1.id, S.ProfileCreated, { isParentage: true });
  await makePet(owners.o1.id, S.DnaProcessingComplete);
  petC = await makePet(owners.o3.id, S.DnaSampleReceived);
  await makePet(owners.o4.id, S.ReswabRequested);

  // Waste: first property w1 (Match A, Feb), w2 (NoMatch; a rerun that turned a match into a no-match), w3 (Match A,
  // March, a rerun from NoMatch), w4 (no result); second property w5 (Fail), w6 (Match C, May, a rerun from NoMatch).
  for (const name of ['w1', 'w2', 'w3', 'w4']) waste[name] = await makeWasteSample(db, fx.property.id);
  for (const name of ['w5', 'w6']) waste[name] = await makeWasteSample(db, second.id);
  await approve(waste.w1.id, 'Match', '2026-02-15', petA);
  await approve(waste.w2.id, 'NoMatch', '2026-02-20', undefined, { from: 'Match', on: '2026-02-20' });
  await approve(waste.w3.id, 'Match', '2026-03-10', petA, { from: 'NoMatch', on: '2026-03-10' });
  await approve(waste.w5.id, 'Fail', '2026-04-01');
  await approve(waste.w6.id, 'Match', '2026-05-02', petC, { from: 'NoMatch', on: '2026-05-02' });

  plateName = `report-plate-${digits()}`;
  const [plate] = await db
    .insert(dnaPlates)
    .values({
      plateName,
      fileName: 'p.txt',
      filePath: 'none',
      panelId: 'isag-2006-canine',
      plateSize: 96,
      layout: 'column',
      controlsPassed: true,
    })
    .returning();
  const profile = { plateId: plate.id, panelId: 'isag-2006-canine', codes: [], result: 'Pass' };
  await db.insert(dnaProfiles).values([
    { ...profile, sampleNumber: petA.sampleNumber!, sampleType: 0, well: 'A1' },
    { ...profile, sampleNumber: waste.w1.sampleNumber, sampleType: 1, well: 'B1' },
    { ...profile, sampleNumber: 'POSITIVE', sampleType: 2, well: 'H12' },
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const as = async (user: string | null) => (user ? { token: await t.login(user) } : {});
const get = async (user: string | null, url: string) => t.call('GET', url, await as(user));
async function download(user: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await t.login(user)}` } });
}
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
async function xlsxRows(payload: Buffer, sheetName: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName)!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('poo-prints detail report', () => {
  const url = (query = '') => `/api/v1/pooprintsdetailreport?groupId=${fx.distributorship.id}${query}`;

  test('counts per property, by the hand count', async () => {
    const res = await get('lab.admin', url());
    expect(res.status).toBe(200);
    expect(res.body.totalRecords).toBe(2);
    const first = res.body.data.find((r: { id: number }) => r.id === fx.property.id);
    expect(first).toMatchObject({
      name: fx.property.name,
      parentName: fx.distributorship.name,
      primaryAdminPhone: '555-0100',
      nearestContactEmail: expect.stringContaining('@test.example'),
      isActive: true,
      propertyAddressLine1: '1 Main St',
      propertyCity: 'Austin',
      mailingCity: 'Austin',
      residentCount: 2,
      dogOwnerCount: 1,
      dogCount: 2,
      nonDogOwnerCount: 1,
      wasteSampleCount: 4,
      matchCount: 2,
      noMatchCount: 1,
      failCount: 0,
      profileCreatedCount: 1,
      processingCompleteCount: 1,
      reswabRequestedCount: 0,
    });
    const other = res.body.data.find((r: { id: number }) => r.id === second.id);
    expect(other).toMatchObject({
      isActive: false,
      residentCount: 1,
      dogCount: 1,
      wasteSampleCount: 2,
      matchCount: 1,
      failCount: 1,
      sampleReceivedCount: 1,
      primaryAdminName: null,
      nearestContactEmail: 'dist@test.example',
    });
  });

  test('Active / Inactive / both, sorting and paging', async () => {
    expect((await get('lab.admin', url('&isActiveFilter=true'))).body.data.map((r: { id: number }) => r.id)).toEqual([
      fx.property.id,
    ]);
    expect((await get('lab.admin', url('&isActiveFilter=false'))).body.data.map((r: { id: number }) => r.id)).toEqual([
      second.id,
    ]);
    const byId = await get('lab.admin', url('&orderBy=id&ascending=false&pageSize=1&page=2'));
    expect(byId.body).toMatchObject({ totalRecords: 2 });
    expect(byId.body.data.map((r: { id: number }) => r.id)).toEqual([Math.min(fx.property.id, second.id)]);
  });

  test('picker types, scope and refusals', async () => {
    const parentage = await groupByName(db, 'Lone Star Breeders Club');
    const wrong = await get('lab.admin', `/api/v1/pooprintsdetailreport?groupId=${parentage.id}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(REPORT_MESSAGES.noValidGroups);
    expect((await get('distributor', url())).status).toBe(404);
    expect((await get(fx.propertyManager.userName, url())).status).toBe(404);
    const own = await get(fx.propertyManager.userName, `/api/v1/pooprintsdetailreport?groupId=${fx.property.id}`);
    expect(own.body.data.map((r: { id: number }) => r.id)).toEqual([fx.property.id]);
    expect((await get('pet.owner', url())).status).toBe(403);
    expect((await get(null, url())).status).toBe(401);
    for (const bad of [
      '',
      'groupId=x',
      `groupId=${fx.property.id}&isActiveFilter=maybe`,
      `groupId=${fx.property.id}&showName=yes`,
    ])
      expect((await get('lab.admin', `/api/v1/pooprintsdetailreport?${bad}`)).status).toBe(400);
  });

  test('the export holds the flagged columns only; CSV and XLSX hold the same rows', async () => {
    const base = `/api/v1/reportsgenerator/getpooprintsdetailreport?groupId=${fx.distributorship.id}&showName=true&showResidentCount=true&showMatchCount=true&showIsActive=true`;
    const csv = await download('lab.admin', `${base}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /PooPrints_Detail_Report_Other_Distribution_\w+_\d{8}_\d{6}\.csv/,
    );
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe('Property Name,Active,Residents,Match');
    expect(lines).toHaveLength(3);
    expect(lines).toContain(`${fx.property.name},Yes,2,2`);
    expect(lines).toContain(`${second.name},No,1,1`);
    const xlsx = await download('lab.admin', `${base}&format=xlsx`);
    const rows = await xlsxRows(xlsx.rawPayload, 'PooPrints Detail');
    expect(rows.map((r) => r.join(',').replace(',true,', ',Yes,').replace(',false,', ',No,'))).toEqual(lines);
    expect((await download('distributor', `${base}&format=csv`)).statusCode).toBe(404);
  });
});

describe('TD report', () => {
  const url = (query = '') => `/api/v1/tdreport?groupId=${fx.distributorship.id}${query}`;

  test('pets matched by approved results, most matches first, with their waste samples', async () => {
    const res = await get('lab.admin', url());
    expect(res.status).toBe(200);
    expect(res.body.totalRecords).toBe(2);
    expect(res.body.data[0]).toMatchObject({
      sampleNumber: petA.sampleNumber,
      petName: petA.name,
      matchCount: 2,
      petOwnerUsername: owners.o1.userName,
      matchResults: [{ wasteSampleNumber: waste.w1.sampleNumber }, { wasteSampleNumber: waste.w3.sampleNumber }],
    });
    expect(res.body.data[1]).toMatchObject({ sampleNumber: petC.sampleNumber, matchCount: 1 });
    const ranged = await get('lab.admin', url('&startDate=03/01/2026&endDate=03/31/2026'));
    expect(ranged.body.data.map((r: { matchCount: number }) => r.matchCount)).toEqual([1]);
    const byFilter = await get('lab.admin', url(`&sampleNumberFilter=${petC.sampleNumber!.toLowerCase()}`));
    expect(byFilter.body.data.map((r: { id: number }) => r.id)).toEqual([petC.id]);
  });

  test('counts over time for the chart', async () => {
    const res = await get('lab.admin', `/api/v1/tdreport/chart?groupId=${fx.distributorship.id}`);
    expect(res.body.points).toEqual([
      { period: '2026-02', count: 1 },
      { period: '2026-03', count: 1 },
      { period: '2026-05', count: 1 },
    ]);
  });

  test('by sample number alone: within the caller scope only', async () => {
    const q = `/api/v1/tdreport?sampleNumber=${petA.sampleNumber!.toLowerCase()}`;
    expect((await get('lab.admin', q)).body.totalRecords).toBe(1);
    expect((await get(fx.distributor.userName, q)).body.totalRecords).toBe(1);
    expect((await get('distributor', q)).body.totalRecords).toBe(0);
    expect((await get('lab.admin', '/api/v1/tdreport')).status).toBe(400);
    expect((await get('pet.owner', q)).status).toBe(403);
  });

  test('scope and export', async () => {
    expect((await get('distributor', url())).status).toBe(404);
    const own = await get(fx.propertyManager.userName, `/api/v1/tdreport?groupId=${fx.property.id}`);
    expect(own.body.data.map((r: { id: number }) => r.id)).toEqual([petA.id]);
    const csv = await download('lab.admin', `/api/v1/tdreport/export?groupId=${fx.distributorship.id}`);
    expect(csv.headers['content-disposition']).toMatch(/TD_Report_Other_Distribution_/);
    const lines = csvLines(csv.body);
    expect(lines).toHaveLength(3);
    expect(lines).toContainEqual(expect.stringContaining(`${waste.w1.sampleNumber} ${waste.w3.sampleNumber}`));
  });
});

describe('no-match to match', () => {
  const url = (query = '') => `/api/v1/pooprintsnomatchtomatchreport?groupId=${fx.distributorship.id}${query}`;

  test('reruns that turned a no-match into a match, newest first, from a start date', async () => {
    const res = await get('lab.admin', url());
    expect(res.status).toBe(200);
    expect(res.body.totalRecords).toBe(2);
    expect(res.body.data.map((r: { wasteSampleNumber: string }) => r.wasteSampleNumber)).toEqual([
      waste.w6.sampleNumber,
      waste.w3.sampleNumber,
    ]);
    expect(res.body.data[1]).toMatchObject({
      earlierResult: 'NoMatch',
      newResult: 'Match',
      matchedSampleNumber: petA.sampleNumber,
      propertyName: fx.property.name,
      distributor: fx.distributorship.name,
      isApproved: true,
    });
    expect((await get('lab.admin', url('&startDate=04/01/2026'))).body.totalRecords).toBe(1);
    const chart = await get(
      'lab.admin',
      `/api/v1/pooprintsnomatchtomatchreport/chart?groupId=${fx.distributorship.id}`,
    );
    expect(chart.body.points).toEqual([
      { period: '2026-03', count: 1 },
      { period: '2026-05', count: 1 },
    ]);
  });

  test('picker types, scope and refusals', async () => {
    expect(
      (await get('lab.admin', `/api/v1/pooprintsnomatchtomatchreport?groupId=${management.id}`)).body.totalRecords,
    ).toBe(1);
    const parentage = await groupByName(db, 'Lone Star Breeders Club');
    expect((await get('lab.admin', `/api/v1/pooprintsnomatchtomatchreport?groupId=${parentage.id}`)).status).toBe(400);
    expect((await get('distributor', url())).status).toBe(404);
    expect((await get('pet.owner', url())).status).toBe(403);
    expect((await get('lab.admin', url('&startDate=31/31/2026'))).status).toBe(400);
  });

  test('CSV and XLSX hold the same rows', async () => {
    const base = `/api/v1/pooprintsnomatchtomatchreport/export?groupId=${fx.distributorship.id}`;
    const lines = csvLines((await download('lab.admin', `${base}&format=csv`)).body);
    expect(lines).toHaveLength(3);
    const rows = await xlsxRows((await download('lab.admin', `${base}&format=xlsx`)).rawPayload, 'No Match To Match');
    expect(rows.map((r) => r[0])).toEqual(lines.map((l) => l.split(',')[0]));
  });
});

describe('product by plate', () => {
  test('each sample with its products and a count per product', async () => {
    const res = await get('lab.admin', `/api/v1/reportsgenerator/getproductbyplatejsonreport?plateName=${plateName}`);
    expect(res.status).toBe(200);
    expect(res.body.totalRecords).toBe(3);
    expect(res.body.data.map((r: { well: string; products: string }) => [r.well, r.products])).toEqual([
      ['A1', 'PooPrints, Parentage'],
      ['B1', 'PooPrints'],
      ['H12', 'Control'],
    ]);
    expect(res.body.data[0]).toMatchObject({ petName: petA.name, groupName: fx.property.name });
    expect(res.body.data[1]).toMatchObject({ groupName: fx.property.name, sampleType: 'Waste sample' });
    expect(res.body.productCounts).toEqual(
      expect.arrayContaining([
        { product: 'PooPrints', count: 2 },
        { product: 'Parentage', count: 1 },
        { product: 'Control', count: 1 },
      ]),
    );
  });

  test('a missing plate is Plate Not Found; the lab staff only', async () => {
    const missing = await get('lab.admin', '/api/v1/reportsgenerator/getproductbyplatejsonreport?plateName=nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      message: DNA_MESSAGES.plateNotFound,
      exceptionMessage: "Could not find matching plate for 'nope'",
    });
    expect(
      (await get('distributor', `/api/v1/reportsgenerator/getproductbyplatejsonreport?plateName=${plateName}`)).status,
    ).toBe(403);
    expect((await get('lab.admin', '/api/v1/reportsgenerator/getproductbyplatejsonreport')).status).toBe(400);
  });

  test('CSV and XLSX exports', async () => {
    const base = `/api/v1/reportsgenerator/getproductbyplatecsvreport?plateName=${plateName}`;
    const csv = await download('lab.admin', base);
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe('Well,Sample Number,Sample Type,Products,Pet Name,Pet Owner,Group,Result,Lab Status');
    expect(lines[1]).toContain(`A1,${petA.sampleNumber},Pet,"PooPrints, Parentage",${petA.name}`);
    const rows = await xlsxRows((await download('lab.admin', `${base}&format=xlsx`)).rawPayload, 'Product By Plate');
    expect(rows.map((r) => r[1])).toEqual(lines.map((l) => l.split(',')[1]));
  });
});

describe('email export', () => {
  const preview = (query: string) => `/api/v1/emailexport/preview?groupIdFilter=${fx.distributorship.id}${query}`;
  const emailsOf = (body: { data: { email: string }[] }) => body.data.map((r) => r.email).sort();

  test('filters: group, user type, admin roles, country and state', async () => {
    const all = await get('lab.admin', preview('&pageSize=100'));
    expect(all.status).toBe(200);
    // o1, o2, o3 (o4 moved out) and three admins: the distributor, the property manager, the primary admin.
    expect(all.body.totalRecords).toBe(6);
    expect((await get('lab.admin', preview('&userTypeFilter=PetOwner'))).body.totalRecords).toBe(3);
    expect((await get('lab.admin', preview('&userTypeFilter=admin'))).body.totalRecords).toBe(3);
    expect(
      (await get('lab.admin', preview('&userTypeFilter=Admin&adminRolesFilter=PropertyManager'))).body.totalRecords,
    ).toBe(2);
    expect((await get('lab.admin', preview('&userTypeFilter=Resident'))).body.totalRecords).toBe(0);
    expect((await get('lab.admin', preview('&assignedUsersFilter=Assigned'))).body.totalRecords).toBe(6);
    expect((await get('lab.admin', preview('&assignedUsersFilter=Unassigned'))).body.totalRecords).toBe(0);
    // The spec's names only: the old yes/no and numbered types are refused, naming the field.
    const yesNo = await get('lab.admin', preview('&assignedUsersFilter=true'));
    expect(yesNo.status).toBe(400);
    expect(JSON.stringify(yesNo.body)).toContain('assignedUsersFilter');
    expect((await get('lab.admin', preview('&userTypeFilter=2'))).status).toBe(400);
    const texas = await get('lab.admin', preview('&countryIdFilter=us&stateIdFilter=US-TX'));
    expect(emailsOf(texas.body)).toEqual([owners.o3.email]);
    expect((await get('lab.admin', `/api/v1/emailexport/preview?groupIdFilter=${second.id}`)).body.totalRecords).toBe(
      1,
    );
  });

  test('refusals: provider staff only; bad roles, dates and group types', async () => {
    expect((await get('distributor', preview(''))).status).toBe(403);
    expect((await get('pet.owner', preview(''))).status).toBe(403);
    expect((await get('lab.admin', preview('&adminRolesFilter=PetOwner'))).status).toBe(400);
    expect((await get('lab.admin', preview('&userCreatedDateFrom=soon'))).status).toBe(400);
    const wrong = await get('lab.admin', `/api/v1/emailexport/preview?groupIdFilter=99999999`);
    expect(wrong.status).toBe(404);
  });

  test('sign-in links per config for pet owners; each works once; none in the audit or email log', async () => {
    const configs = JSON.stringify([{ daysValid: 2 }, { signInLinkReturnUrl: '/pets', isPersistent: false }]);
    const res = await download(
      'lab.admin',
      `/api/v1/emailexport/get?groupIdFilter=${fx.property.id}&includeTemporarySignInLinks=true&signInLinkConfigs=${encodeURIComponent(configs)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/Email_Export_Other_Property_\w+\.csv/);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Email,First Name,Last Name,User Name,User Type,Phone,Country,State,Groups,Date Created,Sign In Link 1,Sign In Link 2',
    );
    expect(lines).toHaveLength(1 + 4); // o1, o2, the property manager, the primary admin
    const ownerLine = lines.find((l) => l.startsWith(`${owners.o1.email},`))!;
    const links = ownerLine.match(/https?:\/\/[^,]+/g)!;
    expect(links).toHaveLength(2);
    // The default return page is the shop's offers page, a page that exists (docs/decisions.md).
    expect(links[0]).toContain('returnUrl=%2Fshop%2Foffers');
    expect(links[0]).toContain('isPersistent=true');
    expect(links[1]).not.toContain('isPersistent');
    const adminLine = lines.find((l) => l.startsWith(`${fx.propertyManager.email},`))!;
    expect(adminLine.endsWith(',,')).toBe(true);
    const token = new URL(links[1]!).searchParams.get('token')!;
    const signIn = await get(null, `/api/v1/account/signinwithtemporarytoken?token=${token}`);
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ userName: owners.o1.userName, returnUrl: '/pets' });
    expect((await get(null, `/api/v1/account/signinwithtemporarytoken?token=${token}`)).status).toBe(404);
    const leaks = await db.execute(sql`select
      (select count(*) from audit_log where coalesce(after::text, '') like ${`%${token}%`}) audit,
      (select count(*) from email_log where body like ${`%${token}%`}) mail`);
    const row = ((leaks as unknown as { rows?: unknown[] }).rows ?? (leaks as unknown as unknown[]))[0];
    expect(row).toMatchObject({ audit: expect.anything(), mail: expect.anything() });
    expect(Number((row as { audit: string }).audit) + Number((row as { mail: string }).mail)).toBe(0);
  });

  test('link settings are checked before the file starts: past issue date, foreign return URL', async () => {
    const send = (configs: unknown[]) =>
      get(
        'lab.admin',
        `/api/v1/emailexport/get?includeTemporarySignInLinks=true&signInLinkConfigs=${encodeURIComponent(JSON.stringify(configs))}`,
      );
    expect((await send([{ issueDate: '01/01/2020' }])).status).toBe(400);
    expect((await send([{ signInLinkReturnUrl: 'https://evil.example/' }])).status).toBe(400);
    expect((await send([{ signInLinkReturnUrl: '//evil.example/' }])).status).toBe(400);
    expect((await send([])).status).toBe(400);
  });

  test('without a group the export covers everyone and still completes; XLSX holds the same rows', async () => {
    const csv = await download('lab.admin', '/api/v1/emailexport/get?userTypeFilter=PetOwner&format=csv');
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv.body);
    expect(Number(csv.headers['x-export-rows'])).toBe(lines.length - 1);
    expect(lines.some((l) => l.startsWith(`${owners.o3.email},`))).toBe(true);
    const rows = await xlsxRows(
      (await download('lab.admin', '/api/v1/emailexport/get?userTypeFilter=PetOwner&format=xlsx')).rawPayload,
      'Email Export',
    );
    expect(rows.map((r) => r[0])).toEqual(lines.map((l) => l.split(',')[0]));
  });

  test('Resident is a user type of its own (user names starting RES); links last hoursValid when sent', async () => {
    const resident = await makePetOwner(db, { groupId: fx.property.id, userName: `RES${9_100_000 + process.pid}` });
    const residents = await get('lab.admin', preview('&userTypeFilter=Resident'));
    expect(emailsOf(residents.body)).toEqual([resident.email]);
    expect((await get('lab.admin', preview('&userTypeFilter=PetOwner'))).body.totalRecords).toBe(3);
    expect((await get('lab.admin', preview(''))).body.totalRecords).toBe(7);
    const configs = JSON.stringify([{ daysValid: 1, hoursValid: 72 }]);
    const res = await download(
      'lab.admin',
      `/api/v1/emailexport/get?groupIdFilter=${fx.property.id}&userTypeFilter=Resident&includeTemporarySignInLinks=true&signInLinkConfigs=${encodeURIComponent(configs)}`,
    );
    expect(res.statusCode).toBe(200);
    const [token] = await queryRows<{ seconds: number }>(
      db,
      sql`select extract(epoch from expires_at - valid_from)::int as seconds from user_tokens where user_id = ${resident.id}`,
    );
    expect(token.seconds).toBe(72 * 3600);
  });
});
