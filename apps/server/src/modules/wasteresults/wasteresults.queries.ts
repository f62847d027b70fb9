// The SQL of waste matching: result sets, match results, change records and rerun runs. The candidate dogs of a match
// run (pets of the property, its adjacent properties and its moved-out owners, with their approved profiles) are read
// in one query here, since the run needs them together with the profiles' codes.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { resultInScopeSql, type Scoped } from './result-lists.queries.ts';
import {
  wasteMatchResults,
  wasteRerunRuns,
  wasteResultChanges,
  wasteResultSets,
  wasteSamples,
} from '../../db/schema/index.ts';

export type MatchResultRecord = typeof wasteMatchResults.$inferSelect;
export type NewMatchResult = typeof wasteMatchResults.$inferInsert;

/** Creates each sample's result set, or points the existing one at its newly approved profile, in one statement; answers the set id of each sample. */
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

const idList = (ids: number[]) => sql.raw(`(${ids.map((n) => Math.trunc(Number(n))).join(',')})`);

/** A result set with its sample, property and waste profile codes (lab-saved codes win). */
export async function findSetContext(db: Db, id: number): Promise<SetContext | null> {
  const [row] = await findSetContexts(db, [id]);
  return row ?? null;
}

/** findSetContext for many sets in one query (missing ones are left out), by id. */
export async function findSetContexts(db: Db, ids: number[]): Promise<SetContext[]> {
  if (ids.length === 0) return [];
  return queryRows<SetContext>(
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
        where s.id in ${idList(ids)}
        order by s.id`,
  );
}

export type CandidateDog = {
  dnaProfileId: number;
  petId: number;
  sampleNumber: string;
  petOwnerId: number | null;
  /**
   * The profile's effective codes when the registry index does not hold them (a revoked verification certificate keeps
   * the dog a candidate but out of the index); null: read them from the index, which holds every other approved pet
   * profile (reading 50,000 code arrays a rerun batch was most of a rerun's time).
   */
  codes: number[] | null;
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
  return (await candidateDogsOfProperties(db, [propertyId])).get(propertyId) ?? [];
}

/** candidateDogs of many properties in one query (a rerun batch's sets grouped by property). */
export async function candidateDogsOfProperties(db: Db, propertyIds: number[]): Promise<Map<number, CandidateDog[]>> {
  const ids = [...new Set(propertyIds)];
  const byProperty = new Map<number, CandidateDog[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byProperty;
  const rows = await queryRows<CandidateDog & { forPropertyId: number }>(
    db,
    sql`with props as (select id as property_id from groups where id in ${idList(ids)}),
        places as (
          select property_id, property_id as group_id, false as adjacent from props
          union select pr.property_id, ap.adjacent_property_id, true from props pr
            join adjacent_properties ap on ap.property_id = pr.property_id
          union select pr.property_id, ap.property_id, true from props pr
            join adjacent_properties ap on ap.adjacent_property_id = pr.property_id
        ),
        members as (
          select pl.property_id, pog.pet_owner_id, bool_and(pl.adjacent) as adjacent,
            bool_and(pog.move_out_date is not null) as moved_out
          from pet_owner_groups pog join places pl on pl.group_id = pog.group_id
          group by pl.property_id, pog.pet_owner_id
        )
        select distinct on (m.property_id, p.id) m.property_id as "forPropertyId",
          d.id as "dnaProfileId", p.id as "petId", d.sample_number as "sampleNumber", p.pet_owner_id as "petOwnerId",
          case when d.is_dna_verification_certificate_revoked then coalesce(d.lab_saved_codes, d.codes) end as codes,
          d.panel_id as "panelId", m.adjacent as "isAdjacent", m.moved_out as "isMoveOut"
        from members m
        join pets p on p.pet_owner_id = m.pet_owner_id
        join dna_profiles d on d.sample_number = p.sample_number and d.sample_type = 0 and d.lab_status = 400
        order by m.property_id, p.id, d.id desc`,
  );
  for (const { forPropertyId, ...dog } of rows) byProperty.get(forPropertyId)?.push(dog);
  return byProperty;
}

/** The matched dog's and its owner's names (read for the one dog a run matched, not for every candidate). */
export async function petAndOwnerNames(db: Db, petId: number) {
  const [row] = await queryRows<{ petName: string; petOwnerName: string | null }>(
    db,
    sql`select p.name as "petName", trim(u.first_name || ' ' || u.last_name) as "petOwnerName"
        from pets p left join users u on u.id = p.pet_owner_id where p.id = ${petId}`,
  );
  return row ?? { petName: '', petOwnerName: null };
}

export async function insertResult(db: Db, values: NewMatchResult) {
  const [row] = await db.insert(wasteMatchResults).values(values).returning();
  return row;
}

/** Many results in one statement; answers them in the order given. */
export async function insertResults(db: Db, values: NewMatchResult[]) {
  if (values.length === 0) return [];
  return db.insert(wasteMatchResults).values(values).returning();
}

/**
 * Brings each set's denormalised latest result (id and status) and latest change in line with its rows: called by
 * every write that adds or deletes results or changes, in its transaction.
 */
export async function refreshLatest(db: Db, resultSetIds: number[]) {
  const ids = [...new Set(resultSetIds)];
  if (ids.length === 0) return;
  await db.execute(
    sql`update waste_result_sets s set latest_result_id = l.id, latest_status = l.status,
          latest_change_id = (select max(x.id) from waste_result_changes x where x.result_set_id = s.id)
        from waste_result_sets k
        left join lateral (select r.id, r.status from waste_match_results r where r.result_set_id = k.id
          order by r.id desc limit 1) l on true
        where k.id = s.id and s.id in ${idList(ids)}`,
  );
}

/** The latest result of each set, keyed by set id (one index probe a set). */
export async function latestResultsOf(db: Db, resultSetIds: number[]): Promise<Map<number, MatchResultRecord>> {
  if (resultSetIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([wasteMatchResults.resultSetId])
    .from(wasteMatchResults)
    .where(inArray(wasteMatchResults.resultSetId, [...new Set(resultSetIds)]))
    .orderBy(wasteMatchResults.resultSetId, desc(wasteMatchResults.id));
  return new Map(rows.map((r) => [r.resultSetId, r]));
}

/** Locks the sets that still exist (for the transaction); answers their ids. */
export async function lockSets(db: Db, resultSetIds: number[]): Promise<number[]> {
  if (resultSetIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from waste_result_sets where id in ${idList(resultSetIds)} order by id for update`,
  );
  return rows.map((r) => r.id);
}

/** Marks the sets attempted now (one statement). */
export async function markAttempted(db: Db, resultSetIds: number[]) {
  if (resultSetIds.length === 0) return;
  await db.execute(sql`update waste_result_sets set date_attempted = now() where id in ${idList(resultSetIds)}`);
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
/** Approves the result; answers the result approved before it in the set (its id and status), if another. */
export async function approveResult(
  db: Db,
  resultSetId: number,
  resultId: number,
): Promise<{ id: number; status: string } | null> {
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
  return before.find((row) => row.id !== resultId) ?? null;
}

export async function insertChanges(db: Db, values: (typeof wasteResultChanges.$inferInsert)[]) {
  if (values.length) await db.insert(wasteResultChanges).values(values);
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
        where s.latest_status = 'NoMatch' and s.ready_for_matching
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
        join waste_match_results l on l.id = s.latest_result_id
        where s.currently_approved_result_id is null and s.latest_status = ${status}
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

/** Every match result of these waste samples' result sets, with its set. */
export async function resultsOfWasteSamples(db: Db, wasteSampleIds: number[]) {
  if (wasteSampleIds.length === 0) return [];
  return db
    .select({ resultId: wasteMatchResults.id, resultSetId: wasteMatchResults.resultSetId })
    .from(wasteMatchResults)
    .innerJoin(wasteResultSets, eq(wasteResultSets.id, wasteMatchResults.resultSetId))
    .where(inArray(wasteResultSets.wasteSampleId, wasteSampleIds));
}
