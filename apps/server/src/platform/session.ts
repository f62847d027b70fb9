// Bearer-token sessions: issue, resolve on every request (one indexed query, or this process's session cache), revoke.
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { UserRole, isAdminRole, isProviderStaffRole } from '@registry/contracts';
import { preparedStatement, type Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import type { Caller } from './context.ts';
import { cachedCaller, forgetAllCallers, rememberCaller } from './session-cache.ts';
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

type CallerRow = {
  sessionId: number;
  impersonatedByUserId: number | null;
  userId: number;
  userName: string;
  firstName: string | null;
  lastName: string | null;
  roleId: number;
  /** When the session (or the one it signs in as another user from) expires, in ms since the epoch. */
  validUntilMs: number;
};

/**
 * Every request runs this, so its text is built once and it runs as a named prepared statement (db/client.ts).
 * A sign-in-as session lives only as long as the session it was started from: the impersonator's sign-out, password
 * change (which ends their other sessions) or deactivation ends it too.
 */
const callerByTokenStatement = preparedStatement<CallerRow>(
  'session.callerByToken',
  () => sql`select s.id as "sessionId", s.impersonated_by_user_id as "impersonatedByUserId", u.id as "userId",
      u.user_name as "userName", u.first_name as "firstName", u.last_name as "lastName", u.role_id as "roleId",
      (extract(epoch from least(s.expires_at, coalesce(impersonator_session.expires_at, s.expires_at))) * 1000)::float8
        as "validUntilMs"
    from ${sessions} s
    join ${users} u on u.id = s.user_id
    left join ${sessions} impersonator_session on impersonator_session.id = s.previous_session_id
    left join ${users} impersonator on impersonator.id = s.impersonated_by_user_id
    where s.token_hash = ${sql.placeholder('tokenHash')} and s.revoked_at is null and s.expires_at > now()
      and u.is_active
      and (s.impersonated_by_user_id is null
        or (impersonator_session.revoked_at is null and impersonator_session.expires_at > now() and impersonator.is_active))`,
);

/** The caller of a bearer token, or null when it names no live session: from this process's cache when it may. */
export async function resolveCaller(db: Db, token: string): Promise<Caller | null> {
  const tokenHash = hashToken(token);
  const cached = cachedCaller(db, tokenHash);
  if (cached) return cached;
  const [row] = await callerByTokenStatement(db, { tokenHash });
  if (!row) return null;
  const caller = callerOf(row);
  rememberCaller(db, tokenHash, caller, Number(row.validUntilMs));
  return caller;
}

function callerOf(row: CallerRow): Caller {
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
  forgetAllCallers();
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
  forgetAllCallers();
}
