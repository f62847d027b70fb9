// Group tallies are kept by database triggers: every change to pets, memberships and pre-registered residents must
// leave each touched group's tally equal to a recount, including bulk statements, rollbacks and concurrent writers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { GroupTypes, RegistrationStatus, SampleCustomerStatus as S } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeGroup, makePetOwner } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { deferGroupTallies } from '../../db/group-tallies.ts';
import { groupTallies, groups, petOwnerGroups, pets, preRegisteredResidents } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The group's tally for its active half (or the inactive half). */
async function tally(groupId: number, active = true) {
  const [row] = await t.database.db
    .select()
    .from(groupTallies)
    .where(and(eq(groupTallies.groupId, groupId), eq(groupTallies.active, active)));
  return row;
}

async function newProperty() {
  const harbor = await groupByName(t.database.db, 'Harbor Property Management');
  return makeGroup(t.database.db, { parentId: harbor.id, groupType: GroupTypes.Property });
}

const addPet = (petOwnerId: number, status: number, name = 'Rex') =>
  t.database.db
    .insert(pets)
    .values({ petOwnerId, name, customerFacingStatus: status })
    .returning()
    .then(([row]) => row);

describe('group tallies', () => {
  test("pets follow their owner's current memberships through insert, status change, move-out and delete", async () => {
    const property = await newProperty();
    const ann = await makePetOwner(t.database.db, { groupId: property.id });
    const bob = await makePetOwner(t.database.db, { groupId: property.id });
    const rex = await addPet(ann.id, S.ProfileCreated);
    await addPet(ann.id, S.DnaSampleReceived, 'Bella');
    await addPet(bob.id, S.DnaSampleReceived, 'Max');
    expect(await tally(property.id)).toMatchObject({
      dogOwners: 2,
      movedOut: 0,
      petsTotal: 3,
      petsStatus0: 1,
      petsStatus10: 2,
      lastSample: expect.any(Date),
    });

    await t.database.db.update(pets).set({ customerFacingStatus: S.DnaProcessingComplete }).where(eq(pets.id, rex.id));
    expect(await tally(property.id)).toMatchObject({ petsTotal: 3, petsStatus0: 0, petsStatus10: 2, petsStatus300: 1 });

    await t.database.db
      .update(petOwnerGroups)
      .set({ moveOutDate: new Date() })
      .where(and(eq(petOwnerGroups.petOwnerId, bob.id), eq(petOwnerGroups.groupId, property.id)));
    expect(await tally(property.id)).toMatchObject({ dogOwners: 1, movedOut: 1, petsTotal: 2, petsStatus10: 1 });

    await t.database.db.delete(pets).where(eq(pets.petOwnerId, ann.id));
    expect(await tally(property.id)).toMatchObject({
      dogOwners: 1,
      petsTotal: 0,
      petsStatus300: 0,
      lastPet: null,
      lastSample: null,
    });
  });

  test('a membership moved to another group recounts both; an owner in two groups counts in each', async () => {
    const from = await newProperty();
    const to = await newProperty();
    const owner = await makePetOwner(t.database.db, { groupId: from.id });
    await addPet(owner.id, S.ReswabRequested);
    await t.database.db.update(petOwnerGroups).set({ groupId: to.id }).where(eq(petOwnerGroups.petOwnerId, owner.id));
    expect(await tally(from.id)).toMatchObject({ dogOwners: 0, petsTotal: 0 });
    expect(await tally(to.id)).toMatchObject({ dogOwners: 1, petsTotal: 1, petsStatus40: 1 });

    await t.database.db.insert(petOwnerGroups).values({ petOwnerId: owner.id, groupId: from.id });
    expect(await tally(from.id)).toMatchObject({ dogOwners: 1, petsTotal: 1 });
    expect(await tally(to.id)).toMatchObject({ dogOwners: 1, petsTotal: 1 });
  });

  test('pre-registered residents: pending ones await approval, approved ones without dogs are non-dog owners', async () => {
    const property = await newProperty();
    const [pending, approved] = await t.database.db
      .insert(preRegisteredResidents)
      .values([
        { groupId: property.id, firstName: 'Pat', lastName: 'Pending', status: RegistrationStatus.PendingApproval },
        {
          groupId: property.id,
          firstName: 'Al',
          lastName: 'Approved',
          status: RegistrationStatus.Approved,
          hasDogs: false,
        },
      ])
      .returning();
    expect(await tally(property.id)).toMatchObject({ awaitingApproval: 1, nonDogOwners: 1 });
    await t.database.db
      .update(preRegisteredResidents)
      .set({ status: RegistrationStatus.Approved })
      .where(eq(preRegisteredResidents.id, pending.id));
    expect(await tally(property.id)).toMatchObject({ awaitingApproval: 0, nonDogOwners: 2 });
    await t.database.db.delete(preRegisteredResidents).where(eq(preRegisteredResidents.id, approved.id));
    expect(await tally(property.id)).toMatchObject({ awaitingApproval: 0, nonDogOwners: 1 });
  });

  test("containers sum their subtree by the groups' state, through adds, deactivation and moves", async () => {
    const sunbelt = await groupByName(t.database.db, 'Sunbelt Pet Services');
    const firm = await makeGroup(t.database.db, { parentId: sunbelt.id, groupType: GroupTypes.ManagementGroup });
    const before = { sunbelt: await tally(sunbelt.id), sunbeltInactive: await tally(sunbelt.id, false) };
    const [a, b] = [
      await makeGroup(t.database.db, { parentId: firm.id, groupType: GroupTypes.Property }),
      await makeGroup(t.database.db, { parentId: firm.id, groupType: GroupTypes.Property }),
    ];
    const owner = await makePetOwner(t.database.db, { groupId: a.id });
    await addPet(owner.id, S.DnaSampleReceived);
    await makePetOwner(t.database.db, { groupId: b.id }).then((other) => addPet(other.id, S.DnaSampleReceived));
    expect(await tally(firm.id)).toMatchObject({
      subgroups: 2,
      dogOwners: 2,
      petsTotal: 2,
      petsStatus10: 2,
      lastPet: expect.any(Date),
    });
    expect((await tally(sunbelt.id)).petsTotal).toBe(before.sunbelt.petsTotal + 2);
    expect((await tally(sunbelt.id)).subgroups).toBe(before.sunbelt.subgroups + 2);

    await t.database.db.update(groups).set({ isActive: false }).where(eq(groups.id, b.id));
    expect(await tally(firm.id)).toMatchObject({ subgroups: 1, petsTotal: 1 });
    expect(await tally(firm.id, false)).toMatchObject({ subgroups: 1, petsTotal: 1, dogOwners: 1 });
    expect((await tally(sunbelt.id, false)).petsTotal).toBe(before.sunbeltInactive.petsTotal + 1);

    // Moving the property out of the firm (through the move call) takes its counts along.
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const harborBefore = await tally(harbor.id);
    const moved = await t.call('POST', '/api/v1/group/movegroup', {
      token: await t.login('lab.admin'),
      body: { parentId: harbor.id, childId: a.id },
    });
    expect(moved.status).toBe(200);
    expect(await tally(firm.id)).toMatchObject({ subgroups: 0, petsTotal: 0, dogOwners: 0 });
    expect(await tally(harbor.id)).toMatchObject({
      subgroups: harborBefore.subgroups + 1,
      petsTotal: harborBefore.petsTotal + 1,
    });
    // Harbor is beneath Sunbelt too: Sunbelt's active half still holds the moved property's pet.
    expect((await tally(sunbelt.id)).petsTotal).toBe(before.sunbelt.petsTotal + 1);

    await t.database.db.delete(groups).where(eq(groups.id, b.id));
    expect(await tally(firm.id, false)).toMatchObject({ subgroups: 0, petsTotal: 0 });
    // The firm, and the property that moved to Harbor (still beneath Sunbelt).
    expect((await tally(sunbelt.id)).subgroups).toBe(before.sunbelt.subgroups + 1);
  });

  test('a rolled-back change leaves the tally as it was', async () => {
    const property = await newProperty();
    const owner = await makePetOwner(t.database.db, { groupId: property.id });
    await addPet(owner.id, S.Expired);
    const before = await tally(property.id);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(pets).values({ petOwnerId: owner.id, name: 'Ghost', customerFacingStatus: S.Expired });
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect(await tally(property.id)).toEqual(before);
  });

  test('a deferring transaction records its groups; the next start-up recounts them, and up to the root', async () => {
    const property = await newProperty();
    const neighbour = await newProperty();
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const [root] = await t.database.db.select().from(groups).where(isNull(groups.parentId));
    const before = { harbor: await tally(harbor.id), root: await tally(root!.id) };
    // A bulk import's row, committed, whose import then stopped before its recount (the server killed).
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select ${deferGroupTallies}`);
      await tx.insert(preRegisteredResidents).values({ groupId: property.id, firstName: 'Ima', lastName: 'Deferred' });
    });
    expect(await tally(property.id)).toMatchObject({ residentsTotal: 0, awaitingApproval: 0 });
    expect(await queryRows(t.database.db, sql`select group_id as "groupId" from group_tallies_pending`)).toEqual([
      { groupId: property.id },
    ]);
    // The setting ended with its transaction: the next writer (on the embedded engine, the same connection) recounts.
    await t.database.db
      .insert(preRegisteredResidents)
      .values({ groupId: neighbour.id, firstName: 'Al', lastName: 'Now' });
    expect(await tally(neighbour.id)).toMatchObject({ residentsTotal: 1 });

    await t.database.migrate();
    expect(await tally(property.id)).toMatchObject({ residentsTotal: 1, awaitingApproval: 1 });
    expect(await tally(harbor.id)).toMatchObject({ residentsTotal: before.harbor!.residentsTotal + 2 });
    expect(await tally(root!.id)).toMatchObject({ residentsTotal: before.root!.residentsTotal + 2 });
    expect(await queryRows(t.database.db, sql`select group_id from group_tallies_pending`)).toEqual([]);
  });

  test('a writer that waited for another still counts what the other committed', async () => {
    const property = await newProperty();
    const [first, second] = await Promise.all([
      makePetOwner(t.database.db, { groupId: property.id }),
      makePetOwner(t.database.db, { groupId: property.id }),
    ]);
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstInserted!: () => void;
    const firstHasInserted = new Promise<void>((resolve) => (firstInserted = resolve));
    const firstWriter = t.database.db.transaction(async (tx) => {
      await tx.insert(pets).values({ petOwnerId: first.id, name: 'First', customerFacingStatus: S.SampleVoided });
      firstInserted();
      await firstMayCommit;
    });
    await firstHasInserted;
    // On PostgreSQL the second writer's statement starts while the first still holds the group's tally, and must wait
    // for it; the embedded engine runs one transaction at a time, so there the first commits before the second starts.
    const secondWriter = t.database.db.transaction(async (tx) => {
      await tx.insert(pets).values({ petOwnerId: second.id, name: 'Second', customerFacingStatus: S.SampleVoided });
    });
    if (t.database.kind === 'postgres') await waitForALockWaiter();
    releaseFirst();
    await Promise.all([firstWriter, secondWriter]);
    expect(await tally(property.id)).toMatchObject({ dogOwners: 2, petsTotal: 2, petsStatus500: 2 });
    const drifted = await queryRows<{ groupId: number }>(
      t.database.db,
      sql`select g.id as "groupId" from groups g
        join group_tallies t on t.group_id = g.id and t.active = g.is_active
        left join lateral (select count(*) as n from pet_owner_groups pog join pets p on p.pet_owner_id = pog.pet_owner_id
          where pog.group_id = g.id and pog.move_out_date is null) recount on true
        where g.group_type in (${GroupTypes.Property}, ${GroupTypes.ParentageGroup}) and t.pets_total <> recount.n`,
    );
    expect(drifted).toEqual([]);
  });
});

/** Resolves once some session of this database is blocked on a lock (the second writer). */
async function waitForALockWaiter() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const [row] = await queryRows<{ waiting: string | number }>(
      t.database.db,
      sql`select count(*) as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (Number(row.waiting) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The second writer never waited for the first');
}
