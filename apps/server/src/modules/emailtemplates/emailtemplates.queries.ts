// SQL of the email templates and their event configs.
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTemplateConfigs, emailTemplates } from '../../db/schema/index.ts';

export type ConfigRow = typeof emailTemplateConfigs.$inferSelect;
export type TemplateRow = typeof emailTemplates.$inferSelect;
export type ConfigValues = Omit<typeof emailTemplateConfigs.$inferInsert, 'eventName' | 'dateUpdated'>;

export const allConfigs = (db: Db) => db.select().from(emailTemplateConfigs).orderBy(emailTemplateConfigs.eventName);

export async function findConfig(db: Db, eventName: string): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(emailTemplateConfigs).where(eq(emailTemplateConfigs.eventName, eventName));
  return row;
}

export async function insertConfig(db: Db, eventName: string, values: ConfigValues) {
  await db.insert(emailTemplateConfigs).values({ ...values, eventName });
}

export async function updateConfig(db: Db, eventName: string, values: ConfigValues) {
  await db
    .update(emailTemplateConfigs)
    .set({ ...values, dateUpdated: new Date() })
    .where(eq(emailTemplateConfigs.eventName, eventName));
}

export async function deleteConfig(db: Db, eventName: string) {
  await db.delete(emailTemplateConfigs).where(eq(emailTemplateConfigs.eventName, eventName));
}

export const allTemplates = (db: Db) => db.select().from(emailTemplates).orderBy(emailTemplates.eventName, emailTemplates.id);

export async function findTemplate(db: Db, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  return row;
}

export const templatesByIds = (db: Db, ids: number[]) =>
  ids.length ? db.select().from(emailTemplates).where(inArray(emailTemplates.id, ids)) : Promise.resolve([]);

/** The event's most recently edited template (used when its config names none). */
export async function latestTemplateOf(db: Db, eventName: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.eventName, eventName))
    .orderBy(desc(emailTemplates.dateUpdated), desc(emailTemplates.id))
    .limit(1);
  return row;
}

export async function insertTemplate(db: Db, values: Pick<TemplateRow, 'name' | 'eventName' | 'subject' | 'body'>) {
  const [row] = await db.insert(emailTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  db: Db,
  id: number,
  values: Pick<TemplateRow, 'name' | 'eventName' | 'subject' | 'body'>,
) {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...values, dateUpdated: new Date() })
    .where(eq(emailTemplates.id, id))
    .returning();
  return row;
}

export async function deleteTemplate(db: Db, id: number) {
  await db.delete(emailTemplates).where(eq(emailTemplates.id, id));
}
