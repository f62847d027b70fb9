// SQL of the lab analytics. The waste samples come from the tallies the writes keep (migration 0042: triggers on waste
// samples, plates and profiles): receipts per day and receipt bucket in lab_receipts_daily, and each plate's typed
// samples with their receipt in lab_typed_samples. A year is some 6,000 tally rows and the period's typed samples
// instead of every received waste sample and every profile joined to the whole waste-sample table; the receipt
// percentiles read only the samples of the bucket that holds each rank (docs/decisions/integrations-analytics.md).
import { sql } from 'drizzle-orm';
import { SampleCustomerStatus } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { collectedAt, hours, int, statColumns, stats, type Num, type Period, type Stats } from './analytics.queries.ts';

/** A day's start in UTC: the tallies' days are UTC days (the lab's receipts are stamped in UTC). */
const startOf = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;

/** Samples the lab received per ISO week (its Monday, 'YYYY-MM-DD'): waste samples and pet samples. */
export async function receivedPerWeek(db: Db, period: Period) {
  const rows = await queryRows<{ period: string; count: Num }>(
    db,
    sql`select to_char(date_trunc('week', r.day::timestamp), 'YYYY-MM-DD') as period, sum(r.samples)::int as count
        from (
          select d.day, d.samples from lab_receipts_daily d
          where d.day >= ${period.start}::date and d.day < ${period.endExclusive}::date
          union all
          select (h.changed_at at time zone 'UTC')::date, 1 from sample_history h
          where h.to_status = ${SampleCustomerStatus.DnaSampleReceived}
            and h.changed_at >= ${startOf(period.start)} and h.changed_at < ${startOf(period.endExclusive)}
        ) r group by 1 having sum(r.samples) <> 0 order by 1`,
  );
  return rows.map((r) => ({ period: r.period, count: int(r.count) }));
}

/** Plates uploaded per ISO week, and their control failures (each control problem recorded on a plate). */
export async function plates(db: Db, period: Period) {
  const rows = await queryRows<{ period: string; plates: Num; failures: Num }>(
    db,
    sql`select to_char(date_trunc('week', p.date_created), 'YYYY-MM-DD') as period, count(*)::int as plates,
          sum(jsonb_array_length(p.control_problems))::int as failures
        from dna_plates p
        where p.date_created >= ${period.start}::date and p.date_created < ${period.endExclusive}::date
        group by 1 order by 1`,
  );
  return rows.map((r) => ({ period: r.period, plates: int(r.plates), failures: int(r.failures) }));
}

/**
 * The samples typed on the period's plates: how many, how many were typed again (a rerun: more than one profile, or a
 * profile marked for rerun), asked for a reswab, or gave no result (every profile failed); and the turnaround of each
 * stage for the waste samples among them (received to first typed, first typed to approved). Each plate's profiles
 * of a sample are one row of lab_typed_samples: a sample on one plate only is read as it is, one typed on several
 * plates is folded across the period's plates here.
 */
export async function typedSamples(db: Db, period: Period) {
  const [row] = await queryRows<Record<string, Num>>(
    db,
    sql`with t as (
          select s.first_typed_at as typed_at, s.last_approved_at as approved_at, s.profiles, s.rerun, s.reswab,
            s.failed, s.received_at
          from lab_typed_samples s
          where s.only_plate
            and s.plate_created_at >= ${period.start}::date and s.plate_created_at < ${period.endExclusive}::date
          union all
          select min(s.first_typed_at), max(s.last_approved_at), sum(s.profiles), bool_or(s.rerun), bool_or(s.reswab),
            bool_and(s.failed), max(s.received_at)
          from lab_typed_samples s
          where not s.only_plate
            and s.plate_created_at >= ${period.start}::date and s.plate_created_at < ${period.endExclusive}::date
          group by s.sample_number)
        select count(*)::int as typed,
          count(*) filter (where t.profiles > 1 or t.rerun)::int as reruns,
          count(*) filter (where t.reswab)::int as reswabs,
          count(*) filter (where t.failed)::int as no_results,
          ${statColumns('rt', hours(sql`t.typed_at`, sql`t.received_at`))},
          ${statColumns('ta', hours(sql`t.approved_at`, sql`t.typed_at`))}
        from t`,
  );
  return {
    typed: int(row!.typed),
    reruns: int(row!.reruns),
    reswabs: int(row!.reswabs),
    noResults: int(row!.no_results),
    receivedToTyped: stats(row!, 'rt'),
    typedToApproved: stats(row!, 'ta'),
  };
}

/**
 * Collection to receipt of the waste samples received in the period: the median and 90th percentile as PostgreSQL's
 * percentile_cont gives them over every sample (linear between the two samples around the rank), found without
 * sorting them all: the day tallies count each receipt bucket, which tells the bucket and place of each rank, and
 * only those buckets' samples are read, in order, from waste_samples_receipt_bucket_idx.
 */
export async function receiptTurnaround(db: Db, period: Period): Promise<Stats> {
  const buckets = await queryRows<{ bucket: number; samples: Num }>(
    db,
    sql`select d.bucket, sum(d.samples)::int as samples from lab_receipts_daily d
        where d.day >= ${period.start}::date and d.day < ${period.endExclusive}::date and d.bucket is not null
        group by d.bucket having sum(d.samples) > 0 order by d.bucket`,
  );
  const count = buckets.reduce((sum, b) => sum + int(b.samples), 0);
  if (count === 0) return { count: 0, medianHours: null, p90Hours: null };
  /** The bucket holding the sample of this rank (0 the shortest), and how many samples the buckets before it hold. */
  const place = (rank: number) => {
    let before = 0;
    for (const b of buckets) {
      if (rank < before + int(b.samples)) return { bucket: b.bucket, before };
      before += int(b.samples);
    }
    throw new Error(`rank ${rank} beyond ${count} receipts`);
  };
  const positions = [0.5, 0.9].map((p) => p * (count - 1));
  // The ranks each percentile needs, read per bucket in one range: the median's two neighbours share a bucket mostly.
  const reads = new Map<number, { bucket: number; before: number; first: number; last: number }>();
  for (const rank of positions.flatMap((x) => [Math.floor(x), Math.ceil(x)])) {
    const { bucket, before } = place(rank);
    const read = reads.get(bucket) ?? { bucket, before, first: rank, last: rank };
    reads.set(bucket, { ...read, first: Math.min(read.first, rank), last: Math.max(read.last, rank) });
  }
  const found = await queryRows<{ bucket: number; hours: number[] }>(
    db,
    sql`select k.bucket, array(
          select ${hours(sql`w.date_received`, collectedAt)} from waste_samples w
          where lab_receipt_bucket(w.date_received, w.date_collected) = k.bucket and w.date_received is not null
            and w.date_received >= ${startOf(period.start)} and w.date_received < ${startOf(period.endExclusive)}
          order by 1 offset k.skip limit k.take) as hours
        from (values ${sql.join(
          [...reads.values()].map(
            (r) => sql`(${r.bucket}::int, ${r.first - r.before}::int, ${r.last - r.first + 1}::int)`,
          ),
          sql`, `,
        )}) k(bucket, skip, take)`,
  );
  const at = (rank: number) => {
    const { bucket, first } = reads.get(place(rank).bucket)!;
    return Number(found.find((f) => f.bucket === bucket)!.hours[rank - first]);
  };
  // percentile_cont: the value at floor(x), plus the fraction of the step to the next one.
  const percentile = (x: number) => {
    const lo = at(Math.floor(x));
    return Math.ceil(x) === Math.floor(x) ? lo : lo + (x - Math.floor(x)) * (at(Math.ceil(x)) - lo);
  };
  return { count, medianHours: percentile(positions[0]!), p90Hours: percentile(positions[1]!) };
}
