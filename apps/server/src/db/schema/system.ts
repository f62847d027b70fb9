// Documents with versions, the email log, the hash-chained audit log and page views.
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const documents = pgTable('documents', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  dateUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial().primaryKey(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    content: text().notNull(),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('document_versions_doc_version_key').on(table.documentId, table.version)],
);

export const emailLog = pgTable(
  'email_log',
  {
    id: serial().primaryKey(),
    eventName: text(),
    subject: text().notNull(),
    recipients: text().notNull(),
    body: text().notNull(),
    dateSent: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    wasSuccessful: boolean().notNull(),
    errorMessage: text(),
  },
  (table) => [index('email_log_date_idx').on(table.dateSent)],
);

/** Each entry's hash covers its content and the previous entry's hash, so an edited or deleted entry breaks the chain. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    dateCreated: timestamp({ withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    userId: integer(),
    userName: text(),
    entityType: text().notNull(),
    entityId: text(),
    actionType: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    requestId: text(),
    prevHash: text().notNull(),
    hash: text().notNull(),
    sequence: bigint({ mode: 'number' }).notNull(),
    /** Which of the log's hash chains the entry is on (platform/audit.ts AUDIT_CHAINS); its sequence counts within it. */
    chain: smallint().notNull().default(0),
  },
  (table) => [
    index('audit_log_date_idx').on(table.dateCreated),
    index('audit_log_entity_idx').on(table.entityType, table.entityId),
    uniqueIndex('audit_log_chain_sequence_key').on(table.chain, table.sequence),
  ],
);

/**
 * Where each audit chain ends, written with every append under the chain's lock: a verification that finds a chain
 * ending elsewhere knows its last entries were deleted (a hash chain alone cannot tell a cut tail from an end).
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: smallint().primaryKey(),
  sequence: bigint({ mode: 'number' }).notNull(),
  hash: text().notNull(),
});

/** Email templates edited in the app: a subject and an HTML body with {{placeholders}}, each for one email event. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    eventName: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    dateUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('email_templates_event_idx').on(table.eventName)],
);

/** One config per email event (spec 3 §3): its templates, active flag, A/B testing and tracking flags. */
export const emailTemplateConfigs = pgTable('email_template_configs', {
  eventName: text().primaryKey(),
  templateIds: integer().array().notNull().default([]),
  isActive: boolean().notNull().default(true),
  enableAbTesting: boolean().notNull().default(false),
  trackClicks: boolean().notNull().default(true),
  trackOpens: boolean().notNull().default(true),
  trackSubscriptions: boolean().notNull().default(true),
  dateUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Page views (spec 1 §1: each route change is tracked): the route's name, the viewer's role and when, sent by the web
 * app in batches. Kept here, never sent to an outside service; provider staff read them per route and day.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    routeName: text().notNull(),
    roleId: smallint().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    viewedAt: timestamp({ withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (table) => [
    index('page_views_viewed_at_idx').on(table.viewedAt),
    index('page_views_route_viewed_at_idx').on(table.routeName, table.viewedAt),
  ],
);
