// SQL of the pet owner search (spec 2 §7): pet owners the caller reaches whose name or user name contains the text,
// sorted by last name, first name and id. Provider staff searching by name alone search every pet owner: that search
// is made in the narrow pet_owner_names (docs/performance.md, people), the page's users rows read last.
import { and, asc, count, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { containsPattern, ilikeContains } from '../../db/like.ts';
import { petOwnerNames, users } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { petOwnerInScopeSql } from '../../platform/scope.ts';
import { isPetOwnerAccount, nameContains } from './petowners.queries.ts';

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
  const [rows, [{ total }]] = await Promise.all([
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
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}

/**
 * Every pet owner account (pet_owner_names holds exactly those: role PetOwner, not a RES… sign-in) whose lower-cased
 * full name contains the text: the same test as nameContains. Counted on the trigram index; the page is found in the
 * table's (last name, first name, id) index, which carries the lower-cased name so the test needs no row: walked in
 * order for a common name, or the few matches read and sorted for a rare one (the planner chooses). Only the page's
 * owners are read from users.
 */
async function searchEveryPetOwnerByName(db: Db, name: string, page: number, pageSize: number) {
  const test = sql`n.full_name like lower(${containsPattern(name)})`;
  const [rows, [{ total }]] = await Promise.all([
    queryRows<FoundOwner>(
      db,
      sql`select u.id, u.user_name as "userName", u.first_name as "firstName", u.last_name as "lastName", u.email
        from (select n.pet_owner_id, n.last_name, n.first_name from ${petOwnerNames} n where ${test}
          order by n.last_name, n.first_name, n.pet_owner_id limit ${pageSize} offset ${(page - 1) * pageSize}) found
        join ${users} u on u.id = found.pet_owner_id
        order by found.last_name, found.first_name, found.pet_owner_id`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${petOwnerNames} n where ${test}`),
  ]);
  return { rows, total };
}
