// SQL of parentage: the result sets and runs, the parentage pets list and the pets and approved profiles a run reads
// (the pets and DNA profile tables are read here as the DNA lab's queries do, until those areas offer the reads).
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  DnaProfileLabStatus,
  ParentageMatchStatus,
  ParentageOrdering,
  SampleCustomerStatus,
  SampleType,
  usDateBounds,
  type parentagePetsQuery,
} from '@registry/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ilikeContains } from '../../db/like.ts';
import {
  dnaProfiles,
  groups,
  parentageMatchResultSets as sets,
  parentageMatchResults as results,
  petOwnerGroups,
  pets,
  users,
} from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { pathWithin, petInScopeSql } from '../../platform/scope.queries.ts';
import { pagedSelect } from '../../platform/paging.queries.ts';

export type ResultRecord = typeof results.$inferSelect;
export type SetRecord = typeof sets.$inferSelect;
export type PetRecord = typeof pets.$inferSelect;

/** The pet a sample number names, if the caller may see it. */
export async function petBySampleNumberFor(db: Db, caller: Caller, sampleNumber: string) {
  const [row] = await db
    .select()
    .from(pets)
    .where(and(eq(sql`upper(${pets.sampleNumber})`, sampleNumber), petInScopeSql(caller, pets.petOwnerId)));
  return row;
}
/** Pets by sample number regardless of scope (a dam or sire typed as a DN number may belong to anyone). */
export async function petsBySampleNumbers(db: Db, sampleNumbers: string[]) {
  return db
    .select({
      id: pets.id,
      name: pets.name,
      sampleNumber: pets.sampleNumber,
      gender: pets.gender,
      ownerId: pets.petOwnerId,
    })
    .from(pets)
    .where(inArray(sql`upper(${pets.sampleNumber})`, sampleNumbers));
}
export async function ownerNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, userName: users.userName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, [r.firstName, r.lastName].filter(Boolean).join(' ') || r.userName]));
}
/** The sample's approved profile (its effective codes), if any. */
export async function approvedProfiles(db: Db, sampleNumbers: string[]) {
  return db
    .select({
      id: dnaProfiles.id,
      sampleNumber: dnaProfiles.sampleNumber,
      panelId: dnaProfiles.panelId,
      codes: sql<number[]>`coalesce(${dnaProfiles.labSavedCodes}, ${dnaProfiles.codes})`,
      result: dnaProfiles.result,
      failReasons: dnaProfiles.failReasons,
    })
    .from(dnaProfiles)
    .where(
      and(
        inArray(dnaProfiles.sampleNumber, sampleNumbers),
        eq(dnaProfiles.labStatus, DnaProfileLabStatus.Approved),
        eq(dnaProfiles.sampleType, SampleType.Pet),
      ),
    );
}

// Result sets and runs.
/** The puppy's set, made if missing, locked for the transaction: one statement (an upsert locks the row it touches). */
export async function lockSetOfPuppy(db: Db, puppyPetId: number): Promise<SetRecord> {
  const [row] = await db
    .insert(sets)
    .values({ puppyPetId })
    .onConflictDoUpdate({ target: sets.puppyPetId, set: { puppyPetId: sql`excluded.puppy_pet_id` } })
    .returning();
  return row;
}
export async function findSet(db: Db, id: number) {
  const [row] = await db.select().from(sets).where(eq(sets.id, id));
  return row;
}
export async function findSetOfPuppy(db: Db, puppyPetId: number) {
  const [row] = await db.select().from(sets).where(eq(sets.puppyPetId, puppyPetId));
  return row;
}
export async function lockSet(db: Db, id: number) {
  const [row] = await db.select().from(sets).where(eq(sets.id, id)).for('update');
  return row;
}
export async function updateSet(db: Db, id: number, values: Partial<typeof sets.$inferInsert>) {
  await db.update(sets).set(values).where(eq(sets.id, id));
}
export async function insertResult(db: Db, values: typeof results.$inferInsert) {
  const [row] = await db.insert(results).values(values).returning();
  return row;
}
export async function resultsOfSet(db: Db, setId: number) {
  return db.select().from(results).where(eq(results.setId, setId)).orderBy(desc(results.dateCreated), desc(results.id));
}
export async function findResult(db: Db, id: number) {
  const [row] = await db.select().from(results).where(eq(results.id, id));
  return row;
}
export async function updateResult(db: Db, id: number, values: Partial<typeof results.$inferInsert>) {
  await db.update(results).set(values).where(eq(results.id, id));
}
export async function deleteResult(db: Db, id: number) {
  await db.delete(results).where(eq(results.id, id));
}

// The parentage pets list.
/** No set yet: Ready once the pet's DNA processing is complete, else Processing (not testable). */
const matchStatusSql =
  sql<number>`coalesce(${sets.matchStatus}::int, case when ${pets.customerFacingStatus} = ${SampleCustomerStatus.DnaProcessingComplete} then ${ParentageMatchStatus.Ready}::int else ${ParentageMatchStatus.Processing}::int end)`.mapWith(
    Number,
  );
const statusLastUpdatedSql =
  sql<Date>`greatest(${pets.statusLastUpdated}, coalesce(${sets.statusLastUpdated}, ${pets.statusLastUpdated}))`.mapWith(
    pets.statusLastUpdated,
  );
const ORDER: Record<number, SQL | AnyPgColumn> = {
  [ParentageOrdering.None]: statusLastUpdatedSql,
  [ParentageOrdering.SampleNumber]: pets.sampleNumber,
  [ParentageOrdering.Name]: pets.name,
  [ParentageOrdering.SampleStatus]: pets.customerFacingStatus,
  [ParentageOrdering.MatchStatus]: matchStatusSql,
  [ParentageOrdering.LastAttempted]: sets.lastAttempted,
  [ParentageOrdering.StatusLastUpdated]: statusLastUpdatedSql,
};

export async function parentagePets(
  db: Db,
  caller: Caller,
  query: z.output<typeof parentagePetsQuery>,
  groupPath: string | null,
  timeZone: string,
) {
  const conditions: (SQL | undefined)[] = [
    eq(pets.isParentage, true),
    sql`${pets.sampleNumber} is not null`,
    petInScopeSql(caller, pets.petOwnerId),
  ];
  if (groupPath)
    conditions.push(sql`exists (select 1 from ${petOwnerGroups} pp_og join ${groups} pp_g on pp_g.id = pp_og.group_id
      where pp_og.pet_owner_id = ${pets.petOwnerId} and pp_og.move_out_date is null and ${pathWithin(sql`pp_g.path`, groupPath)})`);
  if (query.nameFilter) conditions.push(ilikeContains(pets.name, query.nameFilter));
  if (query.sampleNumberFilter)
    conditions.push(ilikeContains(pets.sampleNumber, query.sampleNumberFilter.toUpperCase()));
  if (query.sampleStatusFilter !== undefined) conditions.push(eq(pets.customerFacingStatus, query.sampleStatusFilter));
  if (query.matchStatusFilter !== undefined) conditions.push(sql`${matchStatusSql} = ${query.matchStatusFilter}`);
  for (const [filter, column] of [
    [query.statusLastUpdatedFilter, statusLastUpdatedSql],
    [query.lastAttemptedFilter, sets.lastAttempted],
  ] as const) {
    if (!filter) continue;
    const bounds = usDateBounds(filter, timeZone);
    if (bounds)
      conditions.push(sql`(${column} >= ${bounds.start.toISOString()} and ${column} < ${bounds.end.toISOString()})`);
  }
  const where = and(...conditions);
  const explicit = query.orderBy !== undefined && query.orderBy !== ParentageOrdering.None;
  const direction = explicit ? (query.ascending === false ? desc : asc) : query.ascending === true ? asc : desc;
  const { rows, total } = await pagedSelect(
    query,
    db
      .select({
        petOwnerId: pets.petOwnerId,
        puppyId: pets.id,
        puppyName: pets.name,
        puppySampleNumber: sql<string>`${pets.sampleNumber}`,
        matchStatus: matchStatusSql,
        matchResultSetId: sets.id,
        bestMatchResultId: sets.bestMatchResultId,
        isParentageCertified: sql<boolean>`coalesce(${sets.isParentageCertified}, false)`,
        sampleStatus: pets.customerFacingStatus,
        statusLastUpdated: statusLastUpdatedSql,
        lastAttempted: sets.lastAttempted,
      })
      .from(pets)
      .leftJoin(sets, eq(sets.puppyPetId, pets.id))
      .where(where)
      .orderBy(direction(ORDER[query.orderBy ?? ParentageOrdering.None]), desc(pets.id))
      .$dynamic(),
    db.select({ total: count() }).from(pets).leftJoin(sets, eq(sets.puppyPetId, pets.id)).where(where),
  );
  return { rows, total };
}

export async function petByIdFor(db: Db, caller: Caller, petId: number) {
  const [row] = await db
    .select()
    .from(pets)
    .where(and(eq(pets.id, petId), petInScopeSql(caller, pets.petOwnerId)));
  return row;
}

/** The owner's dogs with a sample number. */
export async function dogsOfOwner(db: Db, ownerId: number) {
  return db
    .select({ petId: pets.id, name: pets.name, sampleNumber: sql<string>`${pets.sampleNumber}`, gender: pets.gender })
    .from(pets)
    .where(and(eq(pets.petOwnerId, ownerId), sql`${pets.sampleNumber} is not null`))
    .orderBy(asc(pets.name));
}
