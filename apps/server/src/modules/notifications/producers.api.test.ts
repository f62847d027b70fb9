// Who is told what: a pet's sample status change notifies the admins of its owner's current groups; a waste sample's,
// its property's admins; group events the group's admins. The one who acted is not told of their own action.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { GroupTypes, UserRole } from '@registry/contracts';
import { notifications, pets, petOwnerGroups } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeAdmin, makeGroup, makePetOwner, makeWasteSample } from '../../../test/factories.ts';

let t: TestApp;
let staff: string;
let firm: { id: number };
beforeAll(async () => {
  t = await startTestApp();
  staff = await t.login('lab.admin');
  firm = await groupByName(t.database.db, 'Harbor Property Management');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const rowsOf = (userId: number) => t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
let serial = Math.floor(Math.random() * 8_000_000) + 1_000_000;
async function propertyWithAdmin(name: string) {
  const property = await makeGroup(t.database.db, { parentId: firm.id, groupType: GroupTypes.Property, name });
  const admin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: property.id });
  return { property, admin };
}

test("a pet's sample rejected by the lab: its owner's property admins are told, a former property's are not", async () => {
  const current = await propertyWithAdmin('Producer Current');
  const former = await propertyWithAdmin('Producer Former');
  const owner = await makePetOwner(t.database.db, { groupId: current.property.id });
  await t.database.db
    .insert(petOwnerGroups)
    .values({ petOwnerId: owner.id, groupId: former.property.id, moveOutDate: new Date() });
  const sampleNumber = `DN${serial++}`;
  const [pet] = await t.database.db
    .insert(pets)
    .values({ petOwnerId: owner.id, name: 'Rex', sampleNumber })
    .returning();
  const answer = await t.call('POST', `/api/v1/pet/reject/${pet.id}`, { token: staff, body: { notes: 'Too little' } });
  expect(answer.status).toBe(200);
  expect(await rowsOf(current.admin.id)).toMatchObject([
    {
      type: 2,
      message: `${sampleNumber} (Rex): sample status is now Sample Rejected.`,
      actionParameters: { petOwnerId: owner.id, sampleNumber },
      isViewed: false,
    },
  ]);
  expect(await rowsOf(former.admin.id)).toEqual([]);
  // A refused action changes nothing and tells no one.
  const refused = await t.call('POST', `/api/v1/pet/reject/${pet.id}`, { token: staff, body: { notes: 'Again' } });
  expect(refused.status).toBe(400);
  expect(await rowsOf(current.admin.id)).toHaveLength(1);
});

test("a waste sample voided: the property's admins are told, with the group results as the target", async () => {
  const { property, admin } = await propertyWithAdmin('Producer Waste');
  const sample = await makeWasteSample(t.database.db, property.id);
  const answer = await t.call('POST', `/api/v1/wastesamples/void/${sample.id}`, {
    token: staff,
    body: JSON.stringify('Leaking bag'),
    headers: { 'content-type': 'application/json' },
  });
  expect(answer).toMatchObject({ status: 200 });
  expect(await rowsOf(admin.id)).toMatchObject([
    { type: 1, actionParameters: { id: property.id, sampleNumber: sample.sampleNumber } },
  ]);
});

test("group events: a deactivation and an adjacent agreement tell the groups' admins, not the one acting", async () => {
  const a = await propertyWithAdmin('Producer North');
  const b = await propertyWithAdmin('Producer South');
  const firmManager = await t.login('firm.manager');
  const added = await t.call('PUT', '/api/v1/property/addadjacentproperty', {
    token: firmManager,
    body: { propertyId: a.property.id, adjacentPropertyId: b.property.id },
  });
  expect(added).toMatchObject({ status: 200 });
  expect(await rowsOf(a.admin.id)).toMatchObject([
    {
      type: 3,
      message: 'Producer South is now an adjacent property of Producer North.',
      actionParameters: { id: a.property.id },
    },
  ]);
  expect(await rowsOf(b.admin.id)).toMatchObject([{ actionParameters: { id: b.property.id } }]);

  const deactivated = await t.call('POST', '/api/v1/group/deactivategroup', {
    token: staff,
    body: { groupId: a.property.id },
  });
  expect(deactivated).toMatchObject({ status: 200 });
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, a.admin.id), eq(notifications.message, 'Producer North was deactivated.')));
  expect(rows).toHaveLength(1);
});
