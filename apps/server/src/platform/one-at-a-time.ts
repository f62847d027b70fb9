// Work that shares a key runs one at a time in this process, in arrival order. It spares the database a wait: a request
// that would only queue on a row lock held by another request of this process (a double-clicked payment) waits here
// instead, without holding a pooled connection. It is an economy, never the guard: other processes of a scaled-out
// deployment are not seen here, so the database's locks and constraints still decide.

const tails = new Map<string, Promise<unknown>>();

/**
 * Runs `work` once every earlier work of `key` in this process has settled; answers what `work` answers. `waited` tells
 * it whether another work of the key ran first (what that one changed may already answer this one).
 */
export function oneAtATime<T>(key: string, work: (waited: boolean) => Promise<T>): Promise<T> {
  const before = tails.get(key);
  const afterBefore = () => work(true);
  const run = before ? before.then(afterBefore, afterBefore) : work(false);
  // The tail never rejects, so a failed work does not fail the ones queued behind it.
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  void tail.then(() => {
    // The last of the key's queue removes it; a later arrival has replaced the tail and removes it itself.
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}

/** How many keys have work queued or running (for tests: the map must not keep settled keys). */
export const keysInFlight = () => tails.size;
