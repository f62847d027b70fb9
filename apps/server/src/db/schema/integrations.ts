// Integrations (issue 42): API keys that let another system call the API with its creator's rights narrowed to the
// key's groups, and webhook subscriptions that POST signed events to a group's own address, with their delivery log.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { groups } from './groups.ts';

/** An API key. Only the SHA-256 of the key is kept; `prefix` (its first characters) lets staff tell keys apart. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    /** The group whose settings list the key (the first of its groups at creation). */
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    keyHash: text().notNull().unique(),
    prefix: text().notNull(),
    readOnly: boolean().notNull(),
    createdByUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The creator's role when the key was made: a key stops working when that role changes. */
    createdRoleId: smallint().notNull(),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
    revokedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [index('api_keys_group_idx').on(table.groupId, table.id)],
);

/** The groups a key may reach (each with everything beneath it). */
export const apiKeyGroups = pgTable(
  'api_key_groups',
  {
    apiKeyId: integer()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.apiKeyId, table.groupId] })],
);

/** A webhook subscription: a group's events POSTed to `url`, signed with the secret (kept encrypted at rest). */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: serial().primaryKey(),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text(),
    events: jsonb().$type<string[]>().notNull(),
    secret: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('webhook_subscriptions_group_idx').on(table.groupId)],
);

/**
 * The delivery log: one row per attempt to deliver an event (the first, each retry, a replay, a test ping), with the body
 * as it was signed and what the receiver answered.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial().primaryKey(),
    subscriptionId: integer()
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    /** The event's id: the same on every attempt and replay, so a receiver can drop repeats. */
    eventId: text().notNull(),
    body: text().notNull(),
    /** 1 for the first attempt, counting up through the retries; a replay starts again at 1. */
    attempt: integer().notNull(),
    isReplay: boolean().notNull().default(false),
    succeeded: boolean().notNull(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    responseExcerpt: text(),
    error: text(),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('webhook_deliveries_subscription_idx').on(table.subscriptionId, table.id.desc())],
);
