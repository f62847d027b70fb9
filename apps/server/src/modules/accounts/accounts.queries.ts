// SQL for users, one-time tokens, sign-in attempts and features.
import { and, eq, gt, inArray, isNull, lte, sql, type SQLWrapper } from 'drizzle-orm';
import { preparedQuery, queryRows, type Db } from '../../db/client.ts';
import {
  features,
  groupAdmins,
  groupFeatures,
  groups,
  petOwnerGroups,
  preRegisteredResidents,
  sessions,
  userFeatures,
  userSignInNames,
  userTokens,
  users,
} from '../../db/schema/index.ts';
import type { UserTokenPurpose } from '../../db/schema/accounts.ts';
import { hashToken } from '../../platform/tokens.ts';
import { forgetAllCallers } from '../../platform/session-cache.ts';

export type UserRow = typeof users.$inferSelect;

const userByIdQuery = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('accounts.userById'),
);

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await userByIdQuery(db).execute({ id });
  return row;
}

/** By user name, or by an additional sign-in name (a resident's RES… number kept after approval). */
export async function findUserByUserName(db: Db, userName: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`);
  if (row) return row;
  const [other] = await db
    .select({ user: users })
    .from(userSignInNames)
    .innerJoin(users, eq(users.id, userSignInNames.userId))
    .where(sql`lower(${userSignInNames.userName}) = lower(${userName})`);
  return other?.user;
}

export async function findUsersByEmail(db: Db, email: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
}

export async function updateUser(db: Db, id: number, changes: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, dateUpdated: new Date() })
    .where(eq(users.id, id))
    .returning();
  // Who a session's caller is may have changed: the database notifies every process at commit; this one forgets now.
  forgetAllCallers();
  return row;
}

export async function insertUserToken(
  db: Db,
  values: {
    userId: number;
    purpose: UserTokenPurpose;
    token: string;
    expiresAt: Date;
    validFrom?: Date;
    returnUrl?: string | null;
    newEmail?: string | null;
  },
) {
  await db.insert(userTokens).values({
    userId: values.userId,
    purpose: values.purpose,
    tokenHash: hashToken(values.token),
    validFrom: values.validFrom ?? new Date(),
    expiresAt: values.expiresAt,
    returnUrl: values.returnUrl ?? null,
    newEmail: values.newEmail ?? null,
  });
}

/** A token that is unused and inside its validity window. Only the hash is compared: the raw token is never stored. */
export async function findLiveUserToken(db: Db, purpose: UserTokenPurpose, token: string) {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.purpose, purpose),
        eq(userTokens.tokenHash, hashToken(token)),
        lte(userTokens.validFrom, sql`now()`),
        gt(userTokens.expiresAt, sql`now()`),
        isNull(userTokens.usedAt),
      ),
    );
  return row;
}

/** Marks every unused token of the given purposes used, so no link issued before now works any more. */
export async function voidUserTokens(db: Db, userId: number, purposes: UserTokenPurpose[]): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), inArray(userTokens.purpose, purposes), isNull(userTokens.usedAt)));
}

/** Marks a token used; false when another request used it first (the update is the single-use guard). */
export async function consumeUserToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return rows.length === 1;
}

export async function directlyAssignedGroups(db: Db, userId: number) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      groupType: groups.groupType,
      isActive: groups.isActive,
      parentId: groups.parentId,
      isPrimaryAdmin: groupAdmins.isPrimary,
    })
    .from(groupAdmins)
    .innerJoin(groups, eq(groups.id, groupAdmins.groupId))
    .where(eq(groupAdmins.userId, userId))
    .orderBy(groups.name);
}

/** Features granted to the user directly, or to any group they belong to (as admin, pet owner or resident) or any ancestor of it. */
export async function featureNamesForUser(db: Db, userId: number): Promise<string[]> {
  const memberGroups = sql`(
    select group_id from ${groupAdmins} where user_id = ${userId}
    union select group_id from ${petOwnerGroups} where pet_owner_id = ${userId} and move_out_date is null
    union select group_id from ${preRegisteredResidents} where user_id = ${userId})`;
  const rows = await queryRows<{ name: string }>(
    db,
    sql`
    select f.name from ${features} f join ${userFeatures} uf on uf.feature_id = f.id where uf.user_id = ${userId}
    union
    select f.name from ${features} f
      join ${groupFeatures} gf on gf.feature_id = f.id
      join ${groups} g on g.path like '%/' || gf.group_id || '/%'
    where g.id in ${memberGroups}
    order by 1`,
  );
  return rows.map((row) => row.name);
}

export async function featureNamesForGroup(db: Db, groupId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`
    select distinct f.name from ${features} f
      join ${groupFeatures} gf on gf.feature_id = f.id
      join ${groups} g on g.path like '%/' || gf.group_id || '/%'
    where g.id = ${groupId} order by 1`,
  );
  return rows.map((row) => row.name);
}

export async function residentIdForUser(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: preRegisteredResidents.id })
    .from(preRegisteredResidents)
    .where(eq(preRegisteredResidents.userId, userId));
  return row?.id ?? null;
}

export async function userNamesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

/**
 * For another module's single statement (a lateral subquery of one row): the user's names, email and the country of
 * their own address, columns user_name, first_name, last_name, email, country_id.
 */
export const userContactSql = (userId: number | SQLWrapper) =>
  sql`select ${users.userName} as user_name, ${users.firstName} as first_name, ${users.lastName} as last_name,
    ${users.email} as email, ${users.address}->>'countryId' as country_id from ${users} where ${users.id} = ${userId}`;

export async function findSession(db: Db, sessionId: number) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  return row;
}
