// Universal search over people's words (people_search_terms, migration 0029) against the real API: the words follow
// every write of a pet owner or resident (one row or many in a statement), and hits come in one order, whole words
// first, then dogs, groups and people, then by title, whether the people are read from their words alone or narrowed
// by a filter that reads their rows.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { UserRole } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeOtherDistributorship, makePetOwner } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { groups, pets, preRegisteredResidents, users } from '../../db/schema/index.ts';

let t: TestApp;
let fx: Awaited<ReturnType<typeof makeOtherDistributorship>>;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  fx = await makeOtherDistributorship(t.database.db);
  token = await t.login('lab.admin');
});
afterAll(async () => {
  await t?.close();
});

type Hit = { model: string; id: number; title: string; subtitle: string | null; link: string; rank: number };
const search = async (query: string): Promise<{ data: Hit[]; totalRecords: number }> => {
  const res = await t.call('GET', `/api/v1/universalsearch?${query}`, { token });
  expect(res.status).toBe(200);
  return res.body;
};
const people = (hits: Hit[]) => hits.filter((h) => h.model === 'PetOwner' || h.model === 'Resident');
const termsOf = async (kind: number, id: number) =>
  (
    await queryRows<{ term: string }>(
      t.database.db,
      sql`select term from people_search_terms where kind = ${kind} and entity_id = ${id} order by term`,
    )
  ).map((row) => row.term);

async function makeOwner(firstName: string, lastName: string) {
  const owner = await makePetOwner(t.database.db, { groupId: fx.property.id });
  await t.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, owner.id));
  return owner.id;
}

describe('people words', () => {
  test('a pet owner is found by their words as their account changes, and not once it is gone', async () => {
    const db = t.database.db;
    const id = await makeOwner('Ottoline', 'Vexbridge');
    expect((await search('query=vexbri')).data).toEqual([
      expect.objectContaining({ model: 'PetOwner', id, title: 'Ottoline Vexbridge', link: `/petowner/${id}` }),
    ]);
    await db.update(users).set({ lastName: 'Quarrendon', phoneNumber: '(512) 555-0199' }).where(eq(users.id, id));
    expect((await search('query=vexbridge')).totalRecords).toBe(0);
    expect((await search('query=quarrendon')).data).toEqual([
      expect.objectContaining({ model: 'PetOwner', id, title: 'Ottoline Quarrendon' }),
    ]);
    expect(await termsOf(1, id)).toEqual(expect.arrayContaining(['ottoline', 'quarrendon', '512', '555', '-0199']));
    // A write that leaves the words alone (a sign-in) keeps them.
    await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, id));
    expect((await search('query=quarrendon')).totalRecords).toBe(1);
    // Only pet owners are searched: another role loses the words, and becoming a pet owner again brings them back.
    await db.update(users).set({ roleId: UserRole.PropertyManager }).where(eq(users.id, id));
    expect(await termsOf(1, id)).toEqual([]);
    expect((await search('query=quarrendon')).totalRecords).toBe(0);
    await db.update(users).set({ roleId: UserRole.PetOwner }).where(eq(users.id, id));
    expect((await search('query=quarrendon')).totalRecords).toBe(1);
    await db.delete(users).where(eq(users.id, id));
    expect(await termsOf(1, id)).toEqual([]);
    expect((await search('query=quarrendon')).totalRecords).toBe(0);
  });

  test('residents written several in one statement are each found, changed and removed', async () => {
    const db = t.database.db;
    const rows = await db
      .insert(preRegisteredResidents)
      .values([
        { groupId: fx.property.id, firstName: 'Isadora', lastName: 'Plimsworth', email: 'isa.p@mail.example' },
        { groupId: fx.property.id, firstName: 'Barnaby', lastName: 'Plimsworth' },
        { groupId: fx.property.id, firstName: 'Cordelia', lastName: 'Plimsworth' },
      ])
      .returning();
    const ids = rows.map((row) => row.id);
    const found = await search('query=plimsworth');
    expect(found.data.map((h) => [h.model, h.title])).toEqual([
      ['Resident', 'Barnaby Plimsworth'],
      ['Resident', 'Cordelia Plimsworth'],
      ['Resident', 'Isadora Plimsworth'],
    ]);
    const [property] = await db.select().from(groups).where(eq(groups.id, fx.property.id));
    expect(found.data[0].subtitle).toBe(property.name);
    expect((await search('query=isa.p@mail.example')).data.map((h) => h.id)).toEqual([ids[0]]);
    // One statement over all three: two change their words, one keeps them.
    await db
      .update(preRegisteredResidents)
      .set({
        lastName: sql`case when ${preRegisteredResidents.firstName} = 'Isadora' then 'Plimsworth' else 'Thornquill' end`,
      })
      .where(inArray(preRegisteredResidents.id, ids));
    expect((await search('query=plimsworth')).data.map((h) => h.id)).toEqual([ids[0]]);
    expect((await search('query=thornquill')).data.map((h) => h.title)).toEqual([
      'Barnaby Thornquill',
      'Cordelia Thornquill',
    ]);
    await db.delete(preRegisteredResidents).where(inArray(preRegisteredResidents.id, ids));
    for (const id of ids) expect(await termsOf(2, id)).toEqual([]);
    expect((await search('query=thornquill')).totalRecords).toBe(0);
  });

  test('whole words first, then dogs before groups before people, then by title; every word must start a word', async () => {
    const db = t.database.db;
    const zed = await makeOwner('Zed', 'Marlowick');
    const aaron = await makeOwner('Aaron', 'Marlowickson');
    const [resident] = await db
      .insert(preRegisteredResidents)
      .values({ groupId: fx.property.id, firstName: 'Mabel', lastName: 'Marlowick' })
      .returning();
    const [dog] = await db.insert(pets).values({ petOwnerId: aaron, name: 'Marlowick' }).returning();
    await db.update(groups).set({ name: 'Marlowick Gardens' }).where(eq(groups.id, fx.property.id));
    const { data, totalRecords } = await search('query=marlowick');
    expect(totalRecords).toBe(5);
    expect(data.map((h) => [h.model, h.id, h.rank])).toEqual([
      ['Pet', dog.id, 1.1],
      ['Group', fx.property.id, 1.05],
      ['Resident', resident.id, 1],
      ['PetOwner', zed, 1],
      // Only starts with the word: after every whole-word hit, although its title sorts first.
      ['PetOwner', aaron, 0],
    ]);
    expect((await search('query=zed%20marlowi')).data.map((h) => h.id)).toEqual([zed]);
    expect((await search('query=marlowick%20nobody')).totalRecords).toBe(0);
    // A word PostgreSQL splits (O'Brien: o, brien) matches when each part starts a word; held whole, both count.
    await db.update(users).set({ lastName: "O'Marlowick" }).where(eq(users.id, zed));
    expect((await search("query=o'marlowick")).data[0]).toMatchObject({ model: 'PetOwner', id: zed, rank: 2 });
  });

  test('a person holding several words that start with a query word is one hit, as their words change', async () => {
    const db = t.database.db;
    const id = await makeOwner('Ansel', 'Quillonby');
    const hits = async (query: string) => {
      const { data, totalRecords } = await search(query);
      return { totalRecords, hits: data.map((h) => [h.id, h.rank]) };
    };
    expect(await hits('query=quill')).toEqual({ totalRecords: 1, hits: [[id, 0]] });
    // A word before the name that starts the same (the title, and so the sort key, stays), then it goes again.
    await db.update(users).set({ email: 'quill@mail.example' }).where(eq(users.id, id));
    expect(await hits('query=quill')).toEqual({ totalRecords: 1, hits: [[id, 0]] });
    await db.update(users).set({ email: 'quill@mail.example', phoneNumber: 'quill' }).where(eq(users.id, id));
    expect(await hits('query=quill')).toEqual({ totalRecords: 1, hits: [[id, 1]] });
    expect(await hits('query=quillo%20quill')).toEqual({ totalRecords: 1, hits: [[id, 1]] });
    await db.update(users).set({ email: null, phoneNumber: null }).where(eq(users.id, id));
    expect(await hits('query=quill')).toEqual({ totalRecords: 1, hits: [[id, 0]] });
  });

  test('address fields narrow the people, with or without words', async () => {
    const db = t.database.db;
    const id = await makeOwner('Perpetua', 'Gillyflower');
    await makeOwner('Prosper', 'Gillyflower');
    await db
      .update(users)
      .set({
        address: {
          addressLine1: '9 Quillfeather Row',
          addressLine2: null,
          addressLine3: null,
          city: 'Brackenholt',
          stateId: null,
          postalCode: '77002',
          countryId: 'US',
        },
      })
      .where(eq(users.id, id));
    expect((await search('streetAddress=quillfeather')).data.map((h) => [h.model, h.id])).toEqual([['PetOwner', id]]);
    expect((await search('query=gillyflower')).totalRecords).toBe(2);
    expect((await search('query=gillyflower&city=brackenholt')).data.map((h) => h.id)).toEqual([id]);
  });

  test('the same order from the words alone, narrowed by a filter, and page by page', async () => {
    const db = t.database.db;
    for (const [first, last] of [
      ['Wren', 'Hollowmere'],
      ['Abel', 'Hollowmere'],
      ['Abel', 'Hollowmeresby'],
      ['Cato', 'Hollowmere'],
    ])
      await makeOwner(first, last);
    await db.insert(preRegisteredResidents).values([
      { groupId: fx.property.id, firstName: 'Abel', lastName: 'Hollowmere' },
      { groupId: fx.property.id, firstName: 'Dora', lastName: 'Hollowmeresby' },
    ]);
    const [property] = await db.select().from(groups).where(eq(groups.id, fx.property.id));
    const all = (await search('query=hollowmere')).data;
    expect(all.map((h) => [h.title, h.rank])).toEqual([
      ['Abel Hollowmere', 1],
      ['Abel Hollowmere', 1],
      ['Cato Hollowmere', 1],
      ['Wren Hollowmere', 1],
      ['Abel Hollowmeresby', 0],
      ['Dora Hollowmeresby', 0],
    ]);
    // Equal titles: pet owner before resident (the kind's name), then by id.
    expect(all.slice(0, 2).map((h) => h.model)).toEqual(['PetOwner', 'Resident']);
    const narrowed = await search(`query=hollowmere&propertyName=${encodeURIComponent(property.name)}`);
    expect(people(narrowed.data)).toEqual(all);
    const paged: Hit[] = [];
    for (let page = 1; page <= all.length; page++) {
      const one = await search(`query=hollowmere&pageSize=1&page=${page}`);
      expect(one.totalRecords).toBe(all.length);
      paged.push(...one.data);
    }
    expect(paged).toEqual(all);
  });
});
