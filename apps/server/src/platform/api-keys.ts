// API keys as callers (issue 42): a request whose bearer token starts with the key prefix is resolved here instead of
// as a session. The caller is the key's creator with their current role, narrowed to the key's groups that still lie in
// the creator's own scope (scope.ts reads `caller.apiKey`). Revoked, expired, a deactivated creator or a creator whose
// role changed: no caller, answered 401 as a bad token. Keys are stored as their SHA-256 only.
import crypto from 'node:crypto';
import { API_KEY_PREFIX, isAdminRole, isProviderStaffRole } from '@registry/contracts';
import type { Db } from '../db/client.ts';
import type { Caller } from './context.ts';
import { liveKeyByHash, markKeyUsed } from './api-keys.queries.ts';
import { hashToken } from './tokens.ts';

export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** A new key: the prefix and 32 random bytes. Returns the key (answered once), its hash and its shown prefix. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  return { key, hash: hashToken(key), prefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}

/** The caller a key acts as, or null when the key may not act (unknown, revoked, expired, creator changed). */
export async function resolveApiKeyCaller(db: Db, key: string): Promise<Caller | null> {
  const row = await liveKeyByHash(db, hashToken(key));
  if (!row) return null;
  const staff = isProviderStaffRole(row.roleId);
  // The key never reaches past its creator: for an admin, only its groups inside the creator's current groups.
  const paths = staff
    ? row.keyPaths
    : row.keyPaths.filter((path) => row.creatorPaths.some((root) => path.startsWith(root)));
  await markKeyUsed(db, row.keyId);
  return {
    userId: row.userId,
    userName: row.userName,
    fullName: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.userName,
    roleId: row.roleId,
    sessionId: 0,
    isProviderStaff: false,
    isAdmin: isAdminRole(row.roleId),
    isPetOwner: false,
    isResident: false,
    impersonatedByUserId: null,
    apiKey: { id: row.keyId, name: row.keyName, readOnly: row.readOnly, paths },
  };
}

/** The name the audit log records for a caller: a key's calls carry the key's name beside its creator's. */
export const auditUserName = (caller: Caller | null): string | null =>
  caller ? (caller.apiKey ? `${caller.userName} (API key "${caller.apiKey.name}")` : caller.userName) : null;
