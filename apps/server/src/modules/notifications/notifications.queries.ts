// The SQL of notifications: the recipients of a group event, the rows of one person, and the changes to them.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pagedSelect } from '../../platform/paging.queries.ts';
import { groupAdmins, notifications, users, type NotificationActionParameters } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** The active admins assigned to these groups (the people a group's news concerns). */
export async function activeAdminsOfGroups(db: Db, groupIds: readonly number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: groupAdmins.userId })
    .from(groupAdmins)
    .innerJoin(users, eq(users.id, groupAdmins.userId))
    .where(and(inArray(groupAdmins.groupId, [...groupIds]), eq(users.isActive, true)));
  return rows.map((row) => row.userId);
}

/** The active admins of each of these groups, as (group, user) pairs. */
export async function activeAdminsByGroup(db: Db, groupIds: readonly number[]) {
  if (groupIds.length === 0) return [];
  return db
    .selectDistinct({ groupId: groupAdmins.groupId, userId: groupAdmins.userId })
    .from(groupAdmins)
    .innerJoin(users, eq(users.id, groupAdmins.userId))
    .where(and(inArray(groupAdmins.groupId, [...groupIds]), eq(users.isActive, true)));
}

/** Notifications of different texts in one multi-row insert per thousand rows. */
export async function insertNotificationRows(db: Db, rows: (typeof notifications.$inferInsert)[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000)
    await db.insert(notifications).values(rows.slice(start, start + 1000));
}

export async function insertNotifications(
  db: Db,
  userIds: readonly number[],
  entry: { type: number; message: string; actionParameters: NotificationActionParameters },
): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(notifications).values(userIds.map((userId) => ({ userId, ...entry })));
}

export async function notificationsOf(db: Db, userId: number, page: number, pageSize: number) {
  const { rows, total } = await pagedSelect(
    { page, pageSize },
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.dateCreated), desc(notifications.id))
      .$dynamic(),
    db.select({ total: count() }).from(notifications).where(eq(notifications.userId, userId)),
  );
  return { rows, totalRecords: total };
}

/**
 * The stream's state in one statement (one snapshot): read apart, a notification committed between the two reads gave
 * a count that already held it beside a "latest" that did not.
 */
export async function latestAndUnreadOf(db: Db, userId: number) {
  const unread = db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`not ${notifications.isViewed}`));
  const [row] = await db
    .select({ unreadCount: sql<number>`(${unread})::int`, latest: notifications })
    .from(sql`(select 1) as one`)
    .leftJoin(
      notifications,
      sql`${notifications.id} = (select n.id from notifications n where n.user_id = ${userId}
          order by n.date_created desc, n.id desc limit 1)`,
    );
  return { unreadCount: Number(row!.unreadCount), latest: row!.latest };
}

export async function unreadCountOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`not ${notifications.isViewed}`));
  return row.n;
}

export async function deleteNotificationOf(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return deleted.length > 0;
}

export async function deleteAllNotificationsOf(db: Db, userId: number): Promise<number> {
  const deleted = await db
    .delete(notifications)
    .where(eq(notifications.userId, userId))
    .returning({ id: notifications.id });
  return deleted.length;
}

export async function markAllViewed(db: Db, userId: number): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ isViewed: true })
    .where(and(eq(notifications.userId, userId), sql`not ${notifications.isViewed}`))
    .returning({ id: notifications.id });
  return changed.length;
}

/** NOTIFY on a channel: every process listening on this PostgreSQL server hears the payload after commit. */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
