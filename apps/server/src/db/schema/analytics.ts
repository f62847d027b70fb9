// Lab analytics precomputed by the writes (issue 42): kept by database triggers on waste samples, plates and profiles
// (migration 0042_analytics_tallies, functions in db/functions/lab_*.sql), so every writer keeps them right and a
// rollback rolls them back. The lab page reads a year from these instead of every waste sample and profile
// (docs/decisions/integrations-analytics.md, "Performance").
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * Waste samples received per UTC day, by receipt bucket (whole 6-hour steps from collection to receipt, the function
 * lab_receipt_bucket): the weekly counts sum the days, and the receipt percentiles find the bucket holding a rank here,
 * then read only that bucket's samples (index waste_samples_receipt_bucket_idx).
 */
export const labReceiptsDaily = pgTable(
  'lab_receipts_daily',
  {
    day: date().notNull(),
    /** Null: the sample has no collection day (received, but no turnaround to count). */
    bucket: integer(),
    samples: integer().notNull(),
  },
  (table) => [unique('lab_receipts_daily_day_bucket_key').on(table.day, table.bucket).nullsNotDistinct()],
);

/**
 * One row per plate and sample number typed on it: its profiles there folded (count, first typing, last approval,
 * marked rerun or reswab, every profile failed) beside the plate's upload time and the waste sample's receipt, so the
 * period's typed samples are read without joining every profile to its plate and every waste sample.
 */
export const labTypedSamples = pgTable(
  'lab_typed_samples',
  {
    plateId: integer().notNull(),
    sampleNumber: text().notNull(),
    plateCreatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    profiles: integer().notNull(),
    firstTypedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    lastApprovedAt: timestamp({ withTimezone: true, mode: 'date' }),
    rerun: boolean().notNull(),
    reswab: boolean().notNull(),
    failed: boolean().notNull(),
    /** The waste sample's receipt (null: not received yet, or not a waste sample). */
    receivedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * The sample's only plate (no other row has its number): most samples, which a period reads as they are; the
     * others are folded per sample across the period's plates.
     */
    onlyPlate: boolean().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.plateId, table.sampleNumber] }),
    index('lab_typed_samples_plate_created_idx').on(table.plateCreatedAt),
    index('lab_typed_samples_sample_number_idx').on(table.sampleNumber),
  ],
);
