// SQL for pre-registered residents and their dogs: one resident within the caller's scope, the search, the group's
// resident lists (paged, filtered and sorted in the database) and the writes of the resident actions.
import { and, asc, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PetType, RegistrationStatus, UserRole } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { containsPattern, ilikeContains } from '../../db/like.ts';
import {
  groups,
  petOwnerGroups,
  pets,
  preRegisteredDogs,
  preRegisteredResidents,
  users,
} from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { groupInScopeSql, pathWithin } from '../../platform/scope.queries.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';
import { forgetAllCallers } from '../../platform/session-cache.ts';
import { pageLimitSql } from '../../platform/paging.queries.ts';

export type ResidentRecord = typeof preRegisteredResidents.$inferSelect;
export type DogRecord = typeof preRegisteredDogs.$inferSelect;

/** The resident when the caller is them, or an admin whose scope holds their property. */
export async function findResidentFor(db: Db, caller: Caller, residentId: number) {
  const visible = sql`(${preRegisteredResidents.userId} = ${caller.userId} or ${caller.isAdmin ? groupInScopeSql(caller) : sql`false`})`;
  const [row] = await db
    .select({
      resident: preRegisteredResidents,
      groupName: groups.name,
      groupPath: groups.path,
      userName: users.userName,
      userRoleId: users.roleId,
    })
    .from(preRegisteredResidents)
    .innerJoin(groups, eq(groups.id, preRegisteredResidents.groupId))
    .leftJoin(users, eq(users.id, preRegisteredResidents.userId))
    .where(and(eq(preRegisteredResidents.id, residentId), visible));
  return row;
}

export async function dogsOf(db: Db, residentId: number) {
  return db
    .select()
    .from(preRegisteredDogs)
    .where(eq(preRegisteredDogs.residentId, residentId))
    .orderBy(asc(preRegisteredDogs.id));
}

/** The address of the resident record the user signs in as, if any. */
export async function residentAddressOfUser(db: Db, userId: number) {
  const [row] = await db
    .select({ address: preRegisteredResidents.address })
    .from(preRegisteredResidents)
    .where(eq(preRegisteredResidents.userId, userId))
    .limit(1);
  return row?.address ?? null;
}

/** For another module's single statement: the country of the user's resident record's address (a scalar subquery). */
export const residentCountryOfUserSql = (userId: number | SQLWrapper) =>
  sql`(select ${preRegisteredResidents.address}->>'countryId' from ${preRegisteredResidents}
    where ${preRegisteredResidents.userId} = ${userId} limit 1)`;

/**
 * For another module's single statement: the name of the pre-registered dog `dogId` (an SQL expression) when it is
 * one of the user's not yet registered as a pet, else null (a scalar subquery).
 */
export const unregisteredDogNameSql = (dogId: SQL, userId: number | SQLWrapper) =>
  sql`(select ${preRegisteredDogs.name} from ${preRegisteredDogs} join ${preRegisteredResidents}
    on ${preRegisteredResidents.id} = ${preRegisteredDogs.residentId}
    where ${preRegisteredDogs.id} = ${dogId} and ${preRegisteredResidents.userId} = ${userId}
      and ${preRegisteredDogs.petId} is null)`;

/** The user's pre-registered dogs (as a resident) not yet registered as pets, by name. */
export async function unregisteredDogsOfUser(db: Db, userId: number) {
  return db
    .select({ id: preRegisteredDogs.id, name: preRegisteredDogs.name })
    .from(preRegisteredDogs)
    .innerJoin(preRegisteredResidents, eq(preRegisteredResidents.id, preRegisteredDogs.residentId))
    .where(and(eq(preRegisteredResidents.userId, userId), isNull(preRegisteredDogs.petId)))
    .orderBy(asc(preRegisteredDogs.name), asc(preRegisteredDogs.id));
}

export async function searchResidents(db: Db, caller: Caller, text: string) {
  const r = preRegisteredResidents;
  const fullName = sql`${r.firstName} || ' ' || ${r.lastName}`;
  return db
    .select({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      status: r.status,
      groupId: r.groupId,
      propertyName: groups.name,
    })
    .from(r)
    .innerJoin(groups, eq(groups.id, r.groupId))
    .where(
      and(
        groupInScopeSql(caller),
        or(...[r.firstName, r.lastName, r.email, fullName].map((value) => ilikeContains(value, text))),
      ),
    )
    .orderBy(asc(r.lastName), asc(r.firstName))
    .limit(50);
}

export type ResidentListFilter = {
  page: number;
  pageSize: number;
  orderBy?: string;
  ascending?: boolean;
  name?: string;
  residentNumber?: string;
  unitNumber?: string;
  phone?: string;
  email?: string;
  petSpecies?: number;
  petType?: number;
  status?: number;
  datePreRegistered?: { start: Date; end: Date };
  preRegisteredDogName?: string;
};

const ORDER = sortColumns<SQL>({
  name: sql`lower(r.first_name), lower(r.last_name)`,
  fullname: sql`lower(r.first_name), lower(r.last_name)`,
  email: sql`lower(r.email)`,
  unitnumber: sql`r.unit_number`,
  phonenumber: sql`r.phone_number`,
  status: sql`r.status`,
  petspecies: sql`r.pet_species`,
  datepreregistered: sql`r.date_pre_registered`,
  residentnumber: sql`u.user_name`,
});

type ResidentSqlRow = {
  id: number;
  userId: number | null;
  firstName: string;
  lastName: string;
  userName: string | null;
  userRoleId: number | null;
  email: string | null;
  phoneNumber: string | null;
  unitNumber: string | null;
  status: number;
  petSpecies: number;
  isPartiallyRegistered: boolean;
  datePreRegistered: Date | string;
  dogs: { id: number; name: string; isRegistered: boolean }[] | null;
};

/**
 * Residents of a group's subtree. `awaitingApproval` narrows to the pre-registration list (pending or partially
 * registered). Default order: name ascending, or date pre-registered descending for the pre-registration list.
 */
export async function residentsUnder(
  db: Db,
  group: { id: number; path: string },
  filter: ResidentListFilter,
  options: { awaitingApproval: boolean },
) {
  const conditions: SQL[] = [
    sql`r.group_id in (select g.id from ${groups} g where ${pathWithin(sql`g.path`, group.path)})`,
  ];
  if (options.awaitingApproval)
    conditions.push(sql`(r.status = ${RegistrationStatus.PendingApproval} or r.is_partially_registered)`);
  if (filter.name) conditions.push(sql`(r.first_name || ' ' || r.last_name) ilike ${containsPattern(filter.name)}`);
  if (filter.residentNumber) conditions.push(sql`u.user_name ilike ${containsPattern(filter.residentNumber)}`);
  if (filter.unitNumber) conditions.push(sql`r.unit_number ilike ${containsPattern(filter.unitNumber)}`);
  if (filter.phone) conditions.push(sql`r.phone_number ilike ${containsPattern(filter.phone)}`);
  if (filter.email) conditions.push(sql`r.email ilike ${containsPattern(filter.email)}`);
  if (filter.petSpecies !== undefined) conditions.push(sql`(r.pet_species & ${filter.petSpecies}) <> 0`);
  if (filter.status !== undefined) conditions.push(sql`r.status = ${filter.status}`);
  if (filter.petType !== undefined && filter.petType !== PetType.None)
    conditions.push(
      sql`exists (select 1 from ${preRegisteredDogs} d where d.resident_id = r.id and d.is_service_animal = ${filter.petType === PetType.ServiceAnimal})`,
    );
  if (filter.datePreRegistered)
    conditions.push(
      sql`r.date_pre_registered between ${filter.datePreRegistered.start.toISOString()}::timestamptz and ${filter.datePreRegistered.end.toISOString()}::timestamptz`,
    );
  if (filter.preRegisteredDogName)
    conditions.push(
      sql`exists (select 1 from ${preRegisteredDogs} d where d.resident_id = r.id and d.name ilike ${containsPattern(filter.preRegisteredDogName)})`,
    );
  const where = sql.join(conditions, sql` and `);
  const fallback = options.awaitingApproval ? 'datepreregistered' : 'name';
  const order = sortColumn(ORDER, filter.orderBy, fallback);
  const ascending = filter.ascending ?? !(options.awaitingApproval && !filter.orderBy);
  const direction = ascending ? sql`asc` : sql`desc`;
  const orderSql =
    order === ORDER.get('name')
      ? sql`lower(r.first_name) ${direction}, lower(r.last_name) ${direction}`
      : sql`${order} ${direction}`;
  const from = sql`from ${preRegisteredResidents} r left join ${users} u on u.id = r.user_id`;
  const [rows, [count]] = await Promise.all([
    queryRows<ResidentSqlRow>(
      db,
      sql`select r.id, r.user_id as "userId", r.first_name as "firstName", r.last_name as "lastName", u.user_name as "userName",
          u.role_id as "userRoleId", r.email, r.phone_number as "phoneNumber", r.unit_number as "unitNumber", r.status,
          r.pet_species as "petSpecies", r.is_partially_registered as "isPartiallyRegistered",
          r.date_pre_registered as "datePreRegistered",
          (select json_agg(json_build_object('id', d.id, 'name', d.name, 'isRegistered', d.pet_id is not null) order by d.id)
             from ${preRegisteredDogs} d where d.resident_id = r.id) as dogs
        ${from} where ${where} order by ${orderSql}, r.id ${pageLimitSql(filter)}`,
    ),
    // Unfiltered, the residents list's total is tallied (group_tallies.residents_total, kept by triggers).
    conditions.length === 1 && !options.awaitingApproval
      ? queryRows<{ total: string | number }>(
          db,
          sql`select coalesce(sum(residents_total), 0) as total from group_tallies where group_id = ${group.id}`,
        )
      : queryRows<{ total: string | number }>(db, sql`select count(*) as total ${from} where ${where}`),
  ]);
  return { rows, total: Number(count.total) };
}

/** Pet owners who moved out of a group in the subtree, newest first (or as sorted). */
export async function moveOutsUnder(
  db: Db,
  group: { path: string },
  filter: { page: number; pageSize: number; orderBy?: string; ascending?: boolean; name?: string },
) {
  const conditions: SQL[] = [
    sql`pog.move_out_date is not null`,
    sql`pog.group_id in (select g.id from ${groups} g where ${pathWithin(sql`g.path`, group.path)})`,
  ];
  if (filter.name)
    conditions.push(
      sql`(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ilike ${containsPattern(filter.name)}`,
    );
  const where = sql.join(conditions, sql` and `);
  const byName = filter.orderBy?.toLowerCase() === 'fullname' || filter.orderBy?.toLowerCase() === 'name';
  const direction = (filter.ascending ?? byName) ? sql`asc` : sql`desc`;
  const order = byName
    ? sql`lower(u.first_name) ${direction}, lower(u.last_name) ${direction}`
    : sql`pog.move_out_date ${direction}`;
  const from = sql`from ${petOwnerGroups} pog join ${users} u on u.id = pog.pet_owner_id`;
  const [rows, [count]] = await Promise.all([
    queryRows<{
      petOwnerId: number;
      firstName: string | null;
      lastName: string | null;
      userName: string;
      email: string | null;
      dateMoveOut: Date | string;
    }>(
      db,
      sql`select u.id as "petOwnerId", u.first_name as "firstName", u.last_name as "lastName", u.user_name as "userName",
          u.email, pog.move_out_date as "dateMoveOut"
        ${from} where ${where} order by ${order}, pog.id ${pageLimitSql(filter)}`,
    ),
    queryRows<{ total: string | number }>(db, sql`select count(*) as total ${from} where ${where}`),
  ]);
  return { rows, total: Number(count.total) };
}

/** The residents among `ids` that lie in the group's subtree (others are left out, as if they did not exist). */
export async function residentsInSubtree(db: Db, group: { path: string }, ids: number[]) {
  return db
    .select({ resident: preRegisteredResidents, userName: users.userName, userRoleId: users.roleId })
    .from(preRegisteredResidents)
    .innerJoin(groups, eq(groups.id, preRegisteredResidents.groupId))
    .leftJoin(users, eq(users.id, preRegisteredResidents.userId))
    .where(and(inArray(preRegisteredResidents.id, ids), pathWithin(groups.path, group.path)));
}

export async function activePropertyByCode(db: Db, code: string) {
  const [row] = await db
    .select()
    .from(groups)
    .where(
      and(
        sql`lower(${groups.propertyPreRegisterCode}) = lower(${code})`,
        eq(groups.isActive, true),
        eq(groups.groupType, 4),
      ),
    );
  return row;
}

export async function findGroup(db: Db, groupId: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, groupId));
  return row;
}

export async function insertResident(db: Db, values: typeof preRegisteredResidents.$inferInsert) {
  const [row] = await db.insert(preRegisteredResidents).values(values).returning();
  return row;
}

export async function updateResident(db: Db, id: number, changes: Partial<typeof preRegisteredResidents.$inferInsert>) {
  const [row] = await db
    .update(preRegisteredResidents)
    .set(changes)
    .where(eq(preRegisteredResidents.id, id))
    .returning();
  return row;
}

export async function deleteResident(db: Db, id: number) {
  await db.delete(preRegisteredResidents).where(eq(preRegisteredResidents.id, id));
}

export async function insertDogs(db: Db, dogs: (typeof preRegisteredDogs.$inferInsert)[]) {
  if (dogs.length === 0) return [];
  return db.insert(preRegisteredDogs).values(dogs).returning();
}

/** The pet made from a pre-registered dog takes a copy of the dog's photo (a stored file's name). */
export async function setPetImage(db: Db, petId: number, imagePath: string) {
  await db.update(pets).set({ imagePath }).where(eq(pets.id, petId));
}

export async function deleteDog(db: Db, residentId: number, dogId: number) {
  await db
    .delete(preRegisteredDogs)
    .where(
      and(
        eq(preRegisteredDogs.id, dogId),
        eq(preRegisteredDogs.residentId, residentId),
        isNull(preRegisteredDogs.petId),
      ),
    );
}

/** The resident's sign-in (RES…) user; the pet owner they become reuses it with a pet owner's user name. */
export async function insertResidentUser(
  db: Db,
  values: { firstName: string; lastName: string; email: string; phoneNumber: string | null; passwordHash: string },
) {
  const [row] = await db
    .insert(users)
    .values({ ...values, userName: `RES-new-${crypto.randomUUID()}`, roleId: UserRole.PetOwner })
    .returning();
  const userName = `RES${String(row.id).padStart(7, '0')}`;
  await db.update(users).set({ userName }).where(eq(users.id, row.id));
  return { ...row, userName };
}

export async function findUser(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function insertPetOwnerUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(db: Db, userId: number, changes: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...changes, dateUpdated: new Date() })
    .where(eq(users.id, userId));
  // Who a session's caller is may have changed: the database notifies every process at commit; this one forgets now.
  forgetAllCallers();
}

export async function deleteUser(db: Db, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}

/** Adds the pet owner to the group unless they already are a current member. */
export async function addMembership(db: Db, petOwnerId: number, groupId: number) {
  const current = await db
    .select({ id: petOwnerGroups.id })
    .from(petOwnerGroups)
    .where(
      and(
        eq(petOwnerGroups.petOwnerId, petOwnerId),
        eq(petOwnerGroups.groupId, groupId),
        isNull(petOwnerGroups.moveOutDate),
      ),
    );
  if (current.length === 0) await db.insert(petOwnerGroups).values({ petOwnerId, groupId });
}

/** The pet-owner move-out: the current membership of the group gets its move-out date (group history keeps it). */
export async function moveOutMembership(db: Db, petOwnerId: number, groupId: number, when: Date) {
  await db
    .update(petOwnerGroups)
    .set({ moveOutDate: when })
    .where(
      and(
        eq(petOwnerGroups.petOwnerId, petOwnerId),
        eq(petOwnerGroups.groupId, groupId),
        isNull(petOwnerGroups.moveOutDate),
      ),
    );
}

export async function setDogImage(db: Db, dogId: number, imagePath: string) {
  const [row] = await db
    .update(preRegisteredDogs)
    .set({ imagePath })
    .where(eq(preRegisteredDogs.id, dogId))
    .returning();
  return row;
}

/** Every resident record of one property (the rent-roll sync compares its roll with these). */
export async function residentsOfProperty(db: Db, groupId: number) {
  return db
    .select({
      id: preRegisteredResidents.id,
      firstName: preRegisteredResidents.firstName,
      lastName: preRegisteredResidents.lastName,
      email: preRegisteredResidents.email,
      phoneNumber: preRegisteredResidents.phoneNumber,
      unitNumber: preRegisteredResidents.unitNumber,
    })
    .from(preRegisteredResidents)
    .where(eq(preRegisteredResidents.groupId, groupId))
    .orderBy(asc(preRegisteredResidents.id));
}
