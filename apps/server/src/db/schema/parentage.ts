// Parentage (spec 3 §4): one result set per puppy with its match status and best result, and one row per test run with
// the per-marker Pass / Fail / Skip, the engine's verdict, any override and the statistics. Duplicate dog clusters'
// review status is kept by the cluster's members (the clusters themselves are computed from the registry index).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
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
import { pets } from './community.ts';

export const parentageMatchResultSets = pgTable(
  'parentage_match_result_sets',
  {
    id: serial().primaryKey(),
    puppyPetId: integer()
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    matchStatus: smallint().notNull().default(1),
    bestMatchResultId: integer(),
    isParentageCertified: boolean().notNull().default(false),
    lastAttempted: timestamp({ withTimezone: true, mode: 'date' }),
    statusLastUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('parentage_match_result_sets_puppy_key').on(table.puppyPetId),
    check('parentage_match_result_sets_status_check', sql`${table.matchStatus} between 0 and 4`),
  ],
);

export type ParentageMarkerRecord = { marker: string; result: string; puppy: string; dam: string; sire: string };

export const parentageMatchResults = pgTable(
  'parentage_match_results',
  {
    id: serial().primaryKey(),
    setId: integer()
      .notNull()
      .references(() => parentageMatchResultSets.id, { onDelete: 'cascade' }),
    puppySampleNumber: text().notNull(),
    damSampleNumber: text().notNull(),
    sireSampleNumber: text().notNull(),
    runResult: text().notNull(),
    engineResult: text().notNull(),
    isOverridden: boolean().notNull().default(false),
    bioPetNotes: text(),
    testedMarkers: smallint().notNull(),
    failedMarkers: smallint().notNull(),
    combinedPaternityIndex: doublePrecision(),
    probabilityOfExclusion: doublePrecision(),
    possibleMutation: boolean().notNull().default(false),
    markers: jsonb().$type<ParentageMarkerRecord[]>().notNull(),
    executedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    executedByName: text(),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('parentage_match_results_set_idx').on(table.setId),
    check(
      'parentage_match_results_run_result_check',
      sql`${table.runResult} in ('Certified', 'Disqualified', 'Inconclusive')`,
    ),
    check(
      'parentage_match_results_engine_result_check',
      sql`${table.engineResult} in ('Certified', 'Disqualified', 'Inconclusive')`,
    ),
  ],
);

/** A reviewed duplicate cluster, keyed by its members' DNA profile ids (sorted, comma-joined). */
export const duplicateClusterReviews = pgTable(
  'duplicate_cluster_reviews',
  {
    id: serial().primaryKey(),
    memberKey: text().notNull(),
    status: smallint().notNull().default(1),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedByName: text(),
    dateReviewed: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('duplicate_cluster_reviews_member_key').on(table.memberKey)],
);
