// The signed-in user's own account calls the spec lists without shapes (spec 1 §7): setpassword, updateuserinfo and the
// confirmation of a new email address by a mailed link.
import { Messages } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type RequestContext, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused, validationError } from '../../platform/errors.ts';
import { secretPlaceholder, type MailResult } from '../../platform/mailer.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { newToken } from '../../platform/tokens.ts';
import { afterPasswordChange } from './account-access.ts';
import * as q from './accounts.queries.ts';
import { fullNameOf, userSnapshot } from './users.ts';

const EMAIL_LINK_LIFETIME_MS = 24 * 3_600_000;

/** An account without a password (one made from a pre-registration or by an admin without one) sets its first. */
export async function setPassword(ctx: SignedInContext, input: { newPassword: string }) {
  const user = await q.findUserById(ctx.db, ctx.caller.userId);
  if (!user) throw notFound('User not found.');
  if (user.passwordHash) throw refused(Messages.passwordAlreadySet);
  const passwordHash = await hashPassword(input.newPassword);
  await withTransaction(ctx, async (tx) => {
    await q.updateUser(tx, user.id, { passwordHash });
    await afterPasswordChange(tx, user.id, ctx.caller.sessionId);
    await writeAudit(tx, ctx, { entityType: 'User', entityId: user.id, actionType: 'PasswordSet' });
  });
  return { message: Messages.passwordSet };
}

async function assertEmailFree(ctx: RequestContext, email: string, userId: number) {
  const owners = await q.findUsersByEmail(ctx.db, email);
  if (owners.some((other) => other.id !== userId)) throw validationError({ email: [Messages.emailTaken(email)] });
}

/**
 * Records `email` as the user's pending address and mails a confirmation link to it, so an account cannot be moved to
 * an address its user does not read; the old address stays in use until the link is opened. Only the latest request
 * counts: an earlier link stops working.
 */
export async function startEmailChange(ctx: SignedInContext, user: q.UserRow, email: string): Promise<string> {
  await assertEmailFree(ctx, email, user.id);
  const token = newToken();
  const url = `${ctx.config.baseUrl}/confirm-email?token=${secretPlaceholder('token')}`;
  const delivery: { result?: MailResult } = {};
  await withTransaction(ctx, async (tx, txCtx) => {
    await q.voidUserTokens(tx, user.id, ['EmailChange']);
    await q.insertUserToken(tx, {
      userId: user.id,
      purpose: 'EmailChange',
      token,
      expiresAt: new Date(Date.now() + EMAIL_LINK_LIFETIME_MS),
      newEmail: email,
    });
    await writeAudit(tx, ctx, {
      entityType: 'User',
      entityId: user.id,
      actionType: 'EmailChangeRequested',
      before: { email: user.email },
      after: { pendingEmail: email },
    });
    await sendEventMail(txCtx, 'UserEmailChange', {
      to: email,
      values: { recipientName: fullNameOf(user), userName: user.userName, link: url },
      secrets: { token: encodeURIComponent(token) },
      onSent: (result) => (delivery.result = result),
    });
  });
  if (delivery.result && !delivery.result.wasSuccessful) {
    throw refused('Your other changes were saved but the confirmation mail could not be sent. Please try again.');
  }
  return Messages.checkMailToConfirm(email);
}

export const emailDiffers = (user: q.UserRow, email: string | null) =>
  email !== null && email.toLowerCase() !== (user.email ?? '').toLowerCase();

/** Changes the caller's name at once; a different email waits for its confirmation link (startEmailChange). */
export async function updateUserInfo(
  ctx: SignedInContext,
  input: { firstName: string; lastName: string; email: string },
) {
  const user = await q.findUserById(ctx.db, ctx.caller.userId);
  if (!user) throw notFound('User not found.');
  const emailChanges = emailDiffers(user, input.email);
  if (emailChanges) await assertEmailFree(ctx, input.email, user.id);
  const updated = await withTransaction(ctx, async (tx) => {
    const row = await q.updateUser(tx, user.id, { firstName: input.firstName, lastName: input.lastName });
    await writeAudit(tx, ctx, {
      entityType: 'User',
      entityId: user.id,
      actionType: 'Update',
      before: userSnapshot(user),
      after: userSnapshot(row),
    });
    return row;
  });
  if (!emailChanges) return { message: Messages.savedSuccessfully, pendingEmail: null };
  return { message: await startEmailChange(ctx, updated, input.email), pendingEmail: input.email };
}

/** Moves the account to the address the link was mailed to, once, if no other account took it in the meantime. */
export async function confirmEmail(ctx: RequestContext, input: { token: string }) {
  const token = await q.findLiveUserToken(ctx.db, 'EmailChange', input.token);
  const user = token ? await q.findUserById(ctx.db, token.userId) : undefined;
  if (!token?.newEmail || !user?.isActive) throw refused(Messages.emailLinkInvalid);
  await assertEmailFree(ctx, token.newEmail, user.id);
  await withTransaction(ctx, async (tx) => {
    if (!(await q.consumeUserToken(tx, token.id))) throw refused(Messages.emailLinkInvalid);
    const updated = await q.updateUser(tx, user.id, { email: token.newEmail });
    await writeAudit(tx, ctx, {
      entityType: 'User',
      entityId: user.id,
      actionType: 'EmailConfirmed',
      before: { email: user.email },
      after: { email: updated.email },
    });
  });
  return { message: Messages.emailConfirmed };
}
