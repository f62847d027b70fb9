// SQL for pet owners: the owner with their groups, pets and codes; memberships and history; the group's owner and
// move-out lists; unassigned owners; the agreements printed on the registration agreement. Scope through scope.ts.
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { GroupTypes, UserRole } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { escapeLike, ilikeContains, lowerContains } from '../../db/like.ts';
import {
  documentVersions,
  documents,
  groups,
  petOwnerAgreements,
  petOwnerGroups,
  petOwnerPromotionCodes,
  pets,
  users,
} from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { groupInScopeSql, pathWithin, petOwnerReachableSql } from '../../platform/scope.queries.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';
import { pagedSelect } from '../../platform/paging.queries.ts';

type Paging = { page: number; pageSize: number; orderBy?: string; ascending?: boolean };

/** Pet owners proper: the role, and not a resident's RES… sign-in. */
export const isPetOwnerAccount = and(
  eq(users.roleId, UserRole.PetOwner),
  sql`lower(${users.userName}) not like 'res%'`,
)!;
const fullNameSql = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
/**
 * The name contains the text: first name, last name or the two joined. Whatever the first or last name contains the
 * full name contains too, so one test on the full name answers all three, through its trigram index (migration 0010).
 */
export const nameContains = (name: string) => lowerContains(fullNameSql, name);
const petCountSql = sql<number>`(select count(*)::int from ${pets} where ${pets.petOwnerId} = ${users.id})`;

/** The pet owner when the caller is them, or an admin who reaches them (scope.ts); otherwise undefined. Residents'
 * RES… accounts are never group members, so admins never reach them here. */
export async function findPetOwnerFor(db: Db, caller: Caller, petOwnerId: number) {
  const visible = sql`(${users.id} = ${caller.userId} or ${caller.isAdmin ? petOwnerReachableSql(caller, users.id) : sql`false`})`;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, petOwnerId), eq(users.roleId, UserRole.PetOwner), visible));
  return row;
}

export async function petsOf(db: Db, petOwnerId: number) {
  return db
    .select({
      id: pets.id,
      name: pets.name,
      sampleNumber: pets.sampleNumber,
      breed: pets.breed,
      gender: pets.gender,
      isActive: pets.isActive,
    })
    .from(pets)
    .where(eq(pets.petOwnerId, petOwnerId))
    .orderBy(asc(pets.name));
}

export async function countPetsOf(db: Db, petOwnerId: number): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(pets).where(eq(pets.petOwnerId, petOwnerId));
  return total;
}

export async function currentGroupsOf(db: Db, petOwnerId: number) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      groupType: groups.groupType,
      isActive: groups.isActive,
      residentPayEnabled: groups.residentPayEnabled,
    })
    .from(petOwnerGroups)
    .innerJoin(groups, eq(groups.id, petOwnerGroups.groupId))
    .where(and(eq(petOwnerGroups.petOwnerId, petOwnerId), isNull(petOwnerGroups.moveOutDate)))
    .orderBy(asc(petOwnerGroups.dateAdded), asc(petOwnerGroups.id));
}

export async function promotionCodesOf(db: Db, petOwnerId: number) {
  return db
    .select({ kind: petOwnerPromotionCodes.kind, code: petOwnerPromotionCodes.code })
    .from(petOwnerPromotionCodes)
    .where(eq(petOwnerPromotionCodes.petOwnerId, petOwnerId));
}

/** The owner's memberships, newest first; an admin who is not provider staff sees only those in their groups. */
export async function groupHistoryOf(db: Db, petOwnerId: number, caller: Caller | null) {
  return db
    .select({
      historyId: petOwnerGroups.id,
      id: groups.id,
      name: groups.name,
      groupType: groups.groupType,
      dateAdded: petOwnerGroups.dateAdded,
      moveOutDate: petOwnerGroups.moveOutDate,
    })
    .from(petOwnerGroups)
    .innerJoin(groups, eq(groups.id, petOwnerGroups.groupId))
    .where(and(eq(petOwnerGroups.petOwnerId, petOwnerId), caller ? groupInScopeSql(caller) : undefined))
    .orderBy(desc(petOwnerGroups.dateAdded), desc(petOwnerGroups.id));
}

/** One membership (current or past) with its group, when the group lies in the caller's scope. */
export async function membershipInScope(db: Db, caller: Caller, membershipId: number) {
  const [row] = await db
    .select({ membership: petOwnerGroups, groupName: groups.name })
    .from(petOwnerGroups)
    .innerJoin(groups, eq(groups.id, petOwnerGroups.groupId))
    .where(and(eq(petOwnerGroups.id, membershipId), groupInScopeSql(caller)));
  return row;
}

export async function currentMembership(db: Db, petOwnerId: number, groupId: number) {
  const [row] = await db
    .select()
    .from(petOwnerGroups)
    .where(
      and(
        eq(petOwnerGroups.petOwnerId, petOwnerId),
        eq(petOwnerGroups.groupId, groupId),
        isNull(petOwnerGroups.moveOutDate),
      ),
    );
  return row;
}

/** Current memberships, limited to the caller's groups unless `caller` is null (every group). */
export async function currentMemberships(db: Db, petOwnerId: number, caller: Caller | null) {
  return db
    .select({ id: petOwnerGroups.id, groupId: groups.id, groupName: groups.name })
    .from(petOwnerGroups)
    .innerJoin(groups, eq(groups.id, petOwnerGroups.groupId))
    .where(
      and(
        eq(petOwnerGroups.petOwnerId, petOwnerId),
        isNull(petOwnerGroups.moveOutDate),
        caller ? groupInScopeSql(caller) : undefined,
      ),
    );
}

export async function addMembership(db: Db, petOwnerId: number, groupId: number) {
  const [row] = await db.insert(petOwnerGroups).values({ petOwnerId, groupId }).returning();
  return row;
}

export async function moveOutMemberships(db: Db, membershipIds: number[], when: Date) {
  for (const id of membershipIds)
    await db.update(petOwnerGroups).set({ moveOutDate: when }).where(eq(petOwnerGroups.id, id));
}

export async function deleteMembership(db: Db, membershipId: number) {
  await db.delete(petOwnerGroups).where(eq(petOwnerGroups.id, membershipId));
}

export async function insertPetOwner(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function userNamesStartingWith(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ userName: users.userName })
    .from(users)
    .where(sql`lower(${users.userName}) like ${`${escapeLike(prefix.toLowerCase())}%`}`);
  return rows.map((row) => row.userName.toLowerCase());
}

export async function deletePetOwner(db: Db, petOwnerId: number) {
  await db.delete(users).where(and(eq(users.id, petOwnerId), eq(users.roleId, UserRole.PetOwner)));
}

const listSorts = sortColumns({
  name: [users.lastName, users.firstName],
  userName: [users.userName],
  email: [users.email],
  dateAdded: [petOwnerGroups.dateAdded],
  dateMoveOut: [petOwnerGroups.moveOutDate],
  petCount: [petCountSql],
});

/**
 * The owners of a group and its subgroups: current members, or (movedOut) past memberships. One row per membership;
 * the default sort is name ascending for members and move-out date descending for move-outs (spec 2 §9).
 */
export async function groupPetOwners(
  db: Db,
  groupPath: string,
  query: Paging & { name?: string; userName?: string; email?: string },
  movedOut: boolean,
) {
  const conditions: SQL[] = [
    pathWithin(groups.path, groupPath),
    movedOut ? isNotNull(petOwnerGroups.moveOutDate) : isNull(petOwnerGroups.moveOutDate),
  ];
  if (query.name) {
    const name = query.name;
    conditions.push(nameContains(name));
  }
  if (query.userName) conditions.push(ilikeContains(users.userName, query.userName));
  if (query.email) conditions.push(ilikeContains(users.email, query.email));
  const where = and(...conditions);
  const columns = sortColumn(listSorts, query.orderBy, movedOut ? 'dateMoveOut' : 'name');
  const ascending = query.ascending ?? !(movedOut && !query.orderBy);
  const order = [...columns.map((column) => (ascending ? asc(column) : desc(column))), asc(petOwnerGroups.id)];
  const base = () =>
    db
      .select({
        id: users.id,
        userName: users.userName,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phoneNumber: users.phoneNumber,
        isActive: users.isActive,
        groupId: groups.id,
        groupName: groups.name,
        petCount: petCountSql,
        dateAdded: petOwnerGroups.dateAdded,
        dateMoveOut: petOwnerGroups.moveOutDate,
      })
      .from(petOwnerGroups)
      .innerJoin(groups, eq(groups.id, petOwnerGroups.groupId))
      .innerJoin(users, eq(users.id, petOwnerGroups.petOwnerId));
  return pagedSelect(
    query,
    base()
      .where(where)
      .orderBy(...order)
      .$dynamic(),
    db
      .select({ total: count() })
      .from(petOwnerGroups)
      .innerJoin(groups, eq(groups.id, petOwnerGroups.groupId))
      .innerJoin(users, eq(users.id, petOwnerGroups.petOwnerId))
      .where(where),
  );
}

const lastMembership = sql`(select lm.group_id, lm.move_out_date from ${petOwnerGroups} lm
  where lm.pet_owner_id = ${users.id} order by lm.move_out_date desc nulls last, lm.id desc limit 1)`;

/** Pet owners in no current group whom the caller reaches (provider staff: all of them), by name. */
export async function unassignedPetOwners(db: Db, caller: Caller, query: Paging & { name?: string }) {
  const conditions: SQL[] = [
    isPetOwnerAccount,
    sql`not exists (select 1 from ${petOwnerGroups} un_cur where un_cur.pet_owner_id = ${users.id}
      and un_cur.move_out_date is null)`,
    petOwnerReachableSql(caller, users.id),
  ];
  if (query.name) {
    const name = query.name;
    conditions.push(nameContains(name));
  }
  const where = and(...conditions);
  return pagedSelect(
    query,
    db
      .select({
        id: users.id,
        userName: users.userName,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        isActive: users.isActive,
        petCount: petCountSql,
        lastGroupName: sql<
          string | null
        >`(select g.name from ${lastMembership} last join ${groups} g on g.id = last.group_id)`,
        dateMoveOut: sql<Date | null>`(select last.move_out_date from ${lastMembership} last)`,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .$dynamic(),
    db.select({ total: count() }).from(users).where(where),
  );
}

/** The document versions the owner agreed to for this group, newest first, with the document's name. */
export async function agreementsOf(db: Db, petOwnerId: number, groupId: number) {
  return db
    .select({
      documentId: documents.id,
      documentName: documents.name,
      version: documentVersions.version,
      content: documentVersions.content,
      dateAgreed: petOwnerAgreements.dateAgreed,
    })
    .from(petOwnerAgreements)
    .innerJoin(documentVersions, eq(documentVersions.id, petOwnerAgreements.documentVersionId))
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(and(eq(petOwnerAgreements.petOwnerId, petOwnerId), eq(petOwnerAgreements.groupId, groupId)))
    .orderBy(desc(petOwnerAgreements.dateAgreed));
}

export async function recordAgreement(db: Db, petOwnerId: number, groupId: number, documentVersionId: number) {
  await db.insert(petOwnerAgreements).values({ petOwnerId, groupId, documentVersionId });
}

/** The group, if owners may belong to it (a property or parentage group). */
export const isPetOwnerGroupType = (groupType: number) =>
  groupType === GroupTypes.Property || groupType === GroupTypes.ParentageGroup;

/** The latest version of a document, with its name. */
export async function currentDocumentVersion(db: Db, documentId: number) {
  const [row] = await db
    .select({
      documentId: documents.id,
      documentName: documents.name,
      version: documentVersions.version,
      content: documentVersions.content,
    })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(eq(documents.id, documentId))
    .orderBy(desc(documentVersions.version))
    .limit(1);
  return row;
}
