// Starts the real API on a copy of the seeded test database, with a real mailer pointed at an in-process SMTP server.
import fs from 'node:fs';
import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { readConfig, type Config } from '../src/config.ts';
import { openDatabase, pgliteExtensions, type Database } from '../src/db/client.ts';
import { createMailer } from '../src/platform/mailer.ts';
import { startSmtpReceiver, type SmtpReceiver } from './smtp.ts';

export const TEST_PASSWORD = 'Registry#2026';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  smtp: SmtpReceiver;
  /** A bearer token for a user of the seeded demo data (or any user with the test password). */
  login(userName: string, password?: string): Promise<string>;
  call(
    method: InjectOptions['method'],
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
};

async function openCopy(): Promise<{ database: Database; dispose(): Promise<void> }> {
  const template = inject('postgresTemplate');
  if (template) {
    const adminUrl = inject('postgresAdminUrl');
    const name = `${template.replace('tpl', 't')}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    return {
      database,
      async dispose() {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([snapshot]), extensions: pgliteExtensions });
  const database = await openDatabase({ databaseUrl: null, pglite });
  return { database, dispose: () => database.close() };
}

export async function startTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const smtp = await startSmtpReceiver();
  const { database, dispose } = await openCopy();
  const config: Config = {
    ...readConfig({}),
    databaseUrl: null,
    smtpUrl: smtp.url,
    webDistDir: null,
    baseUrl: 'http://registry.test',
    rateLimitPerMinute: 1000,
    dataEncryptionKey: crypto.randomBytes(32),
    ...overrides,
  };
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const app = await buildApp({ db: database.db, config, mailer }, options);
  await app.ready();

  const call: TestApp['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await app.inject({
      method,
      url,
      headers,
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    });
    let body: unknown = response.body;
    try {
      body = response.body ? JSON.parse(response.body) : null;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.statusCode, body, headers: response.headers as Record<string, unknown> };
  };

  return {
    app,
    database,
    config,
    smtp,
    call,
    async login(userName, password = TEST_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/token',
        payload: { grant_type: 'password', userName, password },
      });
      const body = JSON.parse(response.body);
      if (!body.access_token) throw new Error(`login ${userName} failed: ${response.body}`);
      return body.access_token as string;
    },
    async close() {
      await app.close();
      mailer.close();
      await dispose();
      await smtp.close();
    },
  };
}
