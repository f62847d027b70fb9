// Group tallies: per group, the counts and dates of its whole subtree that the dashboard and subgroup lists read, kept
// current by database triggers on groups, memberships, pets and pre-registered residents (migration 0001_group_tallies).
import { boolean, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';

/**
 * Two rows per group: `active` true sums what belongs to the subtree's active groups, false what belongs to its
 * inactive ones (subgroups by their own state; members, pets and residents by their pet-owner group's state). Pet
 * counts are per customer-facing status (pets_status_{value}); the dashboard folds them into its buckets.
 */
export const groupTallies = pgTable(
  'group_tallies',
  {
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    active: boolean().notNull(),
    /** Groups beneath this one (not itself) in this state. */
    subgroups: integer().notNull().default(0),
    dogOwners: integer().notNull().default(0),
    movedOut: integer().notNull().default(0),
    nonDogOwners: integer().notNull().default(0),
    awaitingApproval: integer().notNull().default(0),
    /** Pre-registered residents of every status (the residents list's unfiltered total). */
    residentsTotal: integer().notNull().default(0),
    petsTotal: integer().notNull().default(0),
    petsStatus0: integer('pets_status_0').notNull().default(0),
    petsStatus10: integer('pets_status_10').notNull().default(0),
    petsStatus15: integer('pets_status_15').notNull().default(0),
    petsStatus20: integer('pets_status_20').notNull().default(0),
    petsStatus30: integer('pets_status_30').notNull().default(0),
    petsStatus40: integer('pets_status_40').notNull().default(0),
    petsStatus45: integer('pets_status_45').notNull().default(0),
    petsStatus50: integer('pets_status_50').notNull().default(0),
    petsStatus52: integer('pets_status_52').notNull().default(0),
    petsStatus55: integer('pets_status_55').notNull().default(0),
    petsStatus300: integer('pets_status_300').notNull().default(0),
    petsStatus350: integer('pets_status_350').notNull().default(0),
    petsStatus400: integer('pets_status_400').notNull().default(0),
    petsStatus500: integer('pets_status_500').notNull().default(0),
    /** Waste samples collected on the subtree's properties, per customer-facing status (those a waste sample takes). */
    wasteTotal: integer().notNull().default(0),
    wasteStatus0: integer('waste_status_0').notNull().default(0),
    wasteStatus10: integer('waste_status_10').notNull().default(0),
    wasteStatus15: integer('waste_status_15').notNull().default(0),
    wasteStatus30: integer('waste_status_30').notNull().default(0),
    wasteStatus300: integer('waste_status_300').notNull().default(0),
    wasteStatus400: integer('waste_status_400').notNull().default(0),
    wasteStatus500: integer('waste_status_500').notNull().default(0),
    lastPet: timestamp({ withTimezone: true, mode: 'date' }),
    lastSample: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.active] })],
);

/**
 * Groups whose tallies wait for a recount: inside a transaction that defers them (db/group-tallies.ts, the bulk
 * import's rows), the tally triggers append the groups a change touches here instead of recounting them. Plain appends
 * with no key, so concurrent rows never wait on each other; refreshDeferredTallies recounts and removes them.
 */
export const groupTalliesPending = pgTable('group_tallies_pending', {
  groupId: integer().notNull(),
});
