// SQL of the DNA lab: plates, DNA profiles, approval dates and the registry index's change log. The pet lookups
// at the end read the pets table until the pets area offers them as a service (see sample-lookup.ts).
import { and, asc, count, desc, eq, gt, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DnaProfileLabStatus, GroupTypes, SampleType } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { ilikeContains } from '../../db/like.ts';
import { dnaApprovalDates, dnaIndexChanges, dnaPlates, dnaProfiles, pets } from '../../db/schema/index.ts';
import { pagedSelect } from '../../platform/paging.queries.ts';

export type ProfileRecord = typeof dnaProfiles.$inferSelect;
export type NewProfile = typeof dnaProfiles.$inferInsert;

// Plates.
export async function plateNameTaken(db: Db, plateName: string, exceptId?: number) {
  const [row] = await db
    .select({ id: dnaPlates.id })
    .from(dnaPlates)
    .where(
      and(sql`lower(${dnaPlates.plateName}) = lower(${plateName})`, exceptId ? ne(dnaPlates.id, exceptId) : undefined),
    );
  return Boolean(row);
}
export async function plateByContentHash(db: Db, contentHash: string) {
  const [row] = await db
    .select({ plateName: dnaPlates.plateName, fileName: dnaPlates.fileName, dateCreated: dnaPlates.dateCreated })
    .from(dnaPlates)
    .where(eq(dnaPlates.contentHash, contentHash));
  return row;
}
export async function insertPlate(db: Db, values: typeof dnaPlates.$inferInsert) {
  const [row] = await db.insert(dnaPlates).values(values).returning();
  return row;
}
export async function findPlate(db: Db, id: number) {
  const [row] = await db.select().from(dnaPlates).where(eq(dnaPlates.id, id));
  return row;
}
export async function findPlateByName(db: Db, plateName: string) {
  const [row] = await db
    .select()
    .from(dnaPlates)
    .where(sql`lower(${dnaPlates.plateName}) = lower(${plateName})`);
  return row;
}
export async function renamePlate(db: Db, id: number, plateName: string) {
  await db.update(dnaPlates).set({ plateName }).where(eq(dnaPlates.id, id));
}
export async function plateSummaries(db: Db) {
  return db
    .select({
      id: dnaPlates.id,
      plateName: dnaPlates.plateName,
      fileName: dnaPlates.fileName,
      plateSize: dnaPlates.plateSize,
      panelId: dnaPlates.panelId,
      dateCreated: dnaPlates.dateCreated,
    })
    .from(dnaPlates)
    .orderBy(desc(dnaPlates.dateCreated), desc(dnaPlates.id))
    .limit(500);
}

const PLATE_ORDER: Record<string, AnyPgColumn> = {
  fileName: dnaPlates.fileName,
  dateCreated: dnaPlates.dateCreated,
  createdBy: dnaPlates.createdByName,
  panelName: dnaPlates.panelId,
  plateName: dnaPlates.plateName,
};
export async function searchPlates(
  db: Db,
  q: {
    page: number;
    pageSize: number;
    orderBy?: string;
    ascending?: boolean;
    fileNameFilter?: string;
    dateCreatedBounds?: { start: Date; end: Date } | null;
    createdByFilter?: string;
    panelIds?: string[] | null;
    plateNameFilter?: string;
  },
) {
  const conditions: SQL[] = [];
  if (q.fileNameFilter) conditions.push(ilikeContains(dnaPlates.fileName, q.fileNameFilter));
  if (q.plateNameFilter) conditions.push(ilikeContains(dnaPlates.plateName, q.plateNameFilter));
  if (q.createdByFilter) conditions.push(ilikeContains(dnaPlates.createdByName, q.createdByFilter));
  if (q.panelIds) conditions.push(q.panelIds.length ? inArray(dnaPlates.panelId, q.panelIds) : sql`false`);
  if (q.dateCreatedBounds)
    conditions.push(
      sql`${dnaPlates.dateCreated} between ${q.dateCreatedBounds.start.toISOString()} and ${q.dateCreatedBounds.end.toISOString()}`,
    );
  const where = conditions.length ? and(...conditions) : undefined;
  const column = PLATE_ORDER[q.orderBy ?? 'dateCreated'] ?? dnaPlates.dateCreated;
  const direction = q.orderBy ? (q.ascending ? asc : desc) : desc;
  // Qualified by hand: drizzle writes bare column names inside sql``, and a bare "id" here would be the profile's own.
  const profileCount = sql<number>`(select count(*)::int from dna_profiles pp where pp.plate_id = ${dnaPlates}.id)`;
  const { rows, total } = await pagedSelect(
    q,
    db
      .select({
        id: dnaPlates.id,
        plateName: dnaPlates.plateName,
        fileName: dnaPlates.fileName,
        panelId: dnaPlates.panelId,
        plateSize: dnaPlates.plateSize,
        createdBy: dnaPlates.createdByName,
        dateCreated: dnaPlates.dateCreated,
        profileCount,
      })
      .from(dnaPlates)
      .where(where)
      .orderBy(direction(column), desc(dnaPlates.id))
      .$dynamic(),
    db.select({ total: count() }).from(dnaPlates).where(where),
  );
  return { data: rows, totalRecords: total };
}

// Profiles.
export async function insertProfiles(db: Db, rows: NewProfile[]) {
  if (rows.length === 0) return [];
  return db.insert(dnaProfiles).values(rows).returning({ id: dnaProfiles.id, sampleNumber: dnaProfiles.sampleNumber });
}
export async function findProfile(db: Db, id: number) {
  const [row] = await db.select().from(dnaProfiles).where(eq(dnaProfiles.id, id));
  return row;
}
export async function findProfiles(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(dnaProfiles).where(inArray(dnaProfiles.id, ids)).for('update');
}
export async function profilesOfPlate(db: Db, plateId: number) {
  return db.select().from(dnaProfiles).where(eq(dnaProfiles.plateId, plateId)).orderBy(asc(dnaProfiles.id));
}
export async function profilesOfSample(db: Db, sampleNumber: string) {
  return db
    .select({
      plateId: dnaPlates.id,
      plateName: dnaPlates.plateName,
      well: dnaProfiles.well,
      dnaProfileId: dnaProfiles.id,
      result: dnaProfiles.result,
      labStatus: dnaProfiles.labStatus,
      dateCreated: dnaProfiles.dateCreated,
    })
    .from(dnaProfiles)
    .innerJoin(dnaPlates, eq(dnaPlates.id, dnaProfiles.plateId))
    .where(eq(dnaProfiles.sampleNumber, sampleNumber))
    .orderBy(desc(dnaProfiles.dateCreated), desc(dnaProfiles.id));
}
/** The sample's currently approved profile, if any. */
export async function approvedProfileOf(db: Db, sampleNumber: string) {
  const [row] = await db
    .select()
    .from(dnaProfiles)
    .where(and(eq(dnaProfiles.sampleNumber, sampleNumber), eq(dnaProfiles.labStatus, DnaProfileLabStatus.Approved)))
    .orderBy(desc(dnaProfiles.dateApproved), desc(dnaProfiles.id))
    .limit(1);
  return row;
}
export async function approvedProfilesOfSamples(db: Db, sampleNumbers: string[], panelId: string) {
  if (sampleNumbers.length === 0) return [];
  return db
    .select({
      sampleNumber: dnaProfiles.sampleNumber,
      codes: dnaProfiles.codes,
      labSavedCodes: dnaProfiles.labSavedCodes,
    })
    .from(dnaProfiles)
    .where(
      and(
        inArray(dnaProfiles.sampleNumber, sampleNumbers),
        eq(dnaProfiles.panelId, panelId),
        eq(dnaProfiles.labStatus, DnaProfileLabStatus.Approved),
      ),
    );
}
export async function latestProfileOfSample(db: Db, sampleNumber: string) {
  const [row] = await db
    .select()
    .from(dnaProfiles)
    .where(eq(dnaProfiles.sampleNumber, sampleNumber))
    .orderBy(desc(dnaProfiles.id))
    .limit(1);
  return row;
}

export type ProcessingFilter = {
  page: number;
  pageSize: number;
  sampleNumber?: string;
  labStatus?: number;
  result?: string;
  plateId?: number;
  sampleType?: number;
};
export async function searchProfiles(db: Db, q: ProcessingFilter, pendingValue: number) {
  const conditions: SQL[] = [];
  if (q.sampleNumber) conditions.push(ilikeContains(dnaProfiles.sampleNumber, q.sampleNumber.toUpperCase()));
  if (q.labStatus === pendingValue)
    conditions.push(notInArray(dnaProfiles.labStatus, [DnaProfileLabStatus.Approved, DnaProfileLabStatus.Inactive]));
  else if (q.labStatus !== undefined) conditions.push(eq(dnaProfiles.labStatus, q.labStatus));
  if (q.result) conditions.push(eq(dnaProfiles.result, q.result));
  if (q.plateId) conditions.push(eq(dnaProfiles.plateId, q.plateId));
  if (q.sampleType !== undefined) conditions.push(eq(dnaProfiles.sampleType, q.sampleType));
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await pagedSelect(
    q,
    db
      .select({ profile: dnaProfiles, plateName: dnaPlates.plateName, petId: pets.id })
      .from(dnaProfiles)
      .innerJoin(dnaPlates, eq(dnaPlates.id, dnaProfiles.plateId))
      .leftJoin(pets, sql`upper(${pets.sampleNumber}) = ${dnaProfiles.sampleNumber}`)
      .where(where)
      .orderBy(desc(dnaProfiles.plateId), asc(dnaProfiles.well), asc(dnaProfiles.id))
      .$dynamic(),
    db.select({ total: count() }).from(dnaProfiles).where(where),
  );
  return { rows, total };
}
export async function passingProfileIds(db: Db, plateId?: number) {
  const rows = await db
    .select({ id: dnaProfiles.id })
    .from(dnaProfiles)
    .where(
      and(
        eq(dnaProfiles.result, 'Pass'),
        notInArray(dnaProfiles.labStatus, [DnaProfileLabStatus.Approved, DnaProfileLabStatus.Inactive]),
        plateId ? eq(dnaProfiles.plateId, plateId) : undefined,
      ),
    )
    .orderBy(asc(dnaProfiles.id));
  return rows.map((r) => r.id);
}
export async function updateProfile(db: Db, id: number, values: Partial<NewProfile>) {
  await db
    .update(dnaProfiles)
    .set({ ...values, lastModified: new Date() })
    .where(eq(dnaProfiles.id, id));
}
export async function updateProfiles(db: Db, ids: number[], values: Partial<NewProfile>) {
  if (ids.length === 0) return;
  await db
    .update(dnaProfiles)
    .set({ ...values, lastModified: new Date() })
    .where(inArray(dnaProfiles.id, ids));
}
/** Other approved profiles of these samples (an approval supersedes them: one approved profile per sample). */
export async function otherApprovedProfiles(db: Db, sampleNumbers: string[], exceptIds: number[]) {
  if (sampleNumbers.length === 0) return [];
  return db
    .select({ id: dnaProfiles.id, sampleNumber: dnaProfiles.sampleNumber })
    .from(dnaProfiles)
    .where(
      and(
        inArray(dnaProfiles.sampleNumber, sampleNumbers),
        eq(dnaProfiles.labStatus, DnaProfileLabStatus.Approved),
        notInArray(dnaProfiles.id, exceptIds),
      ),
    );
}

// Approval dates.
export async function insertApprovalDates(db: Db, rows: { sampleNumber: string; dnaProfileId: number }[]) {
  if (rows.length) await db.insert(dnaApprovalDates).values(rows);
}
export async function approvalDatesOf(db: Db, sampleNumber: string) {
  return db
    .select({
      id: dnaApprovalDates.id,
      dateCreated: dnaApprovalDates.dateCreated,
      dnaProfileId: dnaApprovalDates.dnaProfileId,
    })
    .from(dnaApprovalDates)
    .where(eq(dnaApprovalDates.sampleNumber, sampleNumber))
    .orderBy(desc(dnaApprovalDates.dateCreated), desc(dnaApprovalDates.id));
}
export async function deleteApprovalDatesAfter(db: Db, sampleNumber: string, id: number) {
  await db
    .delete(dnaApprovalDates)
    .where(and(eq(dnaApprovalDates.sampleNumber, sampleNumber), gt(dnaApprovalDates.id, id)));
}

// Registry index change log (see the schema's note).
/** Any constant: serialises change-log appends, so sequence numbers commit in order and no process skips one. */
const INDEX_CHANGE_LOCK = 727_014;
export async function logIndexChanges(db: Db, dnaProfileIds: number[]) {
  if (dnaProfileIds.length === 0) return;
  await db.execute(sql`select pg_advisory_xact_lock(${INDEX_CHANGE_LOCK})`);
  await db.insert(dnaIndexChanges).values(dnaProfileIds.map((dnaProfileId) => ({ dnaProfileId })));
}
export async function latestIndexChange(db: Db): Promise<number> {
  const [row] = await db.select({ seq: sql<string | null>`max(${dnaIndexChanges.seq})` }).from(dnaIndexChanges);
  return Number(row?.seq ?? 0);
}
export async function indexChangesAfter(db: Db, seq: number) {
  return db
    .select({ seq: dnaIndexChanges.seq, dnaProfileId: dnaIndexChanges.dnaProfileId })
    .from(dnaIndexChanges)
    .where(gt(dnaIndexChanges.seq, seq))
    .orderBy(asc(dnaIndexChanges.seq))
    .limit(10_000);
}
/**
 * A profile's sample number belongs to a registered pet. A profile of a number no pet has (yet) is stored but kept out
 * of the index and its allele frequencies; the pets' triggers log its id when a pet takes the number (migration 0030).
 */
const ofRegisteredPet = sql`exists (select 1 from ${pets} where upper(${pets.sampleNumber}) = ${dnaProfiles.sampleNumber})`;

/** What the index holds of a profile: its effective codes when it is an approved registered pet profile, else nothing. */
export async function indexableProfiles(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: dnaProfiles.id,
      panelId: dnaProfiles.panelId,
      sampleNumber: dnaProfiles.sampleNumber,
      codes: sql<number[]>`coalesce(${dnaProfiles.labSavedCodes}, ${dnaProfiles.codes})`,
      indexable: sql<boolean>`${dnaProfiles.labStatus} = ${DnaProfileLabStatus.Approved} and ${dnaProfiles.sampleType} = ${SampleType.Pet} and not ${dnaProfiles.isDnaVerificationCertificateRevoked} and ${ofRegisteredPet}`,
    })
    .from(dnaProfiles)
    .where(inArray(dnaProfiles.id, ids));
}
/** Approved profiles of registered pets in id order, a batch at a time (the index's start-up load). */
export async function approvedPetProfilesAfter(db: Db, afterId: number, limit: number) {
  return db
    .select({
      id: dnaProfiles.id,
      panelId: dnaProfiles.panelId,
      sampleNumber: dnaProfiles.sampleNumber,
      codes: sql<number[]>`coalesce(${dnaProfiles.labSavedCodes}, ${dnaProfiles.codes})`,
    })
    .from(dnaProfiles)
    .where(
      and(
        gt(dnaProfiles.id, afterId),
        eq(dnaProfiles.labStatus, DnaProfileLabStatus.Approved),
        eq(dnaProfiles.sampleType, SampleType.Pet),
        eq(dnaProfiles.isDnaVerificationCertificateRevoked, false),
        ofRegisteredPet,
      ),
    )
    .orderBy(asc(dnaProfiles.id))
    .limit(limit);
}

// Pets, read by sample number (until the pets area's service offers this).
export async function petsBySampleNumbers(db: Db, sampleNumbers: string[]) {
  if (sampleNumbers.length === 0) return [];
  return db
    .select({
      id: pets.id,
      sampleNumber: sql<string>`upper(${pets.sampleNumber})`,
      gender: pets.gender,
      isFlagged: pets.isFlagged,
      customerFacingStatus: pets.customerFacingStatus,
      hasApprovedVerificationTest: pets.hasApprovedVerificationTest,
      // The owner's latest current group is a parentage group (the same group the pet's letters are written for). The
      // pet's column names its table: unqualified (as drizzle writes it here) it would be the membership's own column.
      inParentageGroup: sql<boolean>`coalesce((
        select g.group_type = ${GroupTypes.ParentageGroup} from pet_owner_groups pog join groups g on g.id = pog.group_id
        where pog.pet_owner_id = ${pets}.pet_owner_id and pog.move_out_date is null
        order by pog.date_added desc, g.id desc limit 1), false)`,
    })
    .from(pets)
    .where(inArray(sql`upper(${pets.sampleNumber})`, sampleNumbers));
}
