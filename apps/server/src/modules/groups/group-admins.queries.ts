// SQL for the admins of a group: assigned admins, optionally with those of every ancestor, and the provider staff
// who receive group notices.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groupAdmins, groups, users } from '../../db/schema/index.ts';
import { pathInScope } from '../../platform/scope.ts';

/** Ancestor ids of a group from its materialised path ('/1/4/9/' → [1, 4]), nearest last. */
export const ancestorIds = (path: string, selfId: number) =>
  path
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((id) => id !== selfId);

/** Admins assigned to any of the groups, sorted by name; an admin assigned to several is listed once per group. */
export async function groupAdminsOf(db: Db, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  const fullName = sql<string>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.userName})`;
  return db
    .select({
      id: users.id,
      fullName,
      userName: users.userName,
      email: users.email,
      roleId: users.roleId,
      isActive: users.isActive,
      isPrimaryAdmin: groupAdmins.isPrimary,
      groupId: groupAdmins.groupId,
      groupDepth: groups.depth,
    })
    .from(groupAdmins)
    .innerJoin(users, eq(users.id, groupAdmins.userId))
    .innerJoin(groups, eq(groups.id, groupAdmins.groupId))
    .where(inArray(groupAdmins.groupId, groupIds))
    .orderBy(sql`lower(${fullName})`, asc(users.id));
}

/** Groups an admin is assigned to that lie within the caller's subtrees (all for provider staff). */
export async function assignedGroupsWithin(db: Db, adminId: number, scope: string[] | null) {
  const rows = await db
    .select({ groupId: groupAdmins.groupId, path: groups.path })
    .from(groupAdmins)
    .innerJoin(groups, eq(groups.id, groupAdmins.groupId))
    .where(eq(groupAdmins.userId, adminId));
  return rows.filter((row) => pathInScope(row.path, scope)).map((row) => row.groupId);
}

/** Active provider staff who receive mail: the recipients of group notices. */
export async function providerStaffRecipients(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        sql`${users.roleId} between 0 and 2`,
        eq(users.isActive, true),
        eq(users.receiveEmails, true),
        sql`${users.email} is not null`,
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.email!);
}
