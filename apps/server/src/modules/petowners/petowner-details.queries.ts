// SQL of a pet owner's details (GET /petowner/{id}): the owner the caller reaches, with their current groups, pets and
// promotion codes, in one statement built once per caller kind and prepared (db/client.ts preparedQuery), so the page
// costs one round trip instead of four (docs/performance.md, "Requests"). The visibility rule is findPetOwnerFor's.
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { UserRole } from '@registry/contracts';
import { preparedQuery, type Db } from '../../db/client.ts';
import { groups, petOwnerGroups, petOwnerPromotionCodes, pets, users } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { petOwnerReachableSql } from '../../platform/scope.queries.ts';

type OwnerGroup = {
  id: number;
  name: string;
  groupType: number;
  isActive: boolean;
  residentPayEnabled: boolean;
};
type OwnerPet = {
  id: number;
  name: string;
  sampleNumber: string | null;
  breed: string | null;
  gender: number;
  isActive: boolean;
};
type OwnerCode = { kind: number; code: string };

// Written with aliases: drizzle leaves the columns of a one-table select list unqualified, and the owner's id must name
// the outer row.
/** Current memberships, oldest first (as currentGroupsOf). */
const groupsJson = sql<OwnerGroup[]>`coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name,
    'groupType', g.group_type, 'isActive', g.is_active, 'residentPayEnabled', g.resident_pay_enabled)
    order by m.date_added, m.id)
  from ${petOwnerGroups} m join ${groups} g on g.id = m.group_id
  where m.pet_owner_id = "users"."id" and m.move_out_date is null), '[]')`;
/** The owner's pets by name (as petsOf). */
const petsJson = sql<OwnerPet[]>`coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name,
    'sampleNumber', p.sample_number, 'breed', p.breed, 'gender', p.gender, 'isActive', p.is_active) order by p.name)
  from ${pets} p where p.pet_owner_id = "users"."id"), '[]')`;
const codesJson = sql<OwnerCode[]>`coalesce((select json_agg(json_build_object('kind', c.kind, 'code', c.code))
  from ${petOwnerPromotionCodes} c where c.pet_owner_id = "users"."id"), '[]')`;

const userId = sql.placeholder('userId');

function detailsQuery(db: Db, visible: SQL, name: string) {
  return db
    .select({ ...getTableColumns(users), groups: groupsJson, pets: petsJson, codes: codesJson })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('petOwnerId')), eq(users.roleId, UserRole.PetOwner), visible))
    .prepare(name);
}

// The three kinds of caller: provider staff reach every owner; other admins themselves and the owners in their scope;
// everyone else only themselves.
const forStaff = preparedQuery((db) => detailsQuery(db, sql`true`, 'petowners.detailsForStaff'));
const forAdmin = preparedQuery((db) =>
  detailsQuery(
    db,
    sql`(${users.id} = ${userId} or ${petOwnerReachableSql({ userId, isProviderStaff: false }, users.id)})`,
    'petowners.detailsForAdmin',
  ),
);
const forSelf = preparedQuery((db) => detailsQuery(db, eq(users.id, userId), 'petowners.detailsForSelf'));

/** Drivers hand json back parsed; a text answer (should a driver not) is parsed here. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The pet owner the caller is or reaches (findPetOwnerFor's rule) with their groups, pets and codes; else undefined. */
export async function petOwnerDetailsFor(db: Db, caller: Caller, petOwnerId: number) {
  const query = caller.isProviderStaff ? forStaff(db) : caller.isAdmin ? forAdmin(db) : forSelf(db);
  const [row] = await query.execute({ petOwnerId, userId: caller.userId });
  if (!row) return undefined;
  const { groups: ownerGroups, pets: ownerPets, codes, ...owner } = row;
  return { owner, groups: parsed(ownerGroups), pets: parsed(ownerPets), codes: parsed(codes) };
}
