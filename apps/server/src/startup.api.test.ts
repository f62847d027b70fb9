// Start-up from outside: every environment variable is parsed at start and a wrong value stops the server naming it;
// demo data and its password follow DEMO_PASSWORD, SEED_DEMO_DATA, DATABASE_URL and NODE_ENV; the first administrator
// is made by a command on an empty database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { ConfigError, readConfig } from './config.ts';
import { openDatabase, queryRows } from './db/client.ts';

const mainScript = path.join(import.meta.dirname, 'main.ts');
const createAdminScript = path.join(import.meta.dirname, 'create-admin.ts');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-startup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a script until it exits, or until it prints that it is running (then stops it); answers its output. */
async function run(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [script, ...args], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DEMO_PASSWORD: '',
      SEED_DEMO_DATA: '',
      NODE_ENV: '',
      BASE_URL: '',
      PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stopping = false;
  child.stdout!.on('data', (chunk) => {
    output += chunk;
    // The lines after the address are printed in the same turn; a moment later the server is stopped.
    if (!stopping && output.includes('is running at')) setTimeout(() => child.kill('SIGTERM'), 300);
    if (output.includes('is running at')) stopping = true;
  });
  child.stderr!.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  return { code, output };
}

describe('configuration', () => {
  const invalid: [string, string, RegExp][] = [
    [
      'TOKEN_LIFETIME_HOURS',
      '0.001',
      /TOKEN_LIFETIME_HOURS must be a whole number of hours from 1 to 8760, not "0.001"/,
    ],
    [
      'AUTH_RATE_LIMIT_PER_MINUTE',
      'abc',
      /AUTH_RATE_LIMIT_PER_MINUTE must be a whole number of attempts from 1 to 100000, not "abc"/,
    ],
    ['PERSISTENT_TOKEN_LIFETIME_DAYS', '0', /PERSISTENT_TOKEN_LIFETIME_DAYS must be a whole number of days/],
    ['PORT', '70000', /PORT must be a port number/],
    ['BASE_URL', 'registry.example', /BASE_URL must be an http:\/\/ or https:\/\/ address/],
    ['SMTP_URL', 'mail.example:25', /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address/],
    ['DATABASE_URL', 'mysql://db', /DATABASE_URL must be a postgres:\/\/ address/],
    ['DATABASE_POOL_SIZE', '0', /DATABASE_POOL_SIZE must be a whole number of connections from 1 to 200, not "0"/],
    ['MAIL_FROM', 'nobody', /MAIL_FROM must be an email address/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
    ['SEED_DEMO_DATA', 'yes', /SEED_DEMO_DATA must be true or false/],
    ['DEMO_PASSWORD', 'short', /DEMO_PASSWORD must be a password by the password rules/],
    ['TRUST_PROXY', 'true', /TRUST_PROXY must be false, a hop count/],
    ['DATA_ENCRYPTION_KEY', 'c2hvcnQ=', /DATA_ENCRYPTION_KEY must be 32 bytes in base64/],
  ];
  test.each(invalid)('%s=%s is refused, naming the variable and what it accepts', (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value })).toThrow(message);
  });

  test('secret values never appear in the message', () => {
    expect(() => readConfig({ DATABASE_URL: 'mysql://user:hunter2@db' })).toThrow(/^(?!.*hunter2).*$/s);
    expect(() => readConfig({ DEMO_PASSWORD: 'hunter2' })).toThrow(/^(?!.*hunter2).*$/s);
  });

  test('a PostgreSQL server needs the shared encryption key', () => {
    expect(() => readConfig({ DATABASE_URL: 'postgres://db/registry' })).toThrow(
      /DATA_ENCRYPTION_KEY must be set when DATABASE_URL is/,
    );
  });

  test('valid values are read with their types', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const config = readConfig({
      TOKEN_LIFETIME_HOURS: '8',
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
      TRUST_PROXY: '10.0.0.5, 10.0.1.0/24',
      DATA_ENCRYPTION_KEY: key,
      PORT: '8080',
      DATABASE_POOL_SIZE: '5',
    });
    expect(config).toMatchObject({
      databasePoolSize: 5,
      tokenLifetimeHours: 8,
      rateLimitPerMinute: 5,
      trustProxy: ['10.0.0.5', '10.0.1.0/24'],
      port: 8080,
      baseUrl: 'http://localhost:8080',
    });
    expect(config.dataEncryptionKey?.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({}).databasePoolSize).toBe(10);
  });

  test('demo data: on by default for the embedded database, off for a server database or production unless asked', () => {
    const key = Buffer.alloc(32).toString('base64');
    expect(readConfig({}).seedDemoData).toBe(true);
    expect(readConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://db/registry', DATA_ENCRYPTION_KEY: key }).seedDemoData).toBe(false);
    expect(
      readConfig({ DATABASE_URL: 'postgres://db/registry', DATA_ENCRYPTION_KEY: key, SEED_DEMO_DATA: 'true' })
        .seedDemoData,
    ).toBe(true);
    expect(readConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  test('the server process refuses to start on an invalid value and names it', async () => {
    const started = await run(mainScript, { DATA_DIR: path.join(root, 'invalid'), TOKEN_LIFETIME_HOURS: '0.001' });
    expect(started.code).toBe(1);
    expect(started.output).toContain('Configuration error: TOKEN_LIFETIME_HOURS must be a whole number of hours');
    expect(started.output).not.toContain('    at ');
  }, 120_000);
});

describe('demo data and the first administrator', () => {
  test('without DEMO_PASSWORD the demo users get a random password, printed once and written to DATA_DIR', async () => {
    const dataDir = path.join(root, 'random-demo');
    const first = await run(mainScript, { DATA_DIR: dataDir });
    expect(first.output).toContain('Demo data was created.');
    const password = fs.readFileSync(path.join(dataDir, 'demo-password.txt'), 'utf8').trim();
    expect(password).toMatch(/^\S{12,}$/);
    expect(password).not.toBe('Registry#2026');
    expect(first.output).toContain(
      `Demo password (shown once; also written to ${path.join(dataDir, 'demo-password.txt')}): ${password}`,
    );
    expect(fs.statSync(path.join(dataDir, 'demo-password.txt')).mode & 0o077).toBe(0);
    // The embedded default's encryption key for secrets at rest is made beside the database.
    expect(
      Buffer.from(fs.readFileSync(path.join(dataDir, 'data-encryption.key'), 'utf8').trim(), 'base64'),
    ).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, 'data-encryption.key')).mode & 0o077).toBe(0);
    const second = await run(mainScript, { DATA_DIR: dataDir });
    expect(second.output).not.toContain(password);
    expect(second.output).not.toContain('Demo data was created.');
  }, 240_000);

  test('in production a fresh database has no demo users; the first administrator is created by a command', async () => {
    const dataDir = path.join(root, 'production');
    const started = await run(mainScript, { DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(started.output).toContain('is running at');
    expect(started.output).not.toContain('Demo data was created.');
    expect(fs.existsSync(path.join(dataDir, 'demo-password.txt'))).toBe(false);

    const args = [
      '--user-name',
      'first.admin',
      '--first-name',
      'Fran',
      '--last-name',
      'Ito',
      '--email',
      'fran@lab.example',
      '--password',
      'First#Admin2026',
    ];
    const weak = await run(createAdminScript, { DATA_DIR: dataDir }, [...args.slice(0, -1), 'weak']);
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Not created:');
    const created = await run(createAdminScript, { DATA_DIR: dataDir }, args);
    expect(created.output).toMatch(/Created lab administrator first\.admin/);
    expect(created.code).toBe(0);
    const again = await run(createAdminScript, { DATA_DIR: dataDir }, [
      '--user-name',
      'second.admin',
      ...args.slice(2),
    ]);
    expect(again.code).toBe(1);
    expect(again.output).toContain('already has administrators');

    // The new administrator signs in on the running server; no demo user exists.
    const port = await freePort();
    const child = spawn(process.execPath, [mainScript], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST_DIR: '',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        DEMO_PASSWORD: '',
        BASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk) => String(chunk).includes('is running at') && resolve());
        child.once('exit', () => reject(new Error('server exited')));
      });
      const signIn = (userName: string, password: string) =>
        fetch(`http://127.0.0.1:${port}/token`, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'password', userName, password }),
        });
      const admin = await signIn('first.admin', 'First#Admin2026');
      expect(admin.status).toBe(200);
      const token = ((await admin.json()) as { access_token: string }).access_token;
      const info = await fetch(`http://127.0.0.1:${port}/api/v1/account/userinfo`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await info.json()) as { roleId: number }).roleId).toBe(0);
      expect((await signIn('lab.admin', 'Registry#2026')).status).toBe(400);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    // The features exist without demo data, so they can be granted to groups and users.
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const names = await queryRows<{ name: string }>(database.db, sql`select name from features order by name`);
      expect(names.map((row) => row.name)).toEqual(['Ancestry', 'DogQuickActions']);
    } finally {
      await database.close();
    }
  }, 400_000);
});
