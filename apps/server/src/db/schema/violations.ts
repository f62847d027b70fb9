// Violation notices (issue 41): a group's fine schedule (a property inherits the nearest one above it unless it has its
// own), the notices issued from approved Match results (one per result), and each notice's steps (its history).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { groups } from './groups.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

export const fineSchedules = pgTable(
  'fine_schedules',
  {
    id: serial().primaryKey(),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    firstOffenceCents: integer().notNull(),
    secondOffenceCents: integer().notNull(),
    laterOffenceCents: integer().notNull(),
    lookBackDays: integer().notNull(),
    daysToRespond: integer().notNull(),
    daysToPay: integer().notNull(),
    fineAdjacentMatches: boolean().notNull().default(false),
    updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
    dateUpdated: at().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fine_schedules_group_key').on(table.groupId),
    check(
      'fine_schedules_amounts_check',
      sql`${table.firstOffenceCents} >= 0 and ${table.secondOffenceCents} >= 0 and ${table.laterOffenceCents} >= 0`,
    ),
    check(
      'fine_schedules_days_check',
      sql`${table.lookBackDays} > 0 and ${table.daysToRespond} > 0 and ${table.daysToPay} > 0`,
    ),
  ],
);

const STATUS_VALUES = sql`('Issued', 'Disputed', 'Upheld', 'Reduced', 'Waived', 'Appealed', 'Paid', 'Voided')`;

export const violationNotices = pgTable(
  'violation_notices',
  {
    id: serial().primaryKey(),
    /** The approved Match result behind the notice (no foreign key: a deleted result voids the notice, keeping it). */
    matchResultId: integer().notNull(),
    matchResultSetId: integer().notNull(),
    propertyId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    petOwnerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    petId: integer(),
    // What the notice said when it was issued: a notice is a document, so the names stay as they were sent.
    ownerName: text().notNull(),
    unitNumber: text(),
    petName: text().notNull(),
    petSampleNumber: text(),
    wasteSampleNumber: text().notNull(),
    dateCollected: text(),
    isAdjacentPropertyMatch: boolean().notNull().default(false),
    offenceNumber: integer().notNull(),
    originalCents: integer().notNull(),
    dueCents: integer().notNull(),
    status: text().notNull().default('Issued'),
    respondBy: at().notNull(),
    /** Null while a dispute or an appeal holds the clock. */
    payBy: at(),
    appealBy: at(),
    certificateNumber: text(),
    verificationUrl: text(),
    disputeReason: text(),
    /** The stored name of the photo sent with the dispute (a resized JPEG copy), if any. */
    disputePhoto: text(),
    reswabRequested: boolean().notNull().default(false),
    reviewNotes: text(),
    appealReason: text(),
    appealNotes: text(),
    hasBeenAppealed: boolean().notNull().default(false),
    paymentReference: text(),
    datePaid: at(),
    refundReference: text(),
    voidReason: text(),
    issuedById: integer().references(() => users.id, { onDelete: 'set null' }),
    dateIssued: at().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('violation_notices_result_key').on(table.matchResultId),
    index('violation_notices_property_idx').on(table.propertyId, table.id),
    index('violation_notices_owner_idx').on(table.petOwnerId, table.dateIssued),
    check('violation_notices_status_check', sql`${table.status} in ${STATUS_VALUES}`),
    check('violation_notices_amounts_check', sql`${table.dueCents} >= 0 and ${table.originalCents} >= 0`),
  ],
);

/** Each step of a notice, in order: who, when, what and their notes (the notice's history on screen). */
export const violationSteps = pgTable(
  'violation_steps',
  {
    id: serial().primaryKey(),
    noticeId: integer()
      .notNull()
      .references(() => violationNotices.id, { onDelete: 'cascade' }),
    action: text().notNull(),
    byUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    byName: text(),
    notes: text(),
    dateCreated: at().notNull().defaultNow(),
  },
  (table) => [index('violation_steps_notice_idx').on(table.noticeId, table.id)],
);
