// The server as a deployed process for benchmarks that measure the process itself (memory, HTTP): started the way
// `npm start -w apps/server` starts it (the same Node flags, read from that script), on a free port, against a bench
// database, with its resident memory read from /proc while it works.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');

/** The Node flags of the server's start script (`node <flags> src/main.ts`). */
export function startScriptNodeFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = manifest.scripts.start.split(/\s+/);
  return words.slice(words.indexOf('node') + 1, words.indexOf('src/main.ts'));
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** VmRSS and VmHWM (the process's peak so far) of a process, in bytes. */
export function residentMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export type BenchServer = { baseUrl: string; pid: number; flags: string[]; stop(): Promise<void> };

export async function startBenchServer(databaseUrl: string): Promise<BenchServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const flags = startScriptNodeFlags();
  const child = spawn(process.execPath, [...flags, 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-server-')),
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => (clearInterval(timer), reject(new Error(`server exited before it was ready:\n${output}`))));
  });
  return {
    baseUrl,
    pid: child.pid!,
    flags,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
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
