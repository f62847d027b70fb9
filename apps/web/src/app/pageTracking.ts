// Page views (spec 1 §1): each route change (the route's name and the time) is queued and sent to our own server in
// batches, which keeps it with the viewer's role; nothing goes to an outside service. Views while signed out are not
// kept (the server records a role, and a signed-out visitor has none).
import { systemEndpoints } from '@registry/contracts/endpoints/system';
import { callApi } from './client';
import { getToken } from './tokenStorage';

export interface PageView {
  /** The route's name: its path pattern, e.g. /group/$id/dashboard. */
  routeName: string;
  path: string;
  at: number;
}

/** A batch goes out when this many views wait, or FLUSH_AFTER_MS after the first of them, or when the tab is hidden. */
export const PAGE_VIEW_BATCH = 20;
export const FLUSH_AFTER_MS = 15_000;
/** Views waiting while the server cannot be reached are capped, oldest dropped first. */
const MAX_QUEUED = 200;

const views: PageView[] = [];
let queue: PageView[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let sending = false;

export function trackPageView(path: string, routeName = path): void {
  const view = { routeName, path, at: Date.now() };
  views.push(view);
  if (views.length > MAX_QUEUED) views.shift();
  if (!getToken()) return;
  queue.push(view);
  if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
  if (queue.length >= PAGE_VIEW_BATCH) void flushPageViews();
  else timer ??= setTimeout(() => void flushPageViews(), FLUSH_AFTER_MS);
}

/** Sends the waiting views; on failure they wait for the next batch. */
export async function flushPageViews(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  if (sending || queue.length === 0 || !getToken()) return;
  const batch = queue.slice(0, PAGE_VIEW_BATCH);
  sending = true;
  try {
    await callApi(
      systemEndpoints.recordPageViews,
      { body: { views: batch.map((v) => ({ routeName: v.routeName, viewedAt: new Date(v.at).toISOString() })) } },
      { handleErrorsSpecifically: true },
    );
    queue = queue.slice(batch.length);
  } catch {
    // Kept for the next batch.
  } finally {
    sending = false;
  }
  if (queue.length > 0) timer ??= setTimeout(() => void flushPageViews(), FLUSH_AFTER_MS);
}

if (typeof document !== 'undefined')
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushPageViews();
  });

/** This tab's recent route changes (the shell test reads them). */
export function recordedPageViews(): readonly PageView[] {
  return views;
}
