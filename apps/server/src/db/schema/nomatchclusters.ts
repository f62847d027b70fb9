// No-match clusters (spec 3 §2 "No-match clusters lab", §4 "Clusters"): waste samples whose result is NoMatch, grouped
// by the engine's incremental no-match clustering into one cluster per unknown dog, each candidate reviewed by the lab
// (pending, approved, denied), moved between clusters or approved as a single.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { dnaProfiles } from './dna.ts';
import { wasteResultSets } from './wasteresults.ts';
import { wasteSamples } from './waste.ts';

export const noMatchClusters = pgTable('no_match_clusters', {
  id: serial().primaryKey(),
  panelId: text().notNull(),
  dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A waste sample in a cluster: status 0 pending, 1 approved, 2 denied; placedBy 'Engine' or 'Lab' (a move). */
export const noMatchCandidates = pgTable(
  'no_match_candidates',
  {
    id: serial().primaryKey(),
    clusterId: integer()
      .notNull()
      .references(() => noMatchClusters.id, { onDelete: 'cascade' }),
    wasteSampleId: integer()
      .notNull()
      .references(() => wasteSamples.id, { onDelete: 'cascade' }),
    resultSetId: integer()
      .notNull()
      .references(() => wasteResultSets.id, { onDelete: 'cascade' }),
    dnaProfileId: integer()
      .notNull()
      .references(() => dnaProfiles.id, { onDelete: 'cascade' }),
    status: smallint().notNull().default(0),
    placedBy: text().notNull().default('Engine'),
    dateApproved: timestamp({ withTimezone: true, mode: 'date' }),
    reviewedById: integer().references(() => users.id, { onDelete: 'set null' }),
    dateAdded: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('no_match_candidates_sample_key').on(table.wasteSampleId),
    index('no_match_candidates_cluster_idx').on(table.clusterId),
    index('no_match_candidates_profile_idx').on(table.dnaProfileId),
    check('no_match_candidates_status_check', sql`${table.status} in (0, 1, 2)`),
    check('no_match_candidates_placed_by_check', sql`${table.placedBy} in ('Engine', 'Lab')`),
  ],
);
