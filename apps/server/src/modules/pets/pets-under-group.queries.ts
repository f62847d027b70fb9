// SQL of the pets-under-group list (GET /groups/petownergroup/getpetsundergroup/): pets whose owner currently belongs to
// a pet-owner group within the group's subtree. Shaped for its sizes (docs/performance.md, people): a pet-owner group
// or a small subtree is read through its owners' pets; a large one walks the (name, id) index until a page of pets
// passes the membership test. Unfiltered and status-filtered totals come from the group tallies, less the pets
// counted twice because their owner belongs to two groups of the subtree; other filters are counted.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PetListOrdering, type PetsUnderGroupQuery } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { ilikeContains, lowerContains } from '../../db/like.ts';
import { groups, petOwnerGroups, pets } from '../../db/schema/index.ts';
import { pathWithin } from '../../platform/scope.queries.ts';
import { PET_LIST_ORDER, listColumns, owner, ownerName, sameDay } from './pets.queries.ts';

/** Above this many pets (by the tallies), the subtree's list walks the name index rather than its owners' pets. */
const LARGE_SUBTREE_PETS = 20_000;
const PET_OWNER_GROUP_TYPES = [3, 4];

type Group = { id: number; path: string; groupType: number; parentId: number | null };

/** The tallied pets of the subtree (both halves: active and inactive pet-owner groups), all or of one status. */
async function talliedPets(db: Db, group: Group, status: number | undefined): Promise<number> {
  const column = status === undefined ? sql.raw('pets_total') : sql.raw(`pets_status_${Number(status)}`);
  const [tallied] = await queryRows<{ total: string | number | null }>(
    db,
    sql`select sum(${column}) as total from group_tallies where group_id = ${group.id}`,
  );
  return Number(tallied?.total ?? 0);
}

/** Pets the tallies count more than once: an owner in k groups of the subtree is counted k times. */
async function countedTwice(db: Db, group: Group, status: number | undefined): Promise<number> {
  if (PET_OWNER_GROUP_TYPES.includes(group.groupType)) return 0;
  const statusSql = status === undefined ? sql`` : sql`and p.customer_facing_status = ${status}`;
  const [extra] = await queryRows<{ extra: string | number | null }>(
    db,
    sql`select sum((m.k - 1) * (select count(*) from pets p where p.pet_owner_id = m.pet_owner_id ${statusSql})) as extra
      from (select pog.pet_owner_id, count(*) as k from pet_owners_in_several_groups s
          join pet_owner_groups pog on pog.pet_owner_id = s.pet_owner_id and pog.move_out_date is null
          join groups g on g.id = pog.group_id
        where ${pathWithin(sql`g.path`, group.path)} group by pog.pet_owner_id having count(*) > 1) m`,
  );
  return Number(extra?.extra ?? 0);
}

/** The group is the hierarchy's only root: its subtree holds every group. */
async function holdsEveryGroup(db: Db, group: Group): Promise<boolean> {
  if (group.parentId !== null) return false;
  const [other] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(sql`${groups.parentId} is null and ${groups.id} <> ${group.id}`)
    .limit(1);
  return !other;
}

/** The owner currently belongs to a pet-owner group of the subtree, in the SQL shape that suits its size. */
function membershipSql(group: Group, large: boolean, everyGroup: boolean): SQL {
  // At the root any current membership counts: the flag the membership triggers keep on the pet (no join per pet).
  if (everyGroup) return sql`${pets.ownerIsMember}`;
  if (PET_OWNER_GROUP_TYPES.includes(group.groupType))
    return sql`${pets.petOwnerId} in (select pug.pet_owner_id from ${petOwnerGroups} pug
      where pug.group_id = ${group.id} and pug.move_out_date is null)`;
  if (large)
    return sql`exists (select 1 from ${petOwnerGroups} pug join ${groups} pug_g on pug_g.id = pug.group_id
      where pug.pet_owner_id = ${pets.petOwnerId} and pug.move_out_date is null and ${pathWithin(sql`pug_g.path`, group.path)})`;
  return sql`${pets.petOwnerId} in (select pug.pet_owner_id from ${petOwnerGroups} pug join ${groups} pug_g on pug_g.id = pug.group_id
    where pug.move_out_date is null and ${pathWithin(sql`pug_g.path`, group.path)})`;
}

export async function petsUnderGroup(db: Db, group: Group, query: PetsUnderGroupQuery, timeZone: string) {
  const [tallied, everyGroup] = await Promise.all([talliedPets(db, group, undefined), holdsEveryGroup(db, group)]);
  const conditions: SQL[] = [membershipSql(group, tallied > LARGE_SUBTREE_PETS, everyGroup)];
  if (query.nameFilter) conditions.push(lowerContains(pets.name, query.nameFilter));
  if (query.petOwnerNameFilter) conditions.push(ilikeContains(ownerName, query.petOwnerNameFilter));
  if (query.sampleNumberFilter) conditions.push(ilikeContains(pets.sampleNumber, query.sampleNumberFilter));
  if (query.dateCreatedFilter) conditions.push(sameDay(pets.dateCreated, query.dateCreatedFilter, timeZone));
  if (query.statusLastUpdatedFilter)
    conditions.push(sameDay(pets.statusLastUpdated, query.statusLastUpdatedFilter, timeZone));
  if (query.customerFacingStatusFilter !== undefined)
    conditions.push(eq(pets.customerFacingStatus, query.customerFacingStatusFilter));
  if (query.isServiceAnimalFilter !== undefined) conditions.push(eq(pets.isServiceAnimal, query.isServiceAnimalFilter));
  const where = and(...conditions);
  const onlyStatusFiltered = conditions.length === (query.customerFacingStatusFilter === undefined ? 1 : 2);

  const direction = query.ascending === false ? desc : asc;
  const order = PET_LIST_ORDER[query.orderBy ?? PetListOrdering.None];
  const countAll = async () => {
    if (onlyStatusFiltered) {
      const status = query.customerFacingStatusFilter;
      const [total, extra] = await Promise.all([
        status === undefined ? tallied : talliedPets(db, group, status),
        countedTwice(db, group, status),
      ]);
      return total - extra;
    }
    // The owner (at most one per pet) is joined only when the owner's name is filtered on.
    const counted = db.select({ total: count() }).from(pets);
    const [{ total }] = await (query.petOwnerNameFilter
      ? counted.leftJoin(owner, eq(owner.id, pets.petOwnerId)).where(where)
      : counted.where(where));
    return total;
  };
  // At the root, by name, filtered on the name alone (or not at all): the page's ids come from walking the members'
  // (name, id) index, the name test made on its entries, and only those pets are read (a name filter matching one
  // pet in thirty passed some 73,000 entries before its first page at full size, each read from the table).
  const walkMembersByName = everyGroup && order === pets.name && conditions.length <= (query.nameFilter ? 2 : 1);
  const pageWhere = walkMembersByName
    ? inArray(
        pets.id,
        db
          .select({ id: pets.id })
          .from(pets)
          .where(where)
          .orderBy(direction(pets.name), direction(pets.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
      )
    : where;
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(pets)
      .leftJoin(owner, eq(owner.id, pets.petOwnerId))
      .where(pageWhere)
      .orderBy(direction(order), direction(pets.id))
      .limit(query.pageSize)
      .offset(walkMembersByName ? 0 : (query.page - 1) * query.pageSize),
    countAll(),
  ]);
  return { rows, total };
}
