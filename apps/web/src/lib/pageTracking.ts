// Page views (spec 1 §1): each route change (the route's name and the time) is queued and sent to our own server in
// batches, which keeps it with the viewer's role; nothing goes to an outside service. Views while signed out are not
// kept (the server records a role, and a signed-out visitor has none).
import { callApi } from './client';
import { getToken } from './tokenStorage';

export interface PageView {
  /** The route's name: its path pattern, e.g. /group/$id/dashboard. */
  routeName: string;
  path: string;
  at: number;
}

/** A batch goes out when this many views wait, or FLUSH_AFTER_MS after the first of them, or when the tab is hidden. */
const PAGE_VIEW_BATCH = 20;
const FLUSH_AFTER_MS = 15_000;
/** Views waiting while the server cannot be reached are capped, oldest dropped first. */
const MAX_QUEUED = 200;

/** The queue survives a full page load (an address typed, a reload) in the tab's session storage. */
const QUEUE_KEY = 'registry.pageViews';

function loadQueue(): PageView[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as PageView[]).slice(-MAX_QUEUED) : [];
  } catch {
    return [];
  }
}
function keepQueue() {
  try {
    if (queue.length) sessionStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
    else sessionStorage.removeItem(QUEUE_KEY);
  } catch {
    // A full session storage only loses views still waiting when the page reloads.
  }
}

const views: PageView[] = [];
let queue: PageView[] = typeof sessionStorage === 'undefined' ? [] : loadQueue();
let timer: ReturnType<typeof setTimeout> | null = null;
let sending = false;

export function trackPageView(path: string, routeName = path): void {
  const view = { routeName, path, at: Date.now() };
  views.push(view);
  if (views.length > MAX_QUEUED) views.shift();
  if (!getToken()) return;
  queue.push(view);
  if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
  keepQueue();
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
    // Loaded with the first batch, not with the sign-in page: the system endpoints' declarations and the enums they
    // carry are some 8 kB of the login page's 200 kB budget, and no view is sent before sign-in.
    const { systemEndpoints } = await import('@registry/contracts/endpoints/system');
    await callApi(
      systemEndpoints.recordPageViews,
      { body: { views: batch.map((v) => ({ routeName: v.routeName, viewedAt: new Date(v.at).toISOString() })) } },
      { handleErrorsSpecifically: true },
    );
    queue = queue.slice(batch.length);
    keepQueue();
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

/** At sign-out, after the last flush: views still waiting are not sent under the next user's role. */
export function discardPageViews(): void {
  queue = [];
  keepQueue();
}

/** This tab's recent route changes (the shell test reads them). */
export function recordedPageViews(): readonly PageView[] {
  return views;
}
