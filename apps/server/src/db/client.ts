// Opens the database: embedded PGlite in a data folder by default, a PostgreSQL server when a URL is given. Same schema, same migrations.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { ensureReferenceData } from './reference-data.ts';
import { refreshDeferredTallies } from './group-tallies.ts';
import { nameHotStatements } from './hot-statements.ts';

import type { Db } from './types.ts';

export type { Db };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine, when embedded (tests dump and restore it). */
  pglite: PGlite | null;
  /** Brings the schema to what this code expects: migrations, reference rows, and the recount of group tallies a crashed
   * bulk import left deferred (db/group-tallies.ts). Every start-up runs it, through prepareDatabase (prepare-database.ts),
   * which then installs the job queue. */
  migrate(): Promise<void>;
  /** Runs start-up work (migrations, demo seed) once at a time across every process sharing the database. */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

const STARTUP_LOCK = 727_002;

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** Extensions the migrations create (pg_trgm: the trigram indexes of migration 0010); every PGlite must load them. */
export const pgliteExtensions = { pg_trgm };

export type DatabaseOptions = { databaseUrl: string | null; dataDir?: string; pglite?: PGlite; poolSize?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A connection dropped by the server (pg_terminate_backend, restart, failover) must not crash the process. The pool
    // reports idle ones; a checked-out client between two queries of a transaction emits 'error' on itself, and with no
    // listener Node would end the process. The query in flight fails (the request gets 503) and the pool replaces the
    // connection on next use.
    const reportLost = (error: Error) => {
      if ((error as { code?: string }).code !== '57P01') console.error('PostgreSQL connection error:', error.message);
    };
    pool.on('error', reportLost);
    pool.on('connect', (client) => {
      client.on('error', reportLost);
      nameHotStatements(client);
    });
    const pgDb = drizzlePg(pool, { schema, casing: 'snake_case' });
    // The migrator wants the driver's own type; services see the driver-neutral Db.
    const db: Db = pgDb;
    return {
      db,
      kind: 'postgres',
      pglite: null,
      migrate: async () => {
        await migratePg(pgDb, { migrationsFolder });
        await ensureReferenceData(db);
        await refreshDeferredTallies(db);
      },
      async withStartupLock(work) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const pglite =
    options.pglite ??
    (await PGlite.create(options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined, {
      extensions: pgliteExtensions,
    }));
  const pgliteDb = drizzlePglite(pglite, { schema, casing: 'snake_case' });
  const db: Db = pgliteDb;
  return {
    db,
    kind: 'pglite',
    pglite,
    migrate: async () => {
      await migratePglite(pgliteDb, { migrationsFolder });
      await ensureReferenceData(db);
      await refreshDeferredTallies(db);
    },
    // One process owns an embedded database (the data-folder lock sees to that), so there is nothing to wait for.
    withStartupLock: (work) => work(),
    close: () => pglite.close(),
  };
}

/** Raw SQL rows: both drivers answer `{ rows }`, which drizzle's shared type leaves unknown. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Renders SQL as both drivers' databases do (see `casing` above). */
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A large statement run on every request (checkout's): its text is built once, with sql.placeholder(name)s for the
 * values of each run, and it runs as a named prepared statement, which each pooled connection of the PostgreSQL server
 * parses once and, after a few runs, plans once (planning such a statement costs more than running it). PGlite runs it
 * unnamed.
 */
export function preparedStatement<T>(name: string, query: () => SQL) {
  let built: Query | undefined;
  return async (db: Db, values: Record<string, unknown>): Promise<T[]> => {
    built ??= dialect.sqlToQuery(query());
    const result = (await db._.session.prepareQuery(built, undefined, name, false).execute(values)) as { rows: T[] };
    return result.rows;
  };
}

/**
 * A drizzle query built once per database handle and run as a prepared statement: for the reads nearly every request
 * makes (the caller's group in scope, the caller's user row), where building the query costs the server more than the
 * database's work. `build` prepares it on the handle (`.prepare(name)` with `sql.placeholder`s); a transaction's handle
 * gets its own, dropped with it.
 */
export function preparedQuery<P>(build: (db: Db) => P): (db: Db) => P {
  const byHandle = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (!prepared) {
      prepared = build(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}

// Admin shutdown, crash shutdown, cannot connect now, and the connection-exception class (08xxx).
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|connection .*closed|timeout exceeded when trying to connect/i;

/** Whether an error (or what it wraps) says the database connection was lost or cannot be had: a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message.split('\n')[0])) return true;
  }
  return false;
}
