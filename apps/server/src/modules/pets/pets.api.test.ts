// The pet calls of spec 3 §7 against a real database: who reaches which pet (a property admin only their properties',
// an owner only their own, both answered like a missing pet otherwise), edit, transfer and delete with audit and group
// tallies, orphans, the sample status routes, flag notes, the image upload and the barcode lookup.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { GroupTypes, SampleCustomerStatus as S, UserRole } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  groupByName,
  makeAdmin,
  makeGroup,
  makeOtherDistributorship,
  makePetOwner,
  userByName,
} from '../../../test/factories.ts';
import { auditLog, groupAdmins, groupTallies, groups, petOwnerGroups, pets } from '../../db/schema/index.ts';

let t: TestApp;
let serial = 0;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pets-test-'));
beforeAll(async () => {
  t = await startTestApp({ filesDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const nextSample = () => `DN${6_100_000 + serial++}`;
async function addPet(petOwnerId: number | null, values: Partial<typeof pets.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(pets)
    .values({ petOwnerId, name: 'Rex', sampleNumber: nextSample(), ...values })
    .returning();
  return row;
}
async function tally(groupId: number) {
  const [row] = await t.database.db
    .select()
    .from(groupTallies)
    .where(and(eq(groupTallies.groupId, groupId), eq(groupTallies.active, true)));
  return row;
}
async function propertyWithManager() {
  const harbor = await groupByName(t.database.db, 'Harbor Property Management');
  const property = await makeGroup(t.database.db, { parentId: harbor.id, groupType: GroupTypes.Property });
  const manager = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: property.id });
  return { property, manager, token: await t.login(manager.userName) };
}

describe('reach', () => {
  test("a property admin sees only their properties' pets; an owner only their own; others answer 404", async () => {
    const mine = await propertyWithManager();
    const other = await makeOtherDistributorship(t.database.db);
    const ann = await makePetOwner(t.database.db, { groupId: mine.property.id });
    const far = await makePetOwner(t.database.db, { groupId: other.property.id });
    const rex = await addPet(ann.id);
    const farPet = await addPet(far.id);

    expect((await t.call('GET', `/api/v1/pet/${rex.id}`, { token: mine.token })).body).toMatchObject({
      name: 'Rex',
      petOwnerId: ann.id,
      sampleNumber: rex.sampleNumber,
    });
    const foreign = await t.call('GET', `/api/v1/pet/${farPet.id}`, { token: mine.token });
    const missing = await t.call('GET', `/api/v1/pet/2000000000`, { token: mine.token });
    expect([foreign.status, foreign.body]).toEqual([missing.status, missing.body]);
    expect(missing.status).toBe(404);
    const foreignEdit = await t.call('PUT', '/api/v1/pet', { token: mine.token, body: { id: farPet.id, name: 'X' } });
    expect(foreignEdit.status).toBe(404);

    const annToken = await t.login(ann.userName);
    expect((await t.call('GET', `/api/v1/pet/${rex.id}`, { token: annToken })).status).toBe(200);
    expect((await t.call('GET', `/api/v1/pet/${farPet.id}`, { token: annToken })).status).toBe(404);
    expect((await t.call('GET', `/api/v1/pet/getallpets/${ann.id}`, { token: annToken })).body).toHaveLength(1);
    expect((await t.call('GET', `/api/v1/pet/getallpets/${far.id}`, { token: annToken })).status).toBe(404);
    expect((await t.call('PUT', '/api/v1/pet', { token: annToken, body: { id: rex.id, name: 'X' } })).status).toBe(403);
    expect((await t.call('GET', `/api/v1/pet/${rex.id}`)).status).toBe(401);
  });

  test('property maintenance sees pets but cannot change them', async () => {
    const { property } = await propertyWithManager();
    const maintenance = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: property.id });
    const token = await t.login(maintenance.userName);
    const owner = await makePetOwner(t.database.db, { groupId: property.id });
    const rex = await addPet(owner.id);
    expect((await t.call('GET', `/api/v1/pet/${rex.id}`, { token })).status).toBe(200);
    expect((await t.call('DELETE', `/api/v1/pet/${rex.id}`, { token })).status).toBe(403);
    const check = await t.call('POST', '/api/v1/pet/checkfororphanedpets', { token, body: ['DN1234567'] });
    expect(check.status).toBe(403);
  });
});

describe('pets under a group', () => {
  test('filters, orders and pages the pets of current members of the subtree', async () => {
    const { property, token } = await propertyWithManager();
    const ann = await makePetOwner(t.database.db, { groupId: property.id });
    const bob = await makePetOwner(t.database.db, { groupId: property.id });
    await addPet(ann.id, { name: 'Alpha', isServiceAnimal: true, customerFacingStatus: S.DnaSampleReceived });
    await addPet(ann.id, { name: 'Bravo' });
    await addPet(bob.id, { name: 'Charlie', customerFacingStatus: S.DnaSampleReceived });
    const list = (query: string) =>
      t.call('GET', `/api/v1/groups/petownergroup/getpetsundergroup?groupId=${property.id}&${query}`, { token });

    expect((await list('')).body.data.map((p: { name: string }) => p.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect((await list('orderBy=Name&ascending=false')).body.data.map((p: { name: string }) => p.name)).toEqual([
      'Charlie',
      'Bravo',
      'Alpha',
    ]);
    const received = await list('customerFacingStatusFilter=DnaSampleReceived');
    expect(received.body).toMatchObject({ totalRecords: 2 });
    expect((await list('isServiceAnimalFilter=true')).body.data.map((p: { name: string }) => p.name)).toEqual([
      'Alpha',
    ]);
    expect((await list('pageSize=1&page=2')).body).toMatchObject({ totalRecords: 3, data: [{ name: 'Bravo' }] });
    expect((await list(`petOwnerNameFilter=${bob.userName}`)).body.totalRecords).toBe(1);
    expect((await list('customerFacingStatusFilter=Bogus')).status).toBe(400);
    const other = await makeOtherDistributorship(t.database.db);
    const foreign = await t.call('GET', `/api/v1/groups/petownergroup/getpetsundergroup?groupId=${other.property.id}`, {
      token,
    });
    expect(foreign.status).toBe(404);
  });

  test('an owner in two properties of the subtree has each pet counted once, tallied or counted', async () => {
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const firm = await makeGroup(t.database.db, { parentId: harbor.parentId!, groupType: GroupTypes.ManagementGroup });
    const east = await makeGroup(t.database.db, { parentId: firm.id, groupType: GroupTypes.Property });
    const west = await makeGroup(t.database.db, { parentId: firm.id, groupType: GroupTypes.Property });
    const ann = await makePetOwner(t.database.db, { groupId: east.id });
    const staff = await t.login('lab.admin');
    const list = async (groupId: number, query = '') =>
      (
        await t.call('GET', `/api/v1/groups/petownergroup/getpetsundergroup?groupId=${groupId}&${query}`, {
          token: staff,
        })
      ).body;
    await addPet(ann.id, { name: 'Twice One', customerFacingStatus: S.DnaSampleReceived });
    await addPet(ann.id, { name: 'Twice Two' });
    await t.database.db.insert(petOwnerGroups).values({ petOwnerId: ann.id, groupId: west.id });
    expect(await tally(firm.id)).toMatchObject({ petsTotal: 4 });
    expect(await list(firm.id)).toMatchObject({
      totalRecords: 2,
      data: [{ name: 'Twice One' }, { name: 'Twice Two' }],
    });
    expect((await list(firm.id, 'customerFacingStatusFilter=DnaSampleReceived')).totalRecords).toBe(1);
    expect((await list(firm.id, 'nameFilter=twice')).totalRecords).toBe(2);
    expect((await list(west.id)).totalRecords).toBe(2);
  });
});

describe('pets under the root (the owner-is-member flag)', () => {
  test('a pet is listed at the root exactly while its owner is a current member, whatever changes the membership', async () => {
    const db = t.database.db;
    const [root] = await db.select().from(groups).where(isNull(groups.parentId));
    const { property } = await makeOtherDistributorship(db);
    const staff = await t.login('lab.admin');
    const name = `Flagged ${Date.now().toString(36)}`;
    const atRoot = async (query = `nameFilter=${encodeURIComponent(name.toLowerCase())}`) =>
      (
        await t.call('GET', `/api/v1/groups/petownergroup/getpetsundergroup?groupId=${root.id}&${query}&pageSize=50`, {
          token: staff,
        })
      ).body as { totalRecords: number; data: { name: string }[] };
    // The same test through the memberships, for comparison with the flag.
    const joined = async () =>
      (
        await db
          .select({ id: pets.id })
          .from(pets)
          .where(
            sql`${pets.name} = ${name} and exists (select 1 from pet_owner_groups pog
              where pog.pet_owner_id = ${pets.petOwnerId} and pog.move_out_date is null)`,
          )
      ).length;
    const ann = await makePetOwner(db);
    const bob = await makePetOwner(db, { groupId: property.id });
    const pet = await addPet(ann.id, { name });
    expect((await atRoot()).totalRecords).toBe(0);
    await db.insert(petOwnerGroups).values({ petOwnerId: ann.id, groupId: property.id });
    expect(await atRoot()).toMatchObject({ totalRecords: 1, data: [{ name }] });
    await db
      .update(petOwnerGroups)
      .set({ moveOutDate: new Date('2026-01-01T00:00:00Z') })
      .where(eq(petOwnerGroups.petOwnerId, ann.id));
    expect((await atRoot()).totalRecords).toBe(0);
    await db.update(pets).set({ petOwnerId: bob.id }).where(eq(pets.id, pet.id));
    expect((await atRoot()).totalRecords).toBe(1);
    await addPet(bob.id, { name });
    await addPet(null, { name });
    expect((await atRoot()).totalRecords).toBe(2);
    expect(await joined()).toBe(2);
    await db.delete(petOwnerGroups).where(eq(petOwnerGroups.petOwnerId, bob.id));
    expect((await atRoot()).totalRecords).toBe(0);
    expect(await joined()).toBe(0);
    // The application cannot set the flag against the memberships: the row trigger recomputes it.
    await db.update(pets).set({ ownerIsMember: true }).where(eq(pets.id, pet.id));
    expect((await atRoot()).totalRecords).toBe(0);
  });
});

describe('changes', () => {
  test('transfer moves the pet, says so, audits it and moves the tallies', async () => {
    const { property, token } = await propertyWithManager();
    const second = await makeGroup(t.database.db, { parentId: property.parentId!, groupType: GroupTypes.Property });
    await t.database.db.insert(groupAdmins).values({
      groupId: second.id,
      userId: (await userByName(t.database.db, 'firm.manager')).id,
    });
    const ann = await makePetOwner(t.database.db, { groupId: property.id });
    const bob = await makePetOwner(t.database.db, { groupId: property.id });
    const rex = await addPet(ann.id);
    const moved = await t.call('POST', '/api/v1/pet/transferpet', {
      token,
      body: { petId: rex.id, newPetOwnerId: bob.id },
    });
    expect(moved.body).toEqual({ message: `${rex.sampleNumber} successfully transferred to Owner ${bob.userName}.` });
    const [after] = await t.database.db.select().from(pets).where(eq(pets.id, rex.id));
    expect(after.petOwnerId).toBe(bob.id);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(rex.id)), eq(auditLog.actionType, 'Transfer')));
    expect(entry).toMatchObject({ before: { petOwnerId: ann.id }, after: { petOwnerId: bob.id } });

    const carl = await makePetOwner(t.database.db, { groupId: second.id });
    const firm = await t.login('firm.manager');
    expect(await tally(property.id)).toMatchObject({ petsTotal: 1 });
    await t.call('POST', '/api/v1/pet/transferpet', { token: firm, body: { petId: rex.id, newPetOwnerId: carl.id } });
    expect(await tally(property.id)).toMatchObject({ petsTotal: 0 });
    expect(await tally(second.id)).toMatchObject({ petsTotal: 1 });

    const same = await t.call('POST', '/api/v1/pet/transferpet', {
      token: firm,
      body: { petId: rex.id, newPetOwnerId: carl.id },
    });
    expect(same.status).toBe(400);
    const other = await makeOtherDistributorship(t.database.db);
    const far = await makePetOwner(t.database.db, { groupId: other.property.id });
    const outside = await t.call('POST', '/api/v1/pet/transferpet', {
      token,
      body: { petId: (await addPet(ann.id)).id, newPetOwnerId: far.id },
    });
    expect(outside.status).toBe(404);
  });

  test('edit keeps sample numbers unique and upper-cased; delete audits and updates tallies', async () => {
    const { property, token } = await propertyWithManager();
    const ann = await makePetOwner(t.database.db, { groupId: property.id });
    const rex = await addPet(ann.id);
    const taken = await addPet(ann.id, { name: 'Other' });
    const clash = await t.call('PUT', '/api/v1/pet', {
      token,
      body: { id: rex.id, name: 'Rex', sampleNumber: taken.sampleNumber!.toLowerCase() },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.modelState.sampleNumber).toBeDefined();
    const bad = await t.call('PUT', '/api/v1/pet', { token, body: { id: rex.id, name: 'Rex', sampleNumber: 'TD1' } });
    expect(bad.body.modelState.sampleNumber).toEqual(['Invalid format.']);
    const saved = await t.call('PUT', '/api/v1/pet', {
      token,
      body: { id: rex.id, name: 'Rexy', sampleNumber: 'dni7777777', weight: 30.5, gender: 1 },
    });
    expect(saved.body).toMatchObject({ name: 'Rexy', sampleNumber: 'DNI7777777', weight: 30.5, gender: 1 });

    expect(await tally(property.id)).toMatchObject({ petsTotal: 2 });
    const deleted = await t.call('DELETE', `/api/v1/pet/${rex.id}`, { token });
    expect(deleted.body).toEqual({ message: 'Pet deleted successfully.' });
    expect(await tally(property.id)).toMatchObject({ petsTotal: 1 });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(rex.id)), eq(auditLog.actionType, 'Delete')));
    expect(audit).toHaveLength(1);
  });

  test('active and service animal toggles answer with the spec texts', async () => {
    const { property, token } = await propertyWithManager();
    const rex = await addPet((await makePetOwner(t.database.db, { groupId: property.id })).id);
    const off = await t.call('PATCH', '/api/v1/pet/setactivestatus', { token, body: { id: rex.id, isActive: false } });
    expect(off.body).toEqual({ message: 'Pet deactivated successfully.' });
    const esa = await t.call('PATCH', '/api/v1/pet/setserviceanimalstatus', {
      token,
      body: { id: rex.id, isServiceAnimal: true },
    });
    expect(esa.body).toEqual({ message: 'Service animal status updated successfully' });
    expect((await t.call('GET', `/api/v1/pet/${rex.id}`, { token })).body).toMatchObject({
      isActive: false,
      isServiceAnimal: true,
    });
  });
});

describe('sample actions', () => {
  test('status routes follow the machine, write history, and flag notes stop at 250 characters', async () => {
    const staff = await t.login('service.admin');
    const { property, token } = await propertyWithManager();
    const rex = await addPet((await makePetOwner(t.database.db, { groupId: property.id })).id);
    expect((await t.call('POST', `/api/v1/pet/reject/${rex.id}`, { token, body: { notes: 'x' } })).status).toBe(403);
    const noNotes = await t.call('POST', `/api/v1/pet/reject/${rex.id}`, { token: staff, body: {} });
    expect(noNotes.body.modelState.notes).toEqual(['Notes are required, please provide a rejection reason.']);
    const rejected = await t.call('POST', `/api/v1/pet/reject/${rex.id}`, { token: staff, body: { notes: 'Empty' } });
    expect(rejected.body).toEqual({ customerFacingStatus: S.SampleRejected, message: 'Sample rejected successfully.' });
    expect((await t.call('POST', `/api/v1/pet/verify/${rex.id}`, { token: staff })).status).toBe(400);
    expect((await t.call('POST', `/api/v1/pet/accept/${rex.id}`, { token: staff })).body.customerFacingStatus).toBe(
      S.DnaSampleReceived,
    );
    const reset = await t.call('POST', `/api/v1/pet/resetcustomerfacingstatustoprofilecreated/${rex.id}`, { token });
    expect(reset.body).toEqual({ customerFacingStatus: S.ProfileCreated, message: 'Status reset successfully.' });

    const long = await t.call('POST', `/api/v1/pet/flag/${rex.id}`, { token, body: { notes: 'x'.repeat(251) } });
    expect(long.status).toBe(400);
    expect(long.body.modelState['notes']).toContain('Notes are limited to 250 characters.');
    expect((await t.call('POST', `/api/v1/pet/flag/${rex.id}`, { token, body: { notes: 'Bites' } })).status).toBe(200);
    const lookup = await t.call('GET', `/api/v1/pet/lookup?sampleNumber=${rex.sampleNumber!.toLowerCase()}`, { token });
    expect(lookup.body).toMatchObject({
      petName: 'Rex',
      isFlagged: true,
      message: 'Bites',
      propertyName: property.name,
    });
    expect((await t.call('PUT', `/api/v1/pet/unflag/${rex.id}`, { token })).status).toBe(200);

    const history = await t.call('GET', `/api/v1/pet/getsamplehistory?sampleNumber=${rex.sampleNumber}`, { token });
    expect(history.body.map((entry: { action: string }) => entry.action)).toEqual([
      'unflag',
      'flag',
      'resetToProfileCreated',
      'accept',
      'reject',
    ]);
    const badLookup = await t.call('GET', '/api/v1/pet/lookup?sampleNumber=TD1234567', { token });
    expect(badLookup.body.modelState.sampleNumber).toEqual(['Invalid format.']);
  });
});

describe('orphans', () => {
  test('staff list orphans and attach one to an owner; the orphan check names them', async () => {
    const staff = await t.login('lab.admin');
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const owner = await makePetOwner(t.database.db, { groupId: oak.id });
    const orphan = await addPet(null, { name: 'Stray' });
    const list = await t.call('GET', `/api/v1/pet/getallorphans?sampleNumber=${orphan.sampleNumber}`, {
      token: staff,
    });
    expect(list.body).toMatchObject({ totalRecords: 1, data: [{ name: 'Stray', petOwnerId: null }] });
    const check = await t.call('POST', '/api/v1/pet/checkfororphanedpets', {
      token: staff,
      body: [orphan.sampleNumber!.toLowerCase(), 'DN0000009'],
    });
    expect(check.body.orphans).toEqual([{ id: orphan.id, name: 'Stray', sampleNumber: orphan.sampleNumber }]);
    expect(check.body.message).toContain(orphan.sampleNumber);
    const manager = await t.login('property.manager');
    const hidden = await t.call('POST', '/api/v1/pet/attachorphantopetowner', {
      token: manager,
      body: { petId: orphan.id, newPetOwnerId: owner.id },
    });
    expect(hidden.status).toBe(404);
    const attached = await t.call('POST', '/api/v1/pet/attachorphantopetowner', {
      token: staff,
      body: { petId: orphan.id, newPetOwnerId: owner.id },
    });
    expect(attached.status).toBe(200);
    const again = await t.call('POST', '/api/v1/pet/attachorphantopetowner', {
      token: staff,
      body: { petId: orphan.id, newPetOwnerId: owner.id },
    });
    expect(again.body.exceptionMessage).toBe('This pet already has a pet owner.');
  });
});

describe('image upload', () => {
  function multipart(content: Buffer, contentType: string) {
    const boundary = '----pettest';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dog.png"\r\nContent-Type: ${contentType}\r\n\r\n`,
    );
    return {
      body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

  test('stores an image, refuses 4,000,000 bytes and non-images, and replaces the older file', async () => {
    const { property, token } = await propertyWithManager();
    const rex = await addPet((await makePetOwner(t.database.db, { groupId: property.id })).id);
    const url = `/api/v1/petimageupload/post/${rex.id}`;
    const first = await t.call('POST', url, { token, ...multipart(png, 'image/png') });
    expect(first.body.imageUrl).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}\.png$/);
    expect((await t.call('GET', `/api/v1/pet/${rex.id}`, { token })).body.imageUrl).toBe(first.body.imageUrl);
    const big = Buffer.concat([png, Buffer.alloc(4_000_000 - png.length)]);
    const tooBig = await t.call('POST', url, { token, ...multipart(big, 'image/png') });
    expect(tooBig.body.exceptionMessage).toBe('File must be under 4mb.');
    const text = await t.call('POST', url, { token, ...multipart(Buffer.from('hello'), 'text/plain') });
    expect(text.body.exceptionMessage).toBe('File must be an image.');
    const second = await t.call('POST', url, { token, ...multipart(Buffer.from('GIF89a'), 'image/gif') });
    expect(fs.readdirSync(filesDir)).toEqual([second.body.imageUrl.split('/').pop()]);
  });
});
