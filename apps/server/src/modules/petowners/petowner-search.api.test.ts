// The pet owner search's order and paging: provider staff's name search (found in pet_owner_names, kept by a trigger
// on users) lists and pages in the same order as the scoped search (users rows): last name, first name, id.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makePetOwner } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Page = { totalRecords: number; data: { userName: string }[] };

test('staff and a property manager see the same owners in the same order, page by page, through renames', async () => {
  const db = t.database.db;
  const oakRidge = (await groupByName(db, 'Oak Ridge Apartments')).id;
  const tag = `Yq${Date.now().toString(36)}`;
  const names = [
    ['Bea', `${tag} Cole`],
    ['Al', `${tag} Cole`],
    ['Cy', `${tag} Abel`],
    ['Al', `${tag} Cole`],
    [null, `${tag} Zed`],
  ] as const;
  const owners: Awaited<ReturnType<typeof makePetOwner>>[] = [];
  for (const [firstName, lastName] of names) {
    const owner = await makePetOwner(db, { groupId: oakRidge });
    await db.update(users).set({ firstName, lastName }).where(eq(users.id, owner.id));
    owners.push(owner);
  }
  const byOrder = (order: number[]) => order.map((i) => owners[i].userName);
  const staff = await t.login('lab.admin');
  const manager = await t.login('property.manager');
  const search = async (token: string, page: number, pageSize: number) =>
    (await t.call('GET', `/api/v1/petowner/searchpetowners?name=${tag}&page=${page}&pageSize=${pageSize}`, { token }))
      .body as Page;
  // Abel before Cole; among the Coles Al (by id) before Bea; a missing first name still sorts by the last name.
  const expected = byOrder([2, 1, 3, 0, 4]);
  for (const token of [staff, manager]) {
    const all = await search(token, 1, 25);
    expect(all.totalRecords).toBe(5);
    expect(all.data.map((row) => row.userName)).toEqual(expected);
    const second = await search(token, 2, 2);
    expect(second).toMatchObject({ totalRecords: 5 });
    expect(second.data.map((row) => row.userName)).toEqual(expected.slice(2, 4));
  }
  // A rename moves the owner in staff's order too (the narrow copy follows the users row).
  await db
    .update(users)
    .set({ lastName: `${tag} Aaron` })
    .where(eq(users.id, owners[4].id));
  expect((await search(staff, 1, 25)).data.map((row) => row.userName)).toEqual(byOrder([4, 2, 1, 3, 0]));
  expect((await search(manager, 1, 25)).data.map((row) => row.userName)).toEqual(byOrder([4, 2, 1, 3, 0]));
});

test('over a thousand matches (the walked order) page as the scoped search does', async () => {
  const db = t.database.db;
  const oakRidge = (await groupByName(db, 'Oak Ridge Apartments')).id;
  const tag = `Wk${Date.now().toString(36)}`;
  // 1,010 owners in Oak Ridge, last names over ten values and first names over seven, so ties fall to the id.
  const added = await queryRows(
    db,
    sql`with owners as (
      insert into users (user_name, first_name, last_name, email, role_id)
      select ${tag} || '.' || i, (array['Ann','Bo','Cy','Di','Ed','Flo','Gus'])[1 + i % 7], ${tag} || ' ' || (i * 7 % 10),
        ${tag} || i || '@test.example', 3
      from generate_series(1, 1010) i returning id)
    insert into pet_owner_groups (pet_owner_id, group_id) select id, ${oakRidge} from owners returning pet_owner_id`,
  );
  expect(added).toHaveLength(1010);
  // One more whose name matches by its first name alone: no last name, so it sorts after every other (the walk starts
  // at the matches' first last name, which must not leave it out).
  const [solo] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (user_name, first_name, last_name, email, role_id)
      values (${tag} || '.solo', ${tag} || ' Solo', null, ${tag} || 'solo@test.example', 3) returning id`,
  );
  await db.execute(sql`insert into pet_owner_groups (pet_owner_id, group_id) values (${solo.id}, ${oakRidge})`);
  const staff = await t.login('lab.admin');
  const manager = await t.login('property.manager');
  const search = async (token: string, page: number) =>
    (await t.call('GET', `/api/v1/petowner/searchpetowners?name=${tag}&page=${page}&pageSize=100`, { token }))
      .body as Page;
  for (const page of [1, 6, 11]) {
    const [asStaff, asManager] = [await search(staff, page), await search(manager, page)];
    expect(asStaff.totalRecords).toBe(1011);
    expect(asManager.totalRecords).toBe(1011);
    expect(asStaff.data.map((row) => row.userName)).toEqual(asManager.data.map((row) => row.userName));
    expect(asStaff.data).toHaveLength(page === 11 ? 11 : 100);
  }
  // The owner without a last name sorts last: it ends the last page.
  expect((await search(staff, 11)).data.at(-1)?.userName).toBe(`${tag}.solo`);
});
