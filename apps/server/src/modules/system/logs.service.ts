// Reading the email log and the audit log with their filters; clearing the email log. SQL lives in logs.queries.ts.
import { Messages, usDateBounds } from '@registry/contracts';
import { verifyAuditChain, writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import * as q from './logs.queries.ts';

type Sorting = { orderBy?: string; ascending?: boolean };
type EmailLogQuery = Sorting & {
  page: number;
  pageSize: number;
  subjectFilter?: string;
  recipientsFilter?: string;
  dateFilter?: string;
  wasSuccessfulFilter?: boolean;
};

export async function emailLogPage(ctx: SignedInContext, query: EmailLogQuery) {
  const { page, pageSize, orderBy, ascending, dateFilter, ...filter } = query;
  // The day is the lab's: 00:00:00.000 to 23:59:59.999 in its time zone.
  const day = dateFilter ? usDateBounds(dateFilter, ctx.config.labTimeZone)! : undefined;
  const { rows, total } = await q.emailLogPage(
    ctx.db,
    { ...filter, from: day?.start, to: day?.end },
    { page, pageSize, orderBy, ascending },
  );
  return {
    totalRecords: total,
    data: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      recipients: row.recipients,
      body: row.body,
      dateSent: row.dateSent.toISOString(),
      wasSuccessful: row.wasSuccessful,
      errorMessage: row.errorMessage,
    })),
  };
}

export async function clearEmailLog(ctx: SignedInContext) {
  await withTransaction(ctx, async (tx) => {
    const entries = await q.deleteEmailLog(tx);
    await writeAudit(tx, ctx, { entityType: 'EmailLog', entityId: null, actionType: 'DeleteAll', before: { entries } });
  });
  return { message: Messages.logCleared };
}

type AuditLogQuery = Sorting & {
  page: number;
  pageSize: number;
  startDate?: string;
  endDate?: string;
  entityType?: string;
  actionType?: string;
  createdBy?: string;
};

export async function auditLogPage(ctx: SignedInContext, query: AuditLogQuery) {
  const { page, pageSize, orderBy, ascending, startDate, endDate, ...filter } = query;
  // From 00:00:00.000 of the first lab day to 23:59:59.999 of the last.
  const dates = {
    from: startDate ? usDateBounds(startDate, ctx.config.labTimeZone)!.start : undefined,
    to: endDate ? usDateBounds(endDate, ctx.config.labTimeZone)!.end : undefined,
  };
  const { rows, total } = await q.auditLogPage(ctx.db, { ...filter, ...dates }, { page, pageSize, orderBy, ascending });
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
