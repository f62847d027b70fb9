// What ends when an account's password changes or the account is deactivated: its sessions and its mailed links.
import type { Db } from '../../db/client.ts';
import { revokeAllSessionsOf } from '../../platform/session.ts';
import { voidUserTokens } from './accounts.queries.ts';

/**
 * After a password change, set or reset: every other session of the user ends (`keepSessionId` is the one that made
 * the change, if any) and no sign-in or reset link issued before works.
 */
export async function afterPasswordChange(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  await revokeAllSessionsOf(db, userId, keepSessionId);
  await voidUserTokens(db, userId, ['PasswordReset', 'TemporaryLogin']);
}

/** Deactivation: every session ends at once and no earlier link works, not even after the account is activated again. */
export async function endAccountAccess(db: Db, userId: number): Promise<void> {
  await revokeAllSessionsOf(db, userId);
  await voidUserTokens(db, userId, ['PasswordReset', 'TemporaryLogin', 'EmailChange']);
}
