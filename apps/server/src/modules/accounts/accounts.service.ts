// Sign-in (password and temporary link), sessions, the signed-in user's info and profile (spec 1 §4, §7, §8). Passwords
// are in passwords.service.ts, actions on another user's account in user-actions.service.ts.
import {
  UserRole,
  Messages,
  creatableRoles,
  isAdminRole,
  isProviderStaffRole,
  userRoleName,
  type UserInfo,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type RequestContext, type SignedInContext } from '../../platform/context.ts';
import { HttpError, notFound, refused, validationError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { isResidentUserName, issueSession, revokeSession } from '../../platform/session.ts';
import { toAddressView } from '../lookups/lookups.service.ts';
import * as q from './accounts.queries.ts';
import { emailDiffers, startEmailChange } from './own-account.service.ts';
import { fullNameOf, userSnapshot } from './users.ts';

// Other modules still import the user helpers from here; new code imports users.ts.
export { fullNameOf, saveUser, userByUserName, userSnapshot, usersByEmail, type UserRow } from './users.ts';

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
