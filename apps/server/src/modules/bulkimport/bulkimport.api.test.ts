// The bulk resident import against the real API and database: a hand-counted file of seven rows (three bad) imports
// the four good ones and groups the bad by problem; the same file sent again (an interrupted import run once more, or
// two runs at once) adds nothing; scope (another distributor's property is 'Property not found'), access and bad input.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  BULK_IMPORT_BATCH_MAX,
  BULK_IMPORT_COLUMNS,
  BULK_IMPORT_PROBLEMS,
  Gender,
  PetSpecies,
  RegistrationStatus,
  type ImportResidentRow,
} from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeOtherDistributorship } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog, preRegisteredDogs, preRegisteredResidents } from '../../db/schema/index.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof makeOtherDistributorship>>;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
const URL = '/api/v1/bulkupload/importnewresidents';

beforeAll(async () => {
  t = await startTestApp();
  fx = await makeOtherDistributorship(t.database.db);
  other = await makeOtherDistributorship(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const put = async (user: string | null, body: unknown) =>
  t.call('PUT', URL, { token: user ? await t.login(user) : undefined, body });

function fileRows(property: string): ImportResidentRow[] {
  const base = { PropertyName: property, City: 'Austin', State: 'TX', Country: 'US' };
  return [
    {
      rowNumber: 2,
      ...base,
      FirstName: 'Ada',
      LastName: 'One',
      Email: 'ADA@one.example',
      PetName: 'Rex',
      DogGender: 'Male',
    },
    {
      rowNumber: 3,
      ...base,
      FirstName: 'Ada',
      LastName: 'One',
      Email: 'ada@one.example',
      PetName: 'Bella',
      PetSpeciesName: 'Dog',
      DogGender: 'f',
    },
    { rowNumber: 4, ...base, FirstName: '', LastName: 'Nofirst', Email: 'x@y.example' },
    { rowNumber: 5, ...base, PropertyName: 'No Such Property 123', FirstName: 'Lost', LastName: 'Row' },
    { rowNumber: 6, ...base, FirstName: 'Bad', LastName: 'Mail', Email: 'not-an-email' },
    {
      rowNumber: 7,
      ...base,
      FirstName: 'Cleo',
      LastName: 'Cat',
      Email: 'cleo@cat.example',
      PetName: 'Tom',
      PetSpeciesName: 'cat',
    },
    { rowNumber: 8, ...base, FirstName: 'Nemo', LastName: 'Nomail', Unit: '4B', Phone: '512-555-0100' },
  ];
}

async function residentsOf(groupId: number) {
  const residents = await t.database.db
    .select()
    .from(preRegisteredResidents)
    .where(eq(preRegisteredResidents.groupId, groupId))
    // By name: rows of different residents are imported side by side, so their ids need not follow the file.
    .orderBy(preRegisteredResidents.firstName, preRegisteredResidents.lastName, preRegisteredResidents.id);
  const dogs = residents.length
    ? await t.database.db
        .select()
        .from(preRegisteredDogs)
        .where(
          inArray(
            preRegisteredDogs.residentId,
            residents.map((r) => r.id),
          ),
        )
        .orderBy(preRegisteredDogs.id)
    : [];
  return { residents, dogs };
}

describe('bulk resident import', () => {
  test('the column list comes from the server with its required flags', async () => {
    const res = await t.call('GET', '/api/v1/bulkupload/importresidentscolumninfo', {
      token: await t.login(fx.distributor.userName),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(BULK_IMPORT_COLUMNS.map((c) => ({ name: c.name, isRequired: c.isRequired })));
    expect(res.body.filter((c: { isRequired: boolean }) => c.isRequired).map((c: { name: string }) => c.name)).toEqual([
      'PropertyName',
      'FirstName',
      'LastName',
    ]);
  });

  test('three bad rows are reported with their problem; the four good rows are imported', async () => {
    const res = await put(fx.distributor.userName, fileRows(fx.property.name.toUpperCase()));
    expect(res.status).toBe(200);
    const byRow = new Map(res.body.map((r: { rowNumber: number }) => [r.rowNumber, r]));
    expect(byRow.get(2)).toMatchObject({ imported: true, addedToExistingResident: false, problemDesc: null });
    expect(byRow.get(3)).toMatchObject({ imported: true, addedToExistingResident: true });
    expect(byRow.get(4)).toMatchObject({
      imported: false,
      problemDesc: BULK_IMPORT_PROBLEMS.missingRequired,
      problemDetails: 'FirstName required.',
    });
    expect(byRow.get(5)).toMatchObject({ imported: false, problemDesc: BULK_IMPORT_PROBLEMS.propertyNotFound });
    expect(byRow.get(6)).toMatchObject({ imported: false, problemDesc: BULK_IMPORT_PROBLEMS.invalidEmail });
    expect(byRow.get(7)).toMatchObject({ imported: true, addedToExistingResident: false });
    expect(byRow.get(8)).toMatchObject({ imported: true, addedToExistingResident: false });

    const { residents, dogs } = await residentsOf(fx.property.id);
    expect(residents.map((r) => `${r.firstName} ${r.lastName}`)).toEqual(['Ada One', 'Cleo Cat', 'Nemo Nomail']);
    const ada = residents[0]!;
    expect(ada).toMatchObject({
      email: 'ada@one.example',
      status: RegistrationStatus.PendingApproval,
      hasDogs: true,
      petSpecies: PetSpecies.Dog,
      address: expect.objectContaining({ city: 'Austin', stateId: 'US-TX', countryId: 'US' }),
    });
    expect(residents[1]).toMatchObject({ hasDogs: false, hasOtherPets: true, petSpecies: PetSpecies.Cat });
    expect(residents[2]).toMatchObject({ email: null, unitNumber: '4B', phoneNumber: '512-555-0100' });
    expect(dogs.map((d) => [d.residentId, d.name, d.gender])).toEqual([
      [ada.id, 'Rex', Gender.Male],
      [ada.id, 'Bella', Gender.Female],
    ]);
    const audits = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.actionType, 'BulkImport'));
    expect(audits[0]!.n).toBe(5); // three residents and two dogs
    // A new resident's entry holds the resident as saved (its dates as dates, its address as an object).
    const [adaAudit] = await t.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'PreRegisteredResident'),
          eq(auditLog.entityId, String(ada.id)),
          eq(auditLog.actionType, 'BulkImport'),
        ),
      );
    expect(adaAudit!.after).toEqual(JSON.parse(JSON.stringify(ada)));
    // A row's entries (Ada and Rex) are appended together at its commit: one chain, one after the other.
    const rowEntries = await t.database.db
      .select({ entityType: auditLog.entityType, chain: auditLog.chain, sequence: auditLog.sequence })
      .from(auditLog)
      .where(
        // Each entity by its own type: a dog of another row may have Ada's id, and a resident Rex's.
        and(
          eq(auditLog.actionType, 'BulkImport'),
          or(
            and(eq(auditLog.entityType, 'PreRegisteredResident'), eq(auditLog.entityId, String(ada.id))),
            and(eq(auditLog.entityType, 'PreRegisteredDog'), eq(auditLog.entityId, String(dogs[0]!.id))),
          ),
        ),
      )
      .orderBy(auditLog.sequence);
    const [residentEntry, dogEntry] = [
      rowEntries.find((e) => e.entityType === 'PreRegisteredResident')!,
      rowEntries.find((e) => e.entityType === 'PreRegisteredDog')!,
    ];
    expect(dogEntry.chain).toBe(residentEntry.chain);
    expect(dogEntry.sequence).toBe(residentEntry.sequence + 1);
  });

  test('the same file again (an interrupted import run once more) creates no duplicates', async () => {
    const before = await residentsOf(fx.property.id);
    const again = await put(fx.distributor.userName, fileRows(fx.property.name));
    expect(again.status).toBe(200);
    const imported = again.body.filter((r: { imported: boolean }) => r.imported);
    expect(imported).toHaveLength(4);
    expect(imported.every((r: { addedToExistingResident: boolean }) => r.addedToExistingResident)).toBe(true);
    // Two runs at once of a file cut off halfway: still one resident per natural key and one dog per name.
    const half = fileRows(fx.property.name).slice(0, 2);
    const runs = await Promise.all([put(fx.distributor.userName, half), put(fx.distributor.userName, half)]);
    expect(runs.map((r) => r.status)).toEqual([200, 200]);
    const after = await residentsOf(fx.property.id);
    expect(after.residents.map((r) => r.id)).toEqual(before.residents.map((r) => r.id));
    expect(after.dogs.map((d) => d.id)).toEqual(before.dogs.map((d) => d.id));
  });

  test('group counts are right when the import answers, for new residents and rows of existing ones', async () => {
    const own = await makeOtherDistributorship(t.database.db);
    const existing = (values: Partial<typeof preRegisteredResidents.$inferInsert>) =>
      t.database.db
        .insert(preRegisteredResidents)
        .values({ groupId: own.property.id, firstName: 'Was', lastName: 'Here', ...values });
    await existing({ email: 'pending@here.example' });
    await existing({ lastName: 'Approved', email: 'approved@here.example', status: RegistrationStatus.Approved });
    const base = { PropertyName: own.property.name, City: 'Austin', State: 'TX', Country: 'US' };
    const res = await put(own.distributor.userName, [
      { rowNumber: 2, ...base, FirstName: 'New', LastName: 'Dog', Email: 'new@dog.example', PetName: 'Rex' },
      { rowNumber: 3, ...base, FirstName: 'New', LastName: 'Cat', PetName: 'Tom', PetSpeciesName: 'cat' },
      { rowNumber: 4, ...base, FirstName: 'Was', LastName: 'Here', Email: 'pending@here.example', PetName: 'Max' },
      {
        rowNumber: 5,
        ...base,
        FirstName: 'Was',
        LastName: 'Approved',
        Email: 'approved@here.example',
        PetName: 'Kit',
        PetSpeciesName: 'cat',
      },
    ]);
    expect(res.body.map((r: { addedToExistingResident: boolean }) => r.addedToExistingResident)).toEqual([
      false,
      false,
      true,
      true,
    ]);
    // What the dashboard and the residents list show, for the property and the group above it: three residents
    // awaiting approval (two new), one approved without dogs (a cat added), four in all.
    const token = await t.login(own.distributor.userName);
    for (const group of [own.property, own.distributorship]) {
      const dashboard = await t.call('GET', `/api/v1/groupdashboard?groupId=${group.id}`, { token });
      expect(dashboard.body.residents.counts).toMatchObject({ awaitingApproval: 3, nonDogOwner: 1, total: 4 });
      const list = await t.call('GET', `/api/v1/groups/${group.id}/residents`, { token });
      expect(list.body.totalRecords).toBe(4);
    }
    // Up to the root, every group's tally is its recount, and no deferred recount is left waiting.
    const drifted = await queryRows<{ id: number }>(
      t.database.db,
      sql`select g.id from groups g
        left join lateral (select coalesce(sum(t.residents_total), 0) as n from group_tallies t
          where t.group_id = g.id) tally on true
        left join lateral (select count(*) as n from pre_registered_residents r join groups p on p.id = r.group_id
          where starts_with(p.path, g.path)) recount on true
        where tally.n <> recount.n`,
    );
    expect(drifted).toEqual([]);
    expect(await queryRows(t.database.db, sql`select group_id from group_tallies_pending`)).toEqual([]);
  });

  test("scope: a property outside the caller's groups is 'Property not found'", async () => {
    const res = await put(other.distributor.userName, fileRows(fx.property.name).slice(0, 1));
    expect(res.body[0]).toMatchObject({ imported: false, problemDesc: BULK_IMPORT_PROBLEMS.propertyNotFound });
    expect((await residentsOf(other.property.id)).residents).toHaveLength(0);
  });

  test('row rules: species, dog gender, pet name, country and length problems', async () => {
    const base = { PropertyName: fx.property.name, FirstName: 'Rule', LastName: 'Row' };
    const res = await put(fx.distributor.userName, [
      { rowNumber: 2, ...base, PetName: 'Z', PetSpeciesName: 'Dragon' },
      { rowNumber: 3, ...base, PetName: 'Z', DogGender: 'Sometimes' },
      { rowNumber: 4, ...base, PetSpeciesName: 'Dog' },
      { rowNumber: 5, ...base, Country: 'Atlantis' },
      { rowNumber: 6, ...base, FirstName: 'x'.repeat(101) },
      { rowNumber: 7, ...base, PetName: 'Tweety', PetSpeciesName: 'Bird', DogGender: 'Male' },
    ]);
    expect(res.body.map((r: { problemDesc: string }) => r.problemDesc)).toEqual([
      BULK_IMPORT_PROBLEMS.invalidPetSpecies,
      BULK_IMPORT_PROBLEMS.invalidDogGender,
      BULK_IMPORT_PROBLEMS.missingPetName,
      BULK_IMPORT_PROBLEMS.invalidCountry,
      BULK_IMPORT_PROBLEMS.tooLong,
      BULK_IMPORT_PROBLEMS.invalidDogGender,
    ]);
  });

  test('access: signed out 401; pet owner and property maintenance 403', async () => {
    const row = fileRows(fx.property.name).slice(0, 1);
    expect((await put(null, row)).status).toBe(401);
    expect((await put('pet.owner', row)).status).toBe(403);
    expect((await put('property.maintenance', row)).status).toBe(403);
    const info = await t.call('GET', '/api/v1/bulkupload/importresidentscolumninfo', {
      token: await t.login('pet.owner'),
    });
    expect(info.status).toBe(403);
  });

  test('bad input: no rows, too many rows, an unbounded cell, a missing row number', async () => {
    const row = { rowNumber: 2, PropertyName: fx.property.name, FirstName: 'A', LastName: 'B' };
    for (const body of [
      [],
      Array.from({ length: BULK_IMPORT_BATCH_MAX + 1 }, (_, i) => ({ ...row, rowNumber: i + 2 })),
      [{ ...row, City: 'x'.repeat(1001) }],
      [{ ...row, rowNumber: undefined }],
      { rows: [row] },
    ]) {
      const res = await put(fx.distributor.userName, body);
      expect(res.status).toBe(400);
    }
    expect((await residentsOf(fx.property.id)).residents.some((r) => r.lastName === 'B')).toBe(false);
  });
});
