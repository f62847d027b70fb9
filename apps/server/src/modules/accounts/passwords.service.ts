// Passwords: the caller's own change, the mailed reset link (forgot password) and its use (spec 1 §4, §7).
import { Messages } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type RequestContext, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused, validationError } from '../../platform/errors.ts';
import { secretPlaceholder } from '../../platform/mailer.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { newToken } from '../../platform/tokens.ts';
import * as q from './accounts.queries.ts';
import { afterPasswordChange } from './account-access.ts';
import { fullNameOf } from './users.ts';

const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

export async function changePassword(ctx: SignedInContext, input: { oldPassword: string; newPassword: string }) {
  const user = await q.findUserById(ctx.db, ctx.caller.userId);
  if (!user) throw notFound('User not found.');
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw validationError({ oldPassword: ['Incorrect password.'] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await withTransaction(ctx, async (tx) => {
    await q.updateUser(tx, user.id, { passwordHash });
    await afterPasswordChange(tx, user.id, ctx.caller.sessionId);
    await writeAudit(tx, ctx, { entityType: 'User', entityId: user.id, actionType: 'PasswordChange' });
  });
  return { message: Messages.passwordChanged };
}

/** Always answers the same way, so the call cannot be used to learn which emails are registered. */
export async function forgotPassword(ctx: RequestContext, input: { email: string }) {
  const matches = (await q.findUsersByEmail(ctx.db, input.email)).filter((user) => user.isActive);
  for (const user of matches) {
    const token = newToken();
    const url = `${ctx.config.baseUrl}/resetpassword?userName=${encodeURIComponent(user.userName)}&token=${secretPlaceholder('token')}`;
    await withTransaction(ctx, async (tx, txCtx) => {
      await q.insertUserToken(tx, {
        userId: user.id,
        purpose: 'PasswordReset',
        token,
        expiresAt: new Date(Date.now() + RESET_LINK_LIFETIME_MS),
      });
      await writeAudit(tx, ctx, { entityType: 'User', entityId: user.id, actionType: 'PasswordResetRequested' });
      await sendEventMail(txCtx, 'UserPasswordReset', {
        to: user.email!,
        secrets: { token: encodeURIComponent(token) },
        values: {
          recipientName: fullNameOf(user),
          userName: user.userName,
          subjectLine: `${ctx.config.brandName}: reset your password`,
          instructions: `We received a request to reset the password of the account ${user.userName}.`,
          followUp: 'The link below works once and expires in one hour. If you did not ask for this, ignore this mail.',
          link: url,
          linkLabel: 'Reset your password',
        },
      });
    });
  }
  return { message: Messages.forgotProcessed };
}

export async function checkResetToken(ctx: RequestContext, input: { userName: string; token: string }) {
  const token = await q.findLiveUserToken(ctx.db, 'PasswordReset', input.token);
  const user = token ? await q.findUserById(ctx.db, token.userId) : undefined;
  return { isValid: Boolean(user && user.userName.toLowerCase() === input.userName.toLowerCase()) };
}

export async function resetPassword(ctx: RequestContext, input: { userName: string; token: string; password: string }) {
  const token = await q.findLiveUserToken(ctx.db, 'PasswordReset', input.token);
  const user = token ? await q.findUserById(ctx.db, token.userId) : undefined;
  if (!token || !user || user.userName.toLowerCase() !== input.userName.toLowerCase())
    throw refused(Messages.invalidResetToken);
  const passwordHash = await hashPassword(input.password);
  await withTransaction(ctx, async (tx) => {
    if (!(await q.consumeUserToken(tx, token.id))) throw refused(Messages.invalidResetToken);
    await q.updateUser(tx, user.id, { passwordHash });
    await afterPasswordChange(tx, user.id);
    await writeAudit(tx, ctx, { entityType: 'User', entityId: user.id, actionType: 'PasswordReset' });
  });
  return { message: Messages.passwordReset };
}
