// Pre-registered residents as the foundation's routing needs them: a resident reads their own record, admins those of
// their properties; anyone else is answered as if the resident did not exist. SQL lives in residents.queries.ts.
import type { SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import * as q from './residents.queries.ts';

export async function getResident(ctx: SignedInContext, residentId: number) {
  const row = await q.findResidentFor(ctx.db, ctx.caller, residentId);
  if (!row) throw notFound('Resident not found.');
  const dogs = await q.dogsOf(ctx.db, residentId);
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
  const rows = await q.searchResidents(ctx.db, ctx.caller, query);
  return rows.map((row) => ({ ...row, fullName: `${row.firstName} ${row.lastName}` }));
}
