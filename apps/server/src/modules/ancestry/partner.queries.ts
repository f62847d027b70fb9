// SQL of the partner frame: the caller's registration with the partner (partner_accounts).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partnerAccounts } from '../../db/schema/index.ts';

export async function partnerAccountOf(db: Db, userId: number) {
  const [account] = await db.select().from(partnerAccounts).where(eq(partnerAccounts.userId, userId)).limit(1);
  return account;
}

/** Records the registration; a user already registered keeps their first reference. */
export async function addPartnerAccount(db: Db, userId: number, partnerUserRef: string) {
  await db.insert(partnerAccounts).values({ userId, partnerUserRef }).onConflictDoNothing();
}
