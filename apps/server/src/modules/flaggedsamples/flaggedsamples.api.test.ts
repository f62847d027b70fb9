// GET /groups/group/flaggedsamples/{id}: flagged pets and waste samples of a group's subtree with the spec's filters,
// within the caller's scope only.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GroupTypes, SampleCustomerStatus } from '@registry/contracts';
import { pets } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeGroup, makePetOwner, makeWasteSample } from '../../../test/factories.ts';

let t: TestApp;
let staff: string;
let property: { id: number };
let petNumber: string;
let wasteNumber: string;
beforeAll(async () => {
  t = await startTestApp();
  staff = await t.login('lab.admin');
  const firm = await groupByName(t.database.db, 'Harbor Property Management');
  property = await makeGroup(t.database.db, {
    parentId: firm.id,
    groupType: GroupTypes.Property,
    name: 'Flagged Gardens',
  });
  const owner = await makePetOwner(t.database.db, { groupId: property.id });
  petNumber = `DN${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  const [pet] = await t.database.db
    .insert(pets)
    .values({ petOwnerId: owner.id, name: 'Biscuit', sampleNumber: petNumber })
    .returning();
  const waste = await makeWasteSample(t.database.db, property.id);
  wasteNumber = waste.sampleNumber;
  // An unflagged sample of the same property stays off the list.
  await makeWasteSample(t.database.db, property.id);
  const flaggedPet = await t.call('POST', `/api/v1/pet/flag/${pet.id}`, {
    token: staff,
    body: { notes: 'Bit the mail carrier' },
  });
  const flaggedWaste = await t.call('POST', `/api/v1/wastesamples/flag/${waste.id}`, {
    token: staff,
    body: JSON.stringify('Found near the pool'),
    headers: { 'content-type': 'application/json' },
  });
  if (flaggedPet.status !== 200 || flaggedWaste.status !== 200) throw new Error('flagging the samples failed');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const list = (query = '', token = staff, groupId = property.id) =>
  t.call('GET', `/api/v1/groups/group/flaggedsamples/${groupId}${query ? `?${query}` : ''}`, { token });

const today = () =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: t.config.labTimeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).format(new Date());

describe('GET /groups/group/flaggedsamples/{id}', () => {
  test('the flagged pet and waste sample, with notes, group, status and the day flagged', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body.totalRecords).toBe(2);
    const byType = Object.fromEntries(answer.body.data.map((row: { sampleType: string }) => [row.sampleType, row]));
    expect(byType.Pet).toMatchObject({
      sampleNumber: petNumber,
      name: 'Biscuit',
      notesPreview: 'Bit the mail carrier',
      groupId: property.id,
      groupName: 'Flagged Gardens',
      sampleStatus: SampleCustomerStatus.ProfileCreated,
    });
    expect(byType.Pet.petOwnerId).toEqual(expect.any(Number));
    expect(byType.WasteSample).toMatchObject({
      sampleNumber: wasteNumber,
      notesPreview: 'Found near the pool',
      groupName: 'Flagged Gardens',
      petOwnerId: null,
    });
    expect(Date.now() - Date.parse(byType.WasteSample.dateFlagged)).toBeLessThan(120_000);
    // The firm above the property sees them too.
    const firm = await groupByName(t.database.db, 'Harbor Property Management');
    expect((await list('', staff, firm.id)).body.data.map((r: { sampleNumber: string }) => r.sampleNumber)).toEqual(
      expect.arrayContaining([petNumber, wasteNumber]),
    );
  });

  test('each filter narrows the list; sorting by sample number', async () => {
    const numbers = async (query: string) => {
      const answer = await list(query);
      expect({ query, status: answer.status }).toEqual({ query, status: 200 });
      return answer.body.data.map((row: { sampleNumber: string }) => row.sampleNumber);
    };
    expect(await numbers('sampleType=Pet')).toEqual([petNumber]);
    expect(await numbers('sampleType=1')).toEqual([wasteNumber]);
    expect(await numbers(`sampleNumber=${wasteNumber.slice(2).toLowerCase()}`)).toEqual([wasteNumber]);
    expect(await numbers('notesPreview=mail')).toEqual([petNumber]);
    expect(await numbers('groupName=gardens')).toHaveLength(2);
    expect(await numbers('groupName=nowhere')).toEqual([]);
    expect(await numbers(`dateFlagged=${encodeURIComponent(today())}`)).toHaveLength(2);
    expect(await numbers('dateFlagged=1/2/2001')).toEqual([]);
    expect(await numbers('sampleStatus=ProfileCreated')).toHaveLength(2);
    expect(await numbers('sampleStatus=DnaProcessingComplete')).toEqual([]);
    const sorted = [petNumber, wasteNumber].sort();
    expect(await numbers('orderBy=sampleNumber&ascending=true')).toEqual(sorted);
    expect(await numbers('orderBy=sampleNumber&ascending=false')).toEqual([...sorted].reverse());
    expect((await list('pageSize=1&page=2')).body).toMatchObject({ totalRecords: 2, data: [expect.anything()] });
  });

  test('bad input: 400 naming the field', async () => {
    for (const query of [
      'sampleType=Cat',
      'dateFlagged=13/45/2020',
      'pageSize=0',
      'sampleStatus=7',
      `sampleNumber=${'x'.repeat(21)}`,
    ]) {
      const answer = await list(query);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
    }
    expect((await t.call('GET', '/api/v1/groups/group/flaggedsamples/abc', { token: staff })).status).toBe(400);
  });

  test("access: 401 signed out, a pet owner refused, another group's admin and an unknown group 404", async () => {
    expect((await t.call('GET', `/api/v1/groups/group/flaggedsamples/${property.id}`)).status).toBe(401);
    expect((await list('', await t.login('pet.owner'))).status).toBe(403);
    expect((await list('', await t.login('property.manager'))).status).toBe(404);
    expect((await list('', staff, 999_999_999)).status).toBe(404);
    expect((await list('', await t.login('firm.manager'))).status).toBe(200);
  });
});
