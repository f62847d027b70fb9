// The throwaway PostgreSQL server that `npm test` starts on a machine without one: it answers SQL as a superuser, and
// stopping it leaves neither a process nor a folder.
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { expect, test } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

test('starts a server from the npm binaries, and stop removes it', async () => {
  const server = await startEmbeddedPostgres();
  try {
    const client = new pg.Client({ connectionString: server.url });
    client.on('error', () => undefined);
    await client.connect();
    const { rows } = await client.query(
      `select current_setting('server_version_num')::int as version, rolsuper, datcollate as collate
       from pg_roles, pg_database where rolname = current_user and datname = current_database()`,
    );
    await client.query('create database scratch');
    await client.end();
    expect(rows[0].version).toBeGreaterThanOrEqual(170000);
    expect(rows[0].rolsuper).toBe(true);
    expect(rows[0].collate).toBe('C.UTF-8');
  } finally {
    server.stop();
  }
  expect(await portOpen(server.port)).toBe(false);
  expect(fs.existsSync(server.dataDir)).toBe(false);
});
