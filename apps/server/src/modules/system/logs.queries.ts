// SQL for the email log and the audit log: filtered pages, and clearing the email log.
import { and, asc, count, desc, eq, gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ilikeContains } from '../../db/like.ts';
import { auditLog, emailLog } from '../../db/schema/index.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';
import { pagedSelect } from '../../platform/paging.queries.ts';

type Page = { page: number; pageSize: number; orderBy?: string; ascending?: boolean };
/** Instants bounding a filter's lab days (both included). */
type Range = { from?: Date; to?: Date };

/** Newest first until the user picks a column; a picked column sorts ascending unless told otherwise, id breaking ties. */
function orderOf(
  columns: ReadonlyMap<string, AnyColumn | SQL>,
  fallback: string,
  idColumn: AnyColumn,
  page: Page,
): SQL[] {
  const column = sortColumn(columns, page.orderBy, fallback);
  const picked = page.orderBy !== undefined && columns.has(page.orderBy.toLowerCase());
  return (page.ascending ?? picked) ? [asc(column), asc(idColumn)] : [desc(column), desc(idColumn)];
}

const EMAIL_LOG_ORDER = sortColumns<AnyColumn | SQL>({
  dateSent: emailLog.dateSent,
  subject: sql`lower(${emailLog.subject})`,
  recipients: sql`lower(${emailLog.recipients})`,
  wasSuccessful: emailLog.wasSuccessful,
});
const AUDIT_LOG_ORDER = sortColumns<AnyColumn | SQL>({
  dateCreated: auditLog.id,
  createdBy: sql`lower(${auditLog.userName})`,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  actionType: auditLog.actionType,
});

export type EmailLogFilter = Range & {
  subjectFilter?: string;
  recipientsFilter?: string;
  wasSuccessfulFilter?: boolean;
};

export async function emailLogPage(db: Db, filter: EmailLogFilter, page: Page) {
  const conditions: SQL[] = [];
  if (filter.subjectFilter) conditions.push(ilikeContains(emailLog.subject, filter.subjectFilter));
  if (filter.recipientsFilter) conditions.push(ilikeContains(emailLog.recipients, filter.recipientsFilter));
  if (filter.from) conditions.push(gte(emailLog.dateSent, filter.from));
  if (filter.to) conditions.push(lte(emailLog.dateSent, filter.to));
  if (filter.wasSuccessfulFilter !== undefined) conditions.push(eq(emailLog.wasSuccessful, filter.wasSuccessfulFilter));
  const where = conditions.length ? and(...conditions) : undefined;
  return pagedSelect(
    page,
    db
      .select()
      .from(emailLog)
      .where(where)
      .orderBy(...orderOf(EMAIL_LOG_ORDER, 'dateSent', emailLog.id, page))
      .$dynamic(),
    db.select({ total: count() }).from(emailLog).where(where),
  );
}

/** Deletes every email log entry and answers how many there were. */
export async function deleteEmailLog(db: Db): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(emailLog);
  await db.delete(emailLog);
  return total;
}

export type AuditLogFilter = Range & { entityType?: string; actionType?: string; createdBy?: string };

/**
 * The audit screen shows entity types and actions as words ('Waste match result' for 'WasteMatchResult'): a filter
 * matches the code whether it is typed as the code or as the words on screen (letters and digits compared, any case).
 */
const sameWords = (column: AnyColumn, typed: string) =>
  sql`lower(regexp_replace(${column}, '[^A-Za-z0-9]', '', 'g')) = lower(regexp_replace(${typed}, '[^A-Za-z0-9]', '', 'g'))`;

export async function auditLogPage(db: Db, filter: AuditLogFilter, page: Page) {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(gte(auditLog.dateCreated, filter.from));
  if (filter.to) conditions.push(lte(auditLog.dateCreated, filter.to));
  if (filter.entityType) conditions.push(sameWords(auditLog.entityType, filter.entityType));
  if (filter.actionType) conditions.push(sameWords(auditLog.actionType, filter.actionType));
  if (filter.createdBy) conditions.push(ilikeContains(auditLog.userName, filter.createdBy));
  const where = conditions.length ? and(...conditions) : undefined;
  return pagedSelect(
    page,
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...orderOf(AUDIT_LOG_ORDER, 'dateCreated', auditLog.id, page))
      .$dynamic(),
    db.select({ total: count() }).from(auditLog).where(where),
  );
}
