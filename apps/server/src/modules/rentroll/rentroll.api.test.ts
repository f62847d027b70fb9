// Rent-roll sync: the mapping saved per property, a roll with additions, leavers and changes read into the right
// proposal without changing anything, the apply of only what staff chose (one transaction, the invitation mailed after
// commit), 'Invalid Header' naming the missing mapped columns with nothing changed, and scope (another group's 404).
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { GroupTypes, RENT_ROLL_MESSAGES } from '@registry/contracts';
import { groups, preRegisteredResidents, rentRollImports, rentRollInvitations } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeGroup, makeOtherDistributorship } from '../../../test/factories.ts';

let t: TestApp;
let firm: string;
let propertyId: number;
const code = `ROLL${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
beforeAll(async () => {
  t = await startTestApp();
  const harbor = await groupByName(t.database.db, 'Harbor Property Management');
  propertyId = (
    await makeGroup(t.database.db, { parentId: harbor.id, groupType: GroupTypes.Property, name: 'Rent Roll Court' })
  ).id;
  await t.database.db.update(groups).set({ propertyPreRegisterCode: code }).where(eq(groups.id, propertyId));
  firm = await t.login('firm.manager');
});
afterAll(async () => {
  await t?.close();
});

function upload(name: string, content: Buffer) {
  const boundary = '----rentrolltest';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\n'));
const MAPPING = {
  unit: 'Unit',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email Address',
  phone: 'Phone',
  moveIn: 'Move In',
  moveOut: 'Move Out',
};
const HEADER = ['Unit', 'First Name', 'Last Name', 'Email Address', 'Phone', 'Move In', 'Move Out'];
const residentsOf = async () =>
  t.database.db
    .select()
    .from(preRegisteredResidents)
    .where(eq(preRegisteredResidents.groupId, propertyId))
    .orderBy(preRegisteredResidents.id);
const importsCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(rentRollImports))[0]!.n;

describe('the column mapping', () => {
  test("is empty until saved, saved per property, refused outside the caller's groups", async () => {
    const url = `/api/v1/rentroll/${propertyId}/mapping`;
    expect((await t.call('GET', url, { token: firm })).body).toEqual({ mapping: null, dateUpdated: null });
    const missing = await t.call('PUT', url, { token: firm, body: { ...MAPPING, unit: '' } });
    expect([missing.status, Object.keys(missing.body.modelState)]).toEqual([400, ['unit']]);
    const saved = await t.call('PUT', url, { token: firm, body: MAPPING });
    expect(saved.status).toBe(200);
    expect(saved.body.mapping).toEqual(MAPPING);
    expect((await t.call('GET', url, { token: firm })).body.mapping).toEqual(MAPPING);

    const other = await makeOtherDistributorship(t.database.db);
    const stranger = await t.login(other.distributor.userName);
    expect((await t.call('GET', url, { token: stranger })).status).toBe(404);
    expect((await t.call('PUT', url, { token: stranger, body: MAPPING })).status).toBe(404);
    expect((await t.call('GET', url, { token: await t.login('pet.owner') })).status).toBe(403);
    expect((await t.call('GET', url)).status).toBe(401);
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    expect((await t.call('GET', `/api/v1/rentroll/${harbor.id}/mapping`, { token: firm })).status).toBe(400);
  });
});

describe('a rent roll', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    await t.call('PUT', `/api/v1/rentroll/${propertyId}/mapping`, { token: firm, body: MAPPING });
    const add = async (
      firstName: string,
      lastName: string,
      unitNumber: string,
      email: string | null,
      phoneNumber: string | null,
    ) =>
      (
        await t.database.db
          .insert(preRegisteredResidents)
          .values({ groupId: propertyId, firstName, lastName, unitNumber, email, phoneNumber })
          .returning()
      )[0]!.id;
    ids = {
      ann: await add('Ann', 'Stay', '101', 'ann@roll.test', '555-0101'),
      bob: await add('Bob', 'Change', '102', 'bob@roll.test', '555-0102'),
      cara: await add('Cara', 'Leave', '103', 'cara@roll.test', null),
      dan: await add('Dan', 'Out', '104', 'dan@roll.test', null),
      eve: await add('Eve', 'Name', '105', null, null),
    };
  });

  const ROLL = [
    HEADER,
    ['101', 'Ann', 'Stay', 'ANN@roll.test', '555-0101', '01/15/2024', ''],
    ['102B', 'Bob', 'Change', 'bob@roll.test', '555-9999', '01/15/2024', ''],
    ['104', 'Dan', 'Out', 'dan@roll.test', '', '01/15/2024', '01/31/2025'],
    ['105', 'Eve', 'Name', 'eve@roll.test', '', '', ''],
    ['106', 'Finn', 'New', 'finn@roll.test', '555-0106', '', ''],
    ['107', 'Gia', 'New', 'gia@roll.test', '', '', ''],
    ['108', 'Hal', 'Noemail', '', '', '', ''],
    ['', '', '', '', '', '', ''],
    ['109', 'Ida', '', 'ida@roll.test', '', '', ''],
    ['110', 'Jo', 'Bad', 'not-an-email', '', '', ''],
    ['111', 'Kim', 'Date', 'kim@roll.test', '', 'someday', ''],
  ];

  test('missing mapped columns: Invalid Header naming them, nothing stored or changed', async () => {
    const before = [await importsCount(), await residentsOf()];
    const answer = await t.call('POST', `/api/v1/rentroll/${propertyId}/import`, {
      token: firm,
      ...upload(
        'roll.csv',
        csv([
          ['Unit', 'First Name', 'Last Name', 'Phone'],
          ['101', 'Ann', 'Stay', '1'],
        ]),
      ),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Invalid Header');
    expect(answer.body.modelState.file).toEqual([
      RENT_ROLL_MESSAGES.missingColumns(['Email Address', 'Move In', 'Move Out']),
    ]);
    expect([await importsCount(), await residentsOf()]).toEqual(before);
    const wrongType = await t.call('POST', `/api/v1/rentroll/${propertyId}/import`, {
      token: firm,
      ...upload('roll.pdf', Buffer.from('%PDF-1.4')),
    });
    expect([wrongType.status, wrongType.body.message]).toEqual([400, RENT_ROLL_MESSAGES.invalidFileType]);
  });

  test('shows the additions, leavers, changes and row problems, and applies only what staff chose', async () => {
    const before = await residentsOf();
    const proposed = await t.call('POST', `/api/v1/rentroll/${propertyId}/import`, {
      token: firm,
      ...upload('roll.csv', csv(ROLL)),
    });
    expect(proposed.status).toBe(200);
    const p = proposed.body;
    expect(p).toMatchObject({
      status: 'Proposed',
      fileName: 'roll.csv',
      rowCount: 10,
      unchanged: 1,
      alreadyInvited: 0,
    });
    expect(
      p.additions.map((a: { rowNumber: number; person: { firstName: string }; invite: boolean }) => [
        a.rowNumber,
        a.person.firstName,
        a.invite,
      ]),
    ).toEqual([
      [6, 'Finn', true],
      [7, 'Gia', true],
      [8, 'Hal', false],
    ]);
    expect(
      p.leavers.map((l: { residentId: number; moveOutDate: string | null }) => [l.residentId, l.moveOutDate]),
    ).toEqual([
      [ids.dan, '2025-01-31'],
      [ids.cara, null],
    ]);
    expect(p.changes).toEqual([
      expect.objectContaining({
        residentId: ids.bob,
        changes: [
          { field: 'unitNumber', label: 'Unit', from: '102', to: '102B' },
          { field: 'phoneNumber', label: 'Phone', from: '555-0102', to: '555-9999' },
        ],
      }),
      expect.objectContaining({
        residentId: ids.eve,
        changes: [{ field: 'email', label: 'Email', from: null, to: 'eve@roll.test' }],
      }),
    ]);
    expect(p.problems.map((r: { rowNumber: number; problemDesc: string }) => [r.rowNumber, r.problemDesc])).toEqual([
      [10, 'Missing required value'],
      [11, 'Invalid email'],
      [12, 'Invalid date'],
    ]);
    // Nothing changed by the upload.
    expect(await residentsOf()).toEqual(before);
    expect((await t.call('GET', `/api/v1/rentroll/${propertyId}/import/${p.id}`, { token: firm })).body.id).toBe(p.id);

    const applyUrl = `/api/v1/rentroll/${propertyId}/import/${p.id}/apply`;
    const stranger = await t.login((await makeOtherDistributorship(t.database.db)).distributor.userName);
    expect((await t.call('POST', applyUrl, { token: stranger, body: { additions: [6] } })).status).toBe(404);
    expect((await t.call('POST', applyUrl, { token: firm, body: {} })).body.message).toBe(
      RENT_ROLL_MESSAGES.nothingChosen,
    );

    const mails = t.smtp.messages.length;
    const applied = await t.call('POST', applyUrl, {
      token: firm,
      // Row 8 (no email) and resident ids the proposal does not list are ignored.
      body: { additions: [6, 8], moveOuts: [ids.cara, 999999], changes: [ids.bob] },
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ invited: 1, movedOut: 1, changed: 1 });
    const after = await residentsOf();
    expect(after.map((r) => r.id)).toEqual([ids.ann, ids.bob, ids.dan, ids.eve]);
    const bob = after.find((r) => r.id === ids.bob)!;
    expect([bob.unitNumber, bob.phoneNumber]).toEqual(['102B', '555-9999']);
    expect(after.find((r) => r.id === ids.eve)!.email).toBeNull();
    const invitations = await t.database.db
      .select({ email: rentRollInvitations.email })
      .from(rentRollInvitations)
      .where(eq(rentRollInvitations.groupId, propertyId));
    expect(invitations).toEqual([{ email: 'finn@roll.test' }]);
    const mail = await t.smtp.waitFor((m) => m.to.includes('finn@roll.test'));
    expect(mail.subject).toContain('Rent Roll Court');
    expect(mail.raw).toContain(`/reg/${code}`);
    expect(t.smtp.messages.slice(mails).some((m) => m.to.includes('gia@roll.test'))).toBe(false);

    const again = await t.call('POST', applyUrl, { token: firm, body: { additions: [7] } });
    expect([again.status, again.body.message]).toEqual([400, RENT_ROLL_MESSAGES.alreadyApplied]);

    // The same roll again: Finn is invited already, Cara is gone, Bob's change is made; the rest is still proposed.
    const next = (
      await t.call('POST', `/api/v1/rentroll/${propertyId}/import`, { token: firm, ...upload('roll.csv', csv(ROLL)) })
    ).body;
    expect(next).toMatchObject({ alreadyInvited: 1, unchanged: 2 });
    expect(next.additions.map((a: { rowNumber: number }) => a.rowNumber)).toEqual([7, 8]);
    expect(next.leavers.map((l: { residentId: number }) => l.residentId)).toEqual([ids.dan]);
    expect(next.changes.map((c: { residentId: number }) => c.residentId)).toEqual([ids.eve]);
  });

  test('reads an XLSX export, its headers matched without regard to case or spaces', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['UNIT', 'first name', 'LastName', 'email address', 'phone', 'move in', 'move out'],
      ['101', 'Ann', 'Stay', 'ann@roll.test', '555-0101', '', ''],
      ['102B', 'Bob', 'Change', 'bob@roll.test', '555-9999', '', ''],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Roll');
    const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const answer = await t.call('POST', `/api/v1/rentroll/${propertyId}/import`, {
      token: firm,
      ...upload('roll.xlsx', xlsx),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ rowCount: 2, unchanged: 2, additions: [], changes: [] });
    expect(answer.body.leavers.map((l: { person: { firstName: string } }) => l.person.firstName).sort()).toEqual([
      'Dan',
      'Eve',
    ]);
  });
});
