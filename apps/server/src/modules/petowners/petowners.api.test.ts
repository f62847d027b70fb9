// The pet owner record and its account actions: owners see only themselves, admins their groups' owners; an owner
// outside the caller's reach answers 404 exactly like a missing one.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, pets, users } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeOtherDistributorship, makePetOwner, userByName, groupByName } from '../../../test/factories.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
let oakRidge: number;
beforeAll(async () => {
  t = await startTestApp();
  other = await makeOtherDistributorship(t.database.db);
  oakRidge = (await groupByName(t.database.db, 'Oak Ridge Apartments')).id;
});
afterAll(async () => {
  await t?.close();
});

const auditOf = async (entityType: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(id))));

describe('the pet owner record', () => {
  test('a pet owner reads their own record with pets, groups and codes, and nobody else’s', async () => {
    const owner = await userByName(t.database.db, 'pet.owner');
    const token = await t.login('pet.owner');
    const own = await t.call('GET', `/api/v1/petowner/${owner.id}`, { token });
    expect(own.body).toMatchObject({
      userName: 'pet.owner',
      fullName: 'Jordan Blake',
      groups: [{ name: 'Oak Ridge Apartments', groupType: 4 }],
      associatedProperty: { name: 'Oak Ridge Apartments' },
      chewyPromoCode: 'PETSHOP-20-JBLAKE',
      fiCollarPromoCode: 'COLLAR-15-JBLAKE',
      adminNotes: null,
    });
    expect(own.body).not.toHaveProperty('securityQuestionAnswer');
    expect(own.body.pets.map((pet: { name: string }) => pet.name)).toEqual(['Biscuit', 'Pepper']);
    const neighbour = await userByName(t.database.db, 'avery.kim');
    expect((await t.call('GET', `/api/v1/petowner/${neighbour.id}`, { token })).status).toBe(404);
  });

  test('admins read owners in their groups; another property’s owner and unknown ids 404', async () => {
    const owner = await userByName(t.database.db, 'pet.owner');
    const manager = await t.login('property.manager');
    expect((await t.call('GET', `/api/v1/petowner/${owner.id}`, { token: manager })).status).toBe(200);
    const far = await makePetOwner(t.database.db, { groupId: other.property.id });
    const missing = await t.call('GET', `/api/v1/petowner/999999`, { token: manager });
    const foreign = await t.call('GET', `/api/v1/petowner/${far.id}`, { token: manager });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    const admin = await userByName(t.database.db, 'distributor');
    expect((await t.call('GET', `/api/v1/petowner/${admin.id}`, { token: await t.login('lab.admin') })).status).toBe(
      404,
    );
  });

  test('search pages within the caller’s groups', async () => {
    await makePetOwner(t.database.db, { groupId: other.property.id, userName: 'far.away' });
    const staff = await t.call('GET', '/api/v1/petowner/searchpetowners?pageSize=100&page=1', {
      token: await t.login('lab.admin'),
    });
    expect(staff.body.data.map((row: { userName: string }) => row.userName)).toContain('far.away');
    const byName = await t.call('GET', '/api/v1/petowner/searchpetowners?name=blake', {
      token: await t.login('property.manager'),
    });
    expect(byName.body).toMatchObject({ totalRecords: 1, data: [{ userName: 'pet.owner' }] });
    expect(
      (await t.call('GET', '/api/v1/petowner/searchpetowners', { token: await t.login('pet.owner') })).status,
    ).toBe(403);
    const tooLong = await t.call('GET', `/api/v1/petowner/searchpetowners?name=${'x'.repeat(201)}`, {
      token: await t.login('lab.admin'),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.modelState).toHaveProperty('name');
  });

  test('staff’s name search counts what it lists, through renames, role changes and deletes', async () => {
    const db = t.database.db;
    const staff = await t.login('lab.admin');
    const tag = `Zq${Date.now().toString(36)}`;
    const search = async (name: string) =>
      (
        await t.call('GET', `/api/v1/petowner/searchpetowners?name=${encodeURIComponent(name)}&pageSize=100`, {
          token: staff,
        })
      ).body as { totalRecords: number; data: { userName: string }[] };
    const a = await makePetOwner(db, { groupId: other.property.id });
    const b = await makePetOwner(db);
    await db.update(users).set({ firstName: tag, lastName: 'Ames' }).where(eq(users.id, a.id));
    await db
      .update(users)
      .set({ firstName: 'Bo', lastName: `${tag}-Bell` })
      .where(eq(users.id, b.id));
    const both = await search(tag.toUpperCase());
    expect(both.totalRecords).toBe(2);
    expect(both.data.map((r) => r.userName).sort()).toEqual([a.userName, b.userName].sort());
    expect((await search(`${tag.toLowerCase()} ames`)).totalRecords).toBe(1);
    // A name with LIKE's wildcards matches itself only.
    expect((await search(`${tag}%`)).totalRecords).toBe(0);
    await db.update(users).set({ roleId: 7 }).where(eq(users.id, b.id));
    expect(await search(tag)).toMatchObject({ totalRecords: 1, data: [{ userName: a.userName }] });
    await db.update(users).set({ roleId: 3 }).where(eq(users.id, b.id));
    expect((await search(tag)).totalRecords).toBe(2);
    await db.update(users).set({ lastName: 'Renamed' }).where(eq(users.id, b.id));
    expect((await search(tag)).totalRecords).toBe(1);
    await db.delete(users).where(eq(users.id, a.id));
    expect((await search(tag)).totalRecords).toBe(0);
  });
});

describe('edit and the security question', () => {
  test('an admin edits the owner; the answer is stored encrypted, shown on request and audited', async () => {
    const owner = await makePetOwner(t.database.db, { groupId: oakRidge });
    const token = await t.login('property.manager');
    const saved = await t.call('PUT', `/api/v1/petowner/${owner.id}`, {
      token,
      body: {
        firstName: 'Sam',
        lastName: 'Rivera',
        email: `sam.${owner.id}@test.example`,
        phoneNumber: '555-0101',
        adminNotes: 'Prefers mail',
        securityQuestion: 'First pet?',
        securityQuestionAnswer: 'Rex',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ fullName: 'Sam Rivera', phoneNumber: '555-0101', adminNotes: 'Prefers mail' });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(stored.securityQuestionAnswer).not.toContain('Rex');
    const answer = await t.call('GET', `/api/v1/petowner/${owner.id}/securityquestion`, { token });
    expect(answer.body).toEqual({ securityQuestion: 'First pet?', securityQuestionAnswer: 'Rex' });
    expect((await auditOf('PetOwner', owner.id)).map((entry) => entry.actionType)).toEqual([
      'Update',
      'SecurityAnswerViewed',
    ]);
  });

  test('edit refuses a missing first name and another owner’s email; maintenance and owners may not edit', async () => {
    const owner = await makePetOwner(t.database.db, { groupId: oakRidge });
    const token = await t.login('property.manager');
    const blank = await t.call('PUT', `/api/v1/petowner/${owner.id}`, {
      token,
      body: { firstName: ' ', lastName: 'X' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.modelState.firstName).toEqual(['The First Name field is required.']);
    const taken = await t.call('PUT', `/api/v1/petowner/${owner.id}`, {
      token,
      body: { firstName: 'A', lastName: 'B', email: 'pet.owner@mail.example' },
    });
    expect(taken.body.modelState.email).toEqual(["Email 'pet.owner@mail.example' is already assigned to a Pet Owner."]);
    const body = { firstName: 'A', lastName: 'B' };
    for (const who of ['property.maintenance', 'pet.owner'])
      expect((await t.call('PUT', `/api/v1/petowner/${owner.id}`, { token: await t.login(who), body })).status).toBe(
        403,
      );
    const far = await makePetOwner(t.database.db, { groupId: other.property.id });
    expect((await t.call('PUT', `/api/v1/petowner/${far.id}`, { token, body })).status).toBe(404);
  });
});

describe('activate, deactivate and delete', () => {
  test('deactivation removes the owner from every group, blocks sign-in and ends their sessions', async () => {
    const owner = await makePetOwner(t.database.db, { groupId: oakRidge });
    const ownerToken = await t.login(owner.userName);
    expect((await t.call('GET', '/api/v1/account/userinfo', { token: ownerToken })).status).toBe(200);
    const manager = await t.login('property.manager');
    const done = await t.call('PUT', `/api/v1/petowner/deactivate/${owner.id}`, { token: manager });
    expect(done.body).toEqual({ message: 'Pet Owner deactivated successfully.' });
    expect((await t.call('GET', '/api/v1/account/userinfo', { token: ownerToken })).status).toBe(401);
    await expect(t.login(owner.userName)).rejects.toThrow(/failed/);
    // Still the manager's to see and to activate again: the owner was last in their property.
    const view = await t.call('GET', `/api/v1/petowner/${owner.id}`, { token: manager });
    expect(view.body).toMatchObject({ isActive: false, groups: [] });
    const history = await t.call('GET', `/api/v1/petowner/getgrouphistoryforpetowner/${owner.id}`, { token: manager });
    expect(history.body).toMatchObject([{ name: 'Oak Ridge Apartments', isMovedOut: true }]);
    const activated = await t.call('PUT', `/api/v1/petowner/activate/${owner.id}`, { token: manager });
    expect(activated.body).toEqual({ message: 'Pet Owner activated successfully.' });
    // Signing in again works, and the session answers.
    const tokenAfterActivation = await t.login(owner.userName);
    expect((await t.call('GET', '/api/v1/account/userinfo', { token: tokenAfterActivation })).status).toBe(200);
    expect((await auditOf('PetOwner', owner.id)).map((entry) => entry.actionType)).toEqual(['Deactivate', 'Activate']);
  });

  test('delete is refused while pets remain, then removes the owner', async () => {
    const owner = await makePetOwner(t.database.db, { groupId: oakRidge });
    const [pet] = await t.database.db.insert(pets).values({ petOwnerId: owner.id, name: 'Rex' }).returning();
    const token = await t.login('property.manager');
    const refused = await t.call('DELETE', `/api/v1/petowner/${owner.id}`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.exceptionMessage).toBe('Pets under pet owner must be removed before proceeding.');
    await t.database.db.delete(pets).where(eq(pets.id, pet.id));
    const deleted = await t.call('DELETE', `/api/v1/petowner/${owner.id}`, { token });
    expect(deleted.body).toEqual({ message: 'Pet Owner deleted successfully.' });
    expect((await t.call('GET', `/api/v1/petowner/${owner.id}`, { token })).status).toBe(404);
    expect((await auditOf('PetOwner', owner.id)).map((entry) => entry.actionType)).toEqual(['Delete']);
  });

  test('another property’s owner cannot be deactivated or deleted (404); a pet owner may not (403)', async () => {
    const far = await makePetOwner(t.database.db, { groupId: other.property.id });
    const manager = await t.login('property.manager');
    expect((await t.call('PUT', `/api/v1/petowner/deactivate/${far.id}`, { token: manager })).status).toBe(404);
    expect((await t.call('DELETE', `/api/v1/petowner/${far.id}`, { token: manager })).status).toBe(404);
    const owner = await userByName(t.database.db, 'pet.owner');
    const self = await t.call('PUT', `/api/v1/petowner/deactivate/${owner.id}`, { token: await t.login('pet.owner') });
    expect(self.status).toBe(403);
  });

  test('their admin signs in as the owner (audited) and resets the password by mail', async () => {
    const owner = await makePetOwner(t.database.db, { groupId: oakRidge });
    const token = await t.login('property.manager');
    const signIn = await t.call('POST', `/api/v1/account/signinasanotheruser/${owner.id}`, { token });
    expect(signIn.body.userName).toBe(owner.userName);
    const me = await t.call('GET', '/api/v1/account/userinfo', { token: signIn.body.access_token });
    expect(me.body).toMatchObject({ userName: owner.userName, petOwnerId: owner.id });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actionType, 'SignInAsAnotherUser'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry.after).toMatchObject({ userId: owner.id, byUserName: 'property.manager' });
    const reset = await t.call('POST', '/api/v1/account/resetpetownerpassword', {
      token,
      body: { petOwnerId: owner.id },
    });
    expect(reset.status).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(owner.email!));
    expect(mail.text).toContain(owner.userName);
  });
});

describe('unassigned pet owners', () => {
  test('owners in no group, as far as the caller reaches', async () => {
    const left = await makePetOwner(t.database.db, { groupId: oakRidge });
    const nowhere = await makePetOwner(t.database.db);
    const manager = await t.login('property.manager');
    await t.call('DELETE', `/api/v1/petownergroups/${oakRidge}/petowners/${left.id}`, { token: manager });
    const mine = await t.call('GET', '/api/v1/petowner/getunassignedpetowners?pageSize=100', { token: manager });
    const names = mine.body.data.map((row: { userName: string }) => row.userName);
    expect(names).toContain(left.userName);
    expect(names).not.toContain(nowhere.userName);
    expect(mine.body.data.find((row: { id: number }) => row.id === left.id)).toMatchObject({
      lastGroupName: 'Oak Ridge Apartments',
    });
    const staff = await t.call('GET', '/api/v1/petowner/getunassignedpetowners?pageSize=100', {
      token: await t.login('lab.admin'),
    });
    expect(staff.body.data.map((row: { userName: string }) => row.userName)).toEqual(
      expect.arrayContaining([left.userName, nowhere.userName]),
    );
    const other = await t.call('GET', '/api/v1/petowner/getunassignedpetowners?pageSize=100', {
      token: await t.login('distributor'),
    });
    expect(other.status).toBe(200);
    expect(
      (await t.call('GET', '/api/v1/petowner/getunassignedpetowners', { token: await t.login('pet.owner') })).status,
    ).toBe(403);
  });
});

describe('add pets', () => {
  test('the owner’s admin adds dogs; a used sample number is refused naming the field; maintenance may not', async () => {
    const owner = await makePetOwner(t.database.db, { groupId: oakRidge });
    const token = await t.login('property.manager');
    const sample = `DN${String(owner.id + 5_000_000).padStart(7, '0')}`;
    const added = await t.call('POST', '/api/v1/petowner/pets', {
      token,
      body: { petOwnerId: owner.id, pets: [{ name: 'Rex', sampleNumber: sample.toLowerCase() }, { name: 'Lady' }] },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      message: 'New dog(s) created successfully.',
      pets: [
        { name: 'Rex', sampleNumber: sample },
        { name: 'Lady', sampleNumber: null },
      ],
    });
    const again = await t.call('POST', '/api/v1/petowner/pets', {
      token,
      body: { petOwnerId: owner.id, pets: [{ name: 'Copy', sampleNumber: sample }] },
    });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.modelState)).toEqual(['pets[0].sampleNumber']);
    const maintenance = await t.call('POST', '/api/v1/petowner/pets', {
      token: await t.login('property.maintenance'),
      body: { petOwnerId: owner.id, pets: [{ name: 'Nope' }] },
    });
    expect(maintenance.status).toBe(403);
    const far = await makePetOwner(t.database.db, { groupId: other.property.id });
    const foreign = await t.call('POST', '/api/v1/petowner/pets', {
      token,
      body: { petOwnerId: far.id, pets: [{ name: 'Far' }] },
    });
    expect(foreign.status).toBe(404);
    const empty = await t.call('POST', '/api/v1/petowner/pets', { token, body: { petOwnerId: owner.id, pets: [] } });
    expect(empty.status).toBe(400);
  });
});
