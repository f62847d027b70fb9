// SQL of bearer-token sessions: the insert of a new one, the caller of a token (a named prepared statement, as every
// request runs it) and the revocations.
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { preparedStatement, type Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';

export type NewSession = typeof sessions.$inferInsert;

export async function insertSession(db: Db, values: NewSession): Promise<number> {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row.id;
}

export type CallerRow = {
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
export const callerByTokenStatement = preparedStatement<CallerRow>(
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

export async function revokeSessionRow(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revokes the user's open sessions and the sign-in-as sessions they started, but for `exceptSessionId`. */
export async function revokeSessionsOf(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  const open = and(
    or(eq(sessions.userId, userId), eq(sessions.impersonatedByUserId, userId)),
    isNull(sessions.revokedAt),
  );
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(exceptSessionId === undefined ? open : and(open, ne(sessions.id, exceptSessionId)));
}
