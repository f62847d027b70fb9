// SQL of the lab's own panels (dna_lab_panels).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dnaLabPanels } from '../../db/schema/index.ts';

export type LabPanelRecord = typeof dnaLabPanels.$inferSelect;

export async function labPanels(db: Db): Promise<LabPanelRecord[]> {
  return db.select().from(dnaLabPanels).orderBy(dnaLabPanels.dateCreated);
}
export async function labPanelNameTaken(db: Db, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: dnaLabPanels.id })
    .from(dnaLabPanels)
    .where(eq(sql`lower(${dnaLabPanels.name})`, name.toLowerCase()));
  return rows.length > 0;
}
export async function insertLabPanel(db: Db, row: typeof dnaLabPanels.$inferInsert) {
  const [stored] = await db.insert(dnaLabPanels).values(row).returning();
  return stored;
}
