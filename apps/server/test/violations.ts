// Test support for violation notices: a property under the demo's management firm with its manager, a resident and their
// registered dog, and approved Match results on waste samples of the property (the rows matching stores when the lab
// approves a run), so each test starts from "an approved match" without a GeneMapper plate.
import { eq } from 'drizzle-orm';
import { GroupTypes, SampleCustomerStatus, UserRole } from '@registry/contracts';
import { pets, wasteMatchResults, wasteResultSets } from '../src/db/schema/index.ts';
import { groupByName, makeAdmin, makeGroup, makePetOwner, makeWasteSample } from './factories.ts';
import type { TestApp } from './harness.ts';

let serial = 3_000_000 + Math.floor(Math.random() * 5_000_000);

export async function violationProperty(t: TestApp) {
  const db = t.database.db;
  const firm = await groupByName(db, 'Harbor Property Management');
  const property = await makeGroup(db, { parentId: firm.id, groupType: GroupTypes.Property });
  const manager = await makeAdmin(db, { roleId: UserRole.PropertyManager, groupId: property.id, isPrimary: true });
  return { firm, property, manager, token: await t.login(manager.userName) };
}

export async function residentWithDog(t: TestApp, propertyId: number, name = 'Rex') {
  const db = t.database.db;
  const owner = await makePetOwner(db, { groupId: propertyId });
  const [dog] = await db
    .insert(pets)
    .values({
      petOwnerId: owner.id,
      name,
      sampleNumber: `DN${++serial}`,
      customerFacingStatus: SampleCustomerStatus.DnaProcessingComplete,
    })
    .returning();
  return { owner, dog, token: await t.login(owner.userName) };
}

/** A waste sample of the property whose approved result is `status`, naming the dog when it is a Match. */
export async function approvedResult(
  t: TestApp,
  propertyId: number,
  dog: { id: number; petOwnerId: number | null; sampleNumber: string | null } | null,
  options: { status?: string; adjacent?: boolean; approved?: boolean } = {},
) {
  const db = t.database.db;
  const sample = await makeWasteSample(db, propertyId);
  const [set] = await db
    .insert(wasteResultSets)
    .values({ wasteSampleId: sample.id, readyForMatching: true })
    .returning();
  const approved = options.approved ?? true;
  const [result] = await db
    .insert(wasteMatchResults)
    .values({
      resultSetId: set.id,
      status: options.status ?? 'Match',
      matchedPetId: dog?.id ?? null,
      matchedPetOwnerId: dog?.petOwnerId ?? null,
      matchedSampleNumber: dog?.sampleNumber ?? null,
      isAdjacentPropertyMatch: options.adjacent ?? false,
      isApproved: approved,
      dateApproved: approved ? new Date() : null,
      comparison: { wasteDnaProfile: [], petDnaProfiles: [] },
    })
    .returning();
  if (approved)
    await db
      .update(wasteResultSets)
      .set({ currentlyApprovedResultId: result.id })
      .where(eq(wasteResultSets.id, set.id));
  return { sample, set, result };
}

export const schedule = {
  firstOffenceAmount: 5000,
  secondOffenceAmount: 10000,
  laterOffenceAmount: 25000,
  lookBackDays: 365,
  daysToRespond: 14,
  daysToPay: 30,
  fineAdjacentMatches: false,
};
