// SQL of the program and lab analytics: read-only aggregates over waste samples, their approved match results, pets,
// pre-registrations, plates and profiles. Each figure set is one statement bounded by the period's index ranges
// (docs/performance.md, "Program analytics"); the month and week series come from the same rows.
import { sql, type SQL } from 'drizzle-orm';
import { DnaProfileLabStatus, SampleCustomerStatus } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { pathWithin } from '../../platform/scope.queries.ts';

/** A half-open period of days: [start, end). */
export type Period = { start: string; endExclusive: string };

export type Num = number | string | null;
const num = (value: Num) => (value === null ? null : Number(value));
export const int = (value: Num) => Number(value ?? 0);

/** The program's properties: the group itself when a property, else every property beneath it. */
const subtree = (path: string) => sql`select g.id from groups g where ${pathWithin(sql`g.path`, path)}`;

export const hours = (to: SQL, from: SQL) => sql`extract(epoch from (${to} - ${from})) / 3600.0`;
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
 * The waste samples collected on the program's properties in the period, with their approved result: counts by
 * result, repeat dogs (matched by two or more of these samples) and the turnaround of each stage.
 */
export async function programSamples(db: Db, path: string, period: Period) {
  const [row] = await queryRows<Record<string, Num>>(
    db,
    sql`with s as (
          select w.date_collected, w.date_received, m.status, m.matched_pet_id, m.date_approved
          from waste_samples w
          left join waste_result_sets rs on rs.waste_sample_id = w.id
          left join waste_match_results m on m.id = rs.currently_approved_result_id
          where w.property_id in (${subtree(path)})
            and w.date_collected >= ${period.start}::date and w.date_collected < ${period.endExclusive}::date)
        select count(*)::int as collected,
          count(*) filter (where w.status = 'Match')::int as match,
          count(*) filter (where w.status = 'NoMatch')::int as no_match,
          count(*) filter (where w.status = 'Fail')::int as fail,
          count(*) filter (where w.status is not null and w.status not in ('Match', 'NoMatch', 'Fail'))::int as other,
          (select count(*) from (select 1 from s where s.status = 'Match' and s.matched_pet_id is not null
             group by s.matched_pet_id having count(*) > 1) r)::int as repeat_dogs,
          ${statColumns('cr', hours(sql`w.date_received`, collectedAt))},
          ${statColumns('ra', hours(sql`w.date_approved`, sql`w.date_received`))},
          ${statColumns('ca', hours(sql`w.date_approved`, collectedAt))}
        from s w`,
  );
  return {
    collected: int(row!.collected),
    results: { match: int(row!.match), noMatch: int(row!.no_match), fail: int(row!.fail), other: int(row!.other) },
    repeatDogs: int(row!.repeat_dogs),
    turnaround: {
      collectedToReceived: stats(row!, 'cr'),
      receivedToApproved: stats(row!, 'ra'),
      collectedToApproved: stats(row!, 'ca'),
    },
  };
}

/** Waste samples collected per month ('YYYY-MM') on the program's properties in the period. */
export async function collectedPerMonth(db: Db, path: string, period: Period) {
  const rows = await queryRows<{ period: string; count: Num }>(
    db,
    sql`select to_char(date_trunc('month', w.date_collected), 'YYYY-MM') as period, count(*)::int as count
        from waste_samples w
        where w.property_id in (${subtree(path)})
          and w.date_collected >= ${period.start}::date and w.date_collected < ${period.endExclusive}::date
        group by 1 order by 1`,
  );
  return rows.map((r) => ({ period: r.period, count: int(r.count) }));
}

/**
 * Dogs registered in the period by owners who are members of the program's properties, and dogs declared at
 * pre-registration by residents who pre-registered in the period.
 */
export async function programDogs(db: Db, path: string, period: Period) {
  const [row] = await queryRows<{ registered: Num; declared: Num }>(
    db,
    sql`select
          (select count(distinct p.id) from pet_owner_groups pog
             join pets p on p.pet_owner_id = pog.pet_owner_id
           where pog.group_id in (${subtree(path)}) and pog.move_out_date is null
             and p.date_created >= ${period.start}::date and p.date_created < ${period.endExclusive}::date)::int
            as registered,
          (select count(*) from pre_registered_residents r
             join pre_registered_dogs d on d.resident_id = r.id
           where r.group_id in (${subtree(path)})
             and r.date_pre_registered >= ${period.start}::date
             and r.date_pre_registered < ${period.endExclusive}::date)::int as declared`,
  );
  return { dogsRegistered: int(row!.registered), dogsDeclared: int(row!.declared) };
}
