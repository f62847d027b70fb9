// Reading the email log and the audit log with their filters; clearing the email log.
import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { Messages, parseUsDate } from '@registry/contracts';
import { auditLog, emailLog } from '../../db/schema/index.ts';
import { verifyAuditChain, writeAudit } from '../../platform/audit.ts';
import type { SignedInContext } from '../../platform/context.ts';

const DAY_MS = 86_400_000;

export async function emailLogPage(ctx: SignedInContext, query: { page: number; pageSize: number; subjectFilter?: string; recipientsFilter?: string; dateFilter?: string; wasSuccessfulFilter?: boolean }) {
  const conditions: SQL[] = [];
  if (query.subjectFilter) conditions.push(ilike(emailLog.subject, `%${query.subjectFilter}%`));
  if (query.recipientsFilter) conditions.push(ilike(emailLog.recipients, `%${query.recipientsFilter}%`));
  if (query.dateFilter) {
    const day = parseUsDate(query.dateFilter)!;
    conditions.push(gte(emailLog.dateSent, day), lt(emailLog.dateSent, new Date(day.getTime() + DAY_MS)));
  }
  if (query.wasSuccessfulFilter !== undefined) conditions.push(eq(emailLog.wasSuccessful, query.wasSuccessfulFilter));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select().from(emailLog).where(where).orderBy(desc(emailLog.dateSent), desc(emailLog.id)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: count() }).from(emailLog).where(where),
  ]);
  return {
    totalRecords: total,
    data: rows.map((row) => ({ id: row.id, subject: row.subject, recipients: row.recipients, body: row.body, dateSent: row.dateSent.toISOString(), wasSuccessful: row.wasSuccessful, errorMessage: row.errorMessage })),
  };
}

export async function clearEmailLog(ctx: SignedInContext) {
  await ctx.db.transaction(async (tx) => {
    const [{ total }] = await tx.select({ total: count() }).from(emailLog);
    await tx.delete(emailLog);
    await writeAudit(tx, ctx, { entityType: 'EmailLog', entityId: null, actionType: 'DeleteAll', before: { entries: total } });
  });
  return { message: Messages.logCleared };
}

export async function auditLogPage(ctx: SignedInContext, query: { page: number; pageSize: number; startDate?: string; endDate?: string; entityType?: string; actionType?: string; createdBy?: string }) {
  const conditions: SQL[] = [];
  if (query.startDate) conditions.push(gte(auditLog.dateCreated, parseUsDate(query.startDate)!));
  if (query.endDate) conditions.push(lt(auditLog.dateCreated, new Date(parseUsDate(query.endDate)!.getTime() + DAY_MS)));
  if (query.entityType) conditions.push(sql`lower(${auditLog.entityType}) = lower(${query.entityType})`);
  if (query.actionType) conditions.push(sql`lower(${auditLog.actionType}) = lower(${query.actionType})`);
  if (query.createdBy) conditions.push(ilike(auditLog.userName, `%${query.createdBy}%`));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select().from(auditLog).where(where).orderBy(desc(auditLog.sequence)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    totalRecords: total,
    data: rows.map((row) => ({
      id: row.id,
      dateCreated: row.dateCreated.toISOString(),
      createdBy: row.userName,
      entityType: row.entityType,
      entityId: row.entityId,
      actionType: row.actionType,
      before: row.before,
      after: row.after,
      hash: row.hash,
    })),
  };
}

export const verifyAuditLog = (ctx: SignedInContext) => verifyAuditChain(ctx.db);
