// The real server process on an embedded database: one process per data folder, clean shutdown on SIGTERM and SIGINT.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import http from 'node:http';
import { afterAll, expect, test } from 'vitest';

const mainScript = path.join(import.meta.dirname, 'main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-process-'));
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(port: number) {
  const child = spawn(process.execPath, [mainScript], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DEMO_PASSWORD: 'Registry#2026',
      BASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => (clearInterval(timer), reject(new Error(`server exited: ${output}`))));
  });
  return { child, ready, exited, output: () => output };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a second process on the same data folder refuses to start; SIGTERM and SIGINT stop cleanly and keep the data', async () => {
  const port = await freePort();
  const first = startServer(port);
  await first.ready;
  expect(first.output()).toContain('Demo data was created.');
  expect(first.output()).toContain('lab.admin');

  const second = startServer(await freePort());
  second.ready.catch(() => undefined);
  expect(await second.exited).toBe(1);
  expect(second.output()).toMatch(/is in use by another server process \(pid \d+\)/);

  // A request in flight when the signal arrives still gets its answer: its headers reach the server, the signal
  // arrives, then its body completes.
  const body = new URLSearchParams({
    grant_type: 'password',
    userName: 'lab.admin',
    password: 'Registry#2026',
  }).toString();
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  await new Promise((resolve) => setTimeout(resolve, 300));
  first.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 200));
  request.end(body);
  const answer = await answered;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.text).access_token).toEqual(expect.any(String));
  expect(await first.exited).toBe(0);
  expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

  const third = startServer(port);
  await third.ready;
  expect(third.output()).not.toContain('Demo data was created.');
  const token = await fetch(`http://127.0.0.1:${port}/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', userName: 'pet.owner', password: 'Registry#2026' }),
  });
  expect(token.status).toBe(200);
  third.child.kill('SIGINT');
  expect(await third.exited).toBe(0);
}, 90_000);
