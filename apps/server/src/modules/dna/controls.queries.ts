// SQL of the controls kept per panel, with the positive control's reference genotype.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { SampleType } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { dnaControls, users } from '../../db/schema/index.ts';
import { pagedSelect } from '../../platform/paging.queries.ts';

export async function listControls(db: Db, q: { page: number; pageSize: number; panelId?: string }) {
  const where = q.panelId ? eq(dnaControls.panelId, q.panelId) : undefined;
  const { rows, total } = await pagedSelect(
    q,
    db
      .select({
        id: dnaControls.id,
        panelId: dnaControls.panelId,
        sampleType: dnaControls.sampleType,
        knownCodes: dnaControls.knownCodes,
        dateCreated: dnaControls.dateCreated,
        createdBy: users.userName,
      })
      .from(dnaControls)
      .leftJoin(users, eq(users.id, dnaControls.createdBy))
      .where(where)
      .orderBy(desc(dnaControls.dateCreated), desc(dnaControls.id))
      .$dynamic(),
    db.select({ total: count() }).from(dnaControls).where(where),
  );
  return { data: rows, totalRecords: total };
}
export async function insertControl(db: Db, values: typeof dnaControls.$inferInsert) {
  const [row] = await db.insert(dnaControls).values(values).returning();
  return row;
}
export async function deleteControl(db: Db, id: number) {
  const [row] = await db.delete(dnaControls).where(eq(dnaControls.id, id)).returning();
  return row;
}
export async function knownPositiveControl(db: Db, panelId: string) {
  const [row] = await db
    .select({ knownCodes: dnaControls.knownCodes })
    .from(dnaControls)
    .where(
      and(
        eq(dnaControls.panelId, panelId),
        eq(dnaControls.sampleType, SampleType.PositiveControl),
        sql`${dnaControls.knownCodes} is not null`,
      ),
    )
    .orderBy(desc(dnaControls.id))
    .limit(1);
  return row?.knownCodes ?? null;
}
