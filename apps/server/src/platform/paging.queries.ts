// The SQL of paged lists: the page's `limit … offset …`, and the page of a drizzle select with the count of every row
// that matches. Each list keeps its own filters, order and count query (a separate count, tallies, or count(*) over ()
// in one statement), so each keeps its plan; only the window and the running of the two statements live here.
import { sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { PLANNED_PER_RUN } from '../db/hot-statements.ts';
import { pageWindow, type PageRequest } from './paging.ts';

export type { PageRequest } from './paging.ts';

/** The page's `limit … offset …`, for a list written as one SQL statement. */
export const pageLimitSql = (request: PageRequest): SQL => {
  const { limit, offset } = pageWindow(request);
  return sql`limit ${limit} offset ${offset}`;
};

/**
 * A window's `limit`, with its `offset` when it has one. A keyset batch of an export has none, and is planned on each
 * run (hot-statements.ts, PLANNED_PER_RUN): its best plan depends on where the batch starts and what it covers.
 */
export const windowLimitSql = (window: { limit: number; offset?: number }): SQL =>
  window.offset === undefined
    ? sql`limit ${window.limit} ${sql.raw(PLANNED_PER_RUN)}`
    : sql`limit ${window.limit} offset ${window.offset}`;

/**
 * The page of an ordered select (made `$dynamic()`) and the total the count query finds, the two run side by side. The
 * count query answers one row with `total` (`db.select({ total: count() })…` over the same filters).
 */
export async function pagedSelect<Q extends PgSelect>(
  request: PageRequest,
  rows: Q,
  count: PromiseLike<{ total: number }[]>,
): Promise<{ rows: Awaited<Q>; total: number }> {
  const { limit, offset } = pageWindow(request);
  const [page, [{ total }]] = await Promise.all([rows.limit(limit).offset(offset), count]);
  return { rows: page, total };
}
