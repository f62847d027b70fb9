// The history of every sample, pet (DN/DNI) or waste (TD/TDI): status changes and flag changes with who and when. Keyed
// by the upper-cased sample number so both kinds, and later DNA profiles, share one history without a foreign key each.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { SampleCustomerStatus, SampleHistoryEntryType } from '@registry/contracts';
import { oneOf } from './checks.ts';
import { users } from './accounts.ts';

export const sampleHistory = pgTable(
  'sample_history',
  {
    id: serial().primaryKey(),
    sampleNumber: text().notNull(),
    entryType: smallint().notNull(),
    action: text().notNull(),
    fromStatus: smallint(),
    toStatus: smallint(),
    notes: text(),
    changedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('sample_history_sample_idx').on(table.sampleNumber, table.changedAt),
    // The lab's samples received per week (issue 42 analytics).
    index('sample_history_received_idx')
      .on(table.changedAt)
      .where(sql`${table.toStatus} = ${sql.raw(String(SampleCustomerStatus.DnaSampleReceived))}`),
    check('sample_history_upper_check', sql`${table.sampleNumber} = upper(${table.sampleNumber})`),
    check('sample_history_entry_type_check', oneOf(table.entryType, SampleHistoryEntryType)),
    check('sample_history_from_status_check', oneOf(table.fromStatus, SampleCustomerStatus)),
    check('sample_history_to_status_check', oneOf(table.toStatus, SampleCustomerStatus)),
  ],
);
