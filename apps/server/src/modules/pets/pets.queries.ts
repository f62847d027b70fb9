// SQL of the pets table: registering, the scoped reads (one pet, an owner's pets, pets under a group, orphans), the
// rows the sample rules write, transfers and deletes.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  OrphanOrdering,
  PetListOrdering,
  SampleCustomerStatus,
  usDateBounds,
  type OrphansQuery,
  type OwnerPetsPageQuery,
} from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { ilikeContains } from '../../db/like.ts';
import { groups, petOwnerGroups, pets, users } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { petInScopeSql } from '../../platform/scope.queries.ts';
import { pagedSelect } from '../../platform/paging.queries.ts';

export type PetInsert = typeof pets.$inferInsert;

export async function insertPets(db: Db, rows: PetInsert[]) {
  if (rows.length === 0) return [];
  return db.insert(pets).values(rows).returning();
}

/** Which of these (upper-cased) sample numbers pets already have. */
export async function takenSampleNumbers(db: Db, sampleNumbers: string[]): Promise<string[]> {
  if (sampleNumbers.length === 0) return [];
  const rows = await db
    .select({ sampleNumber: pets.sampleNumber })
    .from(pets)
    .where(inArray(sql`upper(${pets.sampleNumber})`, sampleNumbers));
  return rows.map((row) => row.sampleNumber ?? '');
}

export async function petOwnerRole(db: Db, petOwnerId: number) {
  const [row] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, petOwnerId)).limit(1);
  return row?.roleId ?? null;
}

export async function setStatus(db: Db, id: number, status: number, userId: number) {
  await db
    .update(pets)
    .set({
      customerFacingStatus: status,
      statusLastUpdated: new Date(),
      dateUpdated: new Date(),
      updatedByUserId: userId,
    })
    .where(eq(pets.id, id));
}

export async function setStatuses(db: Db, ids: number[], status: number, userId: number) {
  if (ids.length === 0) return;
  const now = new Date();
  await db
    .update(pets)
    .set({ customerFacingStatus: status, statusLastUpdated: now, dateUpdated: now, updatedByUserId: userId })
    .where(inArray(pets.id, ids));
}

export async function setFlag(db: Db, id: number, isFlagged: boolean, notes: string | null, userId: number) {
  await db
    .update(pets)
    .set({ isFlagged, flagNotes: notes, dateUpdated: new Date(), updatedByUserId: userId })
    .where(eq(pets.id, id));
}

// ---- Reads within the caller's scope (platform/scope.ts decides which pets a caller sees).

export const owner = alias(users, 'pet_owner');
const updater = alias(users, 'pet_updater');
export const ownerName = sql<
  string | null
>`nullif(trim(coalesce(${owner.firstName}, '') || ' ' || coalesce(${owner.lastName}, '')), '')`;

export const listColumns = {
  id: pets.id,
  petOwnerId: pets.petOwnerId,
  ownerFirstName: owner.firstName,
  ownerLastName: owner.lastName,
  ownerUserName: owner.userName,
  name: pets.name,
  breed: pets.breed,
  sampleNumber: pets.sampleNumber,
  customerFacingStatus: pets.customerFacingStatus,
  isServiceAnimal: pets.isServiceAnimal,
  isActive: pets.isActive,
  isFlagged: pets.isFlagged,
  dateCreated: pets.dateCreated,
  dateUpdated: pets.dateUpdated,
  statusLastUpdated: pets.statusLastUpdated,
  hasApprovedVerificationTest: pets.hasApprovedVerificationTest,
  isDnaVerificationCertificateRevoked: pets.isDnaVerificationCertificateRevoked,
};
export type PetListRecord = Awaited<ReturnType<typeof petsOfOwner>>[number];

/** One pet with its owner's and last updater's names, if the caller may see it. */
export async function findPetFor(db: Db, caller: Caller, petId: number) {
  const [row] = await db
    .select({
      ...listColumns,
      pet: pets,
      updaterFirstName: updater.firstName,
      updaterLastName: updater.lastName,
      updaterUserName: updater.userName,
    })
    .from(pets)
    .leftJoin(owner, eq(owner.id, pets.petOwnerId))
    .leftJoin(updater, eq(updater.id, pets.updatedByUserId))
    .where(and(eq(pets.id, petId), petInScopeSql(caller, pets.petOwnerId)));
  return row ?? null;
}

/** The pet a sample number names, if the caller may see it (the barcode lookup). */
export async function findPetBySampleNumberFor(db: Db, caller: Caller, sampleNumber: string) {
  const [row] = await db
    .select({ pet: pets, ownerId: owner.id, bioPetNotes: owner.bioPetNotes })
    .from(pets)
    .leftJoin(owner, eq(owner.id, pets.petOwnerId))
    .where(and(eq(sql`upper(${pets.sampleNumber})`, sampleNumber), petInScopeSql(caller, pets.petOwnerId)));
  return row ?? null;
}

/** The groups the owner currently belongs to (where their dogs' events happen). */
export async function currentGroupIds(db: Db, petOwnerId: number): Promise<number[]> {
  const rows = await db
    .select({ groupId: petOwnerGroups.groupId })
    .from(petOwnerGroups)
    .where(and(eq(petOwnerGroups.petOwnerId, petOwnerId), isNull(petOwnerGroups.moveOutDate)));
  return rows.map((row) => row.groupId);
}

/** The name of a property the owner currently belongs to (the barcode lookup shows one). */
export async function currentPropertyName(db: Db, petOwnerId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: groups.name })
    .from(petOwnerGroups)
    .innerJoin(groups, eq(groups.id, petOwnerGroups.groupId))
    .where(and(eq(petOwnerGroups.petOwnerId, petOwnerId), isNull(petOwnerGroups.moveOutDate)))
    .orderBy(desc(petOwnerGroups.dateAdded))
    .limit(1);
  return row?.name ?? null;
}

export async function petsOfOwner(db: Db, petOwnerId: number, approvedOnly: boolean) {
  const conditions = [eq(pets.petOwnerId, petOwnerId)];
  if (approvedOnly) conditions.push(eq(pets.customerFacingStatus, SampleCustomerStatus.DnaProcessingComplete));
  return db
    .select(listColumns)
    .from(pets)
    .leftJoin(owner, eq(owner.id, pets.petOwnerId))
    .where(and(...conditions))
    .orderBy(asc(pets.name), asc(pets.id));
}

/** The owner's active pets, by name (what the shop offers products for). */
export async function activePetsOfOwner(db: Db, petOwnerId: number) {
  return db
    .select({ id: pets.id, name: pets.name })
    .from(pets)
    .where(and(eq(pets.petOwnerId, petOwnerId), eq(pets.isActive, true)))
    .orderBy(asc(pets.name), asc(pets.id));
}

/**
 * For another module's single statement: the name of the pet `petId` (an SQL expression) when it is an active pet of
 * the owner, else null (a scalar subquery).
 */
export const activePetNameSql = (petId: SQL, petOwnerId: number | SQLWrapper) =>
  sql`(select ${pets.name} from ${pets}
    where ${pets.id} = ${petId} and ${pets.petOwnerId} = ${petOwnerId} and ${pets.isActive})`;

/** The column falls on the filter's day in the lab's time zone. */
export function sameDay(column: AnyPgColumn, usDate: string, timeZone: string): SQL {
  const { start, end } = usDateBounds(usDate, timeZone)!;
  return sql`(${column} >= ${start.toISOString()} and ${column} < ${end.toISOString()})`;
}

type Paging = { page: number; pageSize: number; ascending?: boolean };

async function pagedPets(db: Db, where: SQL | undefined, order: SQL | AnyPgColumn, query: Paging) {
  const direction = query.ascending === false ? desc : asc;
  return pagedSelect(
    query,
    db
      .select(listColumns)
      .from(pets)
      .leftJoin(owner, eq(owner.id, pets.petOwnerId))
      .where(where)
      .orderBy(direction(order), direction(pets.id))
      .$dynamic(),
    db.select({ total: count() }).from(pets).leftJoin(owner, eq(owner.id, pets.petOwnerId)).where(where),
  );
}

export const PET_LIST_ORDER: Record<number, SQL | AnyPgColumn> = {
  [PetListOrdering.None]: pets.name,
  [PetListOrdering.Name]: pets.name,
  [PetListOrdering.PetOwnerName]: ownerName,
  [PetListOrdering.SampleNumber]: pets.sampleNumber,
  [PetListOrdering.DateCreated]: pets.dateCreated,
  [PetListOrdering.StatusLastUpdated]: pets.statusLastUpdated,
  [PetListOrdering.CustomerFacingStatus]: pets.customerFacingStatus,
  [PetListOrdering.IsServiceAnimal]: pets.isServiceAnimal,
};

/** One owner's pets a page at a time, filtered and sorted (the owner's paged pet list). */
export async function ownerPetsPage(db: Db, petOwnerId: number, query: OwnerPetsPageQuery) {
  const conditions: SQL[] = [eq(pets.petOwnerId, petOwnerId)];
  if (query.nameFilter) conditions.push(ilikeContains(pets.name, query.nameFilter));
  if (query.sampleNumberFilter) conditions.push(ilikeContains(pets.sampleNumber, query.sampleNumberFilter));
  if (query.customerFacingStatusFilter !== undefined)
    conditions.push(eq(pets.customerFacingStatus, query.customerFacingStatusFilter));
  if (query.isActiveFilter !== undefined) conditions.push(eq(pets.isActive, query.isActiveFilter));
  return pagedPets(db, and(...conditions), PET_LIST_ORDER[query.orderBy ?? PetListOrdering.None], query);
}

const ORPHAN_ORDER: Record<number, SQL | AnyPgColumn> = {
  [OrphanOrdering.None]: pets.dateUpdated,
  [OrphanOrdering.Name]: pets.name,
  [OrphanOrdering.SampleNumber]: pets.sampleNumber,
  [OrphanOrdering.DateCreated]: pets.dateCreated,
  [OrphanOrdering.DateUpdated]: pets.dateUpdated,
  [OrphanOrdering.CustomerFacingStatus]: pets.customerFacingStatus,
  [OrphanOrdering.ActivityStatus]: pets.isActive,
};

/** Pets without an owner (their owner was deleted or they were registered by sample number alone). */
export async function orphans(db: Db, caller: Caller, query: OrphansQuery, timeZone: string) {
  const conditions: SQL[] = [isNull(pets.petOwnerId), petInScopeSql(caller, pets.petOwnerId)];
  if (query.name) conditions.push(ilikeContains(pets.name, query.name));
  if (query.sampleNumber) conditions.push(ilikeContains(pets.sampleNumber, query.sampleNumber));
  if (query.dateCreated) conditions.push(sameDay(pets.dateCreated, query.dateCreated, timeZone));
  if (query.dateUpdated) conditions.push(sameDay(pets.dateUpdated, query.dateUpdated, timeZone));
  if (query.customerFacingStatus !== undefined)
    conditions.push(eq(pets.customerFacingStatus, query.customerFacingStatus));
  if (query.isActive !== undefined) conditions.push(eq(pets.isActive, query.isActive));
  const order = ORPHAN_ORDER[query.orderBy ?? OrphanOrdering.None];
  return pagedPets(db, and(...conditions), order, {
    ...query,
    ascending: query.orderBy ? query.ascending : (query.ascending ?? false),
  });
}

/** Orphans among these (upper-cased) sample numbers. */
export async function orphansWithSampleNumbers(db: Db, sampleNumbers: string[]) {
  if (sampleNumbers.length === 0) return [];
  return db
    .select({ id: pets.id, name: pets.name, sampleNumber: pets.sampleNumber })
    .from(pets)
    .where(and(isNull(pets.petOwnerId), inArray(sql`upper(${pets.sampleNumber})`, sampleNumbers)))
    .orderBy(asc(pets.sampleNumber));
}

// ---- Writes.

export async function lockPet(db: Db, petId: number) {
  const [row] = await db.select().from(pets).where(eq(pets.id, petId)).for('update');
  return row ?? null;
}

export async function updatePet(db: Db, petId: number, values: Partial<PetInsert>) {
  const [row] = await db
    .update(pets)
    .set({ ...values, dateUpdated: new Date() })
    .where(eq(pets.id, petId))
    .returning();
  return row;
}

export async function deletePet(db: Db, petId: number) {
  await db.delete(pets).where(eq(pets.id, petId));
}

export async function petOwnerName(db: Db, petOwnerId: number) {
  const [row] = await db
    .select({ roleId: users.roleId, firstName: users.firstName, lastName: users.lastName, userName: users.userName })
    .from(users)
    .where(eq(users.id, petOwnerId));
  return row ?? null;
}

/** What a status-change notification names: the pet, its owner, and the groups the owner currently belongs to. */
/** petNotice of many pets in two queries (pets without an owner are left out). */
export async function petNotices(db: Db, petIds: number[]) {
  if (petIds.length === 0) return new Map<number, NonNullable<Awaited<ReturnType<typeof petNotice>>>>();
  const rows = await db
    .select({ id: pets.id, name: pets.name, sampleNumber: pets.sampleNumber, petOwnerId: pets.petOwnerId })
    .from(pets)
    .where(inArray(pets.id, petIds));
  const ownerIds = [...new Set(rows.flatMap((row) => (row.petOwnerId ? [row.petOwnerId] : [])))];
  const memberships = ownerIds.length
    ? await db
        .select({ petOwnerId: petOwnerGroups.petOwnerId, groupId: petOwnerGroups.groupId })
        .from(petOwnerGroups)
        .where(and(inArray(petOwnerGroups.petOwnerId, ownerIds), isNull(petOwnerGroups.moveOutDate)))
    : [];
  const groupsOf = new Map<number, number[]>();
  for (const m of memberships) groupsOf.set(m.petOwnerId, [...(groupsOf.get(m.petOwnerId) ?? []), m.groupId]);
  return new Map(
    rows.flatMap(({ id, petOwnerId, ...pet }) =>
      petOwnerId ? [[id, { ...pet, petOwnerId, groupIds: groupsOf.get(petOwnerId) ?? [] }] as const] : [],
    ),
  );
}

export async function petNotice(db: Db, petId: number) {
  const [pet] = await db
    .select({ name: pets.name, sampleNumber: pets.sampleNumber, petOwnerId: pets.petOwnerId })
    .from(pets)
    .where(eq(pets.id, petId));
  if (!pet?.petOwnerId) return null;
  const memberships = await db
    .select({ groupId: petOwnerGroups.groupId })
    .from(petOwnerGroups)
    .where(and(eq(petOwnerGroups.petOwnerId, pet.petOwnerId), isNull(petOwnerGroups.moveOutDate)));
  return { ...pet, petOwnerId: pet.petOwnerId, groupIds: memberships.map((row) => row.groupId) };
}
