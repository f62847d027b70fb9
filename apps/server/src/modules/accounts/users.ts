// Users as other modules reach them (admins and pet owners are users too): through these, never through
// accounts.queries.ts. Also what an audit entry and a greeting may show of a user.
import type { SQLWrapper } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type RequestContext, type SignedInContext } from '../../platform/context.ts';
import { dataKeyOf, decryptSecret, encryptSecret } from '../../platform/secrets.ts';
import * as q from './accounts.queries.ts';

/** What an audit entry may show of a user: never the password hash. */
export function userSnapshot(user: q.UserRow) {
  const { passwordHash: _passwordHash, securityQuestionAnswer: _answer, ...rest } = user;
  return rest;
}

export const fullNameOf = (user: { firstName: string | null; lastName: string | null; userName: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.userName;

export type UserRow = q.UserRow;
type WithDb = Pick<RequestContext, 'db'>;
export const userByUserName = (ctx: WithDb, userName: string) => q.findUserByUserName(ctx.db, userName);
export const usersByEmail = (ctx: WithDb, email: string) => q.findUsersByEmail(ctx.db, email);
export const saveUser = (ctx: WithDb, id: number, changes: Parameters<typeof q.updateUser>[2]) =>
  q.updateUser(ctx.db, id, changes);
export const userById = (ctx: WithDb, id: number) => q.findUserById(ctx.db, id);
/** The user's names, email and address country as a subquery for another module's one statement (the shop's checkout). */
export const userContactQuery = (id: number | SQLWrapper) => q.userContactSql(id);
/** The groups the user is assigned to directly (an admin's groups), by name, each with whether they are its primary. */
export const groupsAssignedTo = (ctx: WithDb, userId: number) => q.directlyAssignedGroups(ctx.db, userId);
/** Id and user name of each of the given users (for lists that show who). */
export const userNamesByIds = (ctx: WithDb, ids: number[]) => q.userNamesByIds(ctx.db, ids);

/**
 * What an edit of an admin or a pet owner may change of their guarded fields: the provider's notes only by provider
 * staff; the security question and its answer only when sent (a blank answer keeps the stored one), the answer stored
 * encrypted.
 */
export function guardedUserChanges(
  ctx: Pick<SignedInContext, 'caller' | 'config'>,
  input: { bioPetNotes?: string | null; securityQuestion?: string | null; securityQuestionAnswer?: string | null },
  stored: Pick<UserRow, 'bioPetNotes' | 'securityQuestion' | 'securityQuestionAnswer'>,
) {
  return {
    bioPetNotes: ctx.caller.isProviderStaff ? input.bioPetNotes : stored.bioPetNotes,
    securityQuestion: input.securityQuestion ?? stored.securityQuestion,
    securityQuestionAnswer:
      input.securityQuestionAnswer != null
        ? encryptSecret(dataKeyOf(ctx.config), input.securityQuestionAnswer)
        : stored.securityQuestionAnswer,
  };
}

/**
 * The user's security question and answer, decrypted, for the admin or pet owner page. Every view is audited: the
 * answer is a secret the spec lets admins read.
 */
export async function readSecurityQuestion(
  ctx: SignedInContext,
  user: Pick<UserRow, 'id' | 'securityQuestion' | 'securityQuestionAnswer'>,
  entityType: 'Admin' | 'PetOwner',
) {
  const stored = user.securityQuestionAnswer;
  const answer = stored === null ? null : decryptSecret(dataKeyOf(ctx.config), stored);
  await withTransaction(ctx, (tx) =>
    writeAudit(tx, ctx, { entityType, entityId: user.id, actionType: 'SecurityAnswerViewed' }),
  );
  return { securityQuestion: user.securityQuestion, securityQuestionAnswer: answer };
}
