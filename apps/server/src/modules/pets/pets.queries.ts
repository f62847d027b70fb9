// SQL of the pets table: registering, the scoped reads (one pet, an owner's pets, pets under a group, orphans), the
// rows the sample rules write, transfers and deletes.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  OrphanOrdering,
  PetListOrdering,
  SampleCustomerStatus,
  usDateBounds,
  type OrphansQuery,
  type PetsUnderGroupQuery,
} from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { ilikeContains } from '../../db/like.ts';
import { groups, petOwnerGroups, pets, users } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { pathWithin, petInScopeSql } from '../../platform/scope.ts';

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

export async function setFlag(db: Db, id: number, isFlagged: boolean, notes: string | null, userId: number) {
  await db
    .update(pets)
    .set({ isFlagged, flagNotes: notes, dateUpdated: new Date(), updatedByUserId: userId })
    .where(eq(pets.id, id));
}

// ---- Reads within the caller's scope (platform/scope.ts decides which pets a caller sees).

const owner = alias(users, 'pet_owner');
const updater = alias(users, 'pet_updater');
const ownerName = sql<
  string | null
>`nullif(trim(coalesce(${owner.firstName}, '') || ' ' || coalesce(${owner.lastName}, '')), '')`;

const listColumns = {
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

/** The column falls on the filter's day in the lab's time zone. */
function sameDay(column: AnyPgColumn, usDate: string, timeZone: string): SQL {
  const { start, end } = usDateBounds(usDate, timeZone)!;
  return sql`(${column} >= ${start.toISOString()} and ${column} < ${end.toISOString()})`;
}

type Paging = { page: number; pageSize: number; ascending?: boolean };

async function pagedPets(db: Db, where: SQL | undefined, order: SQL | AnyPgColumn, query: Paging) {
  const direction = query.ascending === false ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(pets)
      .leftJoin(owner, eq(owner.id, pets.petOwnerId))
      .where(where)
      .orderBy(direction(order), direction(pets.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(pets).leftJoin(owner, eq(owner.id, pets.petOwnerId)).where(where),
  ]);
  return { rows, total };
}

const PET_LIST_ORDER: Record<number, SQL | AnyPgColumn> = {
  [PetListOrdering.None]: pets.name,
  [PetListOrdering.Name]: pets.name,
  [PetListOrdering.PetOwnerName]: ownerName,
  [PetListOrdering.SampleNumber]: pets.sampleNumber,
  [PetListOrdering.DateCreated]: pets.dateCreated,
  [PetListOrdering.StatusLastUpdated]: pets.statusLastUpdated,
  [PetListOrdering.CustomerFacingStatus]: pets.customerFacingStatus,
  [PetListOrdering.IsServiceAnimal]: pets.isServiceAnimal,
};

/** Pets whose owner currently belongs to a pet-owner group within the group's subtree (the group is in scope). */
export async function petsUnderGroup(db: Db, groupPath: string, query: PetsUnderGroupQuery, timeZone: string) {
  const conditions: SQL[] = [
    sql`exists (select 1 from ${petOwnerGroups} pug join ${groups} pug_g on pug_g.id = pug.group_id
      where pug.pet_owner_id = ${pets.petOwnerId} and pug.move_out_date is null and ${pathWithin(sql`pug_g.path`, groupPath)})`,
  ];
  if (query.nameFilter) conditions.push(ilikeContains(pets.name, query.nameFilter));
  if (query.petOwnerNameFilter) conditions.push(ilikeContains(ownerName, query.petOwnerNameFilter));
  if (query.sampleNumberFilter) conditions.push(ilikeContains(pets.sampleNumber, query.sampleNumberFilter));
  if (query.dateCreatedFilter) conditions.push(sameDay(pets.dateCreated, query.dateCreatedFilter, timeZone));
  if (query.statusLastUpdatedFilter)
    conditions.push(sameDay(pets.statusLastUpdated, query.statusLastUpdatedFilter, timeZone));
  if (query.customerFacingStatusFilter !== undefined)
    conditions.push(eq(pets.customerFacingStatus, query.customerFacingStatusFilter));
  if (query.isServiceAnimalFilter !== undefined) conditions.push(eq(pets.isServiceAnimal, query.isServiceAnimalFilter));
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
