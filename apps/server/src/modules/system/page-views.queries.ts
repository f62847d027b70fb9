// SQL of the page views: a batch written in one statement, and views counted per route and lab day.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { pageViews } from '../../db/schema/index.ts';
import { pageLimitSql } from '../../platform/paging.queries.ts';

export async function insertPageViews(
  db: Db,
  rows: { routeName: string; roleId: number; userId: number; viewedAt: Date }[],
) {
  if (rows.length === 0) return 0;
  await db.insert(pageViews).values(rows);
  return rows.length;
}

export type PageViewsFilter = { from?: Date; to?: Date; routeName?: string; timeZone: string };
type DayRow = { day: string; routeName: string; views: number; byRole: Record<string, number> };

const where = (
  f: PageViewsFilter,
) => sql`(${f.from ?? null}::timestamptz is null or v.viewed_at >= ${f.from ?? null}::timestamptz)
  and (${f.to ?? null}::timestamptz is null or v.viewed_at <= ${f.to ?? null}::timestamptz)
  and (${f.routeName ?? null}::text is null or v.route_name = ${f.routeName ?? null}::text)`;
const dayOf = (f: PageViewsFilter) => sql`to_char(v.viewed_at at time zone ${f.timeZone}, 'YYYY-MM-DD')`;

/** Views per route and day (newest day first, most viewed route first), with a count per role id. */
export async function pageViewsPerRouteAndDay(db: Db, f: PageViewsFilter, page: number, pageSize: number) {
  const grouped = sql`select ${dayOf(f)} "day", v.route_name "routeName", v.role_id "roleId", count(*)::int n
    from page_views v where ${where(f)} group by 1, 2, 3`;
  const [rows, total] = await Promise.all([
    queryRows<DayRow>(
      db,
      sql`select g."day", g."routeName", sum(g.n)::int views, jsonb_object_agg(g."roleId"::text, g.n) "byRole"
        from (${grouped}) g group by g."day", g."routeName"
        order by g."day" desc, views desc, g."routeName"
        ${pageLimitSql({ page, pageSize })}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int n from (select 1 from page_views v where ${where(f)} group by ${dayOf(f)}, v.route_name) d`,
    ),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
