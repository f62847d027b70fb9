// Spec 1 §3's universal search filters against the real API: each filter narrows the hits, filters alone make a
// search, bad values are refused naming the field, and the caller's scope still applies.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GroupTypes } from '@registry/contracts';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeGroup, makeOtherDistributorship, makePetOwner, makeWasteSample } from '../../../test/factories.ts';
import { groups, pets, preRegisteredResidents, users } from '../../db/schema/index.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof makeOtherDistributorship>>;
let foxgloveId: number;
const owner = { quimbleworth: 0, brindlecombe: 0, foxglove: 0 };
const pet = { rover: 0, bell: 0, cole: 0, dale: 0 };
let residentId: number;
let wasteNumber: string;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  fx = await makeOtherDistributorship(db);
  await db.update(groups).set({ name: 'Juniperhollow Court' }).where(eq(groups.id, fx.property.id));
  const foxglove = await makeGroup(db, {
    parentId: fx.distributorship.id,
    groupType: GroupTypes.Property,
    name: 'Foxglove Row',
  });
  foxgloveId = foxglove.id;
  const makeOwner = async (groupId: number, lastName: string, email: string) => {
    const row = await makePetOwner(db, { groupId, email });
    await db.update(users).set({ firstName: 'Thaddeus', lastName }).where(eq(users.id, row.id));
    return row.id;
  };
  owner.quimbleworth = await makeOwner(fx.property.id, 'Quimbleworth', 'thaddeus.q@mail.example');
  owner.brindlecombe = await makeOwner(fx.property.id, 'Brindlecombe', 'brindle_50%@mail.example');
  owner.foxglove = await makeOwner(foxgloveId, 'Quimbleworth-Fox', 'fox@mail.example');
  // The owner's unit number is the one given as a resident (their RES sign-in became the owner's account).
  const [resident] = await db
    .insert(preRegisteredResidents)
    .values({
      groupId: fx.property.id,
      userId: owner.quimbleworth,
      firstName: 'Thaddeus',
      lastName: 'Quimbleworth',
      unitNumber: '4B',
    })
    .returning();
  residentId = resident.id;
  const makePet = async (petOwnerId: number, name: string, sampleNumber: string, flags = {}) =>
    (
      await db
        .insert(pets)
        .values({ petOwnerId, name, sampleNumber, ...flags })
        .returning()
    )[0].id;
  pet.rover = await makePet(owner.quimbleworth, 'Marzipan Rover', 'DN0923001', {
    isParentage: true,
    isPooPrints: false,
  });
  pet.bell = await makePet(owner.quimbleworth, 'Marzipan Bell', 'DN0923002');
  pet.cole = await makePet(owner.brindlecombe, 'Marzipan Cole', 'DN0923003');
  pet.dale = await makePet(owner.foxglove, 'Marzipan Dale', 'DN0923004');
  wasteNumber = (await makeWasteSample(db, fx.property.id)).sampleNumber;
});
afterAll(async () => {
  await t?.close();
});

type Hit = { model: string; id: number };
const search = async (query: string, user = 'lab.admin') =>
  t.call('GET', `/api/v1/universalsearch?${query}`, { token: await t.login(user) });
/** The hits as sorted 'Model:id' strings, so a test states the exact set. */
const hits = async (query: string, user?: string) => {
  const res = await search(query, user);
  expect([query, res.status]).toEqual([query, 200]);
  return (res.body.data as Hit[]).map((h) => `${h.model}:${h.id}`).sort();
};
const set = (...items: string[]) => items.sort();

describe('universal search filters', () => {
  test('dog name alone is a search: only dogs, by part of the name, any case', async () => {
    expect(await hits('dogName=ZIPAN')).toEqual(
      set(`Pet:${pet.rover}`, `Pet:${pet.bell}`, `Pet:${pet.cole}`, `Pet:${pet.dale}`),
    );
    expect(await hits('dogName=zipan%20r')).toEqual([`Pet:${pet.rover}`]);
    // With a query too, both must match.
    expect(await hits('query=marzipan&dogName=bell')).toEqual([`Pet:${pet.bell}`]);
  });

  test('dog sample number (exact, any case) and the product flags', async () => {
    expect(await hits('dogSampleNumber=dn0923002')).toEqual([`Pet:${pet.bell}`]);
    expect(await hits('dogSampleNumber=DN092300')).toEqual([]);
    expect(await hits('dogName=marzipan&dogIsParentage=true')).toEqual([`Pet:${pet.rover}`]);
    expect(await hits('dogName=marzipan&dogIsPooPrints=false')).toEqual([`Pet:${pet.rover}`]);
    expect(await hits('dogName=marzipan&dogIsPooPrints=true')).toEqual(
      set(`Pet:${pet.bell}`, `Pet:${pet.cole}`, `Pet:${pet.dale}`),
    );
    expect(await hits('dogName=marzipan&dogIsParentage=false&dogIsPooPrints=true')).toEqual(
      set(`Pet:${pet.bell}`, `Pet:${pet.cole}`, `Pet:${pet.dale}`),
    );
  });

  test('owner name, email and unit number: the owners and their dogs', async () => {
    expect(await hits('dogOwnerLastName=quimbleworth')).toEqual(
      set(
        `PetOwner:${owner.quimbleworth}`,
        `PetOwner:${owner.foxglove}`,
        `Pet:${pet.rover}`,
        `Pet:${pet.bell}`,
        `Pet:${pet.dale}`,
      ),
    );
    // LIKE wildcards in the filter are plain characters.
    expect(await hits('dogOwnerEmail=brindle_50%25')).toEqual(set(`PetOwner:${owner.brindlecombe}`, `Pet:${pet.cole}`));
    expect(await hits('dogOwnerEmail=brindle%2550')).toEqual([]);
    expect(await hits('dogOwnerUnitNumber=4b')).toEqual(
      set(`PetOwner:${owner.quimbleworth}`, `Pet:${pet.rover}`, `Pet:${pet.bell}`),
    );
    expect(await hits('dogOwnerFirstName=thaddeus&dogOwnerLastName=brindle')).toEqual(
      set(`PetOwner:${owner.brindlecombe}`, `Pet:${pet.cole}`),
    );
    // A dog filter with an owner filter: only dogs, both matching.
    expect(await hits('dogOwnerFirstName=thaddeus&dogIsParentage=true')).toEqual([`Pet:${pet.rover}`]);
  });

  test('property name: the property, its residents, its current members and their dogs, its samples', async () => {
    expect(await hits('propertyName=juniperhollow')).toEqual(
      set(
        `Group:${fx.property.id}`,
        `Resident:${residentId}`,
        `PetOwner:${owner.quimbleworth}`,
        `PetOwner:${owner.brindlecombe}`,
        `Pet:${pet.rover}`,
        `Pet:${pet.bell}`,
        `Pet:${pet.cole}`,
      ),
    );
    expect(await hits('dogOwnerFirstName=thaddeus&propertyName=foxglove')).toEqual(
      set(`PetOwner:${owner.foxglove}`, `Pet:${pet.dale}`),
    );
    expect(await hits('query=marzipan&propertyName=foxglove')).toEqual([`Pet:${pet.dale}`]);
    expect((await hits(`query=${wasteNumber}&propertyName=juniper`)).filter((h) => h.startsWith('Waste'))).toHaveLength(
      1,
    );
    expect(await hits(`query=${wasteNumber}&propertyName=foxglove`)).toEqual([]);
    // The distributorship is not a property: its name matches no property.
    expect(await hits(`propertyName=${encodeURIComponent(fx.distributorship.name)}`)).toEqual([]);
  });

  test('bad values are refused naming the field', async () => {
    const long = await search(`dogName=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.modelState)).toContain('dogName');
    const tooLongUnit = await search(`dogOwnerUnitNumber=${'1'.repeat(31)}`);
    expect(tooLongUnit.status).toBe(400);
    expect(Object.keys(tooLongUnit.body.modelState)).toContain('dogOwnerUnitNumber');
    const flag = await search('dogName=marzipan&dogIsPooPrints=maybe');
    expect(flag.status).toBe(400);
    expect(Object.keys(flag.body.modelState)).toContain('dogIsPooPrints');
    // A blank filter is no filter: the query rule applies again.
    expect((await search('dogName=%20%20')).status).toBe(400);
  });

  test('scope: the property manager sees their own; another distributor finds nothing of it', async () => {
    expect(await hits('dogName=marzipan', fx.propertyManager.userName)).toEqual(
      set(`Pet:${pet.rover}`, `Pet:${pet.bell}`, `Pet:${pet.cole}`),
    );
    for (const query of [
      'dogName=marzipan',
      'propertyName=juniperhollow',
      'dogOwnerLastName=quimbleworth',
      'dogOwnerUnitNumber=4b',
      'dogSampleNumber=DN0923001',
    ])
      expect(await hits(query, 'distributor')).toEqual([]);
  });
});
