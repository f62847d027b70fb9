// SQL of the sample history: append an entry, read one sample's entries, find the status a sample expired from.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sampleHistory, users } from '../../db/schema/index.ts';

export type HistoryRow = typeof sampleHistory.$inferInsert;

export async function insertHistory(db: Db, row: HistoryRow) {
  await db.insert(sampleHistory).values(row);
}

/** Several entries in one multi-row insert per thousand rows. */
export async function insertHistories(db: Db, rows: HistoryRow[]) {
  for (let start = 0; start < rows.length; start += 1000)
    await db.insert(sampleHistory).values(rows.slice(start, start + 1000));
}

export async function historyOf(db: Db, sampleNumber: string) {
  return db
    .select({
      id: sampleHistory.id,
      sampleNumber: sampleHistory.sampleNumber,
      entryType: sampleHistory.entryType,
      action: sampleHistory.action,
      fromStatus: sampleHistory.fromStatus,
      toStatus: sampleHistory.toStatus,
      notes: sampleHistory.notes,
      changedByUserId: sampleHistory.changedByUserId,
      changedAt: sampleHistory.changedAt,
      userName: users.userName,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(sampleHistory)
    .leftJoin(users, eq(users.id, sampleHistory.changedByUserId))
    .where(eq(sampleHistory.sampleNumber, sampleNumber))
    .orderBy(desc(sampleHistory.changedAt), desc(sampleHistory.id));
}

/** The status the sample had when it last moved to `status` (for reinstating an expired sample). */
export async function lastStatusBefore(db: Db, sampleNumber: string, status: number): Promise<number | null> {
  const [row] = await db
    .select({ fromStatus: sampleHistory.fromStatus })
    .from(sampleHistory)
    .where(and(eq(sampleHistory.sampleNumber, sampleNumber), eq(sampleHistory.toStatus, status)))
    .orderBy(desc(sampleHistory.changedAt), desc(sampleHistory.id))
    .limit(1);
  return row?.fromStatus ?? null;
}
