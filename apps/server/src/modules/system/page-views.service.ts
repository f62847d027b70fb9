// Page views (spec 1 §1): each route change of the web app, kept with the route's name, the viewer's role (from the
// session, not the browser) and the time; provider staff read them per route and day. No outside service sees them.
import { usDateBounds } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import * as q from './page-views.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Records a batch (at most PAGE_VIEW_BATCH_MAX views, the contract's bound). A view's time is the browser's clock when
 * it lies within the last day and not ahead of the server by more than a minute, else the time the batch arrived:
 * a wrong clock cannot place views in another month.
 */
export async function recordPageViews(
  ctx: SignedInContext,
  views: { routeName: string; viewedAt: string }[],
): Promise<{ recorded: number }> {
  const now = Date.now();
  const rows = views.map((view) => {
    const at = Date.parse(view.viewedAt);
    const viewedAt = at >= now - DAY_MS && at <= now + 60_000 ? new Date(at) : new Date(now);
    return { routeName: view.routeName, roleId: ctx.caller.roleId, userId: ctx.caller.userId, viewedAt };
  });
  return { recorded: await q.insertPageViews(ctx.db, rows) };
}

export async function pageViewsPerRouteAndDay(
  ctx: SignedInContext,
  query: { page: number; pageSize: number; startDate?: string; endDate?: string; routeName?: string },
) {
  const timeZone = ctx.config.labTimeZone;
  const { rows, total } = await q.pageViewsPerRouteAndDay(
    ctx.db,
    {
      from: query.startDate ? usDateBounds(query.startDate, timeZone)?.start : undefined,
      to: query.endDate ? usDateBounds(query.endDate, timeZone)?.end : undefined,
      routeName: query.routeName || undefined,
      timeZone,
    },
    query.page,
    query.pageSize,
  );
  return { totalRecords: total, data: rows };
}
