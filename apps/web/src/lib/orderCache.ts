// The buyer's order cache (spec 1 §4, spec 2 §4 "Checkout", §9): session storage under 'ordersCache', each entry valid
// one hour, cleared on sign-out: the last paid order, and the pages of the buyer's orders list, which /shop/orders reads
// from here within the hour instead of asking the server again. A payment starts the cache afresh (the list changed).
// Kept free of zod so the entry chunk (auth.ts) can clear it.
export const ORDER_CACHE_KEY = 'ordersCache';
const ORDER_CACHE_LIFETIME_MS = 3_600_000;

type Cached = { savedAt: number; orderId: number; isPreReg: boolean };
type CachedList = { savedAt: number; value: unknown };
type Stored = Partial<Cached> & { lists?: Record<string, CachedList> };

function stored(): Stored {
  try {
    return (JSON.parse(sessionStorage.getItem(ORDER_CACHE_KEY) ?? 'null') as Stored | null) ?? {};
  } catch {
    return {};
  }
}

export function saveOrderCache(orderId: number, isPreReg: boolean, now = Date.now()) {
  sessionStorage.setItem(ORDER_CACHE_KEY, JSON.stringify({ savedAt: now, orderId, isPreReg } satisfies Stored));
}

/** A page of the orders list cached within the hour, or null. */
export function cachedOrderList<T>(key: string, now = Date.now()): T | null {
  const entry = stored().lists?.[key];
  return entry && now - entry.savedAt <= ORDER_CACHE_LIFETIME_MS ? (entry.value as T) : null;
}

export function saveOrderList(key: string, value: unknown, now = Date.now()) {
  const current = stored();
  const lists = Object.fromEntries(
    Object.entries(current.lists ?? {}).filter(([, entry]) => now - entry.savedAt <= ORDER_CACHE_LIFETIME_MS),
  );
  lists[key] = { savedAt: now, value };
  try {
    sessionStorage.setItem(ORDER_CACHE_KEY, JSON.stringify({ ...current, lists } satisfies Stored));
  } catch {
    // A full session storage only means the next visit asks the server.
  }
}

export function readOrderCache(now = Date.now()): Cached | null {
  try {
    const cached = stored();
    if (cached.orderId === undefined || cached.savedAt === undefined) return null;
    if (now - cached.savedAt > ORDER_CACHE_LIFETIME_MS) {
      sessionStorage.removeItem(ORDER_CACHE_KEY);
      return null;
    }
    return cached as Cached;
  } catch {
    return null;
  }
}

export function clearOrderCache() {
  sessionStorage.removeItem(ORDER_CACHE_KEY);
}
