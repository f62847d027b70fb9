// SQL of API-key callers: the live key of a presented key's hash (with its creator and groups) and its last use.
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { apiKeyGroups, apiKeys, groups, users } from '../db/schema/index.ts';

export type ApiKeyCallerRow = {
  keyId: number;
  keyName: string;
  readOnly: boolean;
  userId: number;
  userName: string;
  firstName: string | null;
  lastName: string | null;
  roleId: number;
  /** The key's groups' paths. */
  keyPaths: string[];
  /** The creator's assigned groups' paths (their own scope). */
  creatorPaths: string[];
};

/**
 * The key with this hash when it may act: not revoked, not expired, its creator active and still in the role the key was
 * made with. Anything else is no key at all (the caller is answered as with a bad token).
 */
export async function liveKeyByHash(db: Db, keyHash: string): Promise<ApiKeyCallerRow | undefined> {
  const [row] = await queryRows<ApiKeyCallerRow>(
    db,
    sql`select k.id as "keyId", k.name as "keyName", k.read_only as "readOnly", u.id as "userId",
        u.user_name as "userName", u.first_name as "firstName", u.last_name as "lastName", u.role_id as "roleId",
        coalesce((select array_agg(g.path) from ${apiKeyGroups} kg join ${groups} g on g.id = kg.group_id
          where kg.api_key_id = k.id), '{}') as "keyPaths",
        coalesce((select array_agg(g.path) from group_admins ga join ${groups} g on g.id = ga.group_id
          where ga.user_id = u.id), '{}') as "creatorPaths"
      from ${apiKeys} k join ${users} u on u.id = k.created_by_user_id
      where k.key_hash = ${keyHash} and k.revoked_at is null and k.expires_at > now()
        and u.is_active and u.role_id = k.created_role_id`,
  );
  return row;
}

/** Notes the key's use (at most once a minute per key, so a busy integration does not rewrite the row per call). */
export async function markKeyUsed(db: Db, keyId: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      sql`${eq(apiKeys.id, keyId)} and (${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
    );
}
