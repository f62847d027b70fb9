// The database's type, apart from the code that opens it, so the modules that opening runs (reference data) can name it.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

type Schema = typeof schema;
/** The database or a transaction on it: every query function accepts either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
