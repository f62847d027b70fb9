// Notifications: other modules create them inside their own transaction (createNotifications); the person concerned
// lists, deletes and marks them viewed. Live delivery happens after commit, so a rolled-back change notifies nobody.
import {
  NotificationType,
  Messages,
  sampleStatusWords,
  type NotificationTypeName,
  type NotificationView,
} from '@registry/contracts';
import type { NotificationActionParameters } from '../../db/schema/index.ts';
import { afterCommit, withTransaction, type Services, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused } from '../../platform/errors.ts';
import { publishToUsers } from './notification-hub.ts';
import * as q from './notifications.queries.ts';

type TransactionalContext = Parameters<typeof withTransaction>[0] & Services;

export type NewNotifications = {
  /** The active admins of this group, or of these groups, or exactly these users. */
  groupId?: number;
  groupIds?: readonly number[];
  userIds?: readonly number[];
  type: NotificationTypeName;
  /** What happened, in one line ('Sample DN1234567 of Rex: DNA Processing Complete'). */
  message: string;
  actionParameters: NotificationActionParameters;
  /** Someone who made the change and need not hear of it (a group admin acting on their own group). */
  exceptUserId?: number | null;
};

/**
 * Writes one notification per person concerned (a group's active admins, or the users given) in the caller's
 * transaction, and after it commits tells their open streams, in every API process. Returns the recipients.
 */
export async function createNotifications(ctx: TransactionalContext, entry: NewNotifications): Promise<number[]> {
  return withTransaction(ctx, async (tx, txCtx) => {
    const groupIds = entry.groupIds ?? (entry.groupId ? [entry.groupId] : null);
    const candidates = groupIds ? await q.activeAdminsOfGroups(tx, groupIds) : [...new Set(entry.userIds ?? [])];
    const recipients = candidates.filter((userId) => userId !== entry.exceptUserId);
    if (recipients.length === 0) return [];
    await q.insertNotifications(tx, recipients, {
      type: NotificationType[entry.type],
      message: entry.message.slice(0, 500),
      actionParameters: entry.actionParameters,
    });
    await afterCommit(txCtx, (db) => publishToUsers(db, recipients));
    return recipients;
  });
}

/**
 * createNotifications for many entries at once (a set-based change such as approving a plate): the admins of every
 * group named are read in one query and every notification is written in one multi-row insert, in the caller's
 * transaction; the recipients' open streams are told once after commit. Entries name groups (groupId or groupIds).
 */
export async function createNotificationsBatch(
  ctx: TransactionalContext,
  entries: readonly NewNotifications[],
): Promise<number[]> {
  if (entries.length === 0) return [];
  return withTransaction(ctx, async (tx, txCtx) => {
    const groupsOf = (entry: NewNotifications) => entry.groupIds ?? (entry.groupId ? [entry.groupId] : []);
    const pairs = await q.activeAdminsByGroup(tx, [...new Set(entries.flatMap(groupsOf))]);
    const adminsOf = new Map<number, number[]>();
    for (const { groupId, userId } of pairs) adminsOf.set(groupId, [...(adminsOf.get(groupId) ?? []), userId]);
    const all = new Set<number>();
    const rows = entries.flatMap((entry) => {
      const candidates =
        entry.groupIds || entry.groupId
          ? new Set(groupsOf(entry).flatMap((groupId) => adminsOf.get(groupId) ?? []))
          : new Set(entry.userIds ?? []);
      const recipients = [...candidates].filter((userId) => userId !== entry.exceptUserId);
      for (const userId of recipients) all.add(userId);
      return recipients.map((userId) => ({
        userId,
        type: NotificationType[entry.type],
        message: entry.message.slice(0, 500),
        actionParameters: entry.actionParameters,
      }));
    });
    if (rows.length === 0) return [];
    await q.insertNotificationRows(tx, rows);
    const recipients = [...all];
    await afterCommit(txCtx, (db) => publishToUsers(db, recipients));
    return recipients;
  });
}

const typeName = (type: number) =>
  (Object.keys(NotificationType) as NotificationTypeName[]).find((name) => NotificationType[name] === type) ?? 'Group';

const toView = (row: q.NotificationRow): NotificationView => ({
  id: row.id,
  type: typeName(row.type),
  message: row.message,
  actionParameters: row.actionParameters,
  isViewed: row.isViewed,
  dateCreated: row.dateCreated.toISOString(),
});

export async function listNotifications(ctx: SignedInContext, paging: { page: number; pageSize: number }) {
  const { rows, totalRecords } = await q.notificationsOf(ctx.db, ctx.caller.userId, paging.page, paging.pageSize);
  return { data: rows.map(toView), totalRecords };
}

const RECENT = 10;

export async function recentNotifications(ctx: SignedInContext) {
  const { rows } = await q.notificationsOf(ctx.db, ctx.caller.userId, 1, RECENT);
  return { data: rows.map(toView), unreadCount: await q.unreadCountOf(ctx.db, ctx.caller.userId) };
}

/** What a stream sends: the unread count and the newest notification. */
export async function streamSnapshot(ctx: SignedInContext) {
  const { unreadCount, latest } = await q.latestAndUnreadOf(ctx.db, ctx.caller.userId);
  return latest ? { unreadCount, latest: toView(latest) } : { unreadCount };
}

/** Another of the caller's tabs hears the change (a count that went down, a list that shrank). */
const tellOwnStreams = (ctx: SignedInContext) => afterCommit(ctx, (db) => publishToUsers(db, [ctx.caller.userId]));

export async function deleteNotification(ctx: SignedInContext, id: number) {
  if (!(await q.deleteNotificationOf(ctx.db, ctx.caller.userId, id))) throw notFound(Messages.notificationNotFound);
  await tellOwnStreams(ctx);
  return { message: Messages.notificationDeleted };
}

export async function deleteAllNotifications(ctx: SignedInContext) {
  if ((await q.deleteAllNotificationsOf(ctx.db, ctx.caller.userId)) === 0)
    throw refused(Messages.noNotificationToDelete);
  await tellOwnStreams(ctx);
  return { message: Messages.notificationsDeleted };
}

/** The dropdown was opened: everything so far counts as seen. */
export async function markNotificationsViewed(ctx: SignedInContext) {
  if ((await q.markAllViewed(ctx.db, ctx.caller.userId)) > 0) await tellOwnStreams(ctx);
  return { unreadCount: 0 };
}

/** A sample status as a notification's text names it ('DNA Processing Complete'): the product's one set of words. */
export const sampleStatusText = (status: number) => sampleStatusWords(status);
