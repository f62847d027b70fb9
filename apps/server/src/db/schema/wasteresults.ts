// Waste matching (spec 3 §4 "Match runs", "Rerun all no-matches"): one result set per waste sample, each match run's
// result with its stored comparison and statistics, the change records of reruns (no-match to match report), and the
// rerun-all-no-matches runs with their progress.
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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { groups } from './groups.ts';
import { wasteSamples } from './waste.ts';

const RESULT_VALUES = sql`('Match', 'NoMatch', 'NonCanine', 'Inconclusive', 'Fail', 'MultipleMatch')`;

/** A waste sample's match result set: ready once its DNA profile is approved; the approved result is its answer. */
export const wasteResultSets = pgTable(
  'waste_result_sets',
  {
    id: serial().primaryKey(),
    wasteSampleId: integer()
      .notNull()
      .references(() => wasteSamples.id, { onDelete: 'cascade' }),
    /** The approved waste DNA profile the runs compare (dna_profiles.id). */
    wasteDnaProfileId: integer(),
    readyForMatching: boolean().notNull().default(false),
    currentlyApprovedResultId: integer(),
    // The latest result and the latest change record, kept by the code that stores or deletes them (in the same
    // transaction): the lists page and count the sets without looking up each set's latest rows (issue 22 benchmark).
    latestResultId: integer(),
    latestStatus: text(),
    latestChangeId: integer(),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dateAttempted: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('waste_result_sets_sample_key').on(table.wasteSampleId),
    index('waste_result_sets_attempted_idx').on(table.dateAttempted),
    index('waste_result_sets_latest_status_idx').on(table.latestStatus),
  ],
);

export type StoredGenotype = { key: string; alleleAValue: string; alleleBValue: string };

/** One match run of a result set. */
export const wasteMatchResults = pgTable(
  'waste_match_results',
  {
    id: serial().primaryKey(),
    resultSetId: integer()
      .notNull()
      .references(() => wasteResultSets.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    bioPetNotes: text(),
    matchedPetId: integer(),
    matchedPetDnaProfileId: integer(),
    matchedSampleNumber: text(),
    matchedPetOwnerId: integer(),
    sampleNumberOverride: text(),
    isAdjacentPropertyMatch: boolean().notNull().default(false),
    isMoveOut: boolean().notNull().default(false),
    /** The analyst chose the result (and, for a Match, the dog) over the engine's: the certificate says so. */
    isAnalystOverride: boolean().notNull().default(false),
    /** The markers on which an overridden Match's dog disagrees with the waste profile (left out of the statistic). */
    disagreeingMarkers: jsonb().$type<string[]>(),
    /** The genotypes compared: { wasteDnaProfile, petDnaProfiles: [{ sampleNumber, genotypes }] }. */
    comparison: jsonb()
      .$type<{
        wasteDnaProfile: StoredGenotype[];
        petDnaProfiles: { sampleNumber: string; genotypes: StoredGenotype[] }[];
      }>()
      .notNull(),
    candidateCount: integer().notNull().default(0),
    randomMatchProbability: doublePrecision(),
    likelihoodRatio: doublePrecision(),
    oneInText: text(),
    globalResultsCount: integer().notNull().default(0),
    runCount: integer().notNull().default(1),
    isRerun: boolean().notNull().default(false),
    isApproved: boolean().notNull().default(false),
    dateApproved: timestamp({ withTimezone: true, mode: 'date' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('waste_match_results_set_idx').on(table.resultSetId, table.id),
    check('waste_match_results_status_check', sql`${table.status} in ${RESULT_VALUES}`),
  ],
);

/** A rerun that changed a result (a no-match that now matches): the date and the earlier result. */
export const wasteResultChanges = pgTable(
  'waste_result_changes',
  {
    id: serial().primaryKey(),
    resultSetId: integer()
      .notNull()
      .references(() => wasteResultSets.id, { onDelete: 'cascade' }),
    resultId: integer()
      .notNull()
      .references(() => wasteMatchResults.id, { onDelete: 'cascade' }),
    fromStatus: text().notNull(),
    toStatus: text().notNull(),
    dateChanged: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('waste_result_changes_set_idx').on(table.resultSetId)],
);

/** A rerun-all-no-matches run (one pg-boss job): its scope, progress and outcome. */
export const wasteRerunRuns = pgTable(
  'waste_rerun_runs',
  {
    id: serial().primaryKey(),
    jobId: text(),
    groupId: integer().references(() => groups.id, { onDelete: 'set null' }),
    status: text().notNull().default('InProgress'),
    total: integer().notNull().default(0),
    done: integer().notNull().default(0),
    changed: integer().notNull().default(0),
    startedById: integer().references(() => users.id, { onDelete: 'set null' }),
    dateStarted: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dateFinished: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('waste_rerun_runs_status_check', sql`${table.status} in ('InProgress', 'Completed', 'Cancelled', 'Failed')`),
    // One run in progress at a time.
    uniqueIndex('waste_rerun_runs_one_in_progress')
      .on(table.status)
      .where(sql`${table.status} = 'InProgress'`),
  ],
);
