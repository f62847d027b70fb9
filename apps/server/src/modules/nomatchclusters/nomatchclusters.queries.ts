// SQL of the no-match clusters: the result state of waste result sets (what decides membership), the candidates with
// their profiles, the filtered and ordered cluster list, and the candidate writes.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { noMatchCandidates as candidates, noMatchClusters as clusters } from '../../db/schema/index.ts';
import { pathWithin } from '../../platform/scope.queries.ts';
import { pageLimitSql } from '../../platform/paging.queries.ts';

const idList = (ids: number[]) => sql.raw(`(${ids.map((n) => Math.trunc(Number(n))).join(',')})`);

/** Serialises cluster changes: two match runs finishing together must see each other's candidates. */
export async function lockClusters(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(220022)`);
}

export type SetState = {
  resultSetId: number;
  wasteSampleId: number;
  dnaProfileId: number | null;
  panelId: string | null;
  codes: number[] | null;
  latestStatus: string | null;
  approvedStatus: string | null;
};

/** Each set's latest and approved result and its waste profile. */
export async function setStates(db: Db, resultSetIds: number[]): Promise<SetState[]> {
  if (resultSetIds.length === 0) return [];
  return queryRows<SetState>(
    db,
    sql`select s.id as "resultSetId", s.waste_sample_id as "wasteSampleId", s.waste_dna_profile_id as "dnaProfileId",
          p.panel_id as "panelId", coalesce(p.lab_saved_codes, p.codes) as codes,
          (select r.status from waste_match_results r where r.result_set_id = s.id order by r.id desc limit 1) as "latestStatus",
          (select r.status from waste_match_results r where r.id = s.currently_approved_result_id) as "approvedStatus"
        from waste_result_sets s
        left join dna_profiles p on p.id = s.waste_dna_profile_id
        where s.id in ${idList(resultSetIds)}`,
  );
}

export type CandidateRecord = {
  id: number;
  clusterId: number;
  wasteSampleId: number;
  resultSetId: number;
  dnaProfileId: number;
  status: number;
  placedBy: 'Engine' | 'Lab';
  dateApproved: Date | null;
  sampleNumber: string;
  propertyId: number | null;
  propertyName: string | null;
  dateCollected: string | null;
  panelId: string;
  codes: number[];
};

const CANDIDATE_COLUMNS = sql`c.id, c.cluster_id as "clusterId", c.waste_sample_id as "wasteSampleId",
  c.result_set_id as "resultSetId", c.dna_profile_id as "dnaProfileId", c.status, c.placed_by as "placedBy",
  c.date_approved as "dateApproved", w.sample_number as "sampleNumber", w.property_id as "propertyId",
  g.name as "propertyName", w.date_collected::text as "dateCollected", p.panel_id as "panelId",
  coalesce(p.lab_saved_codes, p.codes) as codes`;
const CANDIDATE_FROM = sql`from no_match_candidates c
  join waste_samples w on w.id = c.waste_sample_id
  left join groups g on g.id = w.property_id
  join dna_profiles p on p.id = c.dna_profile_id`;

const withDates = (rows: CandidateRecord[]) =>
  rows.map((r) => ({ ...r, dateApproved: r.dateApproved ? new Date(r.dateApproved) : null }));

export type CandidatePlace = {
  id: number;
  clusterId: number;
  dnaProfileId: number;
  status: number;
  placedBy: 'Engine' | 'Lab';
};

/** The candidates of a panel without their codes: where each one is placed (the clustering reads these every time). */
export async function candidatePlacesOfPanel(db: Db, panelId: string) {
  return queryRows<CandidatePlace>(
    db,
    sql`select c.id, c.cluster_id as "clusterId", c.dna_profile_id as "dnaProfileId", c.status, c.placed_by as "placedBy"
        from no_match_candidates c join dna_profiles p on p.id = c.dna_profile_id
        where p.panel_id = ${panelId} order by c.id`,
  );
}

/** The profile codes of these candidates (lab-saved codes win). */
export async function codesOfCandidates(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: number; codes: number[] }>(
    db,
    sql`select c.id, coalesce(p.lab_saved_codes, p.codes) as codes
        from no_match_candidates c join dna_profiles p on p.id = c.dna_profile_id
        where c.id in ${idList(ids)} order by c.id`,
  );
}

/**
 * Row ids for candidates or clusters about to be stored (the engine knows candidates by these before they are
 * written, and a batch writes its new clusters and candidates in one statement each).
 */
export async function nextIds(db: Db, table: 'no_match_candidates' | 'no_match_clusters', count: number) {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return rows.map((r) => r.id);
}
export async function candidatesOfClusters(db: Db, clusterIds: number[]) {
  if (clusterIds.length === 0) return [];
  return withDates(
    await queryRows<CandidateRecord>(
      db,
      sql`select ${CANDIDATE_COLUMNS} ${CANDIDATE_FROM}
          where c.cluster_id in ${idList(clusterIds)}
          order by c.cluster_id, w.sample_number`,
    ),
  );
}
export async function candidatesOfSamples(db: Db, wasteSampleIds: number[]) {
  if (wasteSampleIds.length === 0) return [];
  return db.select().from(candidates).where(inArray(candidates.wasteSampleId, wasteSampleIds));
}
export async function findCandidate(db: Db, clusterId: number, dnaProfileId: number) {
  const [row] = await db
    .select()
    .from(candidates)
    .where(and(eq(candidates.clusterId, clusterId), eq(candidates.dnaProfileId, dnaProfileId)));
  return row ?? null;
}
export async function findCluster(db: Db, id: number) {
  const [row] = await db.select().from(clusters).where(eq(clusters.id, id));
  return row ?? null;
}
export async function clusterSize(db: Db, id: number) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from no_match_candidates where cluster_id = ${id}`,
  );
  return row?.n ?? 0;
}

export async function insertCluster(db: Db, panelId: string) {
  const [row] = await db.insert(clusters).values({ panelId }).returning();
  return row;
}
/** Many clusters (ids allocated beforehand) in one statement. */
export async function insertClusters(db: Db, values: { id: number; panelId: string }[]) {
  if (values.length) await db.insert(clusters).values(values);
}
/** Many candidates in one statement. */
export async function insertCandidates(db: Db, values: (typeof candidates.$inferInsert)[]) {
  if (values.length) await db.insert(candidates).values(values);
}
export async function updateCandidates(db: Db, ids: number[], values: Partial<typeof candidates.$inferInsert>) {
  if (ids.length === 0) return;
  await db.update(candidates).set(values).where(inArray(candidates.id, ids));
}
export async function deleteCandidates(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(candidates).where(inArray(candidates.id, ids));
}
/** Drops the clusters left without a candidate. */
export async function deleteEmptyClusters(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .delete(clusters)
    .where(
      and(
        inArray(clusters.id, ids),
        sql`not exists (select 1 from no_match_candidates c where c.cluster_id = ${clusters.id})`,
      ),
    );
}

export type ClusterFilter = {
  groupPath?: string;
  sampleNumber?: string;
  statuses?: number[];
  repeatedOnly?: boolean;
  approvedFrom?: Date;
  approvedTo?: Date;
  /** Clusters to leave out (the candidate's own, for the eligible clusters). */
  excludeClusterId?: number;
  panelId?: string;
  /** Only clusters with exactly one candidate (approve all single). */
  singlesOnly?: boolean;
};
export type ClusterOrder = 'none' | 'candidates' | 'sampleNumber' | 'property' | 'dateApproved' | 'status';

const ORDER_SQL: Record<ClusterOrder, SQL> = {
  none: sql`a.id`,
  candidates: sql`a.n`,
  sampleNumber: sql`a.first_sample`,
  property: sql`a.first_property`,
  dateApproved: sql`a.last_approved`,
  status: sql`a.status`,
};

/**
 * The clusters a filter keeps, one page in the order asked, with the total. A cluster's status: pending while any
 * candidate is, else approved if any is, else denied.
 */
export async function searchClusters(
  db: Db,
  filter: ClusterFilter,
  page: { page: number; pageSize: number; order: ClusterOrder; ascending: boolean },
) {
  const where: SQL[] = [sql`true`];
  const candidateWhere: SQL[] = [];
  if (filter.groupPath) candidateWhere.push(pathWithin(sql`xg.path`, filter.groupPath));
  if (filter.sampleNumber) candidateWhere.push(sql`xw.sample_number like ${`%${escapeLike(filter.sampleNumber)}%`}`);
  if (filter.statuses?.length) candidateWhere.push(sql`x.status in ${idList(filter.statuses)}`);
  if (filter.approvedFrom) candidateWhere.push(sql`x.date_approved >= ${filter.approvedFrom.toISOString()}`);
  if (filter.approvedTo) candidateWhere.push(sql`x.date_approved <= ${filter.approvedTo.toISOString()}`);
  if (candidateWhere.length)
    where.push(sql`exists (select 1 from no_match_candidates x join waste_samples xw on xw.id = x.waste_sample_id
      left join groups xg on xg.id = xw.property_id where x.cluster_id = a.id and ${sql.join(candidateWhere, sql` and `)})`);
  if (filter.repeatedOnly) where.push(sql`a.n > 1`);
  if (filter.singlesOnly) where.push(sql`a.n = 1`);
  if (filter.excludeClusterId) where.push(sql`a.id <> ${filter.excludeClusterId}`);
  if (filter.panelId) where.push(sql`a.panel_id = ${filter.panelId}`);
  const direction = page.ascending ? sql`asc` : sql`desc`;
  const aggregate = sql`select k.id, k.panel_id, count(c.id)::int as n, min(w.sample_number) as first_sample,
      min(g.name) as first_property, max(c.date_approved) as last_approved,
      case when bool_or(c.status = 0) then 0 when bool_or(c.status = 1) then 1 else 2 end as status
    from no_match_clusters k
    join no_match_candidates c on c.cluster_id = k.id
    join waste_samples w on w.id = c.waste_sample_id
    left join groups g on g.id = w.property_id
    group by k.id, k.panel_id`;
  const rows = await queryRows<{ id: number; total: number }>(
    db,
    sql`with a as (${aggregate})
        select a.id, count(*) over ()::int as total from a
        where ${sql.join(where, sql` and `)}
        order by ${ORDER_SQL[page.order]} ${direction} nulls last, a.id ${direction}
        ${pageLimitSql(page)}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.page > 1) {
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`with a as (${aggregate}) select count(*)::int as total from a where ${sql.join(where, sql` and `)}`,
    );
    total = count?.total ?? 0;
  }
  return { ids: rows.map((r) => r.id), total };
}

/** The result sets of these match results (before they are deleted). */
export async function setIdsOfResults(db: Db, resultIds: number[]): Promise<number[]> {
  if (resultIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct result_set_id as id from waste_match_results where id in ${idList(resultIds)}`,
  );
  return rows.map((r) => r.id);
}
