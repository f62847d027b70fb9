// What the request and write benchmarks share: the bare baseline server (bench/bare-server.ts) as a child process, a load
// run by the load generator in its own process (bench/load-generator.ts), and the CPU time the answering process and the
// database's backends spent per request (from /proc), the steadier figure on a shared machine.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backendCpu, backendCpuSince } from './harness.ts';
import type { LoadItem, LoadResult } from './load-generator.ts';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const benchDir = import.meta.dirname;

/** CPU time (ms, user + system) a process has used so far. */
function processCpu(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A load run, with the CPU time the answering process and the database's backends spent per request. */
export type Measured = LoadResult & { serverCpuMs: number; databaseCpuMs: number };

export type LoadOptions = { seconds: number; method?: string; items?: LoadItem[]; connections?: number };

export function load(
  url: string,
  headers: Record<string, string>,
  pid: number,
  database: string,
  options: LoadOptions,
): Measured {
  const plan = JSON.stringify({ url, headers, connections: options.connections ?? CONNECTIONS, ...options });
  const serverBefore = processCpu(pid);
  const databaseBefore = backendCpu(database);
  const out = execFileSync(process.execPath, [path.join(benchDir, 'load-generator.ts')], {
    input: plan,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = JSON.parse(out.trim().split('\n').pop() ?? '{}') as LoadResult;
  const per = (ms: number) => ms / Math.max(1, result.requests);
  return {
    ...result,
    serverCpuMs: per(processCpu(pid) - serverBefore),
    databaseCpuMs: per(backendCpuSince(databaseBefore, backendCpu(database))),
  };
}

export async function startBareServer(databaseUrl: string) {
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

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const mean = (rs: Measured[], key: keyof Measured) => rs.reduce((s, r) => s + r[key], 0) / rs.length;
const worst = (rs: Measured[], key: keyof Measured) => Math.max(...rs.map((r) => r[key]));
const cpu = (rs: Measured[]) =>
  `${(mean(rs, 'serverCpuMs') + mean(rs, 'databaseCpuMs')).toFixed(2)} (${mean(rs, 'serverCpuMs').toFixed(2)} + ${mean(rs, 'databaseCpuMs').toFixed(2)})`;

export const TABLE_HEAD =
  '| request | requests/s | p50 ms | p99 ms | CPU ms/request (server + database) | bare requests/s | bare p99 ms | bare CPU ms/request | ratio |\n|---|---|---|---|---|---|---|---|---|';

/** Prints the case's table row and returns its JSON line (both failing loudly on any answer that was not 2xx). */
export function report(name: string, mine: Measured[], base: Measured[], extra: Record<string, unknown> = {}): string {
  const failures = mine.reduce((s, r) => s + r.failures, 0) + base.reduce((s, r) => s + r.failures, 0);
  if (failures) throw new Error(`${name}: ${failures} answers were not 2xx`);
  const ratio = mean(mine, 'rps') / mean(base, 'rps');
  console.log(
    `| ${name} | ${mean(mine, 'rps').toFixed(0)} | ${mean(mine, 'p50').toFixed(1)} | ${worst(mine, 'p99').toFixed(1)} | ${cpu(mine)} | ` +
      `${mean(base, 'rps').toFixed(0)} | ${worst(base, 'p99').toFixed(1)} | ${cpu(base)} | ${(ratio * 100).toFixed(0)} % |`,
  );
  return JSON.stringify({
    bench: name,
    rps: Math.round(mean(mine, 'rps')),
    p99_ms: Number(worst(mine, 'p99').toFixed(2)),
    baseline_rps: Math.round(mean(base, 'rps')),
    baseline_p99_ms: Number(worst(base, 'p99').toFixed(2)),
    cpu_ms: Number((mean(mine, 'serverCpuMs') + mean(mine, 'databaseCpuMs')).toFixed(3)),
    baseline_cpu_ms: Number((mean(base, 'serverCpuMs') + mean(base, 'databaseCpuMs')).toFixed(3)),
    ratio: Number(ratio.toFixed(3)),
    ...extra,
  });
}
