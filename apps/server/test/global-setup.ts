// Prepares one migrated, demo-seeded database per test run; each test file then starts from a copy of it.
// Embedded mode: a PGlite data-dir snapshot. PostgreSQL mode (TEST_DATABASE_URL): a template database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { prepareDatabase } from '../src/prepare-database.ts';
import { seedDemoData } from '../src/seed/demo.ts';

export const TEST_PASSWORD = 'Registry#2026';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
    postgresAdminUrl: string;
  }
}

function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `registry_tpl_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, template), poolSize: 2 });
    await prepareDatabase(database);
    await seedDemoData(database.db, TEST_PASSWORD);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('postgresAdminUrl', adminUrl);
    project.provide('pgliteSnapshot', '');
    return async () => {
      // Test databases made from the template are dropped by their files; drop any left behind by a crash, then the template.
      const leftovers = await admin.query(`select datname from pg_database where datname like $1`, [
        `${template.replace('tpl', 't')}%`,
      ]);
      for (const row of leftovers.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ databaseUrl: null });
  await prepareDatabase(database);
  await seedDemoData(database.db, TEST_PASSWORD);
  const dump = await database.pglite!.dumpDataDir('none');
  const snapshot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'registry-test-')), 'seeded.tar');
  fs.writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', snapshot);
  project.provide('postgresTemplate', '');
  project.provide('postgresAdminUrl', '');
  return () => fs.rmSync(path.dirname(snapshot), { recursive: true, force: true });
}
