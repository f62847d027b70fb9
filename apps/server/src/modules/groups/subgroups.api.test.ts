// Subgroups: every group beneath a group, paged, sorted and filtered in SQL, with last sign-in, last pet and last sample dates.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, max } from 'drizzle-orm';
import { formatUsDate, labDayOf } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeOtherDistributorship } from '../../../test/factories.ts';
import { groups, pets } from '../../db/schema/index.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
beforeAll(async () => {
  t = await startTestApp();
  other = await makeOtherDistributorship(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name);

describe('GET /subgroups', () => {
  test('every active group beneath, by name, with parent, address, phone and dates', async () => {
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    await t.login('property.manager');
    const token = await t.login('distributor');
    const response = await t.call('GET', `/api/v1/subgroups?groupId=${sunbelt.id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body.totalRecords).toBe(4);
    expect(names(response.body)).toEqual([
      'Harbor Property Management',
      'Lone Star Breeders Club',
      'Maple Court',
      'Oak Ridge Apartments',
    ]);
    const oak = response.body.data[3];
    expect(oak).toMatchObject({
      parentName: 'Harbor Property Management',
      city: 'Austin',
      state: 'TX',
      isActive: true,
    });
    expect(oak.lastPet).toEqual(expect.any(String));
    expect(oak.lastSample).toEqual(expect.any(String));
    expect(oak.lastLogin).toEqual(expect.any(String));
    // A management group has no members of its own: its pet dates are the latest of the properties beneath it.
    const harbor = response.body.data[0];
    expect(harbor).toMatchObject({ city: null, lastLogin: null });
    expect([harbor.lastPet, harbor.lastSample]).toEqual([oak.lastPet, oak.lastSample]);
  });

  test('paging, sorting, active filter and every named filter', async () => {
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    const oakRow = await groupByName(t.database.db, 'Oak Ridge Apartments');
    await t.database.db.update(groups).set({ phone: '(512) 555-0111' }).where(eq(groups.id, oakRow.id));
    await t.database.db.update(groups).set({ isActive: false }).where(eq(groups.name, 'Maple Court'));
    const token = await t.login('distributor');
    const url = (query: string) => `/api/v1/subgroups?groupId=${sunbelt.id}&${query}`;
    const get = async (query: string) => (await t.call('GET', url(query), { token })).body;
    const page2 = await get('pageSize=2&page=2&isActiveFilter=ActiveAndInactive');
    expect(names(page2)).toEqual(['Maple Court', 'Oak Ridge Apartments']);
    expect(page2.totalRecords).toBe(4);
    const beyond = await get('pageSize=2&page=10');
    expect(beyond).toEqual({ data: [], totalRecords: 3 });
    const inactive = await get('isActiveFilter=Inactive');
    expect([names(inactive), inactive.totalRecords]).toEqual([['Maple Court'], 1]);
    expect((await get('name=oak&isActiveFilter=ActiveAndInactive')).totalRecords).toBe(1);
    expect(names(await get('orderBy=name&ascending=false'))).toEqual([
      'Oak Ridge Apartments',
      'Lone Star Breeders Club',
      'Harbor Property Management',
    ]);
    expect(names(await get('orderBy=city&ascending=true&isActiveFilter=ActiveAndInactive')).slice(2)).toEqual([
      'Oak Ridge Apartments',
      'Maple Court',
    ]);
    expect(names(await get('name=OAK'))).toEqual(['Oak Ridge Apartments']);
    expect(names(await get('city=round&isActiveFilter=ActiveAndInactive'))).toEqual(['Maple Court']);
    expect(names(await get('state=tx&isActiveFilter=ActiveAndInactive'))).toEqual([
      'Maple Court',
      'Oak Ridge Apartments',
    ]);
    expect(names(await get('state=US-TX'))).toEqual(['Oak Ridge Apartments']);
    expect(names(await get('phone=555-0111'))).toEqual(['Oak Ridge Apartments']);
    // The filters' day is the lab's (its time zone), not UTC's: just after midnight UTC they differ.
    const labDay = (at: Date) => {
      const lab = labDayOf(at, t.app.services.config.labTimeZone);
      return formatUsDate(new Date(Date.UTC(lab.year, lab.month - 1, lab.day)));
    };
    expect(names(await get(`lastLogin=${encodeURIComponent(labDay(new Date()))}`))).toContain('Oak Ridge Apartments');
    // The seeded pets were made when the test database was, which may be the lab's day before this test's.
    const [{ newestPet }] = await t.database.db.select({ newestPet: max(pets.dateCreated) }).from(pets);
    expect(names(await get(`lastPet=${encodeURIComponent(labDay(newestPet!))}`))).toEqual([
      'Harbor Property Management',
      'Lone Star Breeders Club',
      'Oak Ridge Apartments',
    ]);
    expect(names(await get(`lastPet=${encodeURIComponent('1/1/2001')}`))).toEqual([]);
    const byLastPet = await get('orderBy=lastPet&ascending=false&pageSize=1');
    expect(byLastPet.totalRecords).toBe(3);
    expect(byLastPet.data).toHaveLength(1);
    expect(byLastPet.data[0].lastPet).toEqual(expect.any(String));
    // Past the last page of a date-sorted list the total still comes back.
    expect(await get('orderBy=lastPet&pageSize=2&page=10')).toEqual({ data: [], totalRecords: 3 });
  });

  test('bad input, outsiders, pet owners and anonymous callers are refused', async () => {
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    const token = await t.login('distributor');
    for (const query of [
      `groupId=${sunbelt.id}&isActiveFilter=Bogus`,
      `groupId=${sunbelt.id}&lastLogin=13/45/2020`,
      `groupId=${sunbelt.id}&pageSize=40000`,
      'page=1',
      `groupId=${sunbelt.id}&name=${'x'.repeat(201)}`,
    ]) {
      const response = await t.call('GET', `/api/v1/subgroups?${query}`, { token });
      expect([query, response.status]).toEqual([query, 400]);
      expect([query, response.body.modelState !== undefined]).toEqual([query, true]);
    }
    expect(
      (
        await t.call('GET', `/api/v1/subgroups?groupId=${sunbelt.id}`, {
          token: await t.login(other.distributor.userName),
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/subgroups?groupId=${sunbelt.id}`, { token: await t.login('pet.owner') })).status,
    ).toBe(403);
    expect((await t.call('GET', `/api/v1/subgroups?groupId=${sunbelt.id}`)).status).toBe(401);
    expect((await t.call('GET', '/api/v1/subgroups?groupId=999999', { token })).status).toBe(404);
  });
});
