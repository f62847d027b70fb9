// The server as a deployed process for benchmarks that measure the process itself (memory, HTTP): started the way
// `npm start -w apps/server` starts it (the same Node flags, read from that script), on a free port, against a bench
// database, with its resident memory read from /proc while it works.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../../../e2e/support/server.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

/** The Node flags of the server's start script (`node <flags> src/main.ts`). */
function startScriptNodeFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = manifest.scripts.start.split(/\s+/);
  return words.slice(words.indexOf('node') + 1, words.indexOf('src/main.ts'));
}

/** VmRSS and VmHWM (the process's peak so far) of a process, in bytes. */
export function residentMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export type BenchServer = ServerProcess & { flags: string[] };

/** The e2e tests' server process (e2e/support/server.ts), with the start script's flags and a bench database. */
export async function startBenchServer(databaseUrl: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const flags = startScriptNodeFlags();
  const server = await startServerProcess({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-server-')),
    nodeFlags: flags,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      ...env,
    },
  });
  return { ...server, flags };
}

/** Signs a user in through POST /token as the web app does and returns the bearer token. */
export async function signIn(baseUrl: string, userName: string, password: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', userName, password }),
  });
  const body = (await answer.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`bench sign-in failed: ${answer.status} ${JSON.stringify(body)}`);
  return body.access_token;
}
