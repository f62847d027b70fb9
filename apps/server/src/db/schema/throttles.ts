// Attempt counters of the sign-in, password and token-login calls, per address and per user name, shared by every process.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const authThrottles = pgTable('auth_throttles', {
  /** `<action>:ip:<address>` or `<action>:user:<lower-case name or email>`. */
  key: text().primaryKey(),
  attempts: integer().notNull().default(0),
  windowStarted: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true, mode: 'date' }),
  /** Lockouts in a row: each one lasts twice the one before. */
  lockouts: integer().notNull().default(0),
});
