// The pet owner record as its owner and the admins of its groups see it (landing page, search modal).
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { UserRole, type PetOwnerView } from '@registry/contracts';
import { groupAdmins, groups, petOwnerGroups, pets, users } from '../../db/schema/index.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { findUserById, petOwnerInScope } from '../accounts/accounts.queries.ts';
import { fullNameOf } from '../accounts/accounts.service.ts';

export async function getPetOwner(ctx: SignedInContext, petOwnerId: number): Promise<PetOwnerView> {
  const owner = await findUserById(ctx.db, petOwnerId);
  if (!owner || owner.roleId !== UserRole.PetOwner) throw notFound('Petowner not found');
  const isSelf = ctx.caller.userId === owner.id;
  if (!isSelf && !(ctx.caller.isAdmin && (await petOwnerInScope(ctx.db, ctx.caller, owner.id)))) throw forbidden();
  const ownerPets = await ctx.db
    .select({ id: pets.id, name: pets.name, sampleNumber: pets.sampleNumber, breed: pets.breed, gender: pets.gender, isActive: pets.isActive })
    .from(pets)
    .where(eq(pets.petOwnerId, owner.id))
    .orderBy(asc(pets.name));
  return { id: owner.id, userName: owner.userName, fullName: fullNameOf(owner), email: owner.email, isActive: owner.isActive, pets: ownerPets };
}

export async function searchPetOwners(ctx: SignedInContext, query: { page: number; pageSize: number; name?: string; userName?: string }) {
  const conditions: SQL[] = [eq(users.roleId, UserRole.PetOwner), sql`${users.userName} not ilike 'RES%'`];
  if (query.name) {
    const pattern = `%${query.name}%`;
    conditions.push(or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${pattern}`)!);
  }
  if (query.userName) conditions.push(ilike(users.userName, `%${query.userName}%`));
  if (!ctx.caller.isProviderStaff) {
    conditions.push(sql`exists (select 1 from ${petOwnerGroups} pog join ${groups} g on g.id = pog.group_id
      join ${groupAdmins} ga on ga.user_id = ${ctx.caller.userId} join ${groups} ag on ag.id = ga.group_id
      where pog.pet_owner_id = ${users.id} and pog.move_out_date is null and g.path like ag.path || '%')`);
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ id: users.id, userName: users.userName, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: count() }).from(users).where(where),
  ]);
  return { totalRecords: total, data: rows.map((row) => ({ id: row.id, userName: row.userName, fullName: fullNameOf(row), email: row.email })) };
}
