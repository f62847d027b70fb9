// What an admin does to another user's account: sign-in links, signing in as them, a new mailed password. Who may is
// decided once here (the rights table, the role order and the caller's groups).
import { UserRole, Messages, can, isAdminRole, parseUsDate } from '@registry/contracts';
import { assertMayActOnAdmin } from '../../platform/rights.ts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { forbidden, notFound, refused, validationError } from '../../platform/errors.ts';
import { secretPlaceholder, type MailResult } from '../../platform/mailer.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { generatePassword, hashPassword } from '../../platform/passwords.ts';
import { isPetOwnerInScope } from '../../platform/scope.ts';
import { issueSession } from '../../platform/session.ts';
import { newToken } from '../../platform/tokens.ts';
import * as q from './accounts.queries.ts';
import { afterPasswordChange } from './account-access.ts';
import { fullNameOf } from './users.ts';

const DAY_MS = 86_400_000;

/** An action on another user's account, named for an admin and for a pet owner (the rights table has both). */
type UserAction = 'signInAs' | 'resetPassword' | 'createSignInLink';

/**
 * Who may act on this user's account: on an admin, by the rights table, the role order and the caller's groups; on a
 * pet owner, by the rights table and the caller's groups. A user outside the caller's groups answers as a missing one.
 */
async function assertMayActOnUser(ctx: SignedInContext, target: q.UserRow, action: UserAction) {
  if (isAdminRole(target.roleId)) return assertMayActOnAdmin(ctx, target, `admin.${action}`, 'User not found.');
  if (!(await isPetOwnerInScope(ctx.db, ctx.caller, target.id))) throw notFound('User not found.');
  if (!can(ctx.caller.roleId, `petOwner.${action}`)) throw forbidden(Messages.actionNotAllowedForRole);
}

async function loadTarget(ctx: SignedInContext, id: number, action: UserAction) {
  const target = await q.findUserById(ctx.db, id);
  if (!target) throw notFound('User not found.');
  await assertMayActOnUser(ctx, target, action);
  return target;
}

export type SignInLinkRequest = {
  issueDate?: string;
  daysValid?: number;
  hoursValid?: number;
  returnUrl?: string | null;
  isPersistent?: boolean;
};

/**
 * When a sign-in link works: from its issue date (today when absent or today, so from now) for its days. A date before
 * yesterday is refused; yesterday is accepted because the caller's today may still be yesterday in UTC.
 */
export function signInLinkWindow(request: SignInLinkRequest, now: Date): { validFrom: Date; expiresAt: Date } {
  const durationMs = request.daysValid
    ? request.daysValid * DAY_MS
    : request.hoursValid
      ? request.hoursValid * 3_600_000
      : DAY_MS;
  let validFrom = now;
  if (request.issueDate) {
    const issueDay = parseUsDate(request.issueDate);
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    if (!issueDay || issueDay.getTime() < today - DAY_MS)
      throw validationError({ issueDate: ['The issue date cannot be in the past.'] });
    if (issueDay > now) validFrom = issueDay;
  }
  return { validFrom, expiresAt: new Date(validFrom.getTime() + durationMs) };
}

/** A temporary sign-in link (spec 1 §7 generatetemporarytoken): only its hash is kept; it works once, in its window. */
export async function generateTemporaryToken(ctx: SignedInContext, userId: number, request: SignInLinkRequest = {}) {
  const target = await loadTarget(ctx, userId, 'createSignInLink');
  if (!target.isActive) throw refused('This account is inactive.');
  const { validFrom, expiresAt } = signInLinkWindow(request, new Date());
  const returnUrl = request.returnUrl ?? null;
  const token = newToken();
  await withTransaction(ctx, async (tx) => {
    await q.insertUserToken(tx, {
      userId: target.id,
      purpose: 'TemporaryLogin',
      token,
      validFrom,
      expiresAt,
      returnUrl,
    });
    await writeAudit(tx, ctx, {
      entityType: 'User',
      entityId: target.id,
      actionType: 'TemporaryTokenGenerated',
      after: { validFrom, expiresAt },
    });
  });
  const query = new URLSearchParams({
    token,
    ...(returnUrl ? { returnUrl } : {}),
    ...(request.isPersistent ? { isPersistent: 'true' } : {}),
  });
  return {
    token,
    validFrom: validFrom.toISOString(),
    expiresAt: expiresAt.toISOString(),
    url: `${ctx.config.baseUrl}/token-login?${query}`,
  };
}

export async function signInAsAnotherUser(ctx: SignedInContext, userId: number) {
  if (userId === ctx.caller.userId) throw refused('You are already signed in as this user.');
  const target = await loadTarget(ctx, userId, 'signInAs');
  if (!target.isActive) throw refused('This account is inactive.');
  return withTransaction(ctx, async (tx) => {
    const current = await q.findSession(tx, ctx.caller.sessionId);
    const session = await issueSession(tx, {
      userId: target.id,
      isPersistent: current?.isPersistent ?? false,
      lifetimeSeconds: ctx.config.tokenLifetimeHours * 3_600,
      previousSessionId: ctx.caller.sessionId,
      impersonatedByUserId: ctx.caller.impersonatedByUserId ?? ctx.caller.userId,
    });
    // Both users go on record: the entry's user is the one who signed in as the other, `after` names the other.
    await writeAudit(tx, ctx, {
      entityType: 'Session',
      entityId: session.sessionId,
      actionType: 'SignInAsAnotherUser',
      after: {
        userId: target.id,
        userName: target.userName,
        byUserId: ctx.caller.userId,
        byUserName: ctx.caller.userName,
        originalUserId: ctx.caller.impersonatedByUserId ?? ctx.caller.userId,
      },
    });
    return {
      access_token: session.token,
      token_type: 'bearer' as const,
      expires_in: session.expiresIn,
      userName: target.userName,
    };
  });
}

/** Generates a new password, stores it, signs the user out everywhere and mails it (resetadminpassword, resetpetownerpassword). */
export async function resetPasswordByAdmin(ctx: SignedInContext, userId: number, kind: 'admin' | 'petOwner') {
  const target = await loadTarget(ctx, userId, 'resetPassword');
  if (kind === 'admin' && !isAdminRole(target.roleId)) throw notFound('Admin not found.');
  if (kind === 'petOwner' && target.roleId !== UserRole.PetOwner) throw notFound('Pet owner not found.');
  if (!target.email) throw refused('This user has no email address to send the new password to.');
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const email = target.email;
  const delivery: { result?: MailResult } = {};
  await withTransaction(ctx, async (tx, txCtx) => {
    await q.updateUser(tx, target.id, { passwordHash });
    await afterPasswordChange(tx, target.id);
    await writeAudit(tx, ctx, { entityType: 'User', entityId: target.id, actionType: 'PasswordResetByAdmin' });
    await sendEventMail(txCtx, 'UserPasswordReset', {
      to: email,
      secrets: { password },
      values: {
        recipientName: fullNameOf(target),
        userName: target.userName,
        subjectLine: `${ctx.config.brandName}: your new password`,
        instructions: `Your password was reset by an administrator. Your user name is ${target.userName} and your new password is: ${secretPlaceholder('password')}`,
        followUp: 'Please sign in and change it under Manage account.',
        link: `${ctx.config.baseUrl}/login`,
        linkLabel: 'Sign in',
      },
      onSent: (result: MailResult) => (delivery.result = result),
    });
  });
  if (delivery.result && !delivery.result.wasSuccessful)
    throw refused('The password was reset but the mail could not be sent. Please try again.');
  return { message: 'A new password was generated and emailed.' };
}
