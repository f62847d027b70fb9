// SQL of the pet owner search (spec 2 §7): pet owners the caller reaches whose name or user name contains the text,
// sorted by last name, first name and id. Provider staff searching by name alone search every pet owner: that search
// is made in the narrow pet_owner_names (docs/performance.md, people), the page's users rows read last.
import { and, asc, count, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { containsPattern, ilikeContains } from '../../db/like.ts';
import { petOwnerNames, users } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { petOwnerInScopeSql } from '../../platform/scope.queries.ts';
import { isPetOwnerAccount, nameContains } from './petowners.queries.ts';
import { pageLimitSql, pagedSelect } from '../../platform/paging.queries.ts';

type SearchQuery = { page: number; pageSize: number; name?: string; userName?: string };
type FoundOwner = {
  id: number;
  userName: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

export async function searchPetOwners(db: Db, caller: Caller, query: SearchQuery) {
  if (caller.isProviderStaff && query.name && !query.userName)
    return searchEveryPetOwnerByName(db, query.name, query.page, query.pageSize);
  const conditions: SQL[] = [isPetOwnerAccount, petOwnerInScopeSql(caller, users.id)];
  if (query.name) conditions.push(nameContains(query.name));
  if (query.userName) conditions.push(ilikeContains(users.userName, query.userName));
  const where = and(...conditions);
  return pagedSelect(
    query,
    db
      .select({
        id: users.id,
        userName: users.userName,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .$dynamic(),
    db.select({ total: count() }).from(users).where(where),
  );
}

/** Above this many matches the page walks the name order; fewer are read and sorted. */
const WALK_ABOVE_MATCHES = 1_000;

/**
 * Every pet owner account (pet_owner_names holds exactly those: role PetOwner, not a RES… sign-in) whose lower-cased
 * full name contains the text: the same test as nameContains. Counted first, on the trigram index; the same pass finds
 * the first last name among the matches. Many matches: the page walks the table's (last name, first name, id) index
 * from that last name on, which carries the lower-cased name so the test needs no row; the test is written
 * `(full_name || '')` so the planner cannot take the trigram index instead (its estimate for a contains-pattern can be
 * hundreds of times too low, and it then reads and sorts every match: 11,500 for "Chen" at full size). Starting at the
 * first match matters when the matches sort late ("Zhang": 290,000 entries walked from the start). Few matches: read
 * through the trigram index and sorted. Only the page's owners are read from users.
 */
async function searchEveryPetOwnerByName(db: Db, name: string, page: number, pageSize: number) {
  const pattern = sql`lower(${containsPattern(name)})`;
  const [{ total, firstLastName, withoutLastName }] = await queryRows<{
    total: number;
    firstLastName: string | null;
    withoutLastName: number;
  }>(
    db,
    sql`select count(*)::int as total, min(n.last_name) as "firstLastName",
        count(*) filter (where n.last_name is null)::int as "withoutLastName"
      from ${petOwnerNames} n where n.full_name like ${pattern}`,
  );
  const offset = (page - 1) * pageSize;
  if (offset >= total) return { rows: [], total };
  const walk = total > WALK_ABOVE_MATCHES;
  const test = walk ? sql`(n.full_name || '') like ${pattern}` : sql`n.full_name like ${pattern}`;
  // Owners without a last name sort last, and a range on last_name would leave them out.
  const start =
    walk && firstLastName !== null && withoutLastName === 0 ? sql` and n.last_name >= ${firstLastName}` : sql``;
  const rows = await queryRows<FoundOwner>(
    db,
    sql`select u.id, u.user_name as "userName", u.first_name as "firstName", u.last_name as "lastName", u.email
      from (select n.pet_owner_id, n.last_name, n.first_name from ${petOwnerNames} n where ${test}${start}
        order by n.last_name, n.first_name, n.pet_owner_id ${pageLimitSql({ page, pageSize })}) found
      join ${users} u on u.id = found.pet_owner_id
      order by found.last_name, found.first_name, found.pet_owner_id`,
  );
  return { rows, total };
}
