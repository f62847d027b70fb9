// Bearer-token sessions: issue, resolve on every request (one indexed query, or this process's session cache), revoke.
import { UserRole, isAdminRole, isProviderStaffRole } from '@registry/contracts';
import type { Db } from '../db/client.ts';
import type { Caller } from './context.ts';
import { cachedCaller, forgetAllCallers, rememberCaller } from './session-cache.ts';
import * as q from './session.queries.ts';
import { hashToken, newToken } from './tokens.ts';

export type IssuedSession = { token: string; sessionId: number; expiresIn: number };

export async function issueSession(
  db: Db,
  options: {
    userId: number;
    isPersistent: boolean;
    lifetimeSeconds: number;
    previousSessionId?: number | null;
    impersonatedByUserId?: number | null;
  },
): Promise<IssuedSession> {
  const token = newToken();
  const sessionId = await q.insertSession(db, {
    tokenHash: hashToken(token),
    userId: options.userId,
    isPersistent: options.isPersistent,
    expiresAt: new Date(Date.now() + options.lifetimeSeconds * 1000),
    previousSessionId: options.previousSessionId ?? null,
    impersonatedByUserId: options.impersonatedByUserId ?? null,
  });
  return { token, sessionId, expiresIn: options.lifetimeSeconds };
}

/** The caller of a bearer token, or null when it names no live session: from this process's cache when it may. */
export async function resolveCaller(db: Db, token: string): Promise<Caller | null> {
  const tokenHash = hashToken(token);
  const cached = cachedCaller(db, tokenHash);
  if (cached) return cached;
  const [row] = await q.callerByTokenStatement(db, { tokenHash });
  if (!row) return null;
  const caller = callerOf(row);
  rememberCaller(db, tokenHash, caller, Number(row.validUntilMs));
  return caller;
}

function callerOf(row: q.CallerRow): Caller {
  return {
    userId: row.userId,
    userName: row.userName,
    fullName: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.userName,
    roleId: row.roleId,
    sessionId: row.sessionId,
    isProviderStaff: isProviderStaffRole(row.roleId),
    isAdmin: isAdminRole(row.roleId),
    isPetOwner: row.roleId === UserRole.PetOwner && !isResidentUserName(row.userName),
    isResident: isResidentUserName(row.userName),
    impersonatedByUserId: row.impersonatedByUserId,
  };
}

export const isResidentUserName = (userName: string) => /^RES/i.test(userName);

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await q.revokeSessionRow(db, sessionId);
  forgetAllCallers();
}

/**
 * Ends the user's sessions and the sign-in-as sessions they started; `exceptSessionId` keeps the one making the change
 * (a password change ends the others).
 */
export async function revokeAllSessionsOf(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  await q.revokeSessionsOf(db, userId, exceptSessionId);
  forgetAllCallers();
}
