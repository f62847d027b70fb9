// SQL of the attempt counters (auth-throttle.ts holds the rules).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authThrottles } from '../db/schema/index.ts';

export type ThrottleRow = typeof authThrottles.$inferSelect;

/** The counter row, created when missing and locked until the transaction ends, so concurrent attempts count one by one. */
export async function lockThrottle(tx: Db, key: string): Promise<ThrottleRow & { now: Date }> {
  await tx.insert(authThrottles).values({ key }).onConflictDoNothing();
  const [row] = await tx
    .select({
      key: authThrottles.key,
      attempts: authThrottles.attempts,
      windowStarted: authThrottles.windowStarted,
      lockedUntil: authThrottles.lockedUntil,
      lockouts: authThrottles.lockouts,
      now: sql<Date>`now()`.mapWith((value) => new Date(value)),
    })
    .from(authThrottles)
    .where(eq(authThrottles.key, key))
    .for('update');
  return row;
}

export async function updateThrottle(tx: Db, key: string, values: Partial<Omit<ThrottleRow, 'key'>>): Promise<void> {
  await tx.update(authThrottles).set(values).where(eq(authThrottles.key, key));
}

/** Takes back one attempt (the call succeeded), never below zero. */
export async function releaseAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(authThrottles)
    .set({ attempts: sql`greatest(${authThrottles.attempts} - 1, 0)` })
    .where(eq(authThrottles.key, key));
}

/**
 * Deletes counters that no longer change any answer: their window is over and any lockout ended longer ago than the
 * streak is remembered. Answers how many went.
 */
export async function deleteStaleThrottles(db: Db, idleMs: number): Promise<number> {
  const idle = sql`now() - make_interval(secs => ${idleMs / 1000})`;
  const gone = await db
    .delete(authThrottles)
    .where(
      sql`${authThrottles.windowStarted} < ${idle} and (${authThrottles.lockedUntil} is null or ${authThrottles.lockedUntil} < ${idle})`,
    )
    .returning({ key: authThrottles.key });
  return gone.length;
}
