// SQL for the signed-in user's settings and for the groups a resident or pet owner belongs to.
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { petOwnerGroups, preRegisteredResidents, userSettings } from '../../db/schema/index.ts';

/** Whether the user belongs to the group as a resident or a current pet owner. */
export async function isMemberOfGroup(db: Db, userId: number, groupId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from ${preRegisteredResidents} where user_id = ${userId} and group_id = ${groupId}
    union all select 1 from ${petOwnerGroups} where pet_owner_id = ${userId} and group_id = ${groupId} and move_out_date is null`,
  );
  return rows.length > 0;
}

export async function findUserSettings(db: Db, userId: number) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row;
}

export async function saveDogQuickActions(db: Db, userId: number, value: number) {
  await db
    .insert(userSettings)
    .values({ userId, dogQuickActions: value })
    .onConflictDoUpdate({ target: userSettings.userId, set: { dogQuickActions: value } });
}
