// Pre-registered residents as the foundation's routing needs them: a resident reads their own record, admins those of their properties.
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { groups, preRegisteredDogs, preRegisteredResidents, users } from '../../db/schema/index.ts';
import { groupInScopeSql } from '../../platform/access.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';

export async function getResident(ctx: SignedInContext, residentId: number) {
  const [row] = await ctx.db
    .select({ resident: preRegisteredResidents, groupName: groups.name, groupPath: groups.path, userName: users.userName })
    .from(preRegisteredResidents)
    .innerJoin(groups, eq(groups.id, preRegisteredResidents.groupId))
    .leftJoin(users, eq(users.id, preRegisteredResidents.userId))
    .where(eq(preRegisteredResidents.id, residentId));
  if (!row) throw notFound('Resident not found.');
  const isSelf = row.resident.userId === ctx.caller.userId;
  if (!isSelf) {
    if (!ctx.caller.isAdmin) throw forbidden();
    const [inScope] = await ctx.db.select({ id: groups.id }).from(groups).where(and(eq(groups.id, row.resident.groupId), groupInScopeSql(ctx.caller)));
    if (!inScope) throw forbidden();
  }
  const dogs = await ctx.db.select({ id: preRegisteredDogs.id, name: preRegisteredDogs.name, petId: preRegisteredDogs.petId }).from(preRegisteredDogs).where(eq(preRegisteredDogs.residentId, residentId));
  const resident = row.resident;
  return {
    id: resident.id,
    userName: row.userName,
    firstName: resident.firstName,
    lastName: resident.lastName,
    fullName: `${resident.firstName} ${resident.lastName}`,
    email: resident.email,
    status: resident.status,
    petSpecies: resident.petSpecies,
    isPartiallyRegistered: resident.isPartiallyRegistered,
    groupId: resident.groupId,
    propertyName: row.groupName,
    datePreRegistered: resident.datePreRegistered.toISOString(),
    dogs: dogs.map((dog) => ({ id: dog.id, name: dog.name, isRegistered: dog.petId !== null })),
  };
}

export async function searchResidents(ctx: SignedInContext, query: string) {
  const pattern = `%${query}%`;
  const rows = await ctx.db
    .select({ id: preRegisteredResidents.id, firstName: preRegisteredResidents.firstName, lastName: preRegisteredResidents.lastName, email: preRegisteredResidents.email, status: preRegisteredResidents.status, groupId: preRegisteredResidents.groupId, propertyName: groups.name })
    .from(preRegisteredResidents)
    .innerJoin(groups, eq(groups.id, preRegisteredResidents.groupId))
    .where(
      and(
        groupInScopeSql(ctx.caller),
        or(ilike(preRegisteredResidents.firstName, pattern), ilike(preRegisteredResidents.lastName, pattern), ilike(preRegisteredResidents.email, pattern), sql`(${preRegisteredResidents.firstName} || ' ' || ${preRegisteredResidents.lastName}) ilike ${pattern}`),
      ),
    )
    .orderBy(asc(preRegisteredResidents.lastName), asc(preRegisteredResidents.firstName))
    .limit(50);
  return rows.map((row) => ({ ...row, fullName: `${row.firstName} ${row.lastName}` }));
}
