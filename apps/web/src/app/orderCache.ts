// The buyer's order cache (spec 2 §4 "Checkout", §9): the last paid order kept in session storage under 'ordersCache'
// for one hour and cleared on sign-out. Kept free of zod so the entry chunk (auth.ts) can clear it.
export const ORDER_CACHE_KEY = 'ordersCache';
export const ORDER_CACHE_LIFETIME_MS = 3_600_000;

type Cached = { savedAt: number; orderId: number; isPreReg: boolean };

export function saveOrderCache(orderId: number, isPreReg: boolean, now = Date.now()) {
  sessionStorage.setItem(ORDER_CACHE_KEY, JSON.stringify({ savedAt: now, orderId, isPreReg } satisfies Cached));
}

export function readOrderCache(now = Date.now()): Cached | null {
  try {
    const cached = JSON.parse(sessionStorage.getItem(ORDER_CACHE_KEY) ?? 'null') as Cached | null;
    if (!cached || now - cached.savedAt > ORDER_CACHE_LIFETIME_MS) {
      sessionStorage.removeItem(ORDER_CACHE_KEY);
      return null;
    }
    return cached;
  } catch {
    return null;
  }
}

export function clearOrderCache() {
  sessionStorage.removeItem(ORDER_CACHE_KEY);
}
