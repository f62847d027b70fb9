// SQL for spent bot-check challenges.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { spentBotChallenges } from '../db/schema/index.ts';

/** Records the challenge as spent; false when it already was. Expired entries go at the same time. */
export async function spendChallenge(db: Db, challengeHash: string, expiresAt: Date): Promise<boolean> {
  await db.delete(spentBotChallenges).where(lt(spentBotChallenges.expiresAt, sql`now()`));
  const rows = await db
    .insert(spentBotChallenges)
    .values({ challengeHash, expiresAt })
    .onConflictDoNothing()
    .returning({ challengeHash: spentBotChallenges.challengeHash });
  return rows.length > 0;
}
