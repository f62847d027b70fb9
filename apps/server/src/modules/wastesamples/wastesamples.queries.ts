// SQL for waste samples: one sample (by id or number) within the caller's scope, the writes, and the number lookups
// other modules need. Orphans (their property deleted) lie outside every scope but the provider staff's.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { SampleCustomerStatus } from '@registry/contracts';
import { groups, wasteResultSets, wasteSamples } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { groupInScopeSql } from '../../platform/scope.queries.ts';

export type WasteSampleRow = typeof wasteSamples.$inferSelect;
export type WasteSampleWithProperty = { sample: WasteSampleRow; propertyName: string | null };
export type WasteSampleChanges = Partial<Omit<typeof wasteSamples.$inferInsert, 'id'>>;

function visibleTo(caller: Caller): SQL {
  if (caller.isProviderStaff) return sql`true`;
  return sql`(${wasteSamples.propertyId} is not null and ${groupInScopeSql(caller)})`;
}

async function findOne(db: Db, caller: Caller, where: SQL, lock = false): Promise<WasteSampleWithProperty | undefined> {
  const query = db
    .select({ sample: wasteSamples, propertyName: groups.name })
    .from(wasteSamples)
    .leftJoin(groups, eq(groups.id, wasteSamples.propertyId))
    .where(and(where, visibleTo(caller)));
  const [row] = lock ? await query.for('update', { of: wasteSamples }) : await query;
  return row;
}

/** The sample with this id, when the caller's scope holds it; `lock` holds the row for the rest of the transaction. */
export const findById = (db: Db, caller: Caller, id: number, lock = false) =>
  findOne(db, caller, eq(wasteSamples.id, id), lock);

export const findByNumber = (db: Db, caller: Caller, sampleNumber: string, lock = false) =>
  findOne(db, caller, sql`upper(${wasteSamples.sampleNumber}) = ${sampleNumber.toUpperCase()}`, lock);

/** Whether any sample, in scope or not, has this number (numbers are unique across the registry). */
export async function numberTaken(db: Db, sampleNumber: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: wasteSamples.id })
    .from(wasteSamples)
    .where(
      and(
        sql`upper(${wasteSamples.sampleNumber}) = ${sampleNumber.toUpperCase()}`,
        exceptId === undefined ? undefined : sql`${wasteSamples.id} <> ${exceptId}`,
      ),
    );
  return rows.length > 0;
}

export async function insert(db: Db, values: typeof wasteSamples.$inferInsert): Promise<WasteSampleRow> {
  const [row] = await db.insert(wasteSamples).values(values).returning();
  return row;
}

export async function update(db: Db, id: number, changes: WasteSampleChanges): Promise<WasteSampleRow> {
  const [row] = await db
    .update(wasteSamples)
    .set({ ...changes, dateUpdated: new Date() })
    .where(eq(wasteSamples.id, id))
    .returning();
  return row;
}

export async function remove(db: Db, id: number): Promise<void> {
  await db.delete(wasteSamples).where(eq(wasteSamples.id, id));
}

/** The property's name, for answers built after a write. */
export async function propertyName(db: Db, propertyId: number | null): Promise<string | null> {
  if (propertyId === null) return null;
  const [row] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, propertyId));
  return row?.name ?? null;
}

/** Of these numbers (upper-cased), those that are stored waste samples, whoever's scope holds them. */
export async function existingNumbers(db: Db, numbers: readonly string[]): Promise<string[]> {
  const upper = [...new Set(numbers.map((number) => number.toUpperCase()))];
  if (upper.length === 0) return [];
  const rows = await db
    .select({ sampleNumber: wasteSamples.sampleNumber })
    .from(wasteSamples)
    .where(inArray(sql`upper(${wasteSamples.sampleNumber})`, upper));
  return rows.map((row) => row.sampleNumber);
}

/** The property and number of a sample, for the notification of its status change. */
export async function sampleNotice(db: Db, id: number) {
  const [row] = await db
    .select({ propertyId: wasteSamples.propertyId, sampleNumber: wasteSamples.sampleNumber })
    .from(wasteSamples)
    .where(eq(wasteSamples.id, id));
  return row ?? null;
}

/** The waste samples of match result sets, still in the lab's hands (below DNA processing complete), locked. */
export async function inProgressSamplesOfResultSets(db: Db, resultSetIds: number[]): Promise<WasteSampleRow[]> {
  if (resultSetIds.length === 0) return [];
  return db
    .select()
    .from(wasteSamples)
    .where(
      and(
        inArray(
          wasteSamples.id,
          db
            .select({ id: wasteResultSets.wasteSampleId })
            .from(wasteResultSets)
            .where(inArray(wasteResultSets.id, resultSetIds)),
        ),
        sql`${wasteSamples.customerFacingStatus} < ${SampleCustomerStatus.DnaProcessingComplete}`,
      ),
    )
    .orderBy(wasteSamples.id)
    .for('update');
}
