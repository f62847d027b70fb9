// Rent-roll sync (issue 42): each property's column mapping, each uploaded roll's proposal (kept until staff apply it),
// and the invitations sent to residents on the roll who have not pre-registered yet.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RentRollMapping, RentRollProposal } from '@registry/contracts';
import { users } from './accounts.ts';
import { groups } from './groups.ts';

export const rentRollMappings = pgTable('rent_roll_mappings', {
  groupId: integer()
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  mapping: jsonb().$type<RentRollMapping>().notNull(),
  updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
  dateUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The proposal as the upload answered it; what the apply may carry out is exactly what it lists. */
export type StoredRentRollProposal = Omit<RentRollProposal, 'id' | 'groupId' | 'status' | 'dateCreated'>;
export const rentRollImports = pgTable(
  'rent_roll_imports',
  {
    id: serial().primaryKey(),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    proposal: jsonb().$type<StoredRentRollProposal>().notNull(),
    status: text().notNull().default('Proposed'),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dateApplied: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('rent_roll_imports_group_idx').on(table.groupId, table.id),
    check('rent_roll_imports_status_check', sql`${table.status} in ('Proposed', 'Applied')`),
  ],
);

export const rentRollInvitations = pgTable(
  'rent_roll_invitations',
  {
    id: serial().primaryKey(),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    unit: text(),
    invitedById: integer().references(() => users.id, { onDelete: 'set null' }),
    dateInvited: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('rent_roll_invitations_group_email_key').on(table.groupId, sql`lower(${table.email})`)],
);
