// SQL of the duplicate dog report, similar profiles and the gender-mismatch report: cluster reviews (this module's
// table), and reads of approved profiles and the pets they belong to.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { DnaProfileLabStatus, Gender, SampleType } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import {
  dnaProfiles,
  duplicateClusterReviews as reviews,
  groups,
  petOwnerGroups,
  pets,
  users,
} from '../../db/schema/index.ts';
import { pathWithin } from '../../platform/scope.queries.ts';

export async function profilesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: dnaProfiles.id,
      sampleNumber: dnaProfiles.sampleNumber,
      panelId: dnaProfiles.panelId,
      codes: sql<number[]>`coalesce(${dnaProfiles.labSavedCodes}, ${dnaProfiles.codes})`,
      dateApproved: dnaProfiles.dateApproved,
    })
    .from(dnaProfiles)
    .where(inArray(dnaProfiles.id, ids));
}
/** The sample's approved pet profile. */
export async function approvedProfileOf(db: Db, sampleNumber: string) {
  const [row] = await db
    .select({
      id: dnaProfiles.id,
      sampleNumber: dnaProfiles.sampleNumber,
      panelId: dnaProfiles.panelId,
      codes: sql<number[]>`coalesce(${dnaProfiles.labSavedCodes}, ${dnaProfiles.codes})`,
    })
    .from(dnaProfiles)
    .where(
      and(
        eq(dnaProfiles.sampleNumber, sampleNumber),
        eq(dnaProfiles.labStatus, DnaProfileLabStatus.Approved),
        eq(dnaProfiles.sampleType, SampleType.Pet),
      ),
    )
    .orderBy(desc(dnaProfiles.id))
    .limit(1);
  return row;
}

/**
 * Pets by sample number with the pet-owner group their owner currently belongs to (the first by name). The pet's
 * column is written with its table: drizzle leaves a selected column of a one-table query unqualified, and inside the
 * subquery that name would be the membership's own column (every pet would get the first group of any owner).
 */
export async function petsWithGroup(db: Db, sampleNumbers: string[]) {
  if (sampleNumbers.length === 0) return [];
  return db
    .select({
      id: pets.id,
      name: pets.name,
      gender: pets.gender,
      sampleNumber: sql<string>`upper(${pets.sampleNumber})`,
      groupId: sql<number | null>`(select g.id from ${petOwnerGroups} og join ${groups} g on g.id = og.group_id
        where og.pet_owner_id = ${pets}.pet_owner_id and og.move_out_date is null order by g.name limit 1)`,
      groupName: sql<string | null>`(select g.name from ${petOwnerGroups} og join ${groups} g on g.id = og.group_id
        where og.pet_owner_id = ${pets}.pet_owner_id and og.move_out_date is null order by g.name limit 1)`,
    })
    .from(pets)
    .where(inArray(sql`upper(${pets.sampleNumber})`, sampleNumbers));
}

/** Of these sample numbers, those of pets whose owner currently belongs to a group under the given path. */
export async function sampleNumbersUnderGroup(db: Db, sampleNumbers: string[], groupPath: string) {
  if (sampleNumbers.length === 0) return new Set<string>();
  const rows = await db
    .select({ sampleNumber: sql<string>`upper(${pets.sampleNumber})` })
    .from(pets)
    .where(
      and(
        inArray(sql`upper(${pets.sampleNumber})`, sampleNumbers),
        sql`exists (select 1 from ${petOwnerGroups} og join ${groups} g on g.id = og.group_id
          where og.pet_owner_id = ${pets.petOwnerId} and og.move_out_date is null and ${pathWithin(sql`g.path`, groupPath)})`,
      ),
    );
  return new Set(rows.map((r) => r.sampleNumber));
}

/** Approved pet profile ids of the dogs whose owner currently belongs to the group or beneath it. */
export async function approvedProfileIdsUnderGroup(db: Db, groupPath: string) {
  const rows = await db
    .select({ id: dnaProfiles.id })
    .from(dnaProfiles)
    .innerJoin(pets, eq(sql`upper(${pets.sampleNumber})`, dnaProfiles.sampleNumber))
    .where(
      and(
        eq(dnaProfiles.labStatus, DnaProfileLabStatus.Approved),
        eq(dnaProfiles.sampleType, SampleType.Pet),
        sql`exists (select 1 from ${petOwnerGroups} og join ${groups} g on g.id = og.group_id
          where og.pet_owner_id = ${pets.petOwnerId} and og.move_out_date is null and ${pathWithin(sql`g.path`, groupPath)})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

// Reviews.
export async function reviewsByKeys(db: Db, keys: string[]) {
  if (keys.length === 0) return [];
  return db.select().from(reviews).where(inArray(reviews.memberKey, keys));
}
export async function allReviewedKeys(db: Db) {
  const rows = await db.select({ memberKey: reviews.memberKey }).from(reviews);
  return new Set(rows.map((r) => r.memberKey));
}
export async function upsertReview(db: Db, memberKey: string, userId: number, userName: string) {
  await db
    .insert(reviews)
    .values({ memberKey, reviewedBy: userId, reviewedByName: userName })
    .onConflictDoUpdate({
      target: reviews.memberKey,
      set: { reviewedBy: userId, reviewedByName: userName, dateReviewed: new Date() },
    });
}
export async function deleteReview(db: Db, memberKey: string) {
  await db.delete(reviews).where(eq(reviews.memberKey, memberKey));
}

/** Dogs whose approved profile's amelogenin call (Male / Female) disagrees with the recorded gender. */
export async function genderMismatches(db: Db) {
  return db
    .select({
      sampleNumber: dnaProfiles.sampleNumber,
      petId: pets.id,
      petName: pets.name,
      recordedGender: pets.gender,
      dnaSex: dnaProfiles.sex,
      dateApproved: dnaProfiles.dateApproved,
      ownerUserName: users.userName,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
    })
    .from(dnaProfiles)
    .innerJoin(pets, eq(sql`upper(${pets.sampleNumber})`, dnaProfiles.sampleNumber))
    .leftJoin(users, eq(users.id, pets.petOwnerId))
    .where(
      and(
        eq(dnaProfiles.labStatus, DnaProfileLabStatus.Approved),
        eq(dnaProfiles.sampleType, SampleType.Pet),
        sql`((${dnaProfiles.sex} = 'Male' and ${pets.gender} = ${Gender.Female}) or (${dnaProfiles.sex} = 'Female' and ${pets.gender} = ${Gender.Male}))`,
      ),
    )
    .orderBy(asc(dnaProfiles.sampleNumber));
}

export type GenderMismatchFilter = { groupPath: string; sampleNumber?: string; recordedGender?: number };
export type GenderMismatchOrder = 'sampleNumber' | 'petName' | 'propertyName' | 'dateApproved';

/** The owner's current group under the path (the first by name): the report's property column. */
const propertyUnder = (groupPath: string) => sql<string | null>`(select g.name from ${petOwnerGroups} og
  join ${groups} g on g.id = og.group_id
  where og.pet_owner_id = ${pets.petOwnerId} and og.move_out_date is null and ${pathWithin(sql`g.path`, groupPath)}
  order by g.name limit 1)`;

function genderMismatchWhere(filter: GenderMismatchFilter) {
  return and(
    eq(dnaProfiles.labStatus, DnaProfileLabStatus.Approved),
    eq(dnaProfiles.sampleType, SampleType.Pet),
    sql`((${dnaProfiles.sex} = 'Male' and ${pets.gender} = ${Gender.Female}) or (${dnaProfiles.sex} = 'Female' and ${pets.gender} = ${Gender.Male}))`,
    sql`exists (select 1 from ${petOwnerGroups} og join ${groups} g on g.id = og.group_id
      where og.pet_owner_id = ${pets.petOwnerId} and og.move_out_date is null and ${pathWithin(sql`g.path`, filter.groupPath)})`,
    filter.sampleNumber
      ? sql`${dnaProfiles.sampleNumber} like ${`%${filter.sampleNumber.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
    filter.recordedGender !== undefined ? eq(pets.gender, filter.recordedGender) : undefined,
  );
}

/** Dogs under the group whose approved profile's amelogenin call disagrees with the recorded gender, one page. */
export async function genderMismatchesUnder(
  db: Db,
  filter: GenderMismatchFilter,
  order: { orderBy: GenderMismatchOrder; ascending: boolean },
  window: { offset: number; limit: number },
) {
  const property = propertyUnder(filter.groupPath);
  const column = {
    sampleNumber: sql`${dnaProfiles.sampleNumber}`,
    petName: sql`lower(${pets.name})`,
    propertyName: sql`lower(${property})`,
    dateApproved: sql`${dnaProfiles.dateApproved}`,
  }[order.orderBy];
  const direction = order.ascending ? sql`asc nulls last` : sql`desc nulls last`;
  return db
    .select({
      petId: pets.id,
      sampleNumber: dnaProfiles.sampleNumber,
      petName: pets.name,
      recordedGender: pets.gender,
      dnaSex: dnaProfiles.sex,
      dateApproved: dnaProfiles.dateApproved,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerUserName: users.userName,
      propertyName: property,
    })
    .from(dnaProfiles)
    .innerJoin(pets, eq(sql`upper(${pets.sampleNumber})`, dnaProfiles.sampleNumber))
    .leftJoin(users, eq(users.id, pets.petOwnerId))
    .where(genderMismatchWhere(filter))
    .orderBy(sql`${column} ${direction}`, asc(dnaProfiles.id))
    .offset(window.offset)
    .limit(window.limit);
}

export async function countGenderMismatchesUnder(db: Db, filter: GenderMismatchFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dnaProfiles)
    .innerJoin(pets, eq(sql`upper(${pets.sampleNumber})`, dnaProfiles.sampleNumber))
    .where(genderMismatchWhere(filter));
  return row?.n ?? 0;
}
