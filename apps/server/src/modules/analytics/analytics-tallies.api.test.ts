// The lab analytics' tallies kept by the writes (migration 0042_analytics_tallies): after inserts, updates and
// deletes of waste samples, plates and profiles, lab_receipts_daily and lab_typed_samples equal a recount from the
// rows, and the lab's figures equal plain counts and percentile_cont over the same rows (written the simple way).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { GroupTypes } from '@registry/contracts';
import { queryRows } from '../../db/client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { freshWasteSampleNumber, groupByName, makeGroup } from '../../../test/factories.ts';

let t: TestApp;
let propertyId: number;
beforeAll(async () => {
  t = await startTestApp();
  const firm = await groupByName(t.database.db, 'Harbor Property Management');
  propertyId = (await makeGroup(t.database.db, { parentId: firm.id, groupType: GroupTypes.Property })).id;
});
afterAll(async () => {
  await t?.close();
});

const run = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);
const rows = <T>(statement: ReturnType<typeof sql>) => queryRows<T & Record<string, unknown>>(t.database.db, statement);

/** The tallies as kept, and as recounted from the rows now. */
async function tallies() {
  const kept = {
    receipts: await rows(sql`select day::text, bucket, samples from lab_receipts_daily where samples <> 0
      order by day, bucket nulls first`),
    typed: await rows(sql`select * from lab_typed_samples order by plate_id, sample_number`),
  };
  const recounted = {
    receipts: await rows(sql`select day::text, bucket, count(*)::int as samples from (
        select (date_received at time zone 'UTC')::date as day, lab_receipt_bucket(date_received, date_collected) as bucket
        from waste_samples where date_received is not null) x group by day, bucket order by day, bucket nulls first`),
    typed: await rows(sql`select pr.plate_id, pr.sample_number, pl.date_created as plate_created_at,
        count(*)::int as profiles, min(pr.date_created) as first_typed_at, max(pr.date_approved) as last_approved_at,
        bool_or(pr.lab_status = 20) as rerun, bool_or(pr.lab_status = 40) as reswab,
        bool_and(pr.result = 'Fail') as failed, w.date_received as received_at,
        count(*) over (partition by pr.sample_number) = 1 as only_plate
      from dna_profiles pr join dna_plates pl on pl.id = pr.plate_id
      left join waste_samples w on upper(w.sample_number) = pr.sample_number
      group by pr.plate_id, pr.sample_number, pl.date_created, w.date_received order by pr.plate_id, pr.sample_number`),
  };
  return { kept, recounted };
}

/** The lab's figures the plain way: counts and percentile_cont over every row of the period, joined in full. */
async function plainLab(start: string, end: string) {
  const h = (to: string, from: string) => sql.raw(`extract(epoch from (${to} - ${from})) / 3600.0`);
  const collected = `(w.date_collected::timestamp at time zone 'UTC')`;
  const stat = (value: ReturnType<typeof sql>) =>
    sql`json_build_object('count', count(${value}), 'medianHours', percentile_cont(0.5) within group (order by ${value}),
      'p90Hours', percentile_cont(0.9) within group (order by ${value}))`;
  const [row] = await rows<{ received: number; receipt: unknown; typed: Record<string, unknown> }>(
    sql`select
      (select count(*) from waste_samples where date_received >= ${start}::date and date_received < ${end}::date)::int
        + (select count(*) from sample_history where to_status = 10 and changed_at >= ${start}::date
             and changed_at < ${end}::date)::int as received,
      (select ${stat(h('w.date_received', collected))} from waste_samples w
        where w.date_received >= ${start}::date and w.date_received < ${end}::date) as receipt,
      (with t as (select pr.sample_number, min(pr.date_created) as typed_at, max(pr.date_approved) as approved_at,
           count(*) as profiles, bool_or(pr.lab_status = 20) as rerun, bool_or(pr.lab_status = 40) as reswab,
           bool_and(pr.result = 'Fail') as failed
         from dna_plates pl join dna_profiles pr on pr.plate_id = pl.id
         where pl.date_created >= ${start}::date and pl.date_created < ${end}::date group by pr.sample_number)
       select json_build_object('typed', count(*), 'reruns', count(*) filter (where t.profiles > 1 or t.rerun),
         'reswabs', count(*) filter (where t.reswab), 'failed', count(*) filter (where t.failed),
         'rt', ${stat(h('t.typed_at', 'w.date_received'))}, 'ta', ${stat(h('t.approved_at', 't.typed_at'))})
       from t left join waste_samples w on upper(w.sample_number) = t.sample_number) as typed`,
  );
  return row!;
}

const round = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'number' ? Math.round(v * 1000) / 1000 : v)));

async function expectLabEqualsPlain() {
  const { kept, recounted } = await tallies();
  expect(kept.receipts).toEqual(recounted.receipts);
  expect(kept.typed).toEqual(recounted.typed);
  const answer = await t.call('GET', '/api/v1/analytics/lab?startDate=2031-01-01&endDate=2031-03-31', {
    token: await t.login('lab.admin'),
  });
  expect(answer.status).toBe(200);
  const lab = answer.body.current;
  const plain = await plainLab('2031-01-01', '2031-04-01');
  const typed = plain.typed as Record<string, number | Record<string, number>>;
  expect(round(lab.received)).toBe(plain.received);
  expect(round(lab.turnaround.collectedToReceived)).toEqual(round(plain.receipt));
  expect(round(lab.turnaround.receivedToTyped)).toEqual(round(typed.rt));
  expect(round(lab.turnaround.typedToApproved)).toEqual(round(typed.ta));
  expect(lab.samplesTyped).toBe(typed.typed);
  const share = (n: number) => (typed.typed === 0 ? null : n / (typed.typed as number));
  expect(round([lab.rerunRate, lab.reswabRate, lab.noResultRate])).toEqual(
    round([share(typed.reruns as number), share(typed.reswabs as number), share(typed.failed as number)]),
  );
  return lab;
}

test('the tallies agree with the rows after inserts, updates and deletes of samples, plates and profiles', async () => {
  // Waste samples of early 2031: collected on a day, received hours later (some not yet, one with no collection day).
  const numbers = Array.from({ length: 14 }, () => freshWasteSampleNumber());
  for (const [i, number] of numbers.entries()) {
    const day = `2031-01-${String(3 + i * 2).padStart(2, '0')}`;
    const received = i % 6 === 5 ? null : new Date(Date.parse(`${day}T00:00:00Z`) + (20 + i * 9.5) * 3600_000);
    await run(sql`insert into waste_samples (sample_number, property_id, date_collected, date_received)
      values (${number}, ${propertyId}, ${i === 3 ? null : day}, ${received})`);
  }
  const plate = async (name: string, at: string) =>
    (
      await rows<{ id: number }>(sql`insert into dna_plates (plate_name, file_name, file_path, panel_id, plate_size,
        layout, controls_passed, control_problems, date_created)
        values (${name}, ${name + '.txt'}, ${name}, 'isag-2006-canine', 96, 'long', true, '[]'::jsonb, ${at}::timestamptz)
        returning id`)
    )[0]!.id;
  const p1 = await plate('tally-a', '2031-02-10T09:00:00Z');
  const p2 = await plate('tally-b', '2031-02-20T09:00:00Z');
  const profile = (
    plateId: number,
    number: string,
    result: string,
    status: number,
    at: string,
    approved: string | null,
  ) =>
    sql`(${plateId}, ${number}, 1, 'isag-2006-canine', '{0}', ${result}, ${status}, ${at}::timestamptz,
      ${approved}::timestamptz)`;
  await run(sql`insert into dna_profiles (plate_id, sample_number, sample_type, panel_id, codes, result, lab_status,
      date_created, date_approved) values
    ${profile(p1, numbers[0]!, 'Pass', 400, '2031-02-10T09:00:00Z', '2031-02-11T10:00:00Z')},
    ${profile(p1, numbers[1]!, 'Fail', 20, '2031-02-10T09:00:00Z', null)},
    ${profile(p1, numbers[2]!, 'Fail', 40, '2031-02-10T09:00:00Z', null)},
    ${profile(p1, numbers[3]!, 'Pass', 400, '2031-02-10T09:00:00Z', '2031-02-12T08:30:00Z')},
    ${profile(p2, numbers[1]!, 'Pass', 400, '2031-02-20T09:00:00Z', '2031-02-21T16:00:00Z')},
    ${profile(p2, numbers[4]!, 'Pass', 0, '2031-02-20T09:00:00Z', null)},
    ${profile(p2, numbers[5]!, 'Fail', 0, '2031-02-20T09:00:00Z', null)},
    ${profile(p2, 'DN7712345', 'Pass', 400, '2031-02-20T09:00:00Z', '2031-02-22T09:00:00Z')}`);
  const before = await expectLabEqualsPlain();
  expect(before.samplesTyped).toBe(7);
  expect(before.turnaround.collectedToReceived.count).toBeGreaterThan(8);

  // Updates: a receipt recorded, one cleared, a collection day moved, a sample renumbered; a profile approved and one
  // marked for rerun; a plate's upload time moved into March.
  await run(sql`update waste_samples set date_received = '2031-01-30T13:00:00Z' where sample_number = ${numbers[5]!}`);
  await run(sql`update waste_samples set date_received = null where sample_number = ${numbers[6]!}`);
  await run(sql`update waste_samples set date_collected = '2031-01-02' where sample_number = ${numbers[7]!}`);
  await run(
    sql`update waste_samples set sample_number = ${freshWasteSampleNumber()} where sample_number = ${numbers[0]!}`,
  );
  await run(sql`update dna_profiles set date_approved = '2031-02-23T12:00:00Z', lab_status = 400
    where sample_number = ${numbers[4]!}`);
  await run(sql`update dna_profiles set lab_status = 20 where sample_number = ${numbers[5]!}`);
  await run(sql`update dna_plates set date_created = '2031-03-02T09:00:00Z' where id = ${p2}`);
  await expectLabEqualsPlain();

  // Deletes: a waste sample that was typed, a profile, then a whole plate (its profiles go with it).
  await run(sql`delete from waste_samples where sample_number = ${numbers[2]!}`);
  await run(sql`delete from dna_profiles where plate_id = ${p2} and sample_number = ${numbers[1]!}`);
  await expectLabEqualsPlain();
  await run(sql`delete from dna_plates where id = ${p1}`);
  const after = await expectLabEqualsPlain();
  expect(after.samplesTyped).toBe(3);
});
