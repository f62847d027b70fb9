// The SQL of waste matching: result sets, match results, change records and rerun runs. The candidate dogs of a match
// run (pets of the property, its adjacent properties and its moved-out owners, with their approved profiles) are read
// in one query here, since the run needs them together with the profiles' codes.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/like.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';
import { type Db, queryRows } from '../../db/client.ts';
import {
  wasteMatchResults,
  wasteRerunRuns,
  wasteResultChanges,
  wasteResultSets,
  wasteSamples,
} from '../../db/schema/index.ts';

export type ResultSetRecord = typeof wasteResultSets.$inferSelect;
export type MatchResultRecord = typeof wasteMatchResults.$inferSelect;
export type NewMatchResult = typeof wasteMatchResults.$inferInsert;

/** Creates the sample's result set, or points the existing one at its newly approved profile; answers its id. */
export async function upsertReadySet(db: Db, wasteSampleId: number, wasteDnaProfileId: number): Promise<number> {
  const [row] = await db
    .insert(wasteResultSets)
    .values({ wasteSampleId, wasteDnaProfileId, readyForMatching: true })
    .onConflictDoUpdate({
      target: wasteResultSets.wasteSampleId,
      set: { wasteDnaProfileId, readyForMatching: true },
    })
    .returning({ id: wasteResultSets.id });
  return row.id;
}

/** upsertReadySet for many samples in one statement (one profile per sample); answers the set id of each sample. */
export async function upsertReadySets(
  db: Db,
  rows: { wasteSampleId: number; wasteDnaProfileId: number }[],
): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const saved = await db
    .insert(wasteResultSets)
    .values(rows.map((row) => ({ ...row, readyForMatching: true })))
    .onConflictDoUpdate({
      target: wasteResultSets.wasteSampleId,
      set: { wasteDnaProfileId: sql`excluded.waste_dna_profile_id`, readyForMatching: true },
    })
    .returning({ id: wasteResultSets.id, wasteSampleId: wasteResultSets.wasteSampleId });
  return new Map(saved.map((row) => [row.wasteSampleId, row.id]));
}

export async function wasteSamplesByNumbers(db: Db, sampleNumbers: string[]) {
  if (sampleNumbers.length === 0) return [];
  return db
    .select({ id: wasteSamples.id, sampleNumber: wasteSamples.sampleNumber, propertyId: wasteSamples.propertyId })
    .from(wasteSamples)
    .where(inArray(sql`upper(${wasteSamples.sampleNumber})`, sampleNumbers));
}

export type SetContext = {
  id: number;
  wasteSampleId: number;
  sampleNumber: string;
  propertyId: number | null;
  propertyName: string | null;
  wasteDnaProfileId: number | null;
  currentlyApprovedResultId: number | null;
  readyForMatching: boolean;
  dateCollected: string | null;
  panelId: string | null;
  codes: number[] | null;
};

/** A result set with its sample, property and waste profile codes (lab-saved codes win). */
export async function findSetContext(db: Db, id: number): Promise<SetContext | null> {
  const rows = await queryRows<SetContext>(
    db,
    sql`select s.id, s.waste_sample_id as "wasteSampleId", w.sample_number as "sampleNumber",
          w.property_id as "propertyId", g.name as "propertyName", s.waste_dna_profile_id as "wasteDnaProfileId",
          s.currently_approved_result_id as "currentlyApprovedResultId", s.ready_for_matching as "readyForMatching",
          w.date_collected::text as "dateCollected", p.panel_id as "panelId",
          coalesce(p.lab_saved_codes, p.codes) as codes
        from waste_result_sets s
        join waste_samples w on w.id = s.waste_sample_id
        left join groups g on g.id = w.property_id
        left join dna_profiles p on p.id = s.waste_dna_profile_id
        where s.id = ${id}`,
  );
  return rows[0] ?? null;
}

export type CandidateDog = {
  dnaProfileId: number;
  petId: number;
  petName: string;
  sampleNumber: string;
  petOwnerId: number | null;
  petOwnerName: string | null;
  codes: number[];
  panelId: string;
  /** The dog's owner is a member of an adjacent property, not of the sample's own. */
  isAdjacent: boolean;
  /** The dog's owner moved out of the property (or its adjacent one) and is no longer a member there. */
  isMoveOut: boolean;
};

/**
 * The dogs that could have left a sample on `propertyId`: approved pet profiles of owners who are or were members of
 * the property or of a property adjacent to it by agreement. One row per dog, own property before adjacent, current
 * membership before a moved-out one.
 */
export async function candidateDogs(db: Db, propertyId: number): Promise<CandidateDog[]> {
  return queryRows<CandidateDog>(
    db,
    sql`with places as (
          select ${propertyId}::int as group_id, false as adjacent
          union select adjacent_property_id, true from adjacent_properties where property_id = ${propertyId}
          union select property_id, true from adjacent_properties where adjacent_property_id = ${propertyId}
        ),
        members as (
          select pog.pet_owner_id, bool_and(pl.adjacent) as adjacent, bool_and(pog.move_out_date is not null) as moved_out
          from pet_owner_groups pog join places pl on pl.group_id = pog.group_id
          group by pog.pet_owner_id
        )
        select distinct on (p.id) d.id as "dnaProfileId", p.id as "petId", p.name as "petName",
          d.sample_number as "sampleNumber", p.pet_owner_id as "petOwnerId", trim(u.first_name || ' ' || u.last_name) as "petOwnerName",
          coalesce(d.lab_saved_codes, d.codes) as codes, d.panel_id as "panelId",
          m.adjacent as "isAdjacent", m.moved_out as "isMoveOut"
        from members m
        join pets p on p.pet_owner_id = m.pet_owner_id
        join dna_profiles d on d.sample_number = p.sample_number and d.sample_type = 0 and d.lab_status = 400
        left join users u on u.id = p.pet_owner_id
        order by p.id, d.id desc`,
  );
}

export async function insertResult(db: Db, values: NewMatchResult) {
  const [row] = await db.insert(wasteMatchResults).values(values).returning();
  return row;
}

export async function resultsOfSet(db: Db, resultSetId: number) {
  return db
    .select()
    .from(wasteMatchResults)
    .where(eq(wasteMatchResults.resultSetId, resultSetId))
    .orderBy(desc(wasteMatchResults.id));
}

export async function findResult(db: Db, id: number) {
  const [row] = await db.select().from(wasteMatchResults).where(eq(wasteMatchResults.id, id));
  return row ?? null;
}

export async function latestResult(db: Db, resultSetId: number) {
  const [row] = await db
    .select()
    .from(wasteMatchResults)
    .where(eq(wasteMatchResults.resultSetId, resultSetId))
    .orderBy(desc(wasteMatchResults.id))
    .limit(1);
  return row ?? null;
}

export async function updateResult(db: Db, id: number, values: Partial<NewMatchResult>) {
  await db.update(wasteMatchResults).set(values).where(eq(wasteMatchResults.id, id));
}

export async function deleteResult(db: Db, id: number) {
  await db.delete(wasteMatchResults).where(eq(wasteMatchResults.id, id));
}

export async function updateSet(db: Db, id: number, values: Partial<typeof wasteResultSets.$inferInsert>) {
  await db.update(wasteResultSets).set(values).where(eq(wasteResultSets.id, id));
}

/**
 * Approves one result of a set: it alone is approved, and the set points at it. Answers the status of the result that
 * was approved before (null if none), which decides the letter (a NoMatch that became a Match has its own).
 */
export async function approveResult(db: Db, resultSetId: number, resultId: number): Promise<string | null> {
  const before = await db
    .update(wasteMatchResults)
    .set({ isApproved: false, dateApproved: null })
    .where(and(eq(wasteMatchResults.resultSetId, resultSetId), eq(wasteMatchResults.isApproved, true)))
    .returning({ id: wasteMatchResults.id, status: wasteMatchResults.status });
  await db
    .update(wasteMatchResults)
    .set({ isApproved: true, dateApproved: new Date() })
    .where(eq(wasteMatchResults.id, resultId));
  await updateSet(db, resultSetId, { currentlyApprovedResultId: resultId });
  return before.find((row) => row.id !== resultId)?.status ?? null;
}

export async function insertChange(db: Db, values: typeof wasteResultChanges.$inferInsert) {
  await db.insert(wasteResultChanges).values(values);
}

export async function changesOfSet(db: Db, resultSetId: number) {
  return db
    .select()
    .from(wasteResultChanges)
    .where(eq(wasteResultChanges.resultSetId, resultSetId))
    .orderBy(asc(wasteResultChanges.id));
}

/** Result sets whose latest result is NoMatch, in a group's properties (or all), by id. */
export async function noMatchSetIds(db: Db, groupId: number | null): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from waste_result_sets s
        join waste_samples w on w.id = s.waste_sample_id
        join lateral (select r.status from waste_match_results r where r.result_set_id = s.id order by r.id desc limit 1) l on true
        where l.status = 'NoMatch' and s.ready_for_matching
          and (${groupId}::int is null or w.property_id = ${groupId}::int
               or w.property_id in (select id from groups where path like (select path from groups where id = ${groupId}::int) || '%'))
        order by s.id`,
  );
  return rows.map((r) => r.id);
}

export async function insertRerunRun(db: Db, values: typeof wasteRerunRuns.$inferInsert) {
  const [row] = await db.insert(wasteRerunRuns).values(values).returning();
  return row;
}

export async function findRerunRun(db: Db, id: number) {
  const [row] = await db.select().from(wasteRerunRuns).where(eq(wasteRerunRuns.id, id));
  return row ?? null;
}

export async function runningRerun(db: Db) {
  const [row] = await db.select().from(wasteRerunRuns).where(eq(wasteRerunRuns.status, 'InProgress'));
  return row ?? null;
}

export async function latestRerun(db: Db) {
  const [row] = await db.select().from(wasteRerunRuns).orderBy(desc(wasteRerunRuns.id)).limit(1);
  return row ?? null;
}

export async function updateRerunRun(db: Db, id: number, values: Partial<typeof wasteRerunRuns.$inferInsert>) {
  await db.update(wasteRerunRuns).set(values).where(eq(wasteRerunRuns.id, id));
}

type Scoped = { userId: number; isProviderStaff: boolean };

/**
 * SQL: the waste sample's property lies in the caller's scope, or is adjacent (by agreement) to one that does. Provider
 * staff see every set. `propertyId` is the waste sample's property column.
 */
export function resultInScopeSql(caller: Scoped, propertyId: SQL): SQL {
  if (caller.isProviderStaff) return sql`true`;
  return sql`exists (
    select 1 from groups rg
    join group_admins ga on ga.user_id = ${caller.userId}
    join groups sg on sg.id = ga.group_id
    where (rg.id = ${propertyId} or rg.id in (
        select adjacent_property_id from adjacent_properties where property_id = ${propertyId}
        union select property_id from adjacent_properties where adjacent_property_id = ${propertyId}))
      and rg.path like sg.path || '%')`;
}

export type ResultSetListRow = {
  wasteSampleId: number;
  matchResultSetId: number;
  sampleNumber: string;
  propertyId: number | null;
  propertyName: string | null;
  latestMatchStatus: string | null;
  approvedStatus: string | null;
  sampleStatus: number;
  isFlagged: boolean;
  isApproved: boolean;
  isAdjacent: boolean;
  isMoveOut: boolean;
  globalResultsCount: number;
  matchedSampleNumber: string | null;
  previousStatus: string | null;
  dateStatusChanged: Date | null;
  dateAttempted: Date | null;
  dateCreated: Date;
};

export type ResultSetFilter = {
  page: number;
  pageSize: number;
  ascending?: boolean;
  orderBy?: string;
  sampleNumber?: string;
  propertyName?: string;
  status?: string;
  isApproved?: boolean;
  globalResultsCount?: number;
  createdOn?: Date;
  attemptedOn?: Date;
  /** Only sets whose latest rerun changed the result (the no-match reruns list). */
  changedOnly?: boolean;
  /** The group's materialised path: its properties' results and those of properties adjacent to them. */
  groupPath?: string;
  groupIsRoot?: boolean;
  sampleStatus?: number;
  caller: Scoped;
};

const ORDERS = sortColumns<SQL>({
  samplenumber: sql`w.sample_number`,
  propertyname: sql`g.name`,
  status: sql`l.status`,
  created: sql`s.date_created`,
  attempted: sql`s.date_attempted`,
});

/**
 * SQL: the ids of the group's properties (its materialised path, given as a literal so the path index serves it) and of
 * the properties adjacent to one of them by agreement: the places whose waste results a group's list shows. Bounded by
 * the group's size, not by the number of samples. (The root's list needs no such set: every property is under it.)
 */
function groupPlacesSql(groupPath: string): SQL {
  const pattern = `${escapeLike(groupPath)}%`;
  return sql`select id from groups where path like ${pattern}
    union all select ap.adjacent_property_id from adjacent_properties ap join groups sg on sg.id = ap.property_id where sg.path like ${pattern}
    union all select ap.property_id from adjacent_properties ap join groups sg on sg.id = ap.adjacent_property_id where sg.path like ${pattern}`;
}

/** The lab's and a group's result lists: one row per set with its latest and approved results. */
export async function searchResultSets(db: Db, f: ResultSetFilter) {
  const where: SQL[] = [resultInScopeSql(f.caller, sql`w.property_id`)];
  if (f.sampleNumber) where.push(sql`w.sample_number ilike ${`%${escapeLike(f.sampleNumber)}%`}`);
  if (f.propertyName) where.push(sql`g.name ilike ${`%${escapeLike(f.propertyName)}%`}`);
  if (f.status) where.push(sql`l.status = ${f.status}`);
  if (f.isApproved !== undefined)
    where.push(
      f.isApproved ? sql`s.currently_approved_result_id is not null` : sql`s.currently_approved_result_id is null`,
    );
  if (f.globalResultsCount !== undefined) where.push(sql`l.global_results_count = ${f.globalResultsCount}`);
  if (f.createdOn) where.push(sql`s.date_created::date = ${f.createdOn.toISOString().slice(0, 10)}::date`);
  if (f.attemptedOn) where.push(sql`s.date_attempted::date = ${f.attemptedOn.toISOString().slice(0, 10)}::date`);
  if (f.changedOnly) where.push(sql`c.id is not null`);
  if (f.groupPath !== undefined)
    where.push(f.groupIsRoot ? sql`w.property_id is not null` : sql`w.property_id in (${groupPlacesSql(f.groupPath)})`);
  if (f.sampleStatus !== undefined) where.push(sql`w.customer_facing_status = ${f.sampleStatus}`);
  const order = sortColumn(ORDERS, f.orderBy, 'sampleNumber');
  const direction = f.ascending === false ? sql`desc` : sql`asc`;
  const rows = await queryRows<ResultSetListRow & { total: number }>(
    db,
    sql`select w.id as "wasteSampleId", s.id as "matchResultSetId", w.sample_number as "sampleNumber",
          w.property_id as "propertyId", g.name as "propertyName", l.status as "latestMatchStatus",
          a.status as "approvedStatus", w.customer_facing_status as "sampleStatus", w.is_flagged as "isFlagged",
          s.currently_approved_result_id is not null as "isApproved",
          coalesce(a.is_adjacent_property_match, false) as "isAdjacent", coalesce(a.is_move_out, false) as "isMoveOut",
          coalesce(l.global_results_count, 0) as "globalResultsCount", l.matched_sample_number as "matchedSampleNumber",
          c.from_status as "previousStatus", c.date_changed as "dateStatusChanged",
          s.date_attempted as "dateAttempted", s.date_created as "dateCreated", count(*) over ()::int as total
        from waste_result_sets s
        join waste_samples w on w.id = s.waste_sample_id
        left join groups g on g.id = w.property_id
        left join lateral (select * from waste_match_results r where r.result_set_id = s.id order by r.id desc limit 1) l on true
        left join waste_match_results a on a.id = s.currently_approved_result_id
        left join lateral (select * from waste_result_changes x where x.result_set_id = s.id order by x.id desc limit 1) c on true
        where ${sql.join(where, sql` and `)}
        order by ${order} ${direction} nulls last, s.id
        limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** Sets (by id) in the caller's scope; ids outside it are left out. */
export async function setIdsInScope(db: Db, caller: Scoped, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from waste_result_sets s join waste_samples w on w.id = s.waste_sample_id
        where s.id in ${sql.raw(`(${ids.map(Number).join(',')})`)} and ${resultInScopeSql(caller, sql`w.property_id`)}`,
  );
  return rows.map((r) => r.id);
}

/** Unapproved sets whose latest result has this status (and, for reruns, was a rerun that changed the result). */
export async function unapprovedSetsByLatest(db: Db, status: string, rerunChangedOnly = false) {
  const rows = await queryRows<{ id: number; resultId: number }>(
    db,
    sql`select s.id, l.id as "resultId" from waste_result_sets s
        join lateral (select * from waste_match_results r where r.result_set_id = s.id order by r.id desc limit 1) l on true
        where s.currently_approved_result_id is null and l.status = ${status}
          ${rerunChangedOnly ? sql`and l.is_rerun and exists (select 1 from waste_result_changes c where c.result_id = l.id)` : sql``}`,
  );
  return rows;
}

/** Unapproved Inconclusive results stored by reruns. */
export async function rerunInconclusiveResultIds(db: Db) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from waste_match_results where is_rerun and status = 'Inconclusive' and not is_approved`,
  );
  return rows.map((r) => r.id);
}

export async function deleteResults(db: Db, ids: number[]) {
  if (ids.length) await db.delete(wasteMatchResults).where(inArray(wasteMatchResults.id, ids));
}

/** The primary admin (with an email) of the property or its nearest ancestor that has one. */
export async function primaryAdminOf(db: Db, propertyId: number) {
  const rows = await queryRows<{ email: string; firstName: string; lastName: string }>(
    db,
    sql`select u.email, u.first_name as "firstName", u.last_name as "lastName"
        from groups p join groups g on p.path like g.path || '%'
        join group_admins ga on ga.group_id = g.id and ga.is_primary
        join users u on u.id = ga.user_id and u.email is not null and u.is_active
        where p.id = ${propertyId} order by length(g.path) desc limit 1`,
  );
  return rows[0] ?? null;
}

/** Whether the dog's owner is still a current member of the property or one adjacent to it. */
export async function ownerStillAssociated(db: Db, petOwnerId: number, propertyId: number) {
  const rows = await queryRows(
    db,
    sql`select 1 from pet_owner_groups where pet_owner_id = ${petOwnerId} and move_out_date is null and group_id in (
          select ${propertyId}::int union select adjacent_property_id from adjacent_properties where property_id = ${propertyId}
          union select property_id from adjacent_properties where adjacent_property_id = ${propertyId})`,
  );
  return rows.length > 0;
}
