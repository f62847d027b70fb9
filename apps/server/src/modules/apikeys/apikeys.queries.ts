// SQL of API keys: the list of the keys a caller may see, one key in scope, the insert with its groups, the revocation.
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { apiKeyGroups, apiKeys } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { pageLimitSql, type PageRequest } from '../../platform/paging.queries.ts';
import { groupInScopeSql } from '../../platform/scope.queries.ts';

export type ApiKeyRow = {
  id: number;
  name: string;
  prefix: string;
  readOnly: boolean;
  groups: { id: number; name: string }[];
  createdBy: string;
  dateCreated: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** The creator is still active and in the role the key was made with. */
  creatorCurrent: boolean;
  totalRecords: number;
};

export type ApiKeyFilter = PageRequest & { groupId?: number; includeInactive?: boolean; id?: number };

/** The keys whose group lies in the caller's scope, newest first. */
export async function apiKeysInScope(db: Db, caller: Caller, filter: ApiKeyFilter): Promise<ApiKeyRow[]> {
  const rows = await queryRows<
    ApiKeyRow & { dateCreated: string; expiresAt: string; lastUsedAt: string | null; revokedAt: string | null }
  >(
    db,
    sql`select k.id, k.name, k.prefix, k.read_only as "readOnly",
        coalesce((select json_agg(json_build_object('id', kg_g.id, 'name', kg_g.name) order by kg_g.name)
          from api_key_groups kg join groups kg_g on kg_g.id = kg.group_id where kg.api_key_id = k.id), '[]') as groups,
        coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.user_name) as "createdBy",
        k.date_created as "dateCreated", k.expires_at as "expiresAt", k.last_used_at as "lastUsedAt",
        k.revoked_at as "revokedAt", (u.is_active and u.role_id = k.created_role_id) as "creatorCurrent",
        count(*) over ()::int as "totalRecords"
      from api_keys k join groups g on g.id = k.group_id join users u on u.id = k.created_by_user_id
      where ${groupInScopeSql(caller, sql`g.path`)}
        and (${filter.groupId ?? null}::int is null or k.group_id = ${filter.groupId ?? null}::int)
        and (${filter.id ?? null}::int is null or k.id = ${filter.id ?? null}::int)
        and (${filter.includeInactive ?? false}::boolean or (k.revoked_at is null and k.expires_at > now()))
      order by k.id desc
      ${pageLimitSql(filter)}`,
  );
  return rows.map((row) => ({
    ...row,
    dateCreated: new Date(row.dateCreated),
    expiresAt: new Date(row.expiresAt),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt) : null,
    revokedAt: row.revokedAt ? new Date(row.revokedAt) : null,
  }));
}

export async function insertApiKey(
  db: Db,
  values: typeof apiKeys.$inferInsert,
  groupIds: readonly number[],
): Promise<number> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  await db.insert(apiKeyGroups).values([...new Set(groupIds)].map((groupId) => ({ apiKeyId: row.id, groupId })));
  return row.id;
}

export async function revokeApiKeyRow(db: Db, id: number, userId: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())`, revokedByUserId: userId })
    .where(eq(apiKeys.id, id));
}
