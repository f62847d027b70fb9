// What every server benchmark shares: a throw-away database on the PostgreSQL server, a lab-staff context for calling
// services directly, p50/p99 timing, and the printed table of each case beside its plain baseline in the same process.
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { readConfig } from '../src/config.ts';
import type { SignedInContext } from '../src/platform/context.ts';

export const RUNS = Number(process.env.BENCH_RUNS ?? 300);
export const WARMUP = 20;
/** The plain baselines can take minutes a run at full size on a loaded machine: BENCH_BASELINE_RUNS runs fewer (0: none). */
export const BASELINE_RUNS = Number(process.env.BENCH_BASELINE_RUNS ?? RUNS);
/** BENCH_ONLY=text runs only the cases whose name contains the text. */
const ONLY = process.env.BENCH_ONLY ?? '';

export async function exec(db: Db, text: string) {
  await db.execute(sql.raw(text));
}

/**
 * Creates a fresh database, migrates it, hands it to `work`, and drops it afterwards (BENCH_KEEP_DB=1 keeps it).
 * BENCH_REUSE_DB=<name> hands over a database kept earlier instead (migrated again; `reused` tells `work` to not build).
 */
export async function withBenchDatabase(
  prefix: string,
  work: (database: Database, url: string, reused: boolean) => Promise<void>,
  options: { poolSize?: number } = {},
) {
  const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const reuse = process.env.BENCH_REUSE_DB ?? '';
  const name = reuse || `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!reuse) await admin.query(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: options.poolSize ?? 4 });
  try {
    await database.migrate();
    await work(database, url.toString(), Boolean(reuse));
  } finally {
    await database.close();
    if (reuse || process.env.BENCH_KEEP_DB === '1') console.log(`Kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A signed-in context for calling services as lab staff (roleId 0) or as another user. */
export function benchContext(
  db: Db,
  databaseUrl: string,
  caller: { userId: number; userName: string; roleId: number },
): SignedInContext {
  const isProviderStaff = caller.roleId <= 2;
  return {
    db,
    config: readConfig({ DATABASE_URL: databaseUrl, DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64') }),
    mailer: { send: async () => ({ wasSuccessful: true, errorMessage: null }), close: () => undefined },
    caller: {
      ...caller,
      fullName: caller.userName,
      sessionId: 0,
      isProviderStaff,
      isAdmin: caller.roleId !== 3,
      isPetOwner: caller.roleId === 3,
      isResident: false,
      impersonatedByUserId: null,
    },
    requestId: 'bench',
    ip: '127.0.0.1',
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function measure(run: () => Promise<unknown>, runs = RUNS) {
  if (runs === 0) return { p50: Number.NaN, p99: Number.NaN };
  for (let i = 0; i < Math.min(WARMUP, runs); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export type BenchCase = { bench: string; n: number; run: () => Promise<unknown>; baseline: () => Promise<unknown> };
type Timing = Awaited<ReturnType<typeof measure>>;

/** Runs each case and its baseline in turn, prints the table and one JSON line per case; answers the results. */
export async function runCases(cases: BenchCase[]) {
  const results: { bench: string; n: number; measured: Timing; base: Timing }[] = [];
  for (const entry of cases.filter((c) => c.bench.includes(ONLY))) {
    const measured = await measure(entry.run);
    const base = await measure(entry.baseline, BASELINE_RUNS);
    results.push({ bench: entry.bench, n: entry.n, measured, base });
  }
  console.log(
    `\nMachine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(
        ' ',
      )}, Node ${process.version}, ${RUNS} runs each (baselines ${BASELINE_RUNS}) after up to ${WARMUP} warm-up runs`,
  );
  const width = Math.max(24, ...results.map((r) => r.bench.length + 2));
  console.log(
    `\n${'bench'.padEnd(width)}${'n'.padStart(9)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'base p50'.padStart(10)}${'base p99'.padStart(10)}${'ratio'.padStart(8)}`,
  );
  const round = (value: number) => Math.round(value * 100) / 100;
  for (const r of results) {
    const { base } = r;
    console.log(
      `${r.bench.padEnd(width)}${String(r.n).padStart(9)}${r.measured.p50.toFixed(2).padStart(10)}${r.measured.p99.toFixed(2).padStart(10)}${base.p50.toFixed(2).padStart(10)}${base.p99.toFixed(2).padStart(10)}${(r.measured.p99 / base.p99).toFixed(2).padStart(8)}`,
    );
  }
  console.log('');
  for (const r of results) {
    const { base } = r;
    console.log(
      JSON.stringify({
        bench: r.bench,
        p50_ms: round(r.measured.p50),
        p99_ms: round(r.measured.p99),
        baseline_p99_ms: round(base.p99),
        ratio: round(r.measured.p99 / base.p99),
        n: r.n,
      }),
    );
  }
  return results.map((r) => ({ bench: r.bench, p99: r.measured.p99 }));
}
