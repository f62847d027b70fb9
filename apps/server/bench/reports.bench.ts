// Reports benchmark on the PostgreSQL server (issue 18): the people population (10,000 properties, 300,000 pet owners,
// about 1,000,000 pets at BENCH_SCALE=1) under one distributorship, since the property export's picker takes no root
// (spec 3 §5) and the whole registry must be one export. The pets property export streamed as CSV through the path the
// route takes (service spec → csvChunks → Readable), as lab staff: rows/s and the process's peak RSS, beside a plain
// cursor dump of the same columns. Then the universal search as lab staff and as a property manager, p50/p99 beside a
// plain lookup (LIKE or =) on the one column each query is about. The export holds the pets of current members only (the population
// moves one owner in 17 out), so about 941,000 rows at scale 1. BENCH_ONLY=export or =search runs one half; under
// node --expose-gc the heap is collected before each export so module-load garbage is not counted as the export's.
// Run: npm run bench:reports -w apps/server   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
import os from 'node:os';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { GroupTypes, PropertyExportOption, SEARCH_PAGE_SIZE, universalSearchQuery } from '@registry/contracts';
import { queryRows, type Db } from '../src/db/client.ts';
import { containsPattern } from '../src/db/like.ts';
import type { SignedInContext } from '../src/platform/context.ts';
import { csvChunks, type ExportSpec } from '../src/platform/exports.ts';
import { propertyExport } from '../src/modules/reports/reports.service.ts';
import { universalSearch } from '../src/modules/search/search.service.ts';
import { benchContext, runCases, withBenchDatabase, type BenchCase } from './harness.ts';
import { buildPopulation, peoplePopulationSize } from './population.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const size = { ...peoplePopulationSize(SCALE), distributorships: 1, managementGroupsPerDistributorship: 100 };
const ONLY = process.env.BENCH_ONLY ?? '';
const RSS_SAMPLE_MS = 50;
const EXPORT_TARGET_ROWS_PER_S = 50_000;
const EXPORT_TARGET_MB = 200;
const SEARCH_TARGET_P99_MS = 100;

const mb = (bytes: number) => bytes / 2 ** 20;

/**
 * Peak RSS (and V8 heap in use) while `work` runs, sampled on a timer; the export yields between batches, so the timer
 * gets its turns. Under --expose-gc the heap is collected first, so module-load garbage does not count as the export's.
 */
async function withPeakMemory<T>(work: () => Promise<T>) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  let heapPeak = process.memoryUsage().heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  };
  const timer = setInterval(sample, RSS_SAMPLE_MS);
  const start = performance.now();
  try {
    const result = await work();
    sample();
    return { result, seconds: (performance.now() - start) / 1000, before, peak, heapPeak };
  } finally {
    clearInterval(timer);
  }
}

/** Where the download goes: counts bytes and drops them, as a fast client would. */
function countingSink() {
  const sink = { bytes: 0 };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.bytes += chunk.length;
      done();
    },
  });
  return { sink, stream };
}

/** The export the route sends: its CSV chunks as a byte stream (sendExport's Readable.from) piped into the sink. */
async function streamCsv<R>(spec: ExportSpec<R>) {
  let rows = 0;
  const counted = (async function* () {
    for await (const batch of spec.batches) {
      rows += batch.length;
      yield batch;
    }
  })();
  const { sink, stream } = countingSink();
  await pipeline(Readable.from(csvChunks({ ...spec, batches: counted }), { objectMode: false }), stream);
  return { rows, bytes: sink.bytes };
}

/** The plain dump: one cursor over the same joins and columns, each row joined with commas, no quoting or formats. */
async function plainCursorCsv(databaseUrl: string, rootPath: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let rows = 0;
  try {
    await client.query('begin');
    await client.query(
      `declare pets_dump no scroll cursor for
        select x.id, p.name, x.sample_number, x.name, x.breed, x.customer_facing_status, x.is_active, o.user_name,
          trim(concat_ws(' ', o.first_name, o.last_name)), x.date_created
        from pets x join pet_owner_groups pog on pog.pet_owner_id = x.pet_owner_id and pog.move_out_date is null
          join groups p on p.id = pog.group_id left join users o on o.id = x.pet_owner_id
        where p.path like $1 and p.group_type = ${GroupTypes.Property}`,
      [`${rootPath}%`],
    );
    const lines = (async function* () {
      for (;;) {
        const batch = await client.query<unknown[]>({ text: 'fetch 1000 from pets_dump', rowMode: 'array' });
        if (batch.rows.length === 0) return;
        rows += batch.rows.length;
        yield batch.rows.map((row) => row.join(',')).join('\r\n') + '\r\n';
      }
    })();
    const { sink, stream } = countingSink();
    await pipeline(Readable.from(lines, { objectMode: false }), stream);
    await client.query('commit');
    return { rows, bytes: sink.bytes };
  } finally {
    await client.end();
  }
}

type ExportRun = Awaited<ReturnType<typeof streamCsv>> & Omit<Awaited<ReturnType<typeof withPeakMemory>>, 'result'>;

function printExport(measured: ExportRun, base: ExportRun) {
  const rate = (r: ExportRun) => r.rows / r.seconds;
  console.log(
    `\nMachine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(
        ' ',
      )}, Node ${process.version}; memory sampled every ${RSS_SAMPLE_MS} ms${'gc' in globalThis ? ', heap collected before each' : ''}`,
  );
  console.log(
    `\n${'export'.padEnd(28)}${'rows'.padStart(10)}${'MB out'.padStart(9)}${'s'.padStart(8)}${'rows/s'.padStart(10)}${'RSS MB'.padStart(9)}${'peak MB'.padStart(9)}${'+MB'.padStart(7)}${'heap MB'.padStart(9)}`,
  );
  for (const [name, r] of [
    ['reports.export.pets.csv', measured],
    ['baseline.cursor.csv', base],
  ] as const)
    console.log(
      `${name.padEnd(28)}${String(r.rows).padStart(10)}${mb(r.bytes).toFixed(1).padStart(9)}${r.seconds.toFixed(2).padStart(8)}${Math.round(rate(r)).toString().padStart(10)}${mb(r.before).toFixed(0).padStart(9)}${mb(r.peak).toFixed(0).padStart(9)}${mb(
        r.peak - r.before,
      )
        .toFixed(0)
        .padStart(7)}${mb(r.heapPeak).toFixed(0).padStart(9)}`,
    );
  const round = (value: number) => Math.round(value * 10) / 10;
  console.log(
    '\n' +
      JSON.stringify({
        bench: 'reports.export.pets.csv',
        rows: measured.rows,
        seconds: round(measured.seconds),
        rows_per_s: Math.round(rate(measured)),
        baseline_rows_per_s: Math.round(rate(base)),
        ratio: Math.round((rate(measured) / rate(base)) * 100) / 100,
        rss_before_mb: round(mb(measured.before)),
        rss_peak_mb: round(mb(measured.peak)),
        rss_growth_mb: round(mb(measured.peak - measured.before)),
        heap_peak_mb: round(mb(measured.heapPeak)),
      }),
  );
  const misses = [
    rate(measured) < EXPORT_TARGET_ROWS_PER_S && `under ${EXPORT_TARGET_ROWS_PER_S} rows/s`,
    mb(measured.peak) >= EXPORT_TARGET_MB && `peak RSS not under ${EXPORT_TARGET_MB} MB`,
  ].filter(Boolean);
  if (misses.length) console.log(`Export target missed: ${misses.join(', ')}`);
}

async function exportCase(ctx: SignedInContext, databaseUrl: string, distributorship: { id: number; path: string }) {
  const measured = await withPeakMemory(async () =>
    streamCsv(
      await propertyExport(ctx, {
        groupId: distributorship.id,
        exportOption: PropertyExportOption.Pets,
        format: 'csv',
      }),
    ),
  );
  const base = await withPeakMemory(() => plainCursorCsv(databaseUrl, distributorship.path));
  if (measured.result.rows !== base.result.rows)
    console.log(`Row counts differ: export ${measured.result.rows}, plain cursor ${base.result.rows}`);
  printExport({ ...measured, ...measured.result }, { ...base, ...base.result });
}

/** Plain LIKE on one column, no scope, ranking or union: what each search would cost on its own. */
const plainSearch = {
  petName: (db: Db, text: string) =>
    queryRows(
      db,
      sql`select id, name, sample_number from pets where lower(name) like lower(${containsPattern(text)}) limit ${SEARCH_PAGE_SIZE}`,
    ),
  sampleNumber: (db: Db, text: string) =>
    queryRows(
      db,
      sql`select id, name, sample_number from pets where sample_number = ${text} limit ${SEARCH_PAGE_SIZE}`,
    ),
  sampleFragment: (db: Db, text: string) =>
    queryRows(
      db,
      sql`select id, name, sample_number from pets where sample_number like ${`${text}%`} limit ${SEARCH_PAGE_SIZE}`,
    ),
  ownerName: (db: Db, text: string) =>
    queryRows(
      db,
      sql`select id, first_name, last_name from users
        where lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) like lower(${containsPattern(text)})
        limit ${SEARCH_PAGE_SIZE}`,
    ),
};

await withBenchDatabase('registry_reports_bench', async (database, databaseUrl, reused) => {
  const db = database.db;
  const built = performance.now();
  if (!reused) await buildPopulation(db, size);
  const [sizes] = await queryRows<{ properties: string; owners: string; pets: string }>(
    db,
    sql`select (select count(*) from groups where group_type = ${GroupTypes.Property}) as properties,
      (select count(*) from users where role_id = 3) as owners, (select count(*) from pets) as pets`,
  );
  console.log(
    `Built ${sizes.properties} properties, ${sizes.owners} pet owners, ${sizes.pets} pets in ${((performance.now() - built) / 1000).toFixed(1)} s`,
  );
  const [distributorship] = await queryRows<{ id: number; path: string }>(
    db,
    sql`select id, path from groups where group_type = ${GroupTypes.Distributorship} order by id limit 1`,
  );
  const [staff] = await queryRows<{ id: number }>(
    db,
    sql`with added as (insert into users (user_name, role_id) select 'bench.staff', 0
        where not exists (select 1 from users where user_name = 'bench.staff') returning id)
      select id from added union all select id from users where user_name = 'bench.staff'`,
  );
  const asStaff = benchContext(db, databaseUrl, { userId: staff.id, userName: 'bench.staff', roleId: 0 });

  if ('reports.export.pets.csv'.includes(ONLY)) await exportCase(asStaff, databaseUrl, distributorship);

  // The property manager's property, and search texts drawn from a pet there so both callers have hits.
  const [property] = await queryRows<{
    manager: number;
    managerName: string;
    owner: number;
    ownerLastName: string;
    sampleNumber: string;
  }>(
    db,
    sql`select u.id as manager, u.user_name as "managerName", x.pet_owner_id as owner,
        split_part(o.last_name, ' ', 1) as "ownerLastName", x.sample_number as "sampleNumber"
      from (select id from groups where group_type = ${GroupTypes.Property} and is_active order by id limit 1 offset 500) g
        join group_admins a on a.group_id = g.id join users u on u.id = a.user_id
        join pet_owner_groups pog on pog.group_id = g.id and pog.move_out_date is null
        join pets x on x.pet_owner_id = pog.pet_owner_id join users o on o.id = x.pet_owner_id
      order by x.id limit 1`,
  );
  const asManager = benchContext(db, databaseUrl, {
    userId: property.manager,
    userName: property.managerName,
    roleId: 7,
  });
  const texts = {
    petName: `Dog ${property.owner}`,
    sampleNumber: property.sampleNumber,
    sampleFragment: property.sampleNumber.slice(0, 6),
    ownerName: property.ownerLastName,
  };
  // The query as the route parses it from the screen's request (page size 300).
  const searchQuery = (query: string) => universalSearchQuery.parse({ query, pageSize: SEARCH_PAGE_SIZE });
  const cases: BenchCase[] = [
    { label: 'root', ctx: asStaff },
    { label: 'property', ctx: asManager },
  ].flatMap(({ label, ctx }) =>
    (Object.keys(texts) as (keyof typeof texts)[]).map((kind) => ({
      bench: `reports.search.${kind}.${label}`,
      n: Number(sizes.pets),
      run: () => universalSearch(ctx, searchQuery(texts[kind])),
      baseline: () => plainSearch[kind](db, texts[kind]),
    })),
  );
  const hits = Object.fromEntries(
    await Promise.all(
      cases.map(async (c) => [c.bench, ((await c.run()) as { totalRecords: number }).totalRecords] as const),
    ),
  );
  console.log(`\nSearch texts: ${JSON.stringify(texts)}\nHits (totalRecords): ${JSON.stringify(hits)}`);
  const results = await runCases(cases);
  const over = results.filter((r) => r.p99 >= SEARCH_TARGET_P99_MS);
  if (over.length)
    console.log(`\nOver the ${SEARCH_TARGET_P99_MS} ms p99 target: ${over.map((r) => r.bench).join(', ')}`);
});
