// Users of every kind (admins, pet owners, residents), their sessions and one-time tokens, settings and features.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { UserRole, type Address } from '@registry/contracts';
import { oneOf } from './checks.ts';

const timestamps = {
  dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  dateUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    userName: text().notNull(),
    email: text(),
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    phoneNumber: text(),
    companyName: text(),
    roleId: smallint().notNull(),
    isActive: boolean().notNull().default(true),
    receiveEmails: boolean().notNull().default(true),
    adminNotes: text(),
    bioPetNotes: text(),
    securityQuestion: text(),
    securityQuestionAnswer: text(),
    address: jsonb().$type<Address>(),
    lastLogin: timestamp({ withTimezone: true, mode: 'date' }),
    dateApproved: timestamp({ withTimezone: true, mode: 'date' }),
    showAncestryUpgradeModal: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_user_name_lower_key').on(sql`lower(${table.userName})`),
    // One account per email (the services check first; this decides between two requests at the same moment).
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    index('users_role_idx').on(table.roleId),
    // Universal search (modules/search) finds pet owners by their words in people_search_terms, a table kept by
    // triggers on this one (hand-written in migration 0029_people_search_terms; not declared in this schema).
    check('users_role_id_check', oneOf(table.roleId, UserRole)),
  ],
);

/**
 * Further names a user signs in with besides users.user_name: a resident's RES… number once approval gives them a pet
 * owner's user name, so the name they were told at pre-registration keeps working.
 */
export const userSignInNames = pgTable(
  'user_sign_in_names',
  {
    userName: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_sign_in_names_lower_key').on(sql`lower(${table.userName})`),
    index('user_sign_in_names_user_idx').on(table.userId),
  ],
);

/** Bearer sessions. Only a hash of the token is stored; previousSessionId lets logout restore the session that signed in as another user. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isPersistent: boolean().notNull().default(false),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
    previousSessionId: integer().references((): AnyPgColumn => sessions.id, { onDelete: 'set null' }),
    /** The raw previous token is never stored; the previous session keeps its own hash and is reissued on restore. */
    impersonatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('sessions_token_hash_key').on(table.tokenHash), index('sessions_user_idx').on(table.userId)],
);

export type UserTokenPurpose = 'PasswordReset' | 'TemporaryLogin' | 'EmailChange';

/** Single-use tokens, stored as hashes: password reset links, temporary sign-in links and email-change confirmations. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<UserTokenPurpose>().notNull(),
    tokenHash: text().notNull(),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A sign-in link issued for a later date works from that date on. */
    validFrom: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    returnUrl: text(),
    /** The address an email-change confirmation moves the account to. */
    newEmail: text(),
  },
  (table) => [uniqueIndex('user_tokens_hash_key').on(table.tokenHash), index('user_tokens_user_idx').on(table.userId)],
);

export const userSettings = pgTable('user_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dogQuickActions: integer().notNull().default(0),
});

export const features = pgTable('features', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  description: text(),
});

export const userFeatures = pgTable(
  'user_features',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    featureId: integer()
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.featureId] })],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userName: text().notNull(),
    ip: text(),
    wasSuccessful: boolean().notNull(),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('login_attempts_user_idx').on(table.userName, table.dateCreated)],
);
