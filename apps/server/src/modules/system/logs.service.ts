// Reading the email log and the audit log with their filters; clearing the email log.
import { and, asc, count, desc, eq, gte, ilike, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { Messages, usDateBounds } from '@registry/contracts';
import { auditLog, emailLog } from '../../db/schema/index.ts';
import { verifyAuditChain, writeAudit } from '../../platform/audit.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';

type Sorting = { orderBy?: string; ascending?: boolean };
/** Newest first until the user picks a column; a picked column sorts ascending unless told otherwise, id breaking ties. */
function orderOf(columns: ReadonlyMap<string, AnyColumn | SQL>, fallback: string, idColumn: AnyColumn, sorting: Sorting): SQL[] {
  const column = sortColumn(columns, sorting.orderBy, fallback);
  const picked = sorting.orderBy !== undefined && columns.has(sorting.orderBy.toLowerCase());
  const ascending = sorting.ascending ?? picked;
  return ascending ? [asc(column), asc(idColumn)] : [desc(column), desc(idColumn)];
}

const EMAIL_LOG_ORDER = sortColumns<AnyColumn | SQL>({
  dateSent: emailLog.dateSent,
  subject: sql`lower(${emailLog.subject})`,
  recipients: sql`lower(${emailLog.recipients})`,
  wasSuccessful: emailLog.wasSuccessful,
});
const AUDIT_LOG_ORDER = sortColumns<AnyColumn | SQL>({
  dateCreated: auditLog.sequence,
  createdBy: sql`lower(${auditLog.userName})`,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  actionType: auditLog.actionType,
});

export async function emailLogPage(ctx: SignedInContext, query: Sorting & { page: number; pageSize: number; subjectFilter?: string; recipientsFilter?: string; dateFilter?: string; wasSuccessfulFilter?: boolean }) {
  const conditions: SQL[] = [];
  if (query.subjectFilter) conditions.push(ilike(emailLog.subject, `%${query.subjectFilter}%`));
  if (query.recipientsFilter) conditions.push(ilike(emailLog.recipients, `%${query.recipientsFilter}%`));
  if (query.dateFilter) {
    const day = usDateBounds(query.dateFilter, ctx.config.labTimeZone)!;
    conditions.push(gte(emailLog.dateSent, day.start), lte(emailLog.dateSent, day.end));
  }
  if (query.wasSuccessfulFilter !== undefined) conditions.push(eq(emailLog.wasSuccessful, query.wasSuccessfulFilter));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select().from(emailLog).where(where).orderBy(...orderOf(EMAIL_LOG_ORDER, 'dateSent', emailLog.id, query)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
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

export async function auditLogPage(ctx: SignedInContext, query: Sorting & { page: number; pageSize: number; startDate?: string; endDate?: string; entityType?: string; actionType?: string; createdBy?: string }) {
  const conditions: SQL[] = [];
  // The range's days are the lab's: from 00:00:00.000 of the first to 23:59:59.999 of the last.
  if (query.startDate) conditions.push(gte(auditLog.dateCreated, usDateBounds(query.startDate, ctx.config.labTimeZone)!.start));
  if (query.endDate) conditions.push(lte(auditLog.dateCreated, usDateBounds(query.endDate, ctx.config.labTimeZone)!.end));
  if (query.entityType) conditions.push(sql`lower(${auditLog.entityType}) = lower(${query.entityType})`);
  if (query.actionType) conditions.push(sql`lower(${auditLog.actionType}) = lower(${query.actionType})`);
  if (query.createdBy) conditions.push(ilike(auditLog.userName, `%${query.createdBy}%`));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select().from(auditLog).where(where).orderBy(...orderOf(AUDIT_LOG_ORDER, 'dateCreated', auditLog.id, query)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
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
