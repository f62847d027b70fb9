// SQL for the group tree: first-level groups and children of a node, single groups, inserts and moves that keep the
// materialised path, and the checks deletion needs.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  adjacentProperties,
  groupAdmins,
  groups,
  petOwnerGroups,
  preRegisteredResidents,
} from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { pathWithin } from '../../platform/scope.queries.ts';

export type GroupRow = typeof groups.$inferSelect;

const groupSummaryColumns = {
  id: groups.id,
  name: groups.name,
  groupType: groups.groupType,
  isActive: groups.isActive,
  parentId: groups.parentId,
};

/** A tree node: the summary plus whether it has active or inactive children (the parent index answers both). */
// The outer row is named explicitly: drizzle leaves select-list columns unqualified, which the subquery would capture.
const outerId = sql.raw('"groups"."id"');
const treeNodeColumns = {
  ...groupSummaryColumns,
  propertyPreRegisterCode: groups.propertyPreRegisterCode,
  hasChildren: sql<boolean>`exists (select 1 from ${groups} c where c.parent_id = ${outerId} and c.is_active)`.as(
    'has_children',
  ),
  hasInactiveChildren:
    sql<boolean>`exists (select 1 from ${groups} c where c.parent_id = ${outerId} and not c.is_active)`.as(
      'has_inactive_children',
    ),
};

type TreeRow = {
  id: number;
  name: string;
  groupType: number;
  isActive: boolean;
  parentId: number | null;
  propertyPreRegisterCode: string | null;
  hasChildren: boolean;
  hasInactiveChildren: boolean;
};
const toNode = (row: TreeRow) => ({ ...row, label: row.name, noLeaf: row.hasChildren || row.hasInactiveChildren });

export async function findGroup(db: Db, id: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row;
}

export async function findGroupForUpdate(db: Db, id: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, id)).for('update');
  return row;
}

/**
 * The tops of the caller's tree: the root for provider staff; otherwise the assigned groups that do not lie beneath
 * another assigned group.
 */
export async function firstLevelGroups(db: Db, caller: Caller, includeInactive: boolean) {
  const active = includeInactive ? sql`true` : eq(groups.isActive, true);
  if (caller.apiKey) {
    // An API key's tops: its groups in scope that do not lie beneath another of them.
    const tops = caller.apiKey.paths.filter(
      (path) => !caller.apiKey!.paths.some((other) => other !== path && path.startsWith(other)),
    );
    if (tops.length === 0) return [];
    const rows = await db
      .select(treeNodeColumns)
      .from(groups)
      .where(and(inArray(groups.path, tops), active))
      .orderBy(asc(groups.name));
    return rows.map(toNode);
  }
  if (caller.isProviderStaff) {
    const rows = await db
      .select(treeNodeColumns)
      .from(groups)
      .where(and(isNull(groups.parentId), active))
      .orderBy(asc(groups.name));
    return rows.map(toNode);
  }
  const rows = await db
    .select(treeNodeColumns)
    .from(groups)
    .innerJoin(groupAdmins, eq(groupAdmins.groupId, groups.id))
    .where(
      and(
        eq(groupAdmins.userId, caller.userId),
        active,
        sql`not exists (select 1 from ${groupAdmins} other join ${groups} og on og.id = other.group_id
          where other.user_id = ${caller.userId} and og.id <> ${groups.id} and ${pathWithin(groups.path, sql`og.path`)})`,
      ),
    )
    .orderBy(asc(groups.name));
  return rows.map(toNode);
}

/** Children of a node: the active ones, or with `inactive` the ones the 'Inactive Groups' pseudo-node lists. */
export async function childrenOf(db: Db, parentId: number, inactive: boolean) {
  const rows = await db
    .select(treeNodeColumns)
    .from(groups)
    .where(and(eq(groups.parentId, parentId), eq(groups.isActive, !inactive)))
    .orderBy(asc(groups.name), asc(groups.id));
  return rows.map(toNode);
}

/** Inserts a group under its parent and sets its path in the same transaction. */
export async function insertGroup(db: Db, values: Omit<typeof groups.$inferInsert, 'path' | 'depth'>) {
  const parent = values.parentId ? await findGroup(db, values.parentId) : undefined;
  if (values.parentId && !parent) throw new Error(`Parent group ${values.parentId} does not exist.`);
  const [row] = await db
    .insert(groups)
    .values({ ...values, path: '/', depth: parent ? parent.depth + 1 : 0 })
    .returning();
  const path = `${parent?.path ?? '/'}${row.id}/`;
  await db.update(groups).set({ path }).where(eq(groups.id, row.id));
  return { ...row, path };
}

export async function updateGroup(db: Db, id: number, values: Partial<typeof groups.$inferInsert>) {
  const [row] = await db
    .update(groups)
    .set({ ...values, dateUpdated: new Date() })
    .where(eq(groups.id, id))
    .returning();
  return row;
}

/**
 * Moves a group and its whole subtree under a new parent in one UPDATE: every path under the old prefix gets the new
 * prefix, depths shift by the same amount, and the moved group gets its new parent.
 */
export async function moveSubtree(
  db: Db,
  group: Pick<GroupRow, 'id' | 'path' | 'depth'>,
  newParent: Pick<GroupRow, 'id' | 'path' | 'depth'>,
) {
  const newPath = `${newParent.path}${group.id}/`;
  const depthShift = newParent.depth + 1 - group.depth;
  await db.execute(sql`update ${groups}
    set path = ${newPath} || substr(path, ${group.path.length + 1}),
        depth = depth + ${depthShift},
        parent_id = case when id = ${group.id} then ${newParent.id} else parent_id end,
        date_updated = case when id = ${group.id} then now() else date_updated end
    where ${pathWithin(sql`path`, group.path)}`);
}

/** What stands in the way of deleting a group: children, current pet owners, residents. */
export async function deletionBlockers(db: Db, id: number) {
  const [row] = await db
    .select({
      children: sql<boolean>`exists (select 1 from ${groups} where ${groups.parentId} = ${id})`,
      petOwners: sql<boolean>`exists (select 1 from ${petOwnerGroups} where ${petOwnerGroups.groupId} = ${id} and ${petOwnerGroups.moveOutDate} is null)`,
      residents: sql<boolean>`exists (select 1 from ${preRegisteredResidents} where ${preRegisteredResidents.groupId} = ${id})`,
    })
    .from(sql`(select 1) as one`);
  return row;
}

export async function deleteGroup(db: Db, id: number) {
  await db.delete(groups).where(eq(groups.id, id));
}

export async function isPreRegisterCodeTaken(db: Db, code: string) {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(sql`lower(${groups.propertyPreRegisterCode}) = lower(${code})`);
  return rows.length > 0;
}

/** Whether the group is, or has beneath it, groups of each stewarded kind. */
export async function stewardship(db: Db, path: string) {
  const [row] = await db
    .select({
      property: sql<boolean>`bool_or(${groups.groupType} = 4)`,
      parentage: sql<boolean>`bool_or(${groups.groupType} = 3)`,
    })
    .from(groups)
    .where(pathWithin(groups.path, path));
  return { property: Boolean(row?.property), parentage: Boolean(row?.parentage) };
}

export async function adjacentPropertiesOf(db: Db, propertyId: number) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(adjacentProperties)
    .innerJoin(
      groups,
      sql`${groups.id} = case when ${adjacentProperties.propertyId} = ${propertyId} then ${adjacentProperties.adjacentPropertyId} else ${adjacentProperties.propertyId} end`,
    )
    .where(
      sql`${adjacentProperties.propertyId} = ${propertyId} or ${adjacentProperties.adjacentPropertyId} = ${propertyId}`,
    )
    .orderBy(asc(groups.name));
}

export async function findAdjacentAgreement(db: Db, a: number, b: number) {
  const [row] = await db
    .select()
    .from(adjacentProperties)
    .where(
      and(eq(adjacentProperties.propertyId, Math.min(a, b)), eq(adjacentProperties.adjacentPropertyId, Math.max(a, b))),
    );
  return row;
}

export async function insertAdjacentAgreement(db: Db, a: number, b: number) {
  await db.insert(adjacentProperties).values({ propertyId: Math.min(a, b), adjacentPropertyId: Math.max(a, b) });
}

export async function deleteAdjacentAgreement(db: Db, a: number, b: number) {
  await db
    .delete(adjacentProperties)
    .where(
      and(eq(adjacentProperties.propertyId, Math.min(a, b)), eq(adjacentProperties.adjacentPropertyId, Math.max(a, b))),
    );
}

/** Agreements where either property lies in the subtree of `path`. */
export async function adjacentAgreementsUnder(db: Db, path: string) {
  return queryRows<{
    propertyId: number;
    propertyName: string;
    adjacentPropertyId: number;
    adjacentPropertyName: string;
  }>(
    db,
    sql`select a.property_id as "propertyId", p.name as "propertyName", a.adjacent_property_id as "adjacentPropertyId", q.name as "adjacentPropertyName"
    from ${adjacentProperties} a join ${groups} p on p.id = a.property_id join ${groups} q on q.id = a.adjacent_property_id
    where ${pathWithin(sql`p.path`, path)} or ${pathWithin(sql`q.path`, path)}
    order by p.name, q.name`,
  );
}
