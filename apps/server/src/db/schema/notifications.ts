// Notifications: one row per person concerned (a match result approved, a pet's status change, a group event), listed on
// /notifications and in the header's dropdown, delivered live by server-sent events after the change commits.
import { index, integer, jsonb, boolean, pgTable, serial, smallint, text, timestamp, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { NotificationType } from '@registry/contracts';
import { users } from './accounts.ts';
import { oneOf } from './checks.ts';

/** Where clicking leads: group results (id = property, sampleNumber), pet owner page (petOwnerId, sampleNumber), group. */
export type NotificationActionParameters = {
  id?: number;
  petOwnerId?: number;
  sampleNumber?: string;
  /** A violation notice (an owner's appeal to hear). */
  noticeId?: number;
};

export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint().notNull(),
    message: text().notNull(),
    actionParameters: jsonb().$type<NotificationActionParameters>().notNull(),
    isViewed: boolean().notNull().default(false),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.dateCreated.desc(), table.id.desc()),
    index('notifications_user_unviewed_idx')
      .on(table.userId)
      .where(sql`not ${table.isViewed}`),
    check('notifications_type_check', oneOf(table.type, NotificationType)),
  ],
);
