// Waste samples: a TD sample collected on a property, received by the lab, later matched against the registry's dogs.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SampleCustomerStatus, WasteSampleReceiptFollowupAction } from '@registry/contracts';
import { users } from './accounts.ts';
import { oneOf } from './checks.ts';
import { groups } from './groups.ts';

export const wasteSamples = pgTable(
  'waste_samples',
  {
    id: serial().primaryKey(),
    /** Stored upper-cased (TD or TDI and 7 digits); unique across the registry (pet numbers have other prefixes). */
    sampleNumber: text().notNull(),
    /** The property it was collected on; null once that property is deleted (the sample is then an orphan). */
    propertyId: integer().references(() => groups.id, { onDelete: 'set null' }),
    collectionLocationNotes: text(),
    bioPetNotes: text(),
    collectedByName: text(),
    dateCollected: date({ mode: 'string' }),
    customerFacingStatus: smallint().notNull().default(0),
    isFlagged: boolean().notNull().default(false),
    flagNotes: text(),
    followupAction: smallint().notNull().default(0),
    followupActionNotes: text(),
    dateReceived: timestamp({ withTimezone: true, mode: 'date' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dateUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('waste_samples_sample_number_key').on(sql`upper(${table.sampleNumber})`),
    index('waste_samples_property_idx').on(table.propertyId),
    // Program analytics (issue 42): a program's samples of a period are one range per property; the lab's by receipt.
    index('waste_samples_property_collected_idx').on(table.propertyId, table.dateCollected),
    index('waste_samples_received_idx').on(table.dateReceived),
    check('waste_samples_sample_number_check', sql`${table.sampleNumber} ~ '^TDI?[0-9]{7}$'`),
    check('waste_samples_customer_facing_status_check', oneOf(table.customerFacingStatus, SampleCustomerStatus)),
    check('waste_samples_followup_action_check', oneOf(table.followupAction, WasteSampleReceiptFollowupAction)),
  ],
);
