// PostgreSQL ends the server's connections (pg_terminate_backend, as a restart or failover would) during a bounded
// load on loopback: requests in flight get 503 with the usual error body, later ones work, the process stays up.
// Runs against the PostgreSQL server in both API runs: connection loss does not exist for the embedded database.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { inject } from 'vitest';

const adminUrl =
  inject('postgresAdminUrl') || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `registry_loss_${crypto.randomBytes(4).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-loss-'));
const admin = new pg.Client({ connectionString: adminUrl });

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${name}`);
});
afterAll(async () => {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test('terminated connections: 503s while they drop, then recovery, and the process stays up', async () => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: '',
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'fatal',
      SEED_DEMO_DATA: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => output.includes('is running at') && (clearInterval(timer), resolve()), 50);
      void exited.then(() => (clearInterval(timer), reject(new Error(`server exited: ${output}`))));
    });
    // Each sign-in attempt runs a few queries (the attempt counters in a transaction, the user lookup).
    const attempt = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', userName: 'nobody', password: 'x' }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect((await attempt()).status).toBe(400);

    const statuses: number[] = [];
    const bodies503: Record<string, unknown>[] = [];
    const load = { running: true };
    const clients = Array.from({ length: 8 }, async () => {
      while (load.running) {
        const { status, body } = await attempt();
        statuses.push(status);
        if (status === 503) bodies503.push(body);
      }
    });
    for (let round = 0; round < 10 && bodies503.length === 0; round++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    load.running = false;
    await Promise.all(clients);

    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(bodies503.length).toBeGreaterThan(0);
    expect(bodies503[0]).toEqual({ message: 'The service is temporarily unavailable. Please try again.' });
    // The next requests work and the process is still the same one.
    expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(400);
    expect(child.exitCode).toBeNull();
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}, 240_000);
