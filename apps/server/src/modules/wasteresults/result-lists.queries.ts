// The SQL of the waste result lists (the lab's list, the no-match reruns list, a group's waste results) and of the
// result scope: the page is cut from the result sets' own columns, the denormalised latest result and change included.
import { sql, type SQL } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';
import { pageLimitSql } from '../../platform/paging.queries.ts';
import type { Caller } from '../../platform/context.ts';
import { groupInScopeSql } from '../../platform/scope.queries.ts';

export type Scoped = Pick<Caller, 'userId' | 'isProviderStaff' | 'apiKey'>;

/**
 * SQL: the waste sample's property lies in the caller's scope, or is adjacent (by agreement) to one that does. Provider
 * staff see every set. `propertyId` is the waste sample's property column.
 */
export function resultInScopeSql(caller: Scoped, propertyId: SQL): SQL {
  if (caller.isProviderStaff) return sql`true`;
  return sql`exists (
    select 1 from groups rg
    where (rg.id = ${propertyId} or rg.id in (
        select adjacent_property_id from adjacent_properties where property_id = ${propertyId}
        union select property_id from adjacent_properties where adjacent_property_id = ${propertyId}))
      and ${groupInScopeSql(caller, sql`rg.path`)})`;
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
  status: sql`s.latest_status`,
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

/**
 * The lab's and a group's result lists: one row per set with its latest and approved results. The page is cut from the
 * sets' own columns (the latest result's status and the latest change are kept on the set), and only the page's rows
 * are joined to their results; the count is a separate plain count, skipped when the first page is not full.
 */
export async function searchResultSets(db: Db, f: ResultSetFilter) {
  const where: SQL[] = [resultInScopeSql(f.caller, sql`w.property_id`)];
  if (f.sampleNumber) where.push(sql`w.sample_number ilike ${`%${escapeLike(f.sampleNumber)}%`}`);
  if (f.propertyName) where.push(sql`g.name ilike ${`%${escapeLike(f.propertyName)}%`}`);
  if (f.status) where.push(sql`s.latest_status = ${f.status}`);
  if (f.isApproved !== undefined)
    where.push(
      f.isApproved ? sql`s.currently_approved_result_id is not null` : sql`s.currently_approved_result_id is null`,
    );
  if (f.globalResultsCount !== undefined)
    where.push(
      sql`exists (select 1 from waste_match_results l where l.id = s.latest_result_id and l.global_results_count = ${f.globalResultsCount})`,
    );
  if (f.createdOn) where.push(sql`s.date_created::date = ${f.createdOn.toISOString().slice(0, 10)}::date`);
  if (f.attemptedOn) where.push(sql`s.date_attempted::date = ${f.attemptedOn.toISOString().slice(0, 10)}::date`);
  if (f.changedOnly) where.push(sql`s.latest_change_id is not null`);
  if (f.groupPath !== undefined)
    where.push(f.groupIsRoot ? sql`w.property_id is not null` : sql`w.property_id in (${groupPlacesSql(f.groupPath)})`);
  if (f.sampleStatus !== undefined) where.push(sql`w.customer_facing_status = ${f.sampleStatus}`);
  const order = sortColumn(ORDERS, f.orderBy, 'sampleNumber');
  const direction = f.ascending === false ? sql`desc` : sql`asc`;
  const needsProperty = Boolean(f.propertyName) || order === ORDERS.get('propertyname');
  const from = sql`from waste_result_sets s join waste_samples w on w.id = s.waste_sample_id
    ${needsProperty ? sql`left join groups g on g.id = w.property_id` : sql``}
    where ${sql.join(where, sql` and `)}`;
  const rows = await queryRows<ResultSetListRow>(
    db,
    sql`with page as (
          select s.id ${from}
          order by ${order} ${direction} nulls last, s.id
          ${pageLimitSql(f)}
        )
        select w.id as "wasteSampleId", s.id as "matchResultSetId", w.sample_number as "sampleNumber",
          w.property_id as "propertyId", g.name as "propertyName", s.latest_status as "latestMatchStatus",
          a.status as "approvedStatus", w.customer_facing_status as "sampleStatus", w.is_flagged as "isFlagged",
          s.currently_approved_result_id is not null as "isApproved",
          coalesce(a.is_adjacent_property_match, false) as "isAdjacent", coalesce(a.is_move_out, false) as "isMoveOut",
          coalesce(l.global_results_count, 0) as "globalResultsCount", l.matched_sample_number as "matchedSampleNumber",
          c.from_status as "previousStatus", c.date_changed as "dateStatusChanged",
          s.date_attempted as "dateAttempted", s.date_created as "dateCreated"
        from page
        join waste_result_sets s on s.id = page.id
        join waste_samples w on w.id = s.waste_sample_id
        left join groups g on g.id = w.property_id
        left join waste_match_results l on l.id = s.latest_result_id
        left join waste_match_results a on a.id = s.currently_approved_result_id
        left join waste_result_changes c on c.id = s.latest_change_id
        order by ${order} ${direction} nulls last, s.id`,
  );
  const firstPageShort = f.page === 1 && rows.length < f.pageSize;
  const total = firstPageShort
    ? rows.length
    : ((await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from}`))[0]?.n ?? 0);
  return { rows, total };
}
