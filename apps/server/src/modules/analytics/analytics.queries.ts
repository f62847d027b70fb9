// SQL of the program analytics: read-only aggregates over waste samples, their approved match results, pets and
// pre-registrations, and the helpers the lab's share. Each figure set is one statement over both periods' index ranges at once (the screen shows the
// period beside the one before); the month series comes from the same rows (docs/performance.md, "Program and lab
// analytics"). The lab's figures are in analytics-lab.queries.ts.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { pathWithin } from '../../platform/scope.queries.ts';

/** A half-open period of days: [start, end). */
export type Period = { start: string; endExclusive: string };

export type Num = number | string | null;
const num = (value: Num) => (value === null ? null : Number(value));
export const int = (value: Num) => Number(value ?? 0);

/**
 * The program's properties: the group itself when a property, else every property beneath it. As an array, so the
 * planner reads each property's index range (a semi-join guessed few rows and scanned whole tables instead).
 */
const subtree = (path: string) => sql`array(select g.id from groups g where ${pathWithin(sql`g.path`, path)})`;

/** The screen's two periods: the one chosen and the one just before it, which ends where the chosen one starts. */
export type Periods = { current: Period; previous: Period };
/** Which of the two periods a time falls in ('current' or 'previous'), for rows read over both at once. */
const whichPeriod = (at: SQL, periods: Periods) =>
  sql`case when ${at} >= ${periods.current.start}::date then 'current' else 'previous' end`;
type PerPeriod<T> = { current: T; previous: T };

/** Hours between two times, in float8 as percentile_cont works (numeric arithmetic on every row cost twice as much). */
export const hours = (to: SQL, from: SQL) => sql`(date_part('epoch', ${to} - ${from}) / 3600)`;
const median = (value: SQL) => sql`percentile_cont(0.5) within group (order by ${value})`;
const p90 = (value: SQL) => sql`percentile_cont(0.9) within group (order by ${value})`;
/** A collection date (a lab day) as the instant it began, in UTC. */
export const collectedAt = sql`(w.date_collected::timestamp at time zone 'UTC')`;

export type Stats = { count: number; medianHours: number | null; p90Hours: number | null };
export const stats = (row: Record<string, Num>, name: string): Stats => ({
  count: int(row[`${name}_n`] ?? 0),
  medianHours: num(row[`${name}_p50`] ?? null),
  p90Hours: num(row[`${name}_p90`] ?? null),
});
export const statColumns = (name: string, value: SQL) =>
  sql`count(${value})::int as ${sql.raw(`${name}_n`)}, ${median(value)} as ${sql.raw(`${name}_p50`)},
      ${p90(value)} as ${sql.raw(`${name}_p90`)}`;

/**
 * The waste samples collected on the program's properties in each period, with their approved result: counts by
 * result and per month, repeat dogs (matched by two or more of the period's samples) and the turnaround of each stage.
 */
export async function programSamples(db: Db, path: string, periods: Periods) {
  const rows = await queryRows<Record<string, Num> & { which: keyof Periods; months: Point[] | null }>(
    db,
    sql`with s as (
          select ${whichPeriod(sql`w.date_collected`, periods)} as which,
            w.date_collected, w.date_received, m.status, m.matched_pet_id, m.date_approved
          from waste_samples w
          left join waste_result_sets rs on rs.waste_sample_id = w.id
          left join waste_match_results m on m.id = rs.currently_approved_result_id
          where w.property_id = any(${subtree(path)})
            and w.date_collected >= ${periods.previous.start}::date
            and w.date_collected < ${periods.current.endExclusive}::date)
        select w.which, count(*)::int as collected,
          count(*) filter (where w.status = 'Match')::int as match,
          count(*) filter (where w.status = 'NoMatch')::int as no_match,
          count(*) filter (where w.status = 'Fail')::int as fail,
          count(*) filter (where w.status is not null and w.status not in ('Match', 'NoMatch', 'Fail'))::int as other,
          (select count(*) from (select 1 from s where s.which = w.which and s.status = 'Match'
             and s.matched_pet_id is not null group by s.matched_pet_id having count(*) > 1) r)::int as repeat_dogs,
          (select json_agg(json_build_object('period', x.period, 'count', x.count) order by x.period) from (
             select to_char(date_trunc('month', s.date_collected), 'YYYY-MM') as period, count(*)::int as count
             from s where s.which = w.which group by 1) x) as months,
          ${statColumns('cr', hours(sql`w.date_received`, collectedAt))},
          ${statColumns('ra', hours(sql`w.date_approved`, sql`w.date_received`))},
          ${statColumns('ca', hours(sql`w.date_approved`, collectedAt))}
        from s w group by w.which`,
  );
  const figures = (which: keyof Periods) => {
    const row: Record<string, Num> & { months?: Point[] | null } = rows.find((r) => r.which === which) ?? {};
    return {
      collected: int(row.collected ?? 0),
      collectedPerMonth: (row.months ?? []) as Point[],
      results: {
        match: int(row.match ?? 0),
        noMatch: int(row.no_match ?? 0),
        fail: int(row.fail ?? 0),
        other: int(row.other ?? 0),
      },
      repeatDogs: int(row.repeat_dogs ?? 0),
      turnaround: {
        collectedToReceived: stats(row, 'cr'),
        receivedToApproved: stats(row, 'ra'),
        collectedToApproved: stats(row, 'ca'),
      },
    };
  };
  return { current: figures('current'), previous: figures('previous') };
}
type Point = { period: string; count: number };

/**
 * Dogs registered in each period by owners who are members of the program's properties, and dogs declared at
 * pre-registration by residents who pre-registered in the period. The members are found first (an owner in two of the
 * properties once), then each one's dogs of the two periods from pets_owner_idx alone.
 */
export async function programDogs(db: Db, path: string, periods: Periods) {
  const current = (at: SQL) => sql`${at} >= ${periods.current.start}::date`;
  const [row] = await queryRows<Record<string, Num>>(
    db,
    sql`with registered as (
          select p.date_created from pets p
          where p.pet_owner_id in (select pog.pet_owner_id from pet_owner_groups pog
              where pog.group_id = any(${subtree(path)}) and pog.move_out_date is null)
            and p.date_created >= ${periods.previous.start}::date
            and p.date_created < ${periods.current.endExclusive}::date),
        declared as (
          select r.date_pre_registered from pre_registered_residents r
            join pre_registered_dogs d on d.resident_id = r.id
          where r.group_id = any(${subtree(path)})
            and r.date_pre_registered >= ${periods.previous.start}::date
            and r.date_pre_registered < ${periods.current.endExclusive}::date)
        select
          (select count(*) filter (where ${current(sql`date_created`)}) from registered)::int as registered_now,
          (select count(*) filter (where not ${current(sql`date_created`)}) from registered)::int as registered_before,
          (select count(*) filter (where ${current(sql`date_pre_registered`)}) from declared)::int as declared_now,
          (select count(*) filter (where not ${current(sql`date_pre_registered`)}) from declared)::int
            as declared_before`,
  );
  return {
    current: { dogsRegistered: int(row!.registered_now), dogsDeclared: int(row!.declared_now) },
    previous: { dogsRegistered: int(row!.registered_before), dogsDeclared: int(row!.declared_before) },
  } satisfies PerPeriod<{ dogsRegistered: number; dogsDeclared: number }>;
}
