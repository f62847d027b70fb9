// SQL of the TD report (pets matched by approved waste results) and the no-match-to-match report (reruns that turned a
// no-match into a match, from the waste results' change records), with their counts per month for the charts.
import { sql, type SQL } from 'drizzle-orm';
import { GroupTypes } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import type { Caller } from '../../platform/context.ts';
import { groupInScopeSql, pathWithin } from '../../platform/scope.queries.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';
import type { Window } from './reports.queries.ts';
import { windowLimitSql } from '../../platform/paging.queries.ts';

type Sort = { orderBy?: string; ascending?: boolean };
const direction = (sort: Sort, byDefault: 'asc' | 'desc') =>
  (sort.ascending === undefined ? byDefault === 'asc' : sort.ascending) ? sql`asc` : sql`desc`;
const dateFrom = (column: SQL, start?: Date) =>
  sql`(${start ?? null}::timestamptz is null or ${column} >= ${start ?? null}::timestamptz)`;
const dateTo = (column: SQL, end?: Date) =>
  sql`(${end ?? null}::timestamptz is null or ${column} <= ${end ?? null}::timestamptz)`;
const monthly = (column: SQL) => sql`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;

// --- TD report ---
/** `scope` limits the properties: the picked group's subtree, or the caller's scope when only a pet is asked for. */
export type TdReportFilter = {
  scope: { groupPath: string } | { caller: Pick<Caller, 'userId' | 'isProviderStaff'> };
  sampleNumber?: string;
  start?: Date;
  end?: Date;
};
const tdScope = (scope: TdReportFilter['scope']) =>
  'groupPath' in scope ? pathWithin(sql`p.path`, scope.groupPath) : groupInScopeSql(scope.caller, sql`p.path`);
export type TdReportDbRow = {
  id: number;
  sampleNumber: string | null;
  petName: string;
  matchCount: number;
  dateCreated: Date;
  petOwnerUsername: string | null;
  petOwnerFullName: string | null;
  matchResults: { wasteSampleNumber: string; dateMatched: string | null }[];
};

/** The approved match of each waste sample under the scope, with the pet it matched and when it was approved. */
const tdMatches = (f: TdReportFilter) => sql`select r.matched_pet_id pet_id, w.sample_number waste_number,
    coalesce(r.date_approved, r.date_created) matched_at
  from waste_result_sets rs join waste_match_results r on r.id = rs.currently_approved_result_id
  join waste_samples w on w.id = rs.waste_sample_id join groups p on p.id = w.property_id
  where r.status = 'Match' and r.matched_pet_id is not null and ${tdScope(f.scope)}
    and ${dateFrom(sql`coalesce(r.date_approved, r.date_created)`, f.start)}
    and ${dateTo(sql`coalesce(r.date_approved, r.date_created)`, f.end)}`;
const petFilter = (f: TdReportFilter) => (f.sampleNumber ? sql`upper(x.sample_number) = ${f.sampleNumber}` : sql`true`);

export const countTdReport = async (db: Db, f: TdReportFilter) =>
  Number(
    (
      await queryRows<{ n: string }>(
        db,
        sql`select count(distinct m.pet_id) n from (${tdMatches(f)}) m join pets x on x.id = m.pet_id where ${petFilter(f)}`,
      )
    )[0]?.n ?? 0,
  );

const TD_SORTS = sortColumns<SQL>({
  sampleNumber: sql`x.sample_number`,
  petName: sql`lower(x.name)`,
  matchCount: sql`count(*)`,
  dateCreated: sql`x.date_created`,
  petOwnerUsername: sql`lower(o.user_name)`,
  petOwnerFullName: sql`lower(concat_ws(' ', o.first_name, o.last_name))`,
});

export function tdReportRows(db: Db, f: TdReportFilter, window: Window, sort: Sort = {}) {
  const paged = 'offset' in window;
  const order = paged
    ? sql`${sortColumn(TD_SORTS, sort.orderBy, 'matchCount')} ${direction(sort, 'desc')}, x.id`
    : sql`x.id`;
  const after = !paged && window.after ? sql`x.id > ${window.after.id}` : sql`true`;
  const limit = windowLimitSql(window);
  return queryRows<TdReportDbRow>(
    db,
    sql`select x.id, x.sample_number "sampleNumber", x.name "petName", count(*)::int "matchCount",
          x.date_created "dateCreated", o.user_name "petOwnerUsername",
          nullif(trim(concat_ws(' ', o.first_name, o.last_name)), '') "petOwnerFullName",
          json_agg(json_build_object('wasteSampleNumber', m.waste_number, 'dateMatched', m.matched_at)
            order by m.matched_at, m.waste_number) "matchResults"
        from (${tdMatches(f)}) m join pets x on x.id = m.pet_id left join users o on o.id = x.pet_owner_id
        where ${petFilter(f)} and ${after}
        group by x.id, o.id
        order by ${order} ${limit}`,
  );
}

export const tdReportChart = (db: Db, f: TdReportFilter) =>
  queryRows<{ period: string; count: number }>(
    db,
    sql`select ${monthly(sql`m.matched_at`)} period, count(*)::int count
        from (${tdMatches(f)}) m join pets x on x.id = m.pet_id where ${petFilter(f)}
        group by 1 order by 1`,
  );

// --- No-match to match ---
export type NoMatchToMatchFilter = { rootPath: string; start?: Date; end?: Date };
export type NoMatchToMatchDbRow = {
  id: number;
  wasteSampleNumber: string;
  propertyName: string | null;
  distributor: string | null;
  dateCollected: string | null;
  earlierResult: string;
  newResult: string;
  dateOfChange: Date;
  matchedSampleNumber: string | null;
  matchedPetName: string | null;
  petOwnerName: string | null;
  isApproved: boolean;
};

const nmtmFrom = sql`waste_result_changes c join waste_result_sets rs on rs.id = c.result_set_id
  join waste_samples w on w.id = rs.waste_sample_id join groups p on p.id = w.property_id
  join waste_match_results r on r.id = c.result_id`;
const nmtmWhere = (f: NoMatchToMatchFilter) => sql`c.from_status = 'NoMatch' and c.to_status = 'Match'
  and p.path like ${`${f.rootPath}%`} and ${dateFrom(sql`c.date_changed`, f.start)} and ${dateTo(sql`c.date_changed`, f.end)}`;

export const countNoMatchToMatch = async (db: Db, f: NoMatchToMatchFilter) =>
  Number(
    (await queryRows<{ n: string }>(db, sql`select count(*) n from ${nmtmFrom} where ${nmtmWhere(f)}`))[0]?.n ?? 0,
  );

const NMTM_SORTS = sortColumns<SQL>({
  wasteSampleNumber: sql`w.sample_number`,
  propertyName: sql`lower(p.name)`,
  dateCollected: sql`w.date_collected`,
  dateOfChange: sql`c.date_changed`,
  matchedSampleNumber: sql`coalesce(r.sample_number_override, r.matched_sample_number)`,
  matchedPetName: sql`lower(x.name)`,
});

export function noMatchToMatchRows(db: Db, f: NoMatchToMatchFilter, window: Window, sort: Sort = {}) {
  const paged = 'offset' in window;
  const order = paged
    ? sql`${sortColumn(NMTM_SORTS, sort.orderBy, 'dateOfChange')} ${direction(sort, 'desc')}, c.id`
    : sql`c.id`;
  const after = !paged && window.after ? sql`c.id > ${window.after.id}` : sql`true`;
  const limit = windowLimitSql(window);
  return queryRows<NoMatchToMatchDbRow>(
    db,
    sql`select c.id, w.sample_number "wasteSampleNumber", p.name "propertyName",
          (select d.name from groups d where d.group_type = ${GroupTypes.Distributorship}
            and p.path like d.path || '%' order by d.depth desc limit 1) "distributor",
          w.date_collected::text "dateCollected", c.from_status "earlierResult", c.to_status "newResult",
          c.date_changed "dateOfChange", coalesce(r.sample_number_override, r.matched_sample_number) "matchedSampleNumber",
          x.name "matchedPetName", nullif(trim(concat_ws(' ', o.first_name, o.last_name)), '') "petOwnerName",
          r.is_approved "isApproved"
        from ${nmtmFrom} left join pets x on x.id = r.matched_pet_id left join users o on o.id = x.pet_owner_id
        where ${nmtmWhere(f)} and ${after}
        order by ${order} ${limit}`,
  );
}

export const noMatchToMatchChart = (db: Db, f: NoMatchToMatchFilter) =>
  queryRows<{ period: string; count: number }>(
    db,
    sql`select ${monthly(sql`c.date_changed`)} period, count(*)::int count from ${nmtmFrom} where ${nmtmWhere(f)}
        group by 1 order by 1`,
  );
