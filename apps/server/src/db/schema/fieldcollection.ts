// Field collection (issue 40): the evidence recorded where a waste sample was collected, and its photos. One record per
// waste sample; the device's id makes a repeated send of the offline queue find the record it already stored.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { wasteSamples } from './waste.ts';

export const wasteCollections = pgTable(
  'waste_collections',
  {
    id: serial().primaryKey(),
    /** The id the device made when the sample was saved (the offline queue's idempotency key). */
    clientId: uuid().notNull(),
    wasteSampleId: integer()
      .notNull()
      .references(() => wasteSamples.id, { onDelete: 'cascade' }),
    /** The device's clock at collection. */
    collectedAt: timestamp({ withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    accuracyMeters: doublePrecision().notNull(),
    collectedByName: text().notNull(),
    locationNotes: text(),
    recordedById: integer().references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('waste_collections_client_id_key').on(table.clientId),
    uniqueIndex('waste_collections_waste_sample_key').on(table.wasteSampleId),
    index('waste_collections_collected_at_idx').on(table.collectedAt),
    check('waste_collections_latitude_check', sql`${table.latitude} between -90 and 90`),
    check('waste_collections_longitude_check', sql`${table.longitude} between -180 and 180`),
    check('waste_collections_accuracy_check', sql`${table.accuracyMeters} >= 0`),
  ],
);

export const wasteCollectionPhotos = pgTable(
  'waste_collection_photos',
  {
    id: serial().primaryKey(),
    collectionId: integer()
      .notNull()
      .references(() => wasteCollections.id, { onDelete: 'cascade' }),
    /** 1 to 3, in the order taken. */
    position: smallint().notNull(),
    /** The original as received, in the files store: the evidence, never rewritten. */
    originalName: text().notNull(),
    /** SHA-256 of the original's bytes, hex. */
    sha256: text().notNull(),
    bytes: bigint({ mode: 'number' }).notNull(),
    contentType: text().notNull(),
    /** The resized copy (at most 1024 px on its long side) the screens and the certificate show. */
    resizedName: text().notNull(),
  },
  (table) => [
    uniqueIndex('waste_collection_photos_position_key').on(table.collectionId, table.position),
    check('waste_collection_photos_position_check', sql`${table.position} between 1 and 3`),
    check('waste_collection_photos_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
