// Sign-in, sessions, passwords and own-account rules (spec 1 §4, §7, §8).
import {
  UserRole,
  Messages,
  can,
  creatableRoles,
  isAdminRole,
  isProviderStaffRole,
  parseUsDate,
  userRoleName,
  type UserInfo,
} from '@registry/contracts';
import { assertMayActOnAdmin } from '../../platform/rights.ts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type RequestContext, type SignedInContext } from '../../platform/context.ts';
import { HttpError, forbidden, notFound, refused, validationError } from '../../platform/errors.ts';
import { mailAfterCommit, mailBody, secretPlaceholder, type MailResult } from '../../platform/mail.ts';
import { checkPassword, generatePassword, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { isPetOwnerInScope } from '../../platform/scope.ts';
import { isResidentUserName, issueSession, revokeSession } from '../../platform/session.ts';
import { toAddressView } from '../lookups/lookups.service.ts';
import { newToken } from '../../platform/tokens.ts';
import * as q from './accounts.queries.ts';
import { afterPasswordChange } from './account-access.ts';
import { emailDiffers, startEmailChange } from './own-account.service.ts';

const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/** What an audit entry may show of a user: never the password hash. */
export function userSnapshot(user: q.UserRow) {
  const { passwordHash: _passwordHash, securityQuestionAnswer: _answer, ...rest } = user;
  return rest;
}

export const fullNameOf = (user: { firstName: string | null; lastName: string | null; userName: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.userName;

class TokenGrantError extends HttpError {
  constructor(description: string) {
    super(400, { message: description, error: 'invalid_grant', error_description: description });
  }
}

function sessionLifetimeSeconds(ctx: RequestContext, isPersistent: boolean): number {
  return isPersistent ? ctx.config.persistentTokenLifetimeDays * 86_400 : ctx.config.tokenLifetimeHours * 3_600;
}

export async function signIn(
  ctx: RequestContext,
  input: { userName: string; password: string; isPersistent: boolean },
) {
  const user = await q.findUserByUserName(ctx.db, input.userName);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyPassword(DUMMY_HASH, input.password);
  if (!user || !passwordOk) throw new TokenGrantError(Messages.invalidCredentials);
  if (!user.isActive) throw new TokenGrantError(Messages.accountInactive);
  if (isAdminRole(user.roleId) && (await q.directlyAssignedGroups(ctx.db, user.id)).length === 0) {
    throw new TokenGrantError(Messages.notAssignedToGroups);
  }
  return withTransaction(ctx, async (tx) => {
    const session = await issueSession(tx, {
      userId: user.id,
      isPersistent: input.isPersistent,
      lifetimeSeconds: sessionLifetimeSeconds(ctx, input.isPersistent),
    });
    await q.updateUser(tx, user.id, { lastLogin: new Date() });
    await writeAudit(
      tx,
      { ...ctx, caller: { ...callerStub(user), sessionId: session.sessionId } },
      {
        entityType: 'Session',
        entityId: session.sessionId,
        actionType: 'Login',
        after: { userId: user.id, isPersistent: input.isPersistent },
      },
    );
    return {
      access_token: session.token,
      token_type: 'bearer' as const,
      expires_in: session.expiresIn,
      userName: user.userName,
    };
  });
}
// Verifying against a fixed hash for unknown users keeps the response time from revealing which user names exist.
const DUMMY_HASH = await hashPassword('not-a-real-password-Aa1!');

function callerStub(user: q.UserRow) {
  return {
    userId: user.id,
    userName: user.userName,
    fullName: fullNameOf(user),
    roleId: user.roleId,
    sessionId: 0,
    isProviderStaff: isProviderStaffRole(user.roleId),
    isAdmin: isAdminRole(user.roleId),
    isPetOwner: user.roleId === UserRole.PetOwner,
    isResident: isResidentUserName(user.userName),
    impersonatedByUserId: null,
  };
}

export async function userInfo(ctx: SignedInContext): Promise<UserInfo> {
  const user = await q.findUserById(ctx.db, ctx.caller.userId);
  if (!user) throw notFound('User not found.');
  const impersonator = ctx.caller.impersonatedByUserId
    ? await q.findUserById(ctx.db, ctx.caller.impersonatedByUserId)
    : undefined;
  return {
    id: user.id,
    userName: user.userName,
    fullName: fullNameOf(user),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    roleId: user.roleId,
    role: userRoleName(user.roleId),
    isAdmin: ctx.caller.isAdmin,
    isPetOwner: ctx.caller.isPetOwner,
    isBioPetAdmin: ctx.caller.isProviderStaff,
    isResident: ctx.caller.isResident,
    petOwnerId: ctx.caller.isPetOwner ? user.id : null,
    residentId: ctx.caller.isResident ? await q.residentIdForUser(ctx.db, user.id) : null,
    features: await q.featureNamesForUser(ctx.db, user.id),
    impersonatedBy: impersonator ? impersonator.userName : null,
    labTimeZone: ctx.config.labTimeZone,
    testModeAvailable: ctx.config.testModeAvailable && ctx.caller.isProviderStaff,
  };
}

/** Ends the session; after sign-in-as-another-user it hands back a fresh token for the session that existed before. */
export async function logout(ctx: SignedInContext): Promise<{ restoredToken: string | null }> {
  return withTransaction(ctx, async (tx) => {
    const current = await q.findSession(tx, ctx.caller.sessionId);
    await revokeSession(tx, ctx.caller.sessionId);
    let restoredToken: string | null = null;
    if (current?.previousSessionId) {
      const previous = await q.findSession(tx, current.previousSessionId);
      if (previous && !previous.revokedAt && previous.expiresAt > new Date()) {
        const restored = await issueSession(tx, {
          userId: previous.userId,
          isPersistent: previous.isPersistent,
          lifetimeSeconds: Math.max(60, Math.floor((previous.expiresAt.getTime() - Date.now()) / 1000)),
          previousSessionId: previous.previousSessionId,
          impersonatedByUserId: previous.impersonatedByUserId,
        });
        await revokeSession(tx, previous.id);
        restoredToken = restored.token;
      }
    }
    await writeAudit(tx, ctx, {
      entityType: 'Session',
      entityId: ctx.caller.sessionId,
      actionType: 'Logout',
      after: { restored: restoredToken !== null },
    });
    return { restoredToken };
  });
}

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
      await mailAfterCommit(txCtx, {
        to: user.email!,
        subject: `${ctx.config.brandName}: reset your password`,
        eventName: 'UserPasswordReset',
        secrets: { token: encodeURIComponent(token) },
        html: mailBody(ctx.config.brandName, {
          greeting: `Hello ${fullNameOf(user)},`,
          paragraphs: [
            `We received a request to reset the password of the account ${user.userName}.`,
            'The link below works once and expires in one hour. If you did not ask for this, ignore this mail.',
          ],
          link: { url, label: 'Reset your password' },
        }),
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

/** An action on another user's account, named for an admin and for a pet owner (the rights table has both). */
type UserAction = 'signInAs' | 'resetPassword' | 'createSignInLink';

/**
 * Who may act on this user's account: on an admin, by the rights table, the role order and the caller's groups; on a
 * pet owner, by the rights table and the caller's groups. A user outside the caller's groups answers as a missing one.
 */
async function assertMayActOnUser(ctx: SignedInContext, target: q.UserRow, action: UserAction) {
  if (isAdminRole(target.roleId)) return assertMayActOnAdmin(ctx, target, `admin.${action}`);
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

/**
 * Signs in with a temporary link and uses it up. isPersistent, as at POST /token, says whether the session is remembered.
 * A password change, reset or deactivation voids the user's earlier links (account-access.ts).
 */
export async function signInWithTemporaryToken(ctx: RequestContext, input: { token?: string; isPersistent: boolean }) {
  if (!input.token) throw refused(Messages.invalidTokenParameters);
  const token = await q.findLiveUserToken(ctx.db, 'TemporaryLogin', input.token);
  const user = token ? await q.findUserById(ctx.db, token.userId) : undefined;
  const expired = () => new HttpError(404, { message: Messages.loginLinkExpired });
  if (!token || !user || !user.isActive) throw expired();
  return withTransaction(ctx, async (tx) => {
    if (!(await q.consumeUserToken(tx, token.id))) throw expired();
    const session = await issueSession(tx, {
      userId: user.id,
      isPersistent: input.isPersistent,
      lifetimeSeconds: sessionLifetimeSeconds(ctx, input.isPersistent),
    });
    await q.updateUser(tx, user.id, { lastLogin: new Date() });
    await writeAudit(
      tx,
      { ...ctx, caller: { ...callerStub(user), sessionId: session.sessionId } },
      { entityType: 'Session', entityId: session.sessionId, actionType: 'TokenLogin' },
    );
    return {
      access_token: session.token,
      token_type: 'bearer' as const,
      expires_in: session.expiresIn,
      userName: user.userName,
      returnUrl: token.returnUrl,
    };
  });
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
    const html = mailBody(ctx.config.brandName, {
      greeting: `Hello ${fullNameOf(target)},`,
      paragraphs: [
        `Your password was reset by an administrator. Your user name is ${target.userName} and your new password is: ${secretPlaceholder('password')}`,
        'Please sign in and change it under Manage account.',
      ],
      link: { url: `${ctx.config.baseUrl}/login`, label: 'Sign in' },
    });
    const sent = (result: MailResult) => (delivery.result = result);
    await mailAfterCommit(
      txCtx,
      {
        to: email,
        subject: `${ctx.config.brandName}: your new password`,
        eventName: 'UserPasswordReset',
        html,
        secrets: { password },
      },
      sent,
    );
  });
  if (delivery.result && !delivery.result.wasSuccessful)
    throw refused('The password was reset but the mail could not be sent. Please try again.');
  return { message: 'A new password was generated and emailed.' };
}

/** Saves the profile; a changed email is not saved here but waits for its mailed confirmation (own-account.service.ts). */
export async function updateUserProfile(
  ctx: SignedInContext,
  input: {
    firstName: string;
    lastName: string;
    email?: string | null;
    phoneNumber?: string | null;
    companyName?: string | null;
    receiveEmails?: boolean;
    address?: q.UserRow['address'] | null;
  },
) {
  const user = await q.findUserById(ctx.db, ctx.caller.userId);
  if (!user) throw notFound('User not found.');
  const email = input.email?.trim() || null;
  const emailChanges = emailDiffers(user, email);
  if (emailChanges) {
    const owners = await q.findUsersByEmail(ctx.db, email!);
    if (owners.some((other) => other.id !== user.id)) throw validationError({ email: [Messages.emailTaken(email!)] });
  }
  const updated = await withTransaction(ctx, async (tx) => {
    const row = await q.updateUser(tx, user.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      // Clearing the email needs no confirmation; a new one does.
      email: email === null ? null : user.email,
      phoneNumber: input.phoneNumber?.trim() || null,
      companyName: input.companyName?.trim() || null,
      receiveEmails: input.receiveEmails ?? user.receiveEmails,
      address: input.address ?? null,
    });
    await writeAudit(tx, ctx, {
      entityType: 'User',
      entityId: user.id,
      actionType: 'Update',
      before: userSnapshot(user),
      after: userSnapshot(row),
    });
    return row;
  });
  if (emailChanges) return { message: await startEmailChange(ctx, updated, email!) };
  return { message: Messages.savedSuccessfully };
}

export function passwordProblemsAsModelState(field: string, password: string) {
  const problems = checkPassword(password);
  return problems.length ? { [field]: problems.map((problem) => problem.message) } : null;
}

/** The admin roles the caller may give (those below their own, by the rights table), narrowed to a group type's. */
export function creatableAdminRoles(ctx: SignedInContext, groupType?: number): number[] {
  return creatableRoles(ctx.caller.roleId, groupType);
}

/** The signed-in user's account page: user name, sign-in providers and profile. */
export async function manageInfo(ctx: SignedInContext) {
  const user = await q.findUserById(ctx.db, ctx.caller.userId);
  if (!user) throw notFound('User not found.');
  const { firstName, lastName, email, phoneNumber, companyName, receiveEmails } = user;
  return {
    userName: user.userName,
    localLoginProvider: 'Local',
    logins: [],
    externalLoginProviders: [],
    profile: {
      firstName,
      lastName,
      email,
      phoneNumber,
      companyName,
      receiveEmails,
      address: toAddressView(user.address),
    },
  };
}

// Users as other modules reach them (admins are users too): through this service, never through accounts.queries.ts.
export type UserRow = q.UserRow;
type WithDb = Pick<RequestContext, 'db'>;
export const userByUserName = (ctx: WithDb, userName: string) => q.findUserByUserName(ctx.db, userName);
export const usersByEmail = (ctx: WithDb, email: string) => q.findUsersByEmail(ctx.db, email);
export const saveUser = (ctx: WithDb, id: number, changes: Parameters<typeof q.updateUser>[2]) =>
  q.updateUser(ctx.db, id, changes);
