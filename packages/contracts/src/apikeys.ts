// API keys (issue 42): another system calls the API with a key instead of a person's session. A key acts with its
// creator's rights narrowed to its groups; read-only keys only read. The key itself is answered once, at creation.
import { z } from 'zod';
import { id, INT_MAX, integer, pagedResponse, pagingQuery, queryBoolean, requiredText } from './common.ts';

/** Every key starts with this, so the server knows a key from a session token and people recognise one in a file. */
export const API_KEY_PREFIX = 'pdr_';
export const API_KEY_NAME_MAX = 100;
/** The longest a key may live: two years. */
export const API_KEY_MAX_DAYS = 730;

export const apiKeyCreateRequest = z.object({
  name: requiredText(API_KEY_NAME_MAX, 'Name is required.'),
  /** The groups the key reaches (each with everything beneath it); every one must lie in the creator's groups. */
  groupIds: z.array(id).min(1, 'Choose at least one group.').max(50, 'Choose at most 50 groups.'),
  readOnly: z.boolean(),
  expiresInDays: integer(1, API_KEY_MAX_DAYS),
});
export type ApiKeyCreateRequest = z.input<typeof apiKeyCreateRequest>;

export const apiKeyStatus = z.enum(['Active', 'Expired', 'Revoked', 'Suspended']);

export const apiKeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, as the list shows them ("pdr_Ab3x…"). */
  prefix: z.string(),
  readOnly: z.boolean(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  createdBy: z.string(),
  dateCreated: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  status: apiKeyStatus,
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

/** The answer to a creation: the key's view and the key itself, shown this once and never again. */
export const apiKeyCreated = z.object({ apiKey: apiKeyView, key: z.string() });

export const apiKeyListQuery = pagingQuery.extend({
  /** The keys of one group's settings; without it, every key the caller may see. */
  groupId: integer(1, INT_MAX).optional(),
  includeInactive: queryBoolean.optional(),
});
export const apiKeyList = pagedResponse(apiKeyView);
