// Deferred group tallies (migration 0028): a transaction that runs deferGroupTallies has its tally triggers record the
// groups it touches in group_tallies_pending instead of recounting them and every ancestor up to the root, which locks
// the root's tally until commit and so makes concurrent writers queue. Whoever defers recounts afterwards with
// refreshDeferredTallies; every start-up does too (client.ts migrate), so a crash between the two only delays counts.
import { sql } from 'drizzle-orm';
import type { Db } from './types.ts';

/** A select-list item (so it rides on a statement the transaction runs anyway): defer this transaction's recounts. */
export const deferGroupTallies = sql`set_config('registry.group_tallies', 'deferred', true)`;

/**
 * Recounts the groups recorded by deferring transactions that have committed, and removes their records, in one
 * statement: a failure leaves the records for the next call. Concurrent calls take disjoint records (a record deleted
 * by one is skipped by the other); the recount reads the source tables afresh, so it counts every committed change.
 */
export async function refreshDeferredTallies(db: Db): Promise<void> {
  await db.execute(sql`with done as (delete from group_tallies_pending returning group_id)
    select refresh_group_tallies(array(select distinct group_id from done))`);
}
