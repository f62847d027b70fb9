// SQL of the custody timeline (platform/custody.ts): a sample's custody entries of the audit log, oldest first.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export function custodyEntries(db: Db, entityType: string, entityId: string) {
  return db
    .select({
      id: auditLog.id,
      actionType: auditLog.actionType,
      dateCreated: auditLog.dateCreated,
      userName: auditLog.userName,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.dateCreated), asc(auditLog.id));
}
