// What every server benchmark shares: a throw-away database on the PostgreSQL server, a lab-staff context for calling
// services directly, p50/p99 timing, and the printed table of each case beside its plain baseline in the same process.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { prepareDatabase } from '../src/prepare-database.ts';
import { readConfig } from '../src/config.ts';
import type { SignedInContext } from '../src/platform/context.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARMUP = 20;
/** The plain baselines can take minutes a run at full size on a loaded machine: BENCH_BASELINE_RUNS runs fewer (0: none). */
const BASELINE_RUNS = Number(process.env.BENCH_BASELINE_RUNS ?? RUNS);
/** BENCH_ONLY=text runs only the cases whose name contains the text. */
const ONLY = process.env.BENCH_ONLY ?? '';
/** Whether BENCH_ONLY lets the case of this name run (for cases timed outside runCases). */
export const selected = (bench: string) => bench.includes(ONLY);

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
    await prepareDatabase(database);
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

/**
 * The statements `work` sends to the PostgreSQL server (BEGIN and COMMIT included): how many, the COMMITs among them,
 * and those sent outside a transaction block (each its own transaction). Counts every client of this process while it
 * runs, so run nothing else meanwhile.
 */
export async function countStatements(work: () => Promise<unknown>) {
  const original = pg.Client.prototype.query;
  const texts: string[] = [];
  const inBlock = new WeakSet<pg.Client>();
  let single = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    texts.push(text);
    if (/^\s*begin\b/i.test(text)) inBlock.add(this);
    else if (/^\s*(commit|rollback)\b/i.test(text)) inBlock.delete(this);
    else if (!inBlock.has(this)) single++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } catch {
    // A refused action still sent its statements; the count is what is wanted.
  } finally {
    pg.Client.prototype.query = original;
  }
  const commits = texts.filter((text) => /^\s*commit\b/i.test(text)).length;
  return { statements: texts.length, commits, single, texts };
}

/**
 * CPU time (ms, user + system) each PostgreSQL backend serving `database` has used so far, by process id: on a server on
 * this machine its processes carry the database's name in their title. Empty when the server is elsewhere.
 */
export function backendCpu(database: string): Map<number, number> {
  const ticks = 1000 / 100; // Linux USER_HZ
  const used = new Map<number, number>();
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return used;
  }
  for (const pid of pids) {
    try {
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres:') || !title.includes(` ${database} `)) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      used.set(Number(pid), (Number(fields[11]) + Number(fields[12])) * ticks);
    } catch {
      // The process ended meanwhile.
    }
  }
  return used;
}

/** The backends' CPU time between two backendCpu readings (backends that ended meanwhile are left out). */
export function backendCpuSince(before: Map<number, number>, after: Map<number, number>) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

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
  for (const entry of cases.filter((c) => selected(c.bench))) {
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
