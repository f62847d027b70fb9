// Universal search against the real API: ranked hits of every kind, part of a name, exact sample numbers, address
// fields, scope (another group's admin finds nothing of ours), and refusals.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SEARCH_MESSAGES, type Address } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeOtherDistributorship, makePetOwner, makeWasteSample } from '../../../test/factories.ts';
import { groups, pets, preRegisteredResidents } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { queryWords } from './search.service.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof makeOtherDistributorship>>;
let petId: number;
let ownerId: number;
let wasteNumber: string;
beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  fx = await makeOtherDistributorship(db);
  const owner = await makePetOwner(db, { groupId: fx.property.id, email: 'quillon.farrow@mail.example' });
  ownerId = owner.id;
  const [pet] = await db
    .insert(pets)
    .values({ petOwnerId: owner.id, name: 'Biscuitwhisker Junior', sampleNumber: 'DN0888001' })
    .returning();
  petId = pet.id;
  await db
    .insert(preRegisteredResidents)
    .values({ groupId: fx.property.id, firstName: 'Zephyrine', lastName: 'Okafor' });
  await db
    .update(groups)
    .set({
      propertyAddress: {
        addressLine1: '12 Quarry Lane',
        addressLine2: null,
        addressLine3: null,
        city: 'Marbleton',
        stateId: null,
        postalCode: '77001',
        countryId: 'US',
      } satisfies Address,
    })
    .where(eq(groups.id, fx.property.id));
  wasteNumber = (await makeWasteSample(db, fx.property.id)).sampleNumber;
});
afterAll(async () => {
  await t?.close();
});

const search = async (user: string | null, query: string) =>
  t.call('GET', `/api/v1/universalsearch?${query}`, user ? { token: await t.login(user) } : {});

describe('universal search', () => {
  test('finds a dog by part of its name (a word prefix), linking to its owner page', async () => {
    const res = await search('lab.admin', 'query=biscuit');
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual(
      expect.objectContaining({
        model: 'Pet',
        id: petId,
        title: 'Biscuitwhisker Junior',
        link: `/petowner/${ownerId}/DN0888001`,
      }),
    );
  });

  test('pet owners by email, residents by name, groups by name and address, samples by number', async () => {
    expect((await search('lab.admin', 'query=quillon.farrow@mail.example')).body.data).toContainEqual(
      expect.objectContaining({ model: 'PetOwner', id: ownerId }),
    );
    expect((await search('lab.admin', 'query=zephyr')).body.data).toContainEqual(
      expect.objectContaining({ model: 'Resident', title: 'Zephyrine Okafor' }),
    );
    expect((await search('lab.admin', 'query=marbleton')).body.data).toContainEqual(
      expect.objectContaining({ model: 'Group', id: fx.property.id, link: `/group/${fx.property.id}/dashboard` }),
    );
    const byNumber = await search('lab.admin', `query=${wasteNumber.toLowerCase()}`);
    expect(byNumber.body.data).toEqual([expect.objectContaining({ model: 'WasteSample', title: wasteNumber })]);
    expect((await search('lab.admin', 'query=DN0888001')).body.data).toEqual([
      expect.objectContaining({ model: 'Pet', id: petId }),
    ]);
    const advanced = await search('lab.admin', 'streetAddress=quarry&city=marble');
    expect(advanced.body.data).toEqual([expect.objectContaining({ model: 'Group', id: fx.property.id })]);
    const onlyPets = await search('lab.admin', 'query=biscuit&model=Group');
    expect(onlyPets.body.totalRecords).toBe(0);
  });

  test('scope: the property manager finds their own; another distributor finds nothing of it', async () => {
    const own = await t.call('GET', '/api/v1/universalsearch?query=biscuit', {
      token: await t.login(fx.propertyManager.userName),
    });
    expect(own.body.data.map((h: { id: number }) => h.id)).toContain(petId);
    // The demo's own Biscuit is the distributor's; nothing of the other distributorship is.
    const theirs = (await search('distributor', 'query=biscuit')).body.data as { model: string; id: number }[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.map((h) => h.id)).not.toContain(petId);
    for (const query of ['query=zephyr', `query=${wasteNumber}`, 'query=marbleton', 'query=quillon'])
      expect([query, (await search('distributor', query)).body]).toEqual([query, { data: [], totalRecords: 0 }]);
  });

  test('refusals and bad input', async () => {
    expect((await search(null, 'query=biscuit')).status).toBe(401);
    expect((await search('pet.owner', 'query=biscuit')).status).toBe(403);
    const short = await search('lab.admin', 'query=bi');
    expect(short.status).toBe(400);
    expect(short.body.modelState.query).toEqual([SEARCH_MESSAGES.tooShort]);
    expect((await search('lab.admin', '')).status).toBe(400);
    expect((await search('lab.admin', 'query=biscuit&pageSize=301')).status).toBe(400);
    expect((await search('lab.admin', `query=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await search('lab.admin', 'query=biscuit&model=Nope')).status).toBe(400);
    // Text search operators in the query are words, not syntax.
    expect((await search('lab.admin', "query=o'brien%20%26%20!x%20%7C")).status).toBe(200);
  });

  test('the query becomes words', () => {
    expect(queryWords("Rex O'Brien")).toEqual(['rex', "o'brien"]);
    expect(queryWords(' & | ! ')).toEqual([]);
  });
});
