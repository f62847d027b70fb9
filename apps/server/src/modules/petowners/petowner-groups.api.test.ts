// A pet owner's groups: add, move out (with or without mail), remove from all, history entries, the group's owner and
// move-out lists, a new owner created in a group, and the registration agreement PDF.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { GroupTypes } from '@registry/contracts';
import { petOwnerGroups, pets } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeGroup, makeOtherDistributorship, makePetOwner, userByName } from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdf-reader.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
let oakRidge: number;
let mapleCourt: number;
let manager: string;
beforeAll(async () => {
  t = await startTestApp();
  other = await makeOtherDistributorship(t.database.db);
  oakRidge = (await groupByName(t.database.db, 'Oak Ridge Apartments')).id;
  mapleCourt = (await groupByName(t.database.db, 'Maple Court')).id;
  manager = await t.login('property.manager');
});
afterAll(async () => {
  await t?.close();
});

describe('membership', () => {
  test('move out keeps the history, lists the owner under move-outs and mails when asked', async () => {
    const owner = await makePetOwner(t.database.db, { groupId: oakRidge });
    const members = await t.call('GET', `/api/v1/petownergroups/${oakRidge}/petowners?pageSize=100`, {
      token: manager,
    });
    expect(members.body.data.map((row: { id: number }) => row.id)).toContain(owner.id);
    const moved = await t.call(
      'DELETE',
      `/api/v1/petownergroups/${oakRidge}/petowners/${owner.id}?sendMoveOutEmail=true`,
      {
        token: manager,
      },
    );
    expect(moved.body).toEqual({ message: "Removed from 'Oak Ridge Apartments' successfully." });
    const mail = await t.smtp.waitFor((m) => m.to.includes(owner.email!));
    expect(mail.text).toContain('no longer registered at Oak Ridge Apartments');
    const moveOuts = await t.call('GET', `/api/v1/petownergroups/${oakRidge}/moveouts`, { token: manager });
    expect(moveOuts.body.data[0]).toMatchObject({ id: owner.id, groupName: 'Oak Ridge Apartments' });
    expect(Date.now() - Date.parse(moveOuts.body.data[0].dateMoveOut)).toBeLessThan(5 * 60_000);
    const again = await t.call('DELETE', `/api/v1/petownergroups/${oakRidge}/petowners/${owner.id}`, {
      token: manager,
    });
    expect(again.status).toBe(404);
  });

  test('move-outs are sorted by move-out date, newest first, by default', async () => {
    const first = await makePetOwner(t.database.db, { groupId: oakRidge });
    const second = await makePetOwner(t.database.db, { groupId: oakRidge });
    await t.call('DELETE', `/api/v1/petownergroups/${oakRidge}/petowners/${first.id}`, { token: manager });
    await t.call('DELETE', `/api/v1/petownergroups/${oakRidge}/petowners/${second.id}`, { token: manager });
    const list = await t.call('GET', `/api/v1/petownergroups/${oakRidge}/moveouts?pageSize=2`, { token: manager });
    expect(list.body.data.map((row: { id: number }) => row.id)).toEqual([second.id, first.id]);
    const oldest = await t.call(
      'GET',
      `/api/v1/petownergroups/${oakRidge}/moveouts?orderBy=dateMoveOut&ascending=true`,
      {
        token: manager,
      },
    );
    expect(oldest.body.data.at(-1).id).toBe(second.id);
  });

  test('add to a group, remove from all, then delete a past history entry', async () => {
    const owner = await makePetOwner(t.database.db, { groupId: oakRidge });
    const staff = await t.login('lab.admin');
    const added = await t.call('PUT', `/api/v1/petownergroups/${mapleCourt}/petowners/${owner.id}`, { token: staff });
    expect(added.body).toEqual({ message: "Added to 'Maple Court' successfully." });
    const twice = await t.call('PUT', `/api/v1/petownergroups/${mapleCourt}/petowners/${owner.id}`, { token: staff });
    expect(twice.body.exceptionMessage).toBe('This pet owner already belongs to that group.');
    const view = await t.call('GET', `/api/v1/petowner/${owner.id}`, { token: staff });
    expect(view.body.groups.map((group: { name: string }) => group.name)).toEqual([
      'Oak Ridge Apartments',
      'Maple Court',
    ]);

    // The property manager removes the owner from all of *their* groups: Maple Court is not theirs.
    const all = await t.call('POST', `/api/v1/petowner/removefromallgroups/${owner.id}`, { token: manager });
    expect(all.body).toEqual({ message: 'Removed from all groups successfully.' });
    expect((await t.call('POST', `/api/v1/petowner/removefromallgroups/${owner.id}`, { token: manager })).status).toBe(
      404,
    );
    const history = await t.call('GET', `/api/v1/petowner/getgrouphistoryforpetowner/${owner.id}`, { token: staff });
    expect(history.body.map((entry: { name: string; isMovedOut: boolean }) => [entry.name, entry.isMovedOut])).toEqual([
      ['Maple Court', false],
      ['Oak Ridge Apartments', true],
    ]);
    const current = history.body[0].historyId;
    const past = history.body[1].historyId;
    const refused = await t.call('DELETE', `/api/v1/petowner/deletepetownergrouphistoryentry/${current}`, {
      token: staff,
    });
    expect(refused.body.exceptionMessage).toBe(
      'Remove the pet owner from the group before deleting this history entry.',
    );
    // The owner now lives at Maple Court: Oak Ridge's manager no longer reaches them, nor their entries.
    expect(
      (await t.call('DELETE', `/api/v1/petowner/deletepetownergrouphistoryentry/${past}`, { token: manager })).status,
    ).toBe(404);
    const removed = await t.call('DELETE', `/api/v1/petowner/deletepetownergrouphistoryentry/${past}`, {
      token: staff,
    });
    expect(removed.body).toEqual({ message: 'Removed history entry successfully.' });
    const left = await t.database.db.select().from(petOwnerGroups).where(eq(petOwnerGroups.petOwnerId, owner.id));
    expect(left).toHaveLength(1);
  });

  test('owners join properties and parentage groups only; foreign groups and owners answer 404', async () => {
    const owner = await makePetOwner(t.database.db, { groupId: oakRidge });
    const staff = await t.login('lab.admin');
    const root = await groupByName(t.database.db, 'PetDNA Registry');
    const wrong = await t.call('PUT', `/api/v1/petownergroups/${root.id}/petowners/${owner.id}`, { token: staff });
    expect(wrong.body.exceptionMessage).toBe('Pet owners belong to properties and parentage groups only.');
    const far = await makePetOwner(t.database.db, { groupId: other.property.id });
    for (const [method, url] of [
      ['GET', `/api/v1/petownergroups/${other.property.id}/petowners`],
      ['GET', `/api/v1/petownergroups/${other.property.id}/moveouts`],
      ['PUT', `/api/v1/petownergroups/${other.property.id}/petowners/${owner.id}`],
      ['PUT', `/api/v1/petownergroups/${oakRidge}/petowners/${far.id}`],
      ['DELETE', `/api/v1/petownergroups/${other.property.id}/petowners/${far.id}`],
      ['POST', `/api/v1/petowner/removefromallgroups/${far.id}`],
      ['GET', `/api/v1/petowner/getgrouphistoryforpetowner/${far.id}`],
    ] as const)
      expect((await t.call(method, url, { token: manager })).status, `${method} ${url}`).toBe(404);
    const maintenance = await t.login('property.maintenance');
    expect((await t.call('GET', `/api/v1/petownergroups/${oakRidge}/petowners`, { token: maintenance })).status).toBe(
      403,
    );
  });

  test('the group list covers subgroups, filters by name and pages', async () => {
    const distributorship = await groupByName(t.database.db, 'Sunbelt Pet Services');
    const property = await makeGroup(t.database.db, { parentId: distributorship.id, groupType: GroupTypes.Property });
    const owner = await makePetOwner(t.database.db, { groupId: property.id });
    const token = await t.login('distributor');
    const list = await t.call('GET', `/api/v1/petownergroups/${distributorship.id}/petowners?name=${owner.userName}`, {
      token,
    });
    expect(list.body).toMatchObject({
      totalRecords: 1,
      data: [{ id: owner.id, groupName: property.name, petCount: 0 }],
    });
    const bad = await t.call('GET', `/api/v1/petownergroups/${distributorship.id}/petowners?pageSize=0`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.modelState).toHaveProperty('pageSize');
  });
});

describe('a new pet owner in a group', () => {
  test('gets a user name from their name and a welcome mail; an owner’s email is refused', async () => {
    const created = await t.call('POST', `/api/v1/petownergroups/${oakRidge}/petowners`, {
      token: manager,
      body: { firstName: 'Jordan', lastName: 'Blake', email: 'jordan.b2@test.example' },
    });
    expect(created.status).toBe(200);
    expect(created.body.userName).toMatch(/^jordan\.blake\d*$/);
    const mail = await t.smtp.waitFor((m) => m.to.includes('jordan.b2@test.example'));
    expect(mail.text).toContain(created.body.userName);
    const members = await t.call('GET', `/api/v1/petownergroups/${oakRidge}/petowners?name=Jordan&pageSize=100`, {
      token: manager,
    });
    expect(members.body.data.map((row: { id: number }) => row.id)).toContain(created.body.id);
    const taken = await t.call('POST', `/api/v1/petownergroups/${oakRidge}/petowners`, {
      token: manager,
      body: { firstName: 'Other', lastName: 'Person', email: 'pet.owner@mail.example' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.modelState.email).toEqual(["Email 'pet.owner@mail.example' is already assigned to a Pet Owner."]);
    const maintenance = await t.call('POST', `/api/v1/petownergroups/${oakRidge}/petowners`, {
      token: await t.login('property.maintenance'),
      body: { firstName: 'Not', lastName: 'Allowed' },
    });
    expect(maintenance.status).toBe(403);
  });
});

describe('the dog registration agreement', () => {
  const agreement = async (token: string, petOwnerId: number, groupId: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/pdfdownload/getdogregistrationagreement?petOwnerId=${petOwnerId}&groupId=${groupId}`,
      headers: { authorization: `Bearer ${token}` },
    });

  test('a real PDF naming the owner, the dogs, the group and the agreed policy version', async () => {
    const owner = await userByName(t.database.db, 'pet.owner');
    const response = await agreement(await t.login('pet.owner'), owner.id, oakRidge);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Dog Registration Agreement',
      'Property: Oak Ridge Apartments',
      'Name: Jordan Blake',
      'User name: pet.owner',
      'Dog Owner Policy, version 1, agreed',
    ])
      expect(text).toContain(expected);
    // The dogs' table: name and sample number in aligned columns.
    expect(text).toMatch(/^Biscuit DN\d+/m);
    expect(text).toMatch(/^Pepper DN\d+/m);
  });

  test('without an agreement on record it prints the current policy and says so; others’ owners 404', async () => {
    const owner = await makePetOwner(t.database.db, { groupId: oakRidge });
    await t.database.db
      .insert(pets)
      .values({ petOwnerId: owner.id, name: 'Rex', sampleNumber: `DN${owner.id + 7000000}` });
    const response = await agreement(manager, owner.id, oakRidge);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Dog Owner Policy, version 1 (current version; no agreement on record)');
    expect(text).toMatch(/^Rex DN\d+/m);
    const far = await makePetOwner(t.database.db, { groupId: other.property.id });
    expect((await agreement(manager, far.id, other.property.id)).statusCode).toBe(404);
    expect((await agreement(manager, owner.id, mapleCourt)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pdfdownload/getdogregistrationagreement?petOwnerId=abc&groupId=1`,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(bad.statusCode).toBe(400);
  });
});
