// Runs a command with TEST_DATABASE_URL pointing at the PostgreSQL server on 127.0.0.1:5432 (user postgres, trust).
// The test set-up creates a fresh database from it and drops it afterwards. Fails clearly when no server answers.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { hostname, port } = new URL(url);

const reachable = await new Promise<boolean>((resolve) => {
  const socket = net.connect({ host: hostname, port: Number(port || 5432) });
  socket.setTimeout(2000);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
});
if (!reachable) {
  console.error(
    `No PostgreSQL server answers at ${hostname}:${port || 5432}. Start one (see docs/operations.md) or set TEST_DATABASE_URL.`,
  );
  process.exit(1);
}
const [command, ...args] = process.argv.slice(2);
const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
process.exit(run.status ?? 1);
