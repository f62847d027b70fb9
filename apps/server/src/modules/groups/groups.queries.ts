// SQL for the group tree: first-level groups of a caller, single groups, and tree inserts that keep the materialised path.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groupAdmins, groups } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';

export const groupSummaryColumns = { id: groups.id, name: groups.name, groupType: groups.groupType, isActive: groups.isActive, parentId: groups.parentId };

export async function findGroup(db: Db, id: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row;
}

/**
 * The tops of the caller's tree: the root for provider staff; otherwise the assigned groups that do not lie beneath
 * another assigned group.
 */
export async function firstLevelGroups(db: Db, caller: Caller, includeInactive: boolean) {
  const active = includeInactive ? sql`true` : eq(groups.isActive, true);
  if (caller.isProviderStaff) {
    return db.select(groupSummaryColumns).from(groups).where(and(sql`${groups.parentId} is null`, active)).orderBy(asc(groups.name));
  }
  return db
    .select(groupSummaryColumns)
    .from(groups)
    .innerJoin(groupAdmins, eq(groupAdmins.groupId, groups.id))
    .where(
      and(
        eq(groupAdmins.userId, caller.userId),
        active,
        sql`not exists (select 1 from ${groupAdmins} other join ${groups} og on og.id = other.group_id
          where other.user_id = ${caller.userId} and og.id <> ${groups.id} and ${groups.path} like og.path || '%')`,
      ),
    )
    .orderBy(asc(groups.name));
}

/** Inserts a group under its parent and sets its path in the same transaction. */
export async function insertGroup(db: Db, values: Omit<typeof groups.$inferInsert, 'path' | 'depth'>) {
  const parent = values.parentId ? await findGroup(db, values.parentId) : undefined;
  if (values.parentId && !parent) throw new Error(`Parent group ${values.parentId} does not exist.`);
  const [row] = await db.insert(groups).values({ ...values, path: '/', depth: parent ? parent.depth + 1 : 0 }).returning();
  const path = `${parent?.path ?? '/'}${row.id}/`;
  await db.update(groups).set({ path }).where(eq(groups.id, row.id));
  return { ...row, path };
}
