// Everyday requests against the bare stack (issue 39): the server process as deployed, on PostgreSQL with the demo data,
// loaded by 20 concurrent keep-alive clients from a separate process, each case alternated with the baseline (Fastify
// and node-postgres answering with two indexed queries, bench/bare-server.ts) in the same run, so the ratio holds on a
// busy machine even when the absolute figures do not. Prints a table and one JSON line per case.
// Run: npm run bench:requests -w apps/server   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres;
// BENCH_EMBEDDED=1 for the server on embedded PGlite; BENCH_SECONDS per round, default 4; BENCH_ROUNDS, default 3; BENCH_CONNECTIONS, default 20; BENCH_ONLY=text runs the
// cases whose name holds the text)
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { backendCpu, backendCpuSince, withBenchDatabase } from './harness.ts';
import type { LoadResult } from './load-generator.ts';
import { signIn, startBenchServer } from './server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PASSWORD = 'Registry#2026';
const benchDir = import.meta.dirname;

/** CPU time (ms, user + system) a process has used so far. */
function processCpu(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A load run, with the CPU time the answering process and the database's backends spent per request. */
type Measured = LoadResult & { serverCpuMs: number; databaseCpuMs: number };

function load(url: string, headers: Record<string, string>, pid: number, database: string): Measured {
  const plan = JSON.stringify({ url, headers, connections: CONNECTIONS, seconds: SECONDS });
  const serverBefore = processCpu(pid);
  const databaseBefore = backendCpu(database);
  const out = execFileSync(process.execPath, [path.join(benchDir, 'load-generator.ts'), plan], { encoding: 'utf8' });
  const result = JSON.parse(out.trim().split('\n').pop() ?? '{}') as LoadResult;
  const per = (ms: number) => ms / Math.max(1, result.requests);
  return {
    ...result,
    serverCpuMs: per(processCpu(pid) - serverBefore),
    databaseCpuMs: per(backendCpuSince(databaseBefore, backendCpu(database))),
  };
}

async function startBareServer(databaseUrl: string) {
  const child = spawn(process.execPath, [path.join(benchDir, 'bare-server.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare server ended (${code})`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
}

type RequestCase = { name: string; path: string; token: string };

await withBenchDatabase(
  'registry_requests_bench',
  async (database, databaseUrl) => {
    // BENCH_EMBEDDED=1: the server on its embedded PGlite (the default install; its database work is then the server
    // process's own CPU). The baseline stays on PostgreSQL, given the same demo data so that its rows exist.
    const embedded = process.env.BENCH_EMBEDDED === '1';
    const demo = { SEED_DEMO_DATA: 'true', DEMO_PASSWORD: PASSWORD };
    const server = await startBenchServer(databaseUrl, embedded ? { ...demo, DATABASE_URL: '' } : demo);
    if (embedded) await seedDemoData(database.db, PASSWORD);
    const bare = await startBareServer(databaseUrl);
    try {
      const [ids] = await queryRows<{
        root: number;
        property: number;
        owner: number;
        manager: number;
        resident: number;
      }>(
        database.db,
        sql`select (select id from groups where group_type = 0 order by id limit 1) as root,
          (select id from groups where name = 'Oak Ridge Apartments') as property,
          (select id from users where user_name = 'pet.owner') as owner,
          (select id from users where user_name = 'property.manager') as manager,
          (select id from pre_registered_residents order by id limit 1) as resident`,
      );
      const manager = await signIn(server.baseUrl, 'property.manager', PASSWORD);
      const labAdmin = await signIn(server.baseUrl, 'lab.admin', PASSWORD);
      const cases: RequestCase[] = [
        { name: 'userinfo', path: '/api/v1/account/userinfo', token: manager },
        {
          name: 'residents_page_25',
          path: `/api/v1/groups/${ids.property}/residents?page=1&pageSize=25`,
          token: manager,
        },
        { name: 'group_details', path: `/api/v1/group/${ids.property}`, token: manager },
        { name: 'pet_owner_details', path: `/api/v1/petowner/${ids.owner}`, token: labAdmin },
        { name: 'root_dashboard', path: `/api/v1/groupdashboard?groupId=${ids.root}`, token: labAdmin },
      ];
      const bareUrl = `${bare.baseUrl}/bare?userId=${ids.manager}&groupId=${ids.property}`;
      const databaseName = new URL(databaseUrl).pathname.slice(1);
      const loadBare = () => load(bareUrl, {}, bare.pid, databaseName);
      const loadCase = (c: RequestCase) =>
        load(`${server.baseUrl}${c.path}`, { authorization: `Bearer ${c.token}` }, server.pid, databaseName);
      // Warm both (JIT, plan caches, connection pools) before anything is counted.
      loadBare();
      for (const c of cases) loadCase(c);

      console.log(
        `\nRequests on ${embedded ? 'embedded PGlite' : 'PostgreSQL'}, ${CONNECTIONS} concurrent clients, ${ROUNDS} × ${SECONDS} s a case alternated with the bare baseline; ` +
          `load average ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')}\n`,
      );
      console.log(
        '| request | requests/s | p50 ms | p99 ms | CPU ms/request (server + database) | bare requests/s | bare p99 ms | bare CPU ms/request | ratio |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|');
      const lines: string[] = [];
      for (const c of cases.filter((entry) => entry.name.includes(process.env.BENCH_ONLY ?? ''))) {
        const mine: Measured[] = [];
        const base: Measured[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          base.push(loadBare());
          mine.push(loadCase(c));
        }
        const mean = (rs: Measured[], key: keyof Measured) => rs.reduce((s, r) => s + r[key], 0) / rs.length;
        const worst = (rs: Measured[], key: keyof Measured) => Math.max(...rs.map((r) => r[key]));
        const cpu = (rs: Measured[]) =>
          `${(mean(rs, 'serverCpuMs') + mean(rs, 'databaseCpuMs')).toFixed(2)} (${mean(rs, 'serverCpuMs').toFixed(2)} + ${mean(rs, 'databaseCpuMs').toFixed(2)})`;
        const failures = mine.reduce((s, r) => s + r.failures, 0);
        if (failures) throw new Error(`${c.name}: ${failures} answers were not 2xx`);
        const ratio = mean(mine, 'rps') / mean(base, 'rps');
        console.log(
          `| ${c.name} | ${mean(mine, 'rps').toFixed(0)} | ${mean(mine, 'p50').toFixed(1)} | ${worst(mine, 'p99').toFixed(1)} | ${cpu(mine)} | ` +
            `${mean(base, 'rps').toFixed(0)} | ${worst(base, 'p99').toFixed(1)} | ${cpu(base)} | ${(ratio * 100).toFixed(0)} % |`,
        );
        lines.push(
          JSON.stringify({
            bench: c.name,
            rps: Math.round(mean(mine, 'rps')),
            p99_ms: Number(worst(mine, 'p99').toFixed(2)),
            baseline_rps: Math.round(mean(base, 'rps')),
            baseline_p99_ms: Number(worst(base, 'p99').toFixed(2)),
            cpu_ms: Number((mean(mine, 'serverCpuMs') + mean(mine, 'databaseCpuMs')).toFixed(3)),
            baseline_cpu_ms: Number((mean(base, 'serverCpuMs') + mean(base, 'databaseCpuMs')).toFixed(3)),
            ratio: Number(ratio.toFixed(3)),
          }),
        );
      }
      console.log(
        `\nload average at the end ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}\n`,
      );
      for (const line of lines) console.log(line);
    } finally {
      bare.stop();
      await server.stop();
    }
  },
  { poolSize: 2 },
);
