// DNA lab benchmark on the PostgreSQL server (issue 14): GeneMapper upload of a 96- and a 384-well plate (parse, validate,
// store), approve all passing on a 384-well plate, the registry index loaded from 1,000,000 stored approved profiles
// (with the event loop's longest stall while it loads, i.e. whether the server keeps answering) and an identity search
// against that index, each beside a plain baseline in the same process. BENCH_SCALE scales the stored profiles
// (BENCH_SCALE=0.01: 10,000) for quick runs; BENCH_RUNS the searches.
// Run: npm run bench:dna -w apps/server   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { ISAG_2006_CANINE, createPopulation, importGeneMapperPlate, type DnaProfile } from '@registry/genetics';
import { DnaProfileLabStatus, SampleType } from '@registry/contracts';
import { queryRows } from '../src/db/client.ts';
import { dnaPlates, dnaProfiles, groupAdmins, pets, wasteSamples, groups, users } from '../src/db/schema/index.ts';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { startJobQueue, stopJobQueue } from '../src/platform/jobs.ts';
import { identitySearch } from '../src/modules/dna/identity.service.ts';
import { approveAllPassing } from '../src/modules/dna/processing.service.ts';
import { registryLoadReport, startRegistryIndex } from '../src/modules/dna/registry-index.ts';
import { syntheticLabPlate } from '../src/modules/dna/synthetic-plate.ts';
import { uploadPlate } from '../src/modules/dna/upload.service.ts';
import { benchContext, exec, withBenchDatabase } from './harness.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const STORED = Math.max(1000, Math.round(1_000_000 * SCALE));
const SEARCHES = Number(process.env.BENCH_RUNS ?? 300);
const UPLOAD_RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 5);
const panel = ISAG_2006_CANINE;
const BENCH_PASSWORD = 'Bench#Registry2026';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
async function timeEach(runs: number, run: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1] };
}
const rows: { bench: string; n: number; ms: number; base: number; target: number; note?: string }[] = [];
const record = (bench: string, n: number, ms: number, base: number, target: number, note?: string) => {
  rows.push({ bench, n, ms, base, target, note });
  console.log(
    JSON.stringify({
      bench,
      n,
      ms: Math.round(ms * 10) / 10,
      baseline_ms: Math.round(base * 10) / 10,
      target_ms: target,
      note,
    }),
  );
};

await withBenchDatabase('registry_dna_bench', async (database, databaseUrl) => {
  const db = database.db;
  const [staff] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (user_name, role_id) values ('bench.lab', 0) returning id`,
  );
  const ctx = benchContext(db, databaseUrl, { userId: staff.id, userName: 'bench.lab', roleId: 0 });
  // Approving waste profiles queues their match jobs: the queue runs (no workers: none are registered before buildApp).
  await startJobQueue(ctx);
  const [property] = await db.insert(groups).values({ name: 'Bench property', groupType: 4, path: '/' }).returning();

  // Plates: every pet and waste sample on them exists, so the upload does its full work.
  let serial = 1_000_000;
  async function plateFor(size: 96 | 384) {
    const plate = syntheticLabPlate({ seed: serial, firstNumber: serial, size });
    serial += size;
    await db.insert(pets).values([...plate.pets.keys()].map((sampleNumber) => ({ name: 'Bench', sampleNumber })));
    await db
      .insert(wasteSamples)
      .values([...plate.wasteSources.keys()].map((sampleNumber) => ({ sampleNumber, propertyId: property.id })));
    return plate;
  }
  const model = {
    panelId: panel.id,
    overrideControlsValidation: false,
    hasPositiveControl: true,
    hasNegativeControl: true,
  };
  for (const size of [96, 384] as const) {
    const plates = await Promise.all(Array.from({ length: UPLOAD_RUNS }, () => plateFor(size)));
    const upload = await timeEach(UPLOAD_RUNS, (i) =>
      uploadPlate(
        ctx,
        { ...model, plateName: `bench-${size}-${i}` },
        { content: Buffer.from(plates[i].text), fileName: `b${i}.txt` },
      ),
    );
    const parse = await timeEach(UPLOAD_RUNS, (i) =>
      Promise.resolve(importGeneMapperPlate(new Uint8Array(Buffer.from(plates[i].text)), panel, model)),
    );
    record(
      `dna.upload.${size}`,
      size,
      upload.p50,
      parse.p50,
      size === 96 ? 1000 : 3000,
      `max ${upload.max.toFixed(0)} ms; baseline: the engine's parse and validation alone`,
    );
  }

  // Approve all passing on a fresh 384-well plate, against a plain UPDATE of the same rows on another.
  const plateIds = (
    await db
      .select({ id: dnaPlates.id })
      .from(dnaPlates)
      .where(sql`${dnaPlates.plateSize} = 384`)
  ).map((p) => p.id);
  const approve = await timeEach(Math.min(3, plateIds.length - 1), (i) => approveAllPassing(ctx, plateIds[i]));
  const last = plateIds[plateIds.length - 1];
  const plain = await timeEach(1, () =>
    db.execute(
      sql`update dna_profiles set lab_status = 400, date_approved = now() where plate_id = ${last} and result = 'Pass'`,
    ),
  );
  record(
    'dna.approveAllPassing.384',
    384,
    approve.p50,
    plain.p50,
    2000,
    `max ${approve.max.toFixed(0)} ms; baseline: one plain UPDATE`,
  );

  // Stored approved pet profiles of registered pets: distinct synthetic dogs, written in batches.
  const pop = createPopulation(panel, 99);
  const [plateRow] = await db
    .insert(dnaPlates)
    .values({
      plateName: 'bench-registry',
      fileName: 'r.txt',
      filePath: 'none.txt',
      panelId: panel.id,
      plateSize: 384,
      layout: 'long',
      controlsPassed: true,
    })
    .returning();
  const written = performance.now();
  const dogs: DnaProfile[] = [];
  const BATCH = 2000;
  for (let start = 0; start < STORED; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, STORED - start) }, (_, k) => {
      const dog = pop.dog();
      if (dogs.length < 200) dogs.push(dog);
      return {
        plateId: plateRow.id,
        sampleNumber: `DN${String(2_000_000 + start + k).padStart(7, '0')}`,
        sampleType: SampleType.Pet,
        panelId: panel.id,
        codes: Array.from(dog.codes),
        result: 'Pass',
        labStatus: DnaProfileLabStatus.Approved,
      };
    });
    await db.insert(dnaProfiles).values(batch);
    // The index holds profiles of registered pets only: each stored profile's sample number is a pet's.
    await db.insert(pets).values(batch.map((p) => ({ name: 'Bench', sampleNumber: p.sampleNumber })));
  }
  console.log(`Stored ${STORED} approved profiles in ${((performance.now() - written) / 1000).toFixed(1)} s`);
  // Statistics as autovacuum would have them after such a load; without them the planner takes the freshly loaded
  // table for a few rows and picks its plans accordingly.
  await exec(db, 'analyze');

  // The index load, on a fresh configuration object (a new process's registry), with the event loop watched. The
  // longest stall of an idle event loop over two seconds just before is printed beside it: on a loaded machine the
  // process itself waits for a core that long, whatever it runs.
  const fresh = { db, config: { ...ctx.config } };
  let stall = 0;
  let tick = performance.now();
  const watch = () =>
    setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - tick - 10);
      tick = now;
    }, 10);
  const idleTicker = watch();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  clearInterval(idleTicker);
  const idleStall = stall;
  stall = 0;
  tick = performance.now();
  const ticker = watch();
  const pings: number[] = [];
  const state = { loading: true };
  const pinger = (async () => {
    while (state.loading) {
      const start = performance.now();
      await db.execute(sql`select 1`);
      pings.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const loadStart = performance.now();
  await startRegistryIndex(fresh);
  const loadMs = performance.now() - loadStart;
  state.loading = false;
  await pinger;
  clearInterval(ticker);
  const stretch = registryLoadReport(fresh.config).longestStretch;
  const plainStart = performance.now();
  await queryRows(db, sql`select id, codes from dna_profiles where lab_status = 400 and sample_type = 0`);
  const plainRead = performance.now() - plainStart;
  pings.sort((a, b) => a - b);
  record(
    'dna.registryIndex.load',
    STORED,
    loadMs,
    plainRead,
    20_000,
    `longest event-loop stall ${stall.toFixed(0)} ms (idle loop just before: ${idleStall.toFixed(0)} ms); longest stretch without a yield ${stretch.wallMs.toFixed(0)} ms wall, ${stretch.cpuMs.toFixed(0)} ms CPU; ${pings.length} queries answered meanwhile, p99 ${percentile(pings, 99)?.toFixed(1)} ms; baseline: one plain SELECT of the rows`,
  );

  // Identity search: waste samples left by stored dogs, through the service (the index as loaded above).
  const searchCtx = { ...ctx, config: fresh.config };
  const wasteNumbers: string[] = [];
  for (let i = 0; i < 50; i++) {
    const sampleNumber = `TD${String(8_000_000 + i).padStart(7, '0')}`;
    wasteNumbers.push(sampleNumber);
    await db.insert(dnaProfiles).values({
      plateId: plateRow.id,
      sampleNumber,
      sampleType: SampleType.WasteSample,
      panelId: panel.id,
      codes: Array.from(pop.wasteFrom(dogs[i]).codes),
      result: 'Pass',
    });
  }
  const search = await timeEach(SEARCHES, (i) => identitySearch(searchCtx, wasteNumbers[i % wasteNumbers.length]));
  const stored = await queryRows<{ codes: number[] }>(
    db,
    sql`select codes from dna_profiles where sample_type = 0 and lab_status = 400`,
  );
  const flat = stored.map((r) => Uint16Array.from(r.codes));
  const probe = pop.wasteFrom(dogs[0]).codes;
  const scan = await timeEach(Math.min(SEARCHES, 20), async () => {
    let best = 0;
    for (const codes of flat) {
      let agree = 0;
      for (let m = 0; m < probe.length; m += 2) if (codes[m] === probe[m] && codes[m + 1] === probe[m + 1]) agree++;
      if (agree > best) best = agree;
    }
    return best;
  });
  record(
    'dna.identitySearch',
    STORED,
    search.p99,
    scan.p99,
    50,
    `p50 ${search.p50.toFixed(1)} ms, through the service layer; baseline: a plain scan of every stored profile in memory`,
  );

  // The same search through the API over HTTP: the app listening on a free port (as a deployed process would), its
  // registry the one loaded above (same configuration object), the lab user signed in through POST /token.
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(BENCH_PASSWORD), isActive: true })
    .where(eq(users.id, staff.id));
  await db.insert(groupAdmins).values({ groupId: property.id, userId: staff.id });
  const app = await buildApp({ db, config: fresh.config, mailer: ctx.mailer });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const signIn = await fetch(`${base}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', userName: 'bench.lab', password: BENCH_PASSWORD }),
    });
    const signedIn = (await signIn.json()) as { access_token?: string };
    const token = signedIn.access_token;
    if (!token) throw new Error(`bench sign-in failed: ${signIn.status} ${JSON.stringify(signedIn)}`);
    const identify = async (i: number) => {
      const res = await fetch(
        `${base}/api/v1/dnaindex/identify?sampleNumber=${wasteNumbers[i % wasteNumbers.length]}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      const body = (await res.json()) as { matches?: unknown[] };
      if (res.status !== 200 || !Array.isArray(body.matches)) throw new Error(`identify answered ${res.status}`);
    };
    for (let i = 0; i < Math.min(20, SEARCHES); i++) await identify(i);
    const overHttp = await timeEach(SEARCHES, identify);
    record(
      'dna.identitySearch.http',
      STORED,
      overHttp.p99,
      search.p99,
      50,
      `p50 ${overHttp.p50.toFixed(1)} ms over HTTP (sign-in check, search, JSON); baseline: the same search through the service layer (p99)`,
    );
  } finally {
    await app.close();
    await stopJobQueue(ctx.config);
  }
});

console.log(
  `\nMachine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, load ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);
console.log(
  `\n${'bench'.padEnd(28)}${'n'.padStart(9)}${'ms'.padStart(10)}${'base ms'.padStart(10)}${'target'.padStart(9)}  ok`,
);
for (const r of rows)
  console.log(
    `${r.bench.padEnd(28)}${String(r.n).padStart(9)}${r.ms.toFixed(1).padStart(10)}${r.base.toFixed(1).padStart(10)}${String(r.target).padStart(9)}  ${r.ms < r.target ? 'yes' : 'NO'}`,
  );
