// The callers of recent sessions, kept in this process so that a request does not read its session from the database.
// Kept only while the process listens to the database's registry_auth channel: whatever ends a session or changes its
// user notifies it at commit (migration 0034, notify_auth_change) and every remembered caller is forgotten. While not
// listening (starting, reconnecting) each request reads its session as before. Entries also lapse with their session
// and after a minute, a floor that needs no notification.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../db/client.ts';
import { listenOnOwnConnection } from '../db/listen.ts';
import type { Caller } from './context.ts';

const CHANNEL = 'registry_auth';
/** Past this many sessions the cache starts over: a bound on memory, far above the sessions active in a minute. */
const MAX_SESSIONS = 10_000;
const MAX_AGE_MS = 60_000;

type Entry = { caller: Caller; validUntil: number };
type SessionCache = { entries: Map<string, Entry>; listening: boolean; stop: () => Promise<void> };

const caches = new WeakMap<Db, SessionCache>();
const all = new Set<SessionCache>();

/** The remembered caller of a session (by token hash), or undefined when the database must be asked. */
export function cachedCaller(db: Db, tokenHash: string): Caller | undefined {
  const cache = caches.get(db);
  if (!cache?.listening) return undefined;
  const entry = cache.entries.get(tokenHash);
  if (!entry) return undefined;
  if (entry.validUntil > Date.now()) return entry.caller;
  cache.entries.delete(tokenHash);
  return undefined;
}

/** Remembers the caller the database answered for a session valid until `validUntilMs`. */
export function rememberCaller(db: Db, tokenHash: string, caller: Caller, validUntilMs: number): void {
  const cache = caches.get(db);
  if (!cache?.listening) return;
  if (cache.entries.size >= MAX_SESSIONS) cache.entries.clear();
  cache.entries.set(tokenHash, { caller, validUntil: Math.min(validUntilMs, Date.now() + MAX_AGE_MS) });
}

/**
 * Forgets every remembered caller in this process at once: a sign-out or revocation made here is then seen by the
 * next request without waiting for the database's notification (which other processes wait for).
 */
export function forgetAllCallers(): void {
  for (const cache of all) cache.entries.clear();
}

const isPglite = (client: unknown): client is PGlite =>
  typeof (client as { listen?: unknown }).listen === 'function' &&
  typeof (client as { dumpDataDir?: unknown }).dumpDataDir === 'function';

/** Starts the cache of an app's database; without a listener (it could not be had) requests read the database. */
export async function startSessionCache(db: Db, log: (error: unknown) => void = () => undefined): Promise<void> {
  if (caches.has(db)) return;
  const cache: SessionCache = { entries: new Map(), listening: false, stop: async () => undefined };
  caches.set(db, cache);
  all.add(cache);
  const forget = () => cache.entries.clear();
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  try {
    if (isPglite(client)) {
      // PGlite calls its listeners before the COMMIT that notified resolves: nothing is ever stale.
      const unlisten = await client.listen(CHANNEL, forget);
      cache.stop = () => unlisten();
    } else {
      const handle = await listenOnOwnConnection(client, CHANNEL, {
        onNotification: forget,
        onLost: () => {
          cache.listening = false;
          forget();
        },
        onReconnect: () => {
          forget();
          cache.listening = true;
        },
      });
      cache.stop = () => handle.close();
    }
    cache.listening = true;
  } catch (error) {
    log(error);
  }
}

export async function stopSessionCache(db: Db): Promise<void> {
  const cache = caches.get(db);
  if (!cache) return;
  cache.listening = false;
  cache.entries.clear();
  caches.delete(db);
  all.delete(cache);
  await cache.stop();
}
