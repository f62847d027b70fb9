// Reports against the real API and database: numbers checked against a hand-counted fixture in a fresh
// distributorship, the group picker's types, scope (another group's admin gets 404, a pet owner 403), bad input, and
// the CSV and XLSX exports holding the same rows.
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  GroupTypes,
  INTERNAL_NAMES,
  PropertyExportFilter,
  RegistrationStatus,
  REPORT_MESSAGES,
  UserRole,
} from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  groupByName,
  makeAdmin,
  makeGroup,
  makeOtherDistributorship,
  makePetOwner,
  makeWasteSample,
} from '../../../test/factories.ts';
import { groups, pets, preRegisteredResidents, wasteSamples } from '../../db/schema/index.ts';
import { keysetBatches } from '../../platform/exports.ts';
import { propertyExportRows } from './reports.queries.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof makeOtherDistributorship>>;
let second: { id: number; name: string };
let management: { id: number };
let primary: { email: string | null };
const samples: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  fx = await makeOtherDistributorship(db);
  management = await makeGroup(db, { parentId: fx.distributorship.id, groupType: GroupTypes.ManagementGroup });
  second = await makeGroup(db, {
    parentId: management.id,
    groupType: GroupTypes.Property,
    name: `Second ${Date.now()}`,
  });
  // Hand-counted: 3 samples on the first property, 2 on the second; one of them created in 2025.
  const dates = ['2026-03-01', '2026-03-05', '2025-06-10', '2026-04-01', '2026-04-02'];
  for (const [i, date] of dates.entries()) {
    const sample = await makeWasteSample(db, i < 3 ? fx.property.id : second.id);
    await db
      .update(wasteSamples)
      .set({
        dateCreated: new Date(`${date}T12:00:00Z`),
        createdById: fx.distributor.id,
        collectedByName: `Collector ${i}`,
      })
      .where(eq(wasteSamples.id, sample.id));
    samples.push(sample.sampleNumber);
  }
  // Inventory: the first property is short of DN barcodes, the second of TD barcodes.
  await db
    .update(groups)
    .set({
      propertyDnBarcodeCount: 5,
      propertyDnBarcodeThreshold: 10,
      propertyTdBarcodeCount: 50,
      propertyTdBarcodeThreshold: 10,
    })
    .where(eq(groups.id, fx.property.id));
  await db
    .update(groups)
    .set({
      propertyDnBarcodeCount: 20,
      propertyDnBarcodeThreshold: 10,
      propertyTdBarcodeCount: 1,
      propertyTdBarcodeThreshold: 2,
    })
    .where(eq(groups.id, second.id));
  primary = await makeAdmin(db, { roleId: UserRole.PropertyManager, groupId: fx.property.id, isPrimary: true });
  // Registrations on the first property: one approved dog owner, one pending dog owner, one pending other-pet owner.
  const base = { groupId: fx.property.id, email: 'reg@test.example' };
  await db.insert(preRegisteredResidents).values([
    {
      ...base,
      firstName: 'Ann',
      lastName: 'Approved',
      hasDogs: true,
      status: RegistrationStatus.Approved,
      petSpecies: 2,
      datePreRegistered: new Date('2026-02-01T10:00:00Z'),
      dateApproved: new Date('2026-02-03T10:00:00Z'),
    },
    {
      ...base,
      firstName: 'Pat',
      lastName: 'Pending',
      hasDogs: true,
      petSpecies: 2,
      datePreRegistered: new Date('2026-05-01T10:00:00Z'),
    },
    {
      ...base,
      firstName: 'Cat',
      lastName: 'Person',
      hasOtherPets: true,
      petSpecies: 4,
      datePreRegistered: new Date('2026-05-20T10:00:00Z'),
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = async (user: string | null, url: string) => t.call('GET', url, user ? { token: await t.login(user) } : {});

async function download(user: string, url: string) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${await t.login(user)}` },
  });
  return response;
}

describe('TD audit', () => {
  test('counts every sample under the group, with its property and distributor, newest first', async () => {
    const res = await get('lab.admin', `/api/v1/tdauditreport?groupId=${fx.distributorship.id}&pageSize=100`);
    expect(res.status).toBe(200);
    expect(res.body.totalRecords).toBe(5);
    expect(res.body.data.map((r: { sampleNumber: string }) => r.sampleNumber).sort()).toEqual([...samples].sort());
    const first = res.body.data.find((r: { sampleNumber: string }) => r.sampleNumber === samples[0]);
    expect(first).toMatchObject({
      propertyCollectedFrom: fx.property.name,
      distributor: fx.distributorship.name,
      createdByUserName: fx.distributor.userName,
      createdByEmail: fx.distributor.email,
      collectedByName: 'Collector 0',
    });
  });

  test('date filter (end date covers its whole day) and paging', async () => {
    const ranged = await get(
      'lab.admin',
      `/api/v1/tdauditreport?groupId=${fx.distributorship.id}&dateFilterStart=2026-01-01&dateFilterEnd=2026-04-01`,
    );
    expect(ranged.body.totalRecords).toBe(3); // 3/1, 3/5, 4/1 (noon, inside the end day)
    const paged = await get('lab.admin', `/api/v1/tdauditreport?groupId=${fx.distributorship.id}&page=2&pageSize=2`);
    expect(paged.body).toMatchObject({ totalRecords: 5 });
    expect(paged.body.data).toHaveLength(2);
  });

  test('scope: the property manager sees their property only; another distributor gets 404', async () => {
    const own = await t.call('GET', `/api/v1/tdauditreport?groupId=${fx.property.id}`, {
      token: await t.login(fx.propertyManager.userName),
    });
    expect(own.body.totalRecords).toBe(3);
    const above = await t.call('GET', `/api/v1/tdauditreport?groupId=${fx.distributorship.id}`, {
      token: await t.login(fx.propertyManager.userName),
    });
    expect(above.status).toBe(404);
    expect((await get('distributor', `/api/v1/tdauditreport?groupId=${fx.distributorship.id}`)).status).toBe(404);
    expect((await get('distributor', `/api/v1/tdauditreport?groupId=99999999`)).status).toBe(404);
  });

  test('refusals: signed out 401, pet owner and property maintenance 403, a parentage group 400', async () => {
    expect((await get(null, `/api/v1/tdauditreport?groupId=${fx.property.id}`)).status).toBe(401);
    expect((await get('pet.owner', `/api/v1/tdauditreport?groupId=${fx.property.id}`)).status).toBe(403);
    expect((await get('property.maintenance', `/api/v1/tdauditreport?groupId=${fx.property.id}`)).status).toBe(403);
    const parentage = await groupByName(t.database.db, 'Lone Star Breeders Club');
    const wrongType = await get('lab.admin', `/api/v1/tdauditreport?groupId=${parentage.id}`);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.modelState.groupId).toEqual([REPORT_MESSAGES.noValidGroups]);
  });

  test('bad input: missing group, wrong type, bad date, page size too large', async () => {
    for (const query of [
      '',
      'groupId=abc',
      `groupId=${fx.property.id}&dateFilterStart=yesterday`,
      `groupId=1&pageSize=99999`,
    ]) {
      const res = await get('lab.admin', `/api/v1/tdauditreport?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
  });

  test('CSV and XLSX exports hold the same rows, with the spec file name and the row count header', async () => {
    const url = `/api/v1/tdauditreport/export?groupId=${fx.distributorship.id}`;
    const csv = await download('lab.admin', `${url}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="Td_Audit_Report_Other_Distribution_\w+_\d{8}_\d{6}\.csv"/,
    );
    expect(csv.headers['x-export-rows']).toBe('5');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Sample Number,Collected By,Date Created,Status,Property Collected From,Distributor,Created By User Name,Created By,Created By Email',
    );
    expect(lines).toHaveLength(6);
    // Statuses in the product's words, in both formats: no enum name in any header or cell.
    expect(lines.some((l) => l.startsWith(`${samples[2]},Collector 2,6/10/2025,Profile Created,`))).toBe(true);
    for (const name of INTERNAL_NAMES) expect(csv.body).not.toContain(name);

    const xlsx = await download('lab.admin', `${url}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('TD Audit')!;
    expect(sheet.rowCount).toBe(6);
    const xlsxNumbers = Array.from({ length: 5 }, (_, i) => sheet.getCell(i + 2, 1).value);
    expect(xlsxNumbers).toEqual(lines.slice(1).map((l) => l.split(',')[0]));
    expect(sheet.getCell(2, 3).value).toBeInstanceOf(Date);
    const cells: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    expect(cells).toContain('Profile Created');
    expect(cells.filter((cell) => INTERNAL_NAMES.some((name) => cell.includes(name)))).toEqual([]);
    // Another distributor's export of the group is a 404 like the report.
    expect((await download('distributor', `${url}&format=csv`)).statusCode).toBe(404);
    expect((await download('lab.admin', `${url}&format=pdf`)).statusCode).toBe(400);
  });
});

describe('inventory', () => {
  test('DN and TD counts against thresholds, flagged below threshold', async () => {
    const res = await get('lab.admin', `/api/v1/inventoryreport/${fx.distributorship.id}`);
    expect(res.status).toBe(200);
    const rows = res.body.rows as { groupId: number; dnBelowThreshold: boolean; tdBelowThreshold: boolean }[];
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.groupId === fx.property.id)).toMatchObject({
      dnBarcodeCount: 5,
      dnBarcodeThreshold: 10,
      dnBelowThreshold: true,
      tdBelowThreshold: false,
    });
    expect(rows.find((r) => r.groupId === second.id)).toMatchObject({
      dnBelowThreshold: false,
      tdBelowThreshold: true,
    });
    const wrongType = await get('lab.admin', `/api/v1/inventoryreport/${management.id}`);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe(REPORT_MESSAGES.noValidGroups);
  });

  test('below-threshold alerts are mailed to the primary admins with AdminInventoryBelowThresholdAlert', async () => {
    const res = await t.call('POST', `/api/v1/inventoryreport/${fx.distributorship.id}/sendalerts`, {
      token: await t.login('lab.admin'),
    });
    expect(res.status).toBe(200);
    expect(res.body.alertsSent).toBe(1); // the second property has no primary admin
    const mail = await t.smtp.waitFor((m) => m.to.includes(primary.email!));
    expect(mail.subject).toContain('barcode inventory below threshold');
    expect(mail.text).toContain('DN barcodes: 5 left (threshold 10).');
    const logged = await t.database.db.execute(
      sql`select event_name from email_log where recipients like ${`%${primary.email}%`}`,
    );
    expect((logged as unknown as { rows: { event_name: string }[] }).rows[0]?.event_name).toBe(
      'AdminInventoryBelowThresholdAlert',
    );
    expect((await get('distributor', `/api/v1/inventoryreport/${fx.distributorship.id}`)).status).toBe(404);
  });

  test('the inventory export is a real spreadsheet of the same rows', async () => {
    const res = await download('lab.admin', `/api/v1/inventoryreport/${fx.distributorship.id}/export?format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Inventory')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getCell(2, 3).value).toEqual(expect.any(Number));
  });
});

describe('resident registrations', () => {
  const url = () => `/api/v1/groups/${fx.property.id}/residents/getresidentregistrations`;
  test('filters by kind and date', async () => {
    expect((await get('lab.admin', url())).body.totalRecords).toBe(3);
    expect((await get('lab.admin', `${url()}?dogOwners=true`)).body.totalRecords).toBe(2);
    expect((await get('lab.admin', `${url()}?preRegisteredResidents=true`)).body.totalRecords).toBe(2);
    expect((await get('lab.admin', `${url()}?otherPetOwners=true`)).body.totalRecords).toBe(1);
    const ranged = await get('lab.admin', `${url()}?startDate=01/01/2026&endDate=02/01/2026`);
    expect(ranged.body.data).toEqual([
      expect.objectContaining({ fullName: 'Ann Approved', status: RegistrationStatus.Approved, petSpecies: 2 }),
    ]);
  });
  test('property only; scope; export', async () => {
    const res = await get('lab.admin', `/api/v1/groups/${fx.distributorship.id}/residents/getresidentregistrations`);
    expect(res.status).toBe(400);
    expect((await get('distributor', url())).status).toBe(404);
    const csv = await download('lab.admin', `${url()}/export?format=csv&dogOwners=true`);
    expect(csv.headers['content-disposition']).toContain('Resident_Registrations_Report_');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Pat Pending');
  });
});

describe('property export', () => {
  test('needs a group and an export option', async () => {
    const noGroup = await get('lab.admin', '/api/v1/reportsgenerator/getpropertyexportcount?exportOption=1');
    expect(noGroup.status).toBe(400);
    expect(noGroup.body.message).toBe(REPORT_MESSAGES.selectPropertyExportGroup);
    const noOption = await get(
      'lab.admin',
      `/api/v1/reportsgenerator/getpropertyexportcount?groupId=${fx.distributorship.id}`,
    );
    expect(noOption.body.message).toBe(REPORT_MESSAGES.selectExportOption);
    const root = await groupByName(t.database.db, 'PetDNA Registry');
    const wrong = await get(
      'lab.admin',
      `/api/v1/reportsgenerator/getpropertyexportcount?groupId=${root.id}&exportOption=1`,
    );
    expect(wrong.body.message).toBe(REPORT_MESSAGES.noValidGroups);
  });

  test('the PropertyExportFilter flags, alone and combined, count and export their rows under each category', async () => {
    const count = async (option: number) =>
      (
        await get(
          'lab.admin',
          `/api/v1/reportsgenerator/getpropertyexportcount?groupId=${fx.distributorship.id}&exportOption=${option}`,
        )
      ).body.totalRecords;
    const F = PropertyExportFilter;
    // Ann (approved, dog), Pat (pending, dog), Cat Person (pending, cat).
    expect(await count(F.DogOwners)).toBe(2);
    expect(await count(F.PetOwners)).toBe(3);
    expect(await count(F.NonPetOwners)).toBe(0);
    expect(await count(F.ResidentsPendingApproval)).toBe(2);
    expect(await count(F.AllResidents)).toBe(3);
    expect(await count(F.DogOwners | F.ResidentsPendingApproval)).toBe(4);
    expect(await count(F.Dogs)).toBe(0);

    // An approved dog owner with a registered service dog: a dog, an ESA owner, a dog owner with dogs.
    const owner = await makePetOwner(t.database.db, { groupId: fx.property.id });
    await t.database.db
      .insert(pets)
      .values({ petOwnerId: owner.id, name: 'Scout', sampleNumber: 'DN6400001', isServiceAnimal: true });
    await t.database.db.insert(preRegisteredResidents).values({
      groupId: fx.property.id,
      userId: owner.id,
      firstName: 'Sam',
      lastName: 'Service',
      hasDogs: true,
      status: RegistrationStatus.Approved,
      petSpecies: 2,
      datePreRegistered: new Date('2026-02-10T10:00:00Z'),
    });
    expect(await count(F.Dogs)).toBe(1);
    expect(await count(F.EsaServiceAnimalOwners)).toBe(1);
    expect(await count(255)).toBe(1 + 3 + 3 + 1 + 4 + 0 + 2 + 4);

    const csv = await download(
      'lab.admin',
      `/api/v1/reportsgenerator/getpropertyexportcsv?groupId=${fx.distributorship.id}&exportOption=${F.Dogs | F.DogOwnersWithDogs}&startDate=01/01/2026&endDate=03/05/2026`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('Property_Export_Dogs_DogOwnersWithDogs_');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Category,Property Name,Resident Number,Name,Email,Phone Number,Unit,Registration Status,Pet Species,Dogs,Service Animal,Date',
    );
    // The dog was registered today, outside the range; Ann and Sam pre-registered in February.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Dog owners with dogs,.*Ann Approved/);
    expect(lines[2]).toMatch(/^Dog owners with dogs,.*Sam Service.*Scout \(DN6400001\)/);
    expect(
      (
        await download(
          'distributor',
          `/api/v1/reportsgenerator/getpropertyexportcsv?groupId=${fx.distributorship.id}&exportOption=1`,
        )
      ).statusCode,
    ).toBe(404);
    const tooBig = await get(
      'lab.admin',
      `/api/v1/reportsgenerator/getpropertyexportcount?groupId=${fx.distributorship.id}&exportOption=256`,
    );
    expect(tooBig.status).toBe(400);
  });

  test('keyset batches of two rows read each section once, in key order, across section boundaries', async () => {
    const db = t.database.db;
    const [group] = await db.select({ path: groups.path }).from(groups).where(eq(groups.id, fx.distributorship.id));
    const scope = { rootPath: group!.path };
    const everything = await propertyExportRows(db, 255, scope, { offset: 0, limit: 1000 });
    const batched: typeof everything = [];
    for await (const batch of keysetBatches(
      (after: { id: number } | null, limit) => propertyExportRows(db, 255, scope, { after, limit }),
      (row) => ({ id: Number(row.key) }),
      2,
    ))
      batched.push(...batch);
    expect(new Set(everything.map((row) => row.category)).size).toBeGreaterThan(3);
    expect(batched.map((row) => String(row.key))).toEqual(everything.map((row) => String(row.key)));
    // The on-screen window (offset) still pages the same order.
    const third = await propertyExportRows(db, 255, scope, { offset: 4, limit: 2 });
    expect(third.map((row) => String(row.key))).toEqual(everything.slice(4, 6).map((row) => String(row.key)));
  });
});
