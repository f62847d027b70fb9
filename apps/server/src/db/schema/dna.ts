// The DNA lab (spec 3 §3-§4): controls, uploaded plates with their GeneMapper file, one DNA profile per sample of a plate,
// each sample's approval dates, and the change log that keeps every API process's registry index current.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
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
import { DnaProfileLabStatus, SampleType } from '@registry/contracts';
import { oneOf } from './checks.ts';
import { users } from './accounts.ts';

/** A panel the lab defined (markers in order, each with its bins); loaded into the engine's panel registry. */
export const dnaLabPanels = pgTable(
  'dna_lab_panels',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    species: text().notNull(),
    minimumMarkers: smallint().notNull(),
    markers: jsonb().$type<{ name: string; isGenderMarker: boolean; bins: number[] }[]>().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('dna_lab_panels_name_key').on(sql`lower(${table.name})`)],
);

/** A control kept for a panel; a positive control may carry its known genotype (allele codes in panel order). */
export const dnaControls = pgTable(
  'dna_controls',
  {
    id: serial().primaryKey(),
    panelId: text().notNull(),
    sampleType: smallint().notNull(),
    knownCodes: integer().array(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('dna_controls_sample_type_check', sql`${table.sampleType} in (2, 3, 4)`),
    index('dna_controls_panel_idx').on(table.panelId),
  ],
);

export type ControlProblemRecord = { control: string; problems: string[] } | string;

/** One uploaded GeneMapper plate; `filePath` names the export in the files store. */
export const dnaPlates = pgTable(
  'dna_plates',
  {
    id: serial().primaryKey(),
    plateName: text().notNull(),
    fileName: text().notNull(),
    filePath: text().notNull(),
    /** SHA-256 of the file's bytes (hex): the same file under another name is refused; unique, so two concurrent
     * uploads of one file cannot both pass. Null on plates stored before the hash was kept. */
    contentHash: text(),
    panelId: text().notNull(),
    plateSize: smallint().notNull(),
    layout: text().notNull(),
    controlsPassed: boolean().notNull(),
    controlsOverridden: boolean().notNull().default(false),
    controlProblems: jsonb().$type<unknown[]>().notNull().default([]),
    wells: jsonb().$type<{ well: string; sampleName: string; kind: string }[]>().notNull().default([]),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdByName: text(),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('dna_plates_plate_name_key').on(sql`lower(${table.plateName})`),
    uniqueIndex('dna_plates_content_hash_key').on(table.contentHash),
    index('dna_plates_date_created_idx').on(table.dateCreated),
  ],
);

/** A sample's DNA profile as typed on one plate: the allele codes in panel order, its validation and its lab status. */
export const dnaProfiles = pgTable(
  'dna_profiles',
  {
    id: serial().primaryKey(),
    plateId: integer()
      .notNull()
      .references(() => dnaPlates.id, { onDelete: 'cascade' }),
    /** Upper-cased, without any rerun suffix. */
    sampleNumber: text().notNull(),
    sampleType: smallint().notNull(),
    panelId: text().notNull(),
    codes: integer().array().notNull(),
    /** The genotype an analyst saved over the instrument's calls; the profile's effective codes when set. */
    labSavedCodes: integer().array(),
    result: text().notNull(),
    failReasons: text().array().notNull().default([]),
    pendingReasons: text().array().notNull().default([]),
    diffedMarkers: text().array().notNull().default([]),
    missingMarkers: text().array().notNull().default([]),
    well: text(),
    sex: text().notNull().default('Unknown'),
    labStatus: smallint().notNull().default(0),
    isFlagged: boolean().notNull().default(false),
    isGenderMismatch: boolean().notNull().default(false),
    isDnaVerificationCertificateRevoked: boolean().notNull().default(false),
    dateApproved: timestamp({ withTimezone: true, mode: 'date' }),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastModified: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('dna_profiles_sample_number_idx').on(table.sampleNumber),
    index('dna_profiles_plate_idx').on(table.plateId),
    // The id last: the registry index loads approved pet profiles in id-keyed batches, each an index range from where
    // the last one ended (without it every batch read all approved rows and sorted them: 80 s for 1,000,000).
    index('dna_profiles_lab_status_id_idx').on(table.labStatus, table.sampleType, table.id),
    check('dna_profiles_lab_status_check', oneOf(table.labStatus, DnaProfileLabStatus)),
    check('dna_profiles_sample_type_check', oneOf(table.sampleType, SampleType)),
    check('dna_profiles_result_check', sql`${table.result} in ('Pass', 'Fail', 'Pending')`),
    check('dna_profiles_sample_number_upper_check', sql`${table.sampleNumber} = upper(${table.sampleNumber})`),
  ],
);

/** Each approval of a sample's profile (the approval dates a lab may revert to). */
export const dnaApprovalDates = pgTable(
  'dna_approval_dates',
  {
    id: serial().primaryKey(),
    sampleNumber: text().notNull(),
    dnaProfileId: integer()
      .notNull()
      .references(() => dnaProfiles.id, { onDelete: 'cascade' }),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('dna_approval_dates_sample_idx').on(table.sampleNumber)],
);

/**
 * The registry index's change log: every approval, archive, revoke or genotype change of a pet profile appends the
 * profile's id in the same transaction. Each API process remembers the last sequence it applied and, before each
 * search, applies the newer ones (a version counter: works alike on PGlite and the PostgreSQL server).
 */
export const dnaIndexChanges = pgTable('dna_index_changes', {
  seq: bigserial({ mode: 'number' }).primaryKey(),
  dnaProfileId: integer().notNull(),
  dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
