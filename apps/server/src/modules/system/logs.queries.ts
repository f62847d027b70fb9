// SQL for the email log and the audit log: filtered pages, and clearing the email log.
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ilikeContains } from '../../db/like.ts';
import { auditLog, emailLog } from '../../db/schema/index.ts';

const DAY_MS = 86_400_000;
type Page = { page: number; pageSize: number };

export type EmailLogFilter = { subjectFilter?: string; recipientsFilter?: string; day?: Date; wasSuccessfulFilter?: boolean };

export async function emailLogPage(db: Db, filter: EmailLogFilter, page: Page) {
  const conditions: SQL[] = [];
  if (filter.subjectFilter) conditions.push(ilikeContains(emailLog.subject, filter.subjectFilter));
  if (filter.recipientsFilter) conditions.push(ilikeContains(emailLog.recipients, filter.recipientsFilter));
  if (filter.day) conditions.push(gte(emailLog.dateSent, filter.day), lt(emailLog.dateSent, new Date(filter.day.getTime() + DAY_MS)));
  if (filter.wasSuccessfulFilter !== undefined) conditions.push(eq(emailLog.wasSuccessful, filter.wasSuccessfulFilter));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(emailLog).where(where).orderBy(desc(emailLog.dateSent), desc(emailLog.id)).limit(page.pageSize).offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(emailLog).where(where),
  ]);
  return { rows, total };
}

/** Deletes every email log entry and answers how many there were. */
export async function deleteEmailLog(db: Db): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(emailLog);
  await db.delete(emailLog);
  return total;
}

export type AuditLogFilter = { start?: Date; endDay?: Date; entityType?: string; actionType?: string; createdBy?: string };

export async function auditLogPage(db: Db, filter: AuditLogFilter, page: Page) {
  const conditions: SQL[] = [];
  if (filter.start) conditions.push(gte(auditLog.dateCreated, filter.start));
  if (filter.endDay) conditions.push(lt(auditLog.dateCreated, new Date(filter.endDay.getTime() + DAY_MS)));
  if (filter.entityType) conditions.push(sql`lower(${auditLog.entityType}) = lower(${filter.entityType})`);
  if (filter.actionType) conditions.push(sql`lower(${auditLog.actionType}) = lower(${filter.actionType})`);
  if (filter.createdBy) conditions.push(ilikeContains(auditLog.userName, filter.createdBy));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.sequence)).limit(page.pageSize).offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total };
}
