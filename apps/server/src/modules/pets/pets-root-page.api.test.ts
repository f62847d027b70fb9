// Pets under the root, by name: the page is found in the members' (name, id) index (pets-under-group.queries.ts).
// Pages, both directions and a status filter (which takes the other shape) answer as the plain order would.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { isNull } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeOtherDistributorship, makePetOwner } from '../../../test/factories.ts';
import { groups, pets } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Page = { totalRecords: number; data: { name: string; sampleNumber: string }[] };

test('the root’s pages by name, up and down, hold the members’ pets in order and no one else’s', async () => {
  const db = t.database.db;
  const [root] = await db.select().from(groups).where(isNull(groups.parentId));
  const { property } = await makeOtherDistributorship(db);
  const member = await makePetOwner(db, { groupId: property.id });
  const outsider = await makePetOwner(db);
  const tag = `Pg${Date.now().toString(36)}`;
  const add = async (petOwnerId: number, name: string, sampleNumber: string, status = 0) =>
    db.insert(pets).values({ petOwnerId, name, sampleNumber, customerFacingStatus: status });
  await add(member.id, `${tag} Cleo`, 'DN6200001');
  await add(member.id, `${tag} Abe`, 'DN6200002', 10);
  await add(outsider.id, `${tag} Bart`, 'DN6200003');
  await add(member.id, `${tag} Dot`, 'DN6200004', 10);
  await add(member.id, `${tag} Abe`, 'DN6200005');
  const staff = await t.login('lab.admin');
  const list = async (query: string) =>
    (
      await t.call(
        'GET',
        `/api/v1/groups/petownergroup/getpetsundergroup?groupId=${root.id}&nameFilter=${tag.toLowerCase()}&${query}`,
        { token: staff },
      )
    ).body as Page;
  const samples = (page: Page) => page.data.map((row) => row.sampleNumber);
  // Same name: by id, so the Abe added first comes first.
  const ascending = ['DN6200002', 'DN6200005', 'DN6200001', 'DN6200004'];
  expect(await list('pageSize=25')).toMatchObject({ totalRecords: 4 });
  expect(samples(await list('pageSize=25'))).toEqual(ascending);
  expect(samples(await list('pageSize=2&page=2'))).toEqual(ascending.slice(2));
  expect(samples(await list('pageSize=3&page=1&orderBy=1&ascending=false'))).toEqual(
    ascending.toReversed().slice(0, 3),
  );
  expect(samples(await list('pageSize=3&page=2&ascending=false'))).toEqual(ascending.slice(0, 1));
  const onlyStatus = await list('pageSize=1&page=2&customerFacingStatusFilter=10');
  expect(onlyStatus.totalRecords).toBe(2);
  expect(samples(onlyStatus)).toEqual(['DN6200004']);
});
