// The everyday reads of bench/requests.bench.ts measured from outside, against a server started by `npm start` (or any
// running instance): signs the demo users in over HTTP, finds the ids through the API, and loads each request with 20
// keep-alive connections from the load generator's own process (bench/load-generator.ts). With DATABASE_URL (the
// server's PostgreSQL) the bare baseline (bench/bare-server.ts) is started beside it and loaded the same way, so the
// ratio can be compared with the benchmark's. Prints a table; nothing is written anywhere.
// Run (docs/performance.md, "From outside"):
//   DATABASE_URL=postgres://... SEED_DEMO_DATA=true DEMO_PASSWORD='Registry#2026' PORT=3000 npm start   (one shell)
//   BASE_URL=http://127.0.0.1:3000 DEMO_PASSWORD='Registry#2026' [DATABASE_URL=postgres://...] npm run bench:outside -w apps/server
// (BENCH_SECONDS per case, default 5; BENCH_CONNECTIONS, default 20)
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './load-generator.ts';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Registry#2026';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const benchDir = import.meta.dirname;

async function signIn(userName: string): Promise<string> {
  const answer = await fetch(`${BASE_URL}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', userName, password: PASSWORD }),
  });
  const body = (await answer.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in of ${userName} failed (${answer.status}): is the demo data seeded?`);
  return body.access_token;
}

async function get<T>(token: string, apiPath: string): Promise<T> {
  const answer = await fetch(`${BASE_URL}${apiPath}`, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`${apiPath}: ${answer.status}`);
  return (await answer.json()) as T;
}

function run(url: string, headers: Record<string, string>): LoadResult {
  const plan = JSON.stringify({ url, headers, connections: CONNECTIONS, seconds: SECONDS });
  const out = execFileSync(process.execPath, [path.join(benchDir, 'load-generator.ts')], {
    input: plan,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as LoadResult;
}

const manager = await signIn('property.manager');
const lab = await signIn('lab.admin');
const owner = await signIn('pet.owner');
// The benchmark's ids: the manager's property (Oak Ridge in the demo data), the demo pet owner, the root group.
const groups = await get<{ id: number; name: string }[]>(manager, '/api/v1/admingroups/directlyassignedgroups');
const property = groups.find((group) => group.name === 'Oak Ridge Apartments') ?? groups[0];
const ownerInfo = await get<{ id: number; petOwnerId: number | null }>(owner, '/api/v1/account/userinfo');
const root = (await get<{ id: number }[]>(lab, '/api/v1/groups/group'))[0];
const cases = [
  { name: 'userinfo', path: '/api/v1/account/userinfo', token: manager },
  { name: 'residents_page_25', path: `/api/v1/groups/${property.id}/residents?page=1&pageSize=25`, token: manager },
  { name: 'group_details', path: `/api/v1/group/${property.id}`, token: manager },
  { name: 'pet_owner_details', path: `/api/v1/petowner/${ownerInfo.petOwnerId ?? ownerInfo.id}`, token: lab },
  { name: 'root_dashboard', path: `/api/v1/groupdashboard?groupId=${root.id}`, token: lab },
];

let bare: { url: string; stop: () => void } | null = null;
if (process.env.DATABASE_URL) {
  const child = spawn(process.execPath, [path.join(benchDir, 'bare-server.ts')], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (c: Buffer) => resolve(c.toString().trim())),
  );
  const me = await get<{ id: number }>(manager, '/api/v1/account/userinfo');
  bare = {
    url: `http://127.0.0.1:${port}/bare?userId=${me.id}&groupId=${property.id}`,
    stop: () => child.kill('SIGTERM'),
  };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`\n${BASE_URL} from outside, ${CONNECTIONS} connections, ${SECONDS} s a case; load average ${load()}\n`);
console.log(
  '| request | requests/s | p50 ms | p99 ms | bare requests/s | bare p99 ms | ratio |\n|---|---|---|---|---|---|---|',
);
try {
  run(`${BASE_URL}${cases[0].path}`, { authorization: `Bearer ${cases[0].token}` }); // warm-up
  for (const c of cases) {
    const base = bare ? run(bare.url, {}) : null;
    const mine = run(`${BASE_URL}${c.path}`, { authorization: `Bearer ${c.token}` });
    if (mine.failures) throw new Error(`${c.name}: ${mine.failures} answers were not 2xx`);
    console.log(
      `| ${c.name} | ${mine.rps.toFixed(0)} | ${mine.p50.toFixed(1)} | ${mine.p99.toFixed(1)} | ` +
        `${base ? base.rps.toFixed(0) : '–'} | ${base ? base.p99.toFixed(1) : '–'} | ${base ? `${((mine.rps / base.rps) * 100).toFixed(0)} %` : '–'} |`,
    );
  }
} finally {
  bare?.stop();
}
console.log(`\nload average at the end ${load()}`);
