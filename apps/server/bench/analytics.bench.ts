// Program and lab analytics benchmark on the PostgreSQL server (issue 42): the people population (10,000 properties,
// about 1,000,000 pets and 300,000 residents at BENCH_SCALE=1) with two years of waste samples (one a month per
// property: 240,000), their approved results, the residents' declared dogs and two years of plates (500 plates of 96
// waste-sample profiles). Each case is one screen's whole answer (both periods, every chart) through the service: a
// property, a management firm (100 properties), a distributorship (500) and the lab; the baseline is a plain count of
// the same period's samples. Budget: every case's p99 under 200 ms (the issue's "each chart under 200 ms"). The lab's
// tallies (lab_receipts_daily, lab_typed_samples) are filled by their triggers as the population is written.
// Run: npm run bench:analytics -w apps/server   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
import { sql } from 'drizzle-orm';
import { GroupTypes } from '@registry/contracts';
import { queryRows, type Db } from '../src/db/client.ts';
import { labAnalytics, programAnalytics } from '../src/modules/analytics/analytics.service.ts';
import { benchContext, exec, runCases, withBenchDatabase, type BenchCase } from './harness.ts';
import { buildPopulation, peoplePopulationSize } from './population.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const MONTHS = 24;
const PLATES = 500;
const BUDGET_P99_MS = 200;

/** Waste samples (one a month per property over two years), results for most, declared dogs, plates and profiles. */
async function buildWaste(db: Db) {
  await exec(
    db,
    `insert into waste_samples (sample_number, property_id, date_collected, date_received, customer_facing_status)
    select 'TD' || lpad((row_number() over ())::text, 7, '0'), g.id,
      (date_trunc('month', now()) - m * interval '1 month' + ((g.id + m) % 27) * interval '1 day')::date,
      date_trunc('month', now()) - m * interval '1 month' + ((g.id + m) % 27) * interval '1 day'
        + (24 + (g.id * 7 + m) % 120) * interval '1 hour',
      300
    from groups g, generate_series(1, ${MONTHS}) m where g.group_type = ${GroupTypes.Property}`,
  );
  await exec(
    db,
    `insert into waste_result_sets (waste_sample_id, ready_for_matching) select id, true from waste_samples where id % 7 <> 0`,
  );
  await exec(
    db,
    `insert into waste_match_results (result_set_id, status, comparison, matched_pet_id, is_approved, date_approved)
    select s.id, (array['Match','Match','NoMatch','Fail','Match','NoMatch','NonCanine'])[1 + w.id % 7],
      '{"wasteDnaProfile":[],"petDnaProfiles":[]}'::jsonb,
      case when w.id % 7 in (0, 1, 4) then (select min(p.id) from pets p where p.pet_owner_id =
        (select min(pog.pet_owner_id) from pet_owner_groups pog where pog.group_id = w.property_id) + w.id % 3) end,
      true, w.date_received + (48 + w.id % 200) * interval '1 hour'
    from waste_result_sets s join waste_samples w on w.id = s.waste_sample_id`,
  );
  await exec(
    db,
    `update waste_result_sets s set currently_approved_result_id = m.id, latest_result_id = m.id, latest_status = m.status
    from waste_match_results m where m.result_set_id = s.id`,
  );
  await exec(
    db,
    `insert into pre_registered_dogs (resident_id, name) select id, 'Declared ' || id from pre_registered_residents where has_dogs`,
  );
  await exec(
    db,
    `insert into dna_plates (plate_name, file_name, file_path, panel_id, plate_size, layout, controls_passed,
      control_problems, date_created)
    select 'bench-plate-' || i, 'plate' || i || '.txt', 'bench/' || i, 'isag-2006-canine', 96, 'long', i % 9 <> 0,
      case when i % 9 = 0 then '["Positive control failed"]'::jsonb else '[]'::jsonb end,
      now() - (${MONTHS * 30} * i / ${PLATES}) * interval '1 day'
    from generate_series(1, ${PLATES}) i`,
  );
  await exec(
    db,
    `insert into dna_profiles (plate_id, sample_number, sample_type, panel_id, codes, result, lab_status, date_approved,
      date_created)
    select p.id, w.sample_number, 1, 'isag-2006-canine', '{0}', case when w.id % 31 = 0 then 'Fail' else 'Pass' end,
      case when w.id % 23 = 0 then 20 when w.id % 29 = 0 then 40 else 400 end,
      p.date_created + interval '30 hours', p.date_created
    from dna_plates p join waste_samples w on w.id > (p.id - 1) * 96 * 4 and w.id <= (p.id - 1) * 96 * 4 + 96`,
  );
  // A tenth of the samples typed again on another plate (a rerun), so the typed samples fold across plates too.
  await exec(
    db,
    `insert into dna_profiles (plate_id, sample_number, sample_type, panel_id, codes, result, lab_status, date_approved,
      date_created)
    select p.id + 1, pr.sample_number, 1, 'isag-2006-canine', '{0}', 'Pass', 400, pr.date_created + interval '10 days',
      pr.date_created + interval '9 days'
    from dna_profiles pr join dna_plates p on p.id = pr.plate_id
    where pr.id % 10 = 0 and p.id < ${PLATES}`,
  );
  // At rest, as autovacuum leaves the tables between the writes: statistics and the visibility map (index-only reads).
  await exec(db, 'vacuum analyze');
}

await withBenchDatabase('registry_analytics_bench', async (database, databaseUrl, reused) => {
  const db = database.db;
  const started = performance.now();
  if (!reused) {
    await buildPopulation(db, peoplePopulationSize(SCALE));
    await buildWaste(db);
  }
  const [sizes] = await queryRows<Record<string, string>>(
    db,
    sql`select (select count(*) from groups where group_type = ${GroupTypes.Property}) as properties,
      (select count(*) from pets) as pets, (select count(*) from waste_samples) as waste_samples,
      (select count(*) from waste_match_results) as results, (select count(*) from dna_profiles) as profiles`,
  );
  console.log(`Built ${JSON.stringify(sizes)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const pick = async (groupType: number) =>
    (
      await queryRows<{ id: number; path: string; n: string }>(
        db,
        sql`select g.id, g.path, (select count(*) from groups p where p.path like g.path || '%'
              and p.group_type = ${GroupTypes.Property}) as n
            from groups g where g.group_type = ${groupType} order by g.id limit 1`,
      )
    )[0]!;
  const staff = benchContext(db, databaseUrl, { userId: 1, userName: 'bench.staff', roleId: 0 });
  const today = new Date();
  const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  const start = new Date(Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth() + 1, 1));
  const period = { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
  const plainCount = (path: string) =>
    queryRows(
      db,
      sql`select count(*) from waste_samples w join groups g on g.id = w.property_id
          where g.path like ${`${path}%`} and w.date_collected between ${period.startDate}::date and ${period.endDate}::date`,
    );
  const groupsOf = [
    ['property', GroupTypes.Property],
    ['firm', GroupTypes.ManagementGroup],
    ['distributorship', GroupTypes.Distributorship],
  ] as const;
  const cases: BenchCase[] = [];
  for (const [label, type] of groupsOf) {
    const group = await pick(type);
    cases.push({
      bench: `analytics.program.${label}`,
      n: Number(group.n),
      run: () => programAnalytics(staff, { groupId: group.id, ...period }),
      baseline: () => plainCount(group.path),
    });
  }
  cases.push({
    bench: 'analytics.lab',
    n: Number(sizes!.profiles),
    run: () => labAnalytics(staff, period),
    baseline: () =>
      queryRows(
        db,
        sql`select count(*) from dna_plates where date_created between ${period.startDate}::date and ${period.endDate}::date`,
      ),
  });
  const sample = (await programAnalytics(staff, { groupId: (await pick(GroupTypes.Distributorship)).id, ...period }))
    .current;
  console.log(
    `Distributorship, ${period.startDate} to ${period.endDate}: ${sample.collected} collected, match rate ` +
      `${sample.matchRate?.toFixed(3)}, ${sample.dogsRegistered} dogs registered, ${sample.dogsDeclared} declared`,
  );
  const results = await runCases(cases);
  const over = results.filter((r) => r.p99 >= BUDGET_P99_MS);
  console.log(
    over.length
      ? `\nOver the ${BUDGET_P99_MS} ms p99 budget: ${over.map((r) => r.bench).join(', ')}`
      : `\nEvery analytics case within the ${BUDGET_P99_MS} ms p99 budget`,
  );
  if (over.length) process.exitCode = 1;
});
