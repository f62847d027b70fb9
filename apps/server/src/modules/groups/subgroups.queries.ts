// SQL for subgroup lists (every group beneath a group, paged, filtered and sorted in the database) and for the
// pet-owner group picker. Subtrees come from the materialised path index (`path LIKE '/1/4/%'`).
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LAB_TIME_ZONE, GroupTypes, usDateBounds } from '@registry/contracts';
import type { z } from 'zod';
import type { subgroupsQuery } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { groupInScopeSql, pathWithin } from '../../platform/scope.queries.ts';
import type { Caller } from '../../platform/context.ts';
import { groups } from '../../db/schema/index.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';
import { pageLimitSql } from '../../platform/paging.queries.ts';

/** The subgroups request without the group it is about: the service resolves that to a subtree. */
export type SubgroupFilter = Omit<z.output<typeof subgroupsQuery>, 'groupId'>;

type SubgroupSqlRow = {
  id: number;
  name: string;
  groupType: number;
  isActive: boolean;
  parentId: number | null;
  parentName: string | null;
  city: string | null;
  state: string | null;
  phone: string | null;
  lastLogin: Date | string | null;
  lastSample: Date | string | null;
  lastPet: Date | string | null;
  total?: string | number;
};

/** The lab day a M/d/yyyy filter names, as its first and last millisecond. */
function dayRange(text: string, timeZone: string): [string, string] {
  const { start, end } = usDateBounds(text, timeZone)!;
  return [start.toISOString(), end.toISOString()];
}

const ORDER = sortColumns<SQL>({
  name: sql`lower(name)`,
  grouptype: sql`group_type`,
  parentname: sql`lower(parent_name)`,
  city: sql`lower(city)`,
  state: sql`state`,
  phone: sql`phone`,
  isactive: sql`is_active`,
  lastlogin: sql`last_login`,
  lastsample: sql`last_sample`,
  lastpet: sql`last_pet`,
});
const AGGREGATE_ORDERS = new Set(['lastlogin', 'lastsample', 'lastpet']);

/**
 * The subtree rows with their plain filters, then per row the last sign-in of the group's admins and the last pet and
 * last sample of its subtree (from the group tallies, so a management group shows its properties'). When neither the sort nor a
 * filter needs those dates, the page is cut first, by an ordered walk of the name index on a large subtree, and the
 * dates computed for its rows only; the total comes from the group's tallies, or a count when other filters apply.
 */
export async function subgroupsOf(
  db: Db,
  group: { id: number; path: string },
  filter: SubgroupFilter,
  timeZone = DEFAULT_LAB_TIME_ZONE,
) {
  const conditions: SQL[] = [pathWithin(sql`g.path`, group.path), sql`g.id <> ${group.id}`];
  if (filter.isActiveFilter === 'Active') conditions.push(sql`g.is_active`);
  if (filter.isActiveFilter === 'Inactive') conditions.push(sql`not g.is_active`);
  // With no filter beyond the state, the group's tallies already hold the total.
  const plainConditions = conditions.length;
  if (filter.name) conditions.push(sql`g.name ilike ${containsPattern(filter.name)}`);
  if (filter.city)
    conditions.push(
      sql`coalesce(g.property_address->>'city', g.mailing_address->>'city') ilike ${containsPattern(filter.city)}`,
    );
  if (filter.state) {
    const state = filter.state.toUpperCase();
    conditions.push(
      sql`upper(coalesce(g.property_address->>'stateId', g.mailing_address->>'stateId')) in (${state}, ${`US-${state}`}) or upper(split_part(coalesce(g.property_address->>'stateId', g.mailing_address->>'stateId'), '-', 2)) = ${state}`,
    );
  }
  if (filter.phone) conditions.push(sql`g.phone ilike ${containsPattern(filter.phone)}`);
  const dateConditions: SQL[] = [];
  for (const [key, column] of [
    ['lastLogin', sql`last_login`],
    ['lastSample', sql`last_sample`],
    ['lastPet', sql`last_pet`],
  ] as const) {
    const value = filter[key];
    if (value) {
      const [from, to] = dayRange(value, timeZone);
      dateConditions.push(sql`${column} >= ${from}::timestamptz and ${column} <= ${to}::timestamptz`);
    }
  }
  const order = sortColumn(ORDER, filter.orderBy, 'name');
  const orderKey = [...ORDER].find(([, column]) => column === order)![0];
  // Name is never null, so its direction matches the (lower(name), id) index as it is walked either way.
  const direction =
    order === ORDER.get('name')
      ? filter.ascending === false
        ? sql`desc`
        : sql`asc`
      : filter.ascending === false
        ? sql`desc nulls last`
        : sql`asc nulls first`;
  const offset = (filter.page - 1) * filter.pageSize;
  const where = sql.join(
    conditions.map((condition) => sql`(${condition})`),
    sql` and `,
  );
  const base = sql`select g.id, g.name, g.group_type, g.is_active, g.parent_id, g.path, p.name as parent_name,
      coalesce(g.property_address->>'city', g.mailing_address->>'city') as city,
      split_part(coalesce(g.property_address->>'stateId', g.mailing_address->>'stateId'), '-', 2) as state,
      g.phone
    from ${groups} g left join ${groups} p on p.id = g.parent_id
    where ${where}`;
  const dates = sql`left join lateral (select max(u.last_login) as last_login from group_admins ga join users u on u.id = ga.user_id where ga.group_id = b.id) ll on true
    left join lateral (select max(t.last_pet) as last_pet, max(t.last_sample) as last_sample from group_tallies t where t.group_id = b.id) lp on true`;
  const dateColumns = sql`ll.last_login, lp.last_pet, lp.last_sample`;
  const columns = sql`id, name, group_type as "groupType", is_active as "isActive", parent_id as "parentId", parent_name as "parentName", city, nullif(state, '') as state, phone,
    last_login as "lastLogin", last_sample as "lastSample", last_pet as "lastPet"`;
  const needsDatesFirst = AGGREGATE_ORDERS.has(orderKey) || dateConditions.length > 0;
  let rows: SubgroupSqlRow[];
  let totalRecords: number;
  if (needsDatesFirst) {
    const dated = sql`select * from (select b.*, ${dateColumns} from (${base}) b ${dates}) d
      ${dateConditions.length ? sql`where ${sql.join(dateConditions, sql` and `)}` : sql``}`;
    rows = await queryRows<SubgroupSqlRow>(
      db,
      sql`select ${columns}, count(*) over () as total from (${dated}) d order by ${order} ${direction}, id ${pageLimitSql(filter)}`,
    );
    // Past the last row the windowed count has no row to ride on.
    totalRecords = rows.length
      ? Number(rows[0].total)
      : offset > 0
        ? Number(
            (await queryRows<{ total: string | number }>(db, sql`select count(*) as total from (${dated}) d`))[0].total,
          )
        : 0;
  } else {
    const [page, [count]] = await Promise.all([
      queryRows<SubgroupSqlRow>(
        db,
        sql`with b as (select * from (${base}) b0 order by ${order} ${direction}, id ${pageLimitSql(filter)})
          select ${columns} from (select b.*, ${dateColumns} from b ${dates}) d order by ${order} ${direction}, id`,
      ),
      queryRows<{ total: string | number }>(
        db,
        conditions.length === plainConditions
          ? tallyCount(group.id, filter.isActiveFilter)
          : sql`select count(*) as total from ${groups} g where ${where}`,
      ),
    ]);
    rows = page;
    totalRecords = Number(count.total);
  }
  const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());
  return {
    totalRecords,
    data: rows.map(({ total: _total, ...row }) => ({
      ...row,
      lastLogin: iso(row.lastLogin),
      lastSample: iso(row.lastSample),
      lastPet: iso(row.lastPet),
    })),
  };
}

/** The number of groups beneath a group in the given state, from its tallies (absent rows: none yet). */
function tallyCount(groupId: number, isActiveFilter: SubgroupFilter['isActiveFilter']) {
  const halves =
    isActiveFilter === 'Active' ? sql`and active` : isActiveFilter === 'Inactive' ? sql`and not active` : sql``;
  return sql`select coalesce(sum(subgroups), 0) as total from group_tallies where group_id = ${groupId} ${halves}`;
}

/** Pet-owner groups (properties, and parentage groups when asked) within the caller's groups, by name. */
export async function petOwnerGroupsOf(
  db: Db,
  caller: Caller,
  filter: {
    name?: string;
    page: number;
    pageSize: number;
    includeParentageGroups?: boolean;
    includeInactiveGroups?: boolean;
  },
) {
  const types = filter.includeParentageGroups
    ? [GroupTypes.Property, GroupTypes.ParentageGroup]
    : [GroupTypes.Property];
  const conditions: SQL[] = [
    sql`g.group_type in (${sql.join(
      types.map((type) => sql`${type}`),
      sql`, `,
    )})`,
    groupInScopeSql(caller, sql`g.path`),
  ];
  if (!filter.includeInactiveGroups) conditions.push(sql`g.is_active`);
  if (filter.name) conditions.push(sql`g.name ilike ${containsPattern(filter.name)}`);
  const rows = await queryRows<{
    id: number;
    name: string;
    groupType: number;
    isActive: boolean;
    parentId: number | null;
    parentName: string | null;
    propertyPreRegisterCode: string | null;
    total: string;
  }>(
    db,
    sql`select g.id, g.name, g.group_type as "groupType", g.is_active as "isActive", g.parent_id as "parentId", p.name as "parentName",
        g.property_pre_register_code as "propertyPreRegisterCode", count(*) over () as total
      from ${groups} g left join ${groups} p on p.id = g.parent_id
      where ${sql.join(
        conditions.map((condition) => sql`(${condition})`),
        sql` and `,
      )}
      order by lower(g.name), g.id ${pageLimitSql(filter)}`,
  );
  return { totalRecords: rows.length ? Number(rows[0].total) : 0, data: rows.map(({ total: _total, ...row }) => row) };
}
