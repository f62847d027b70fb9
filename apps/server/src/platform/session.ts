// Bearer-token sessions: issue, resolve on every request (one indexed query), revoke.
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { UserRole, isAdminRole, isProviderStaffRole } from '@registry/contracts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import type { Caller } from './context.ts';
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
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: options.userId,
      isPersistent: options.isPersistent,
      expiresAt: new Date(Date.now() + options.lifetimeSeconds * 1000),
      previousSessionId: options.previousSessionId ?? null,
      impersonatedByUserId: options.impersonatedByUserId ?? null,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row.id, expiresIn: options.lifetimeSeconds };
}

const impersonatorSession = alias(sessions, 'impersonator_session');
const impersonator = alias(users, 'impersonator');

export async function resolveCaller(db: Db, token: string): Promise<Caller | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      impersonatedByUserId: sessions.impersonatedByUserId,
      userId: users.id,
      userName: users.userName,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonatorSession, eq(impersonatorSession.id, sessions.previousSessionId))
    .leftJoin(impersonator, eq(impersonator.id, sessions.impersonatedByUserId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
        // A sign-in-as session lives only as long as the session it was started from: the impersonator's sign-out,
        // password change (which ends their other sessions) or deactivation ends it too.
        or(
          isNull(sessions.impersonatedByUserId),
          and(
            isNull(impersonatorSession.revokedAt),
            gt(impersonatorSession.expiresAt, sql`now()`),
            eq(impersonator.isActive, true),
          ),
        ),
      ),
    );
  if (!row) return null;
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
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Ends the user's sessions and the sign-in-as sessions they started; `exceptSessionId` keeps the one making the change
 * (a password change ends the others).
 */
export async function revokeAllSessionsOf(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  const open = and(
    or(eq(sessions.userId, userId), eq(sessions.impersonatedByUserId, userId)),
    isNull(sessions.revokedAt),
  );
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(exceptSessionId === undefined ? open : and(open, ne(sessions.id, exceptSessionId)));
}
