// SQL of field collection: the collection records and their photos, and the property's collection points with their
// approved match result (a read-only report query over the matching tables, like the reports' own).
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../platform/context.ts';
import { groupInScopeSql } from '../../platform/scope.queries.ts';
import {
  groups,
  users,
  wasteCollectionPhotos,
  wasteCollections,
  wasteMatchResults,
  wasteResultSets,
  wasteSamples,
} from '../../db/schema/index.ts';

export type CollectionRow = typeof wasteCollections.$inferSelect;
export type PhotoRow = typeof wasteCollectionPhotos.$inferSelect;
export type CollectionWithNames = { collection: CollectionRow; sampleNumber: string; recordedBy: string | null };

const withNames = (db: Db) =>
  db
    .select({ collection: wasteCollections, sampleNumber: wasteSamples.sampleNumber, recordedBy: users.userName })
    .from(wasteCollections)
    .innerJoin(wasteSamples, eq(wasteSamples.id, wasteCollections.wasteSampleId))
    .leftJoin(users, eq(users.id, wasteCollections.recordedById));

export async function findByClientId(db: Db, clientId: string): Promise<CollectionWithNames | undefined> {
  const [row] = await withNames(db).where(eq(wasteCollections.clientId, clientId));
  return row;
}

export async function findBySampleId(db: Db, wasteSampleId: number): Promise<CollectionWithNames | undefined> {
  const [row] = await withNames(db).where(eq(wasteCollections.wasteSampleId, wasteSampleId));
  return row;
}

export async function insertCollection(tx: Db, values: typeof wasteCollections.$inferInsert): Promise<CollectionRow> {
  const [row] = await tx.insert(wasteCollections).values(values).returning();
  return row!;
}

export async function insertPhotos(tx: Db, rows: (typeof wasteCollectionPhotos.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(wasteCollectionPhotos).values(rows);
}

export function photosOf(db: Db, collectionId: number): Promise<PhotoRow[]> {
  return db
    .select()
    .from(wasteCollectionPhotos)
    .where(eq(wasteCollectionPhotos.collectionId, collectionId))
    .orderBy(asc(wasteCollectionPhotos.position));
}

/** The sample's collection record and when the lab received the sample (the certificate's custody summary). */
export async function collectionWithReceipt(db: Db, wasteSampleId: number) {
  const [row] = await db
    .select({ collection: wasteCollections, dateReceived: wasteSamples.dateReceived })
    .from(wasteCollections)
    .innerJoin(wasteSamples, eq(wasteSamples.id, wasteCollections.wasteSampleId))
    .where(eq(wasteCollections.wasteSampleId, wasteSampleId));
  return row;
}

export type PointFilter = { propertyId: number; from: Date | null; to: Date | null; result: string };

const RESULT_SQL = sql<string>`case
  when ${wasteMatchResults.status} in ('Match', 'MultipleMatch') then 'Match'
  when ${wasteMatchResults.status} = 'NoMatch' then 'NoMatch'
  else 'Pending' end`;

/** The property's collection points in the window (at most 2,000, the newest), with their approved result's kind. */
export function collectionPoints(db: Db, filter: PointFilter) {
  const where: SQL[] = [eq(wasteSamples.propertyId, filter.propertyId)];
  if (filter.from) where.push(gte(wasteCollections.collectedAt, filter.from));
  if (filter.to) where.push(lt(wasteCollections.collectedAt, filter.to));
  if (filter.result !== 'Any') where.push(sql`${RESULT_SQL} = ${filter.result}`);
  return db
    .select({
      wasteSampleId: wasteSamples.id,
      sampleNumber: wasteSamples.sampleNumber,
      collectedAt: wasteCollections.collectedAt,
      latitude: wasteCollections.latitude,
      longitude: wasteCollections.longitude,
      accuracyMeters: wasteCollections.accuracyMeters,
      result: RESULT_SQL,
    })
    .from(wasteCollections)
    .innerJoin(wasteSamples, eq(wasteSamples.id, wasteCollections.wasteSampleId))
    .leftJoin(wasteResultSets, eq(wasteResultSets.wasteSampleId, wasteSamples.id))
    .leftJoin(wasteMatchResults, eq(wasteMatchResults.id, wasteResultSets.currentlyApprovedResultId))
    .where(and(...where))
    .orderBy(sql`${wasteCollections.collectedAt} desc`)
    .limit(2000);
}

/** The properties in the caller's scope, by name (at most 500). */
export function propertiesInScope(db: Db, caller: Caller, propertyType: number) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.groupType, propertyType), groupInScopeSql(caller)))
    .orderBy(asc(groups.name))
    .limit(500);
}
