// API keys (issue 42): provider staff and group admins make keys for groups in their scope, see them with their last
// use, and revoke them. The key is answered once and stored as its SHA-256 only; the audit entries never hold it.
import type { z } from 'zod';
import type { apiKeyCreateRequest, apiKeyListQuery, ApiKeyView } from '@registry/contracts';
import { newApiKey } from '../../platform/api-keys.ts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import * as q from './apikeys.queries.ts';

const DAY_MS = 86_400_000;
const keyNotFound = () => notFound('API key not found.');

function view(row: q.ApiKeyRow): ApiKeyView {
  const now = Date.now();
  const status = row.revokedAt
    ? 'Revoked'
    : row.expiresAt.getTime() <= now
      ? 'Expired'
      : row.creatorCurrent
        ? 'Active'
        : 'Suspended';
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    readOnly: row.readOnly,
    groups: row.groups,
    createdBy: row.createdBy,
    dateCreated: row.dateCreated.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status,
  };
}

export async function listApiKeys(ctx: SignedInContext, query: z.output<typeof apiKeyListQuery>) {
  assertCan(ctx, 'integrations.manage');
  if (query.groupId !== undefined) await loadGroupInScope(ctx, query.groupId);
  const rows = await q.apiKeysInScope(ctx.db, ctx.caller, query);
  return { data: rows.map(view), totalRecords: rows[0]?.totalRecords ?? 0 };
}

async function loadKey(ctx: SignedInContext, id: number) {
  const [row] = await q.apiKeysInScope(ctx.db, ctx.caller, { id, includeInactive: true, page: 1, pageSize: 1 });
  if (!row) throw keyNotFound();
  return row;
}

export async function createApiKey(ctx: SignedInContext, body: z.output<typeof apiKeyCreateRequest>) {
  assertCan(ctx, 'integrations.manage');
  // Every group must lie in the caller's scope; one outside answers as a missing group.
  for (const groupId of body.groupIds) await loadGroupInScope(ctx, groupId);
  const { key, hash, prefix } = newApiKey();
  const id = await withTransaction(ctx, async (tx, txCtx) => {
    const keyId = await q.insertApiKey(
      tx,
      {
        groupId: body.groupIds[0],
        name: body.name,
        keyHash: hash,
        prefix,
        readOnly: body.readOnly,
        createdByUserId: ctx.caller.userId,
        createdRoleId: ctx.caller.roleId,
        expiresAt: new Date(Date.now() + body.expiresInDays * DAY_MS),
      },
      body.groupIds,
    );
    await writeAudit(tx, txCtx, {
      entityType: 'ApiKey',
      entityId: keyId,
      actionType: 'Create',
      after: {
        name: body.name,
        prefix,
        groupIds: body.groupIds,
        readOnly: body.readOnly,
        expiresInDays: body.expiresInDays,
      },
    });
    return keyId;
  });
  return { apiKey: view(await loadKey(ctx, id)), key };
}

export async function revokeApiKey(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'integrations.manage');
  const before = await loadKey(ctx, id);
  await withTransaction(ctx, async (tx, txCtx) => {
    await q.revokeApiKeyRow(tx, id, ctx.caller.userId);
    await writeAudit(tx, txCtx, {
      entityType: 'ApiKey',
      entityId: id,
      actionType: 'Revoke',
      before: { name: before.name, revokedAt: before.revokedAt },
    });
  });
  return view(await loadKey(ctx, id));
}
