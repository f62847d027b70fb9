// The start-up pass that encrypts security answers still stored in clear (rows from before encryption, the demo seed);
// run by the process start (run-server.ts) with the data key.
import { and, eq, isNotNull, not, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { encryptSecret } from '../../platform/secrets.ts';

export async function encryptClearSecurityAnswers(db: Db, key: Buffer): Promise<number> {
  const clear = await db
    .select({ id: users.id, answer: users.securityQuestionAnswer })
    .from(users)
    .where(and(isNotNull(users.securityQuestionAnswer), not(like(users.securityQuestionAnswer, 'enc:v1:%'))));
  for (const row of clear) {
    // Guarded by the clear value, so a concurrent change of the answer is never overwritten.
    await db
      .update(users)
      .set({ securityQuestionAnswer: encryptSecret(key, row.answer!) })
      .where(and(eq(users.id, row.id), eq(users.securityQuestionAnswer, row.answer!)));
  }
  return clear.length;
}
