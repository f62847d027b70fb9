// Pre-registered residents as admins and residents read them: a resident reads their own record, admins those of
// their properties; anyone else is answered as if the resident did not exist. SQL lives in residents.queries.ts.
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { UserRole, can, usDateBounds } from '@registry/contracts';
import type { z } from 'zod';
import type { residentListQuery, moveOutListQuery, preRegResidentUpdate } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { isResidentUserName } from '../../platform/session.ts';
import { residentNumberOf } from './resident-approval.queries.ts';
import * as q from './residents.queries.ts';

export const residentNotFound = () => notFound('Resident not found.');
export const fullNameOfResident = (resident: { firstName: string; lastName: string }) =>
  `${resident.firstName} ${resident.lastName}`.trim();

/** An approved resident whose user is a registry pet owner (not a RES… resident sign-in). */
export const isPetOwnerUser = (user: { userName: string | null; userRoleId: number | null }) =>
  user.userName !== null && user.userRoleId === UserRole.PetOwner && !isResidentUserName(user.userName);

/** For other modules (the shop): the address of the user's own resident record, if they are a resident. */
export const residentAddressOfUser = (ctx: Pick<SignedInContext, 'db'>, userId: number) =>
  q.residentAddressOfUser(ctx.db, userId);
/** For other modules' single statements (the shop's checkout): the same two facts as SQL subqueries. */
export const residentCountryOfUserQuery = (userId: number | SQLWrapper) => q.residentCountryOfUserSql(userId);
export const unregisteredDogNameQuery = (dogId: SQL, userId: number | SQLWrapper) =>
  q.unregisteredDogNameSql(dogId, userId);
/** For other modules (the shop): the user's pre-registered dogs that are not yet pets. */
export const unregisteredDogsOfUser = (ctx: Pick<SignedInContext, 'db'>, userId: number) =>
  q.unregisteredDogsOfUser(ctx.db, userId);

/** The resident within the caller's reach, or the same 404 as a missing one. */
export async function loadResident(ctx: SignedInContext, residentId: number) {
  const row = await q.findResidentFor(ctx.db, ctx.caller, residentId);
  if (!row) throw residentNotFound();
  return row;
}

export async function getResident(ctx: SignedInContext, residentId: number) {
  const row = await loadResident(ctx, residentId);
  const dogs = await q.dogsOf(ctx.db, residentId);
  const resident = row.resident;
  return {
    id: resident.id,
    userName: row.userName,
    residentNumber: await residentNumberOf(ctx.db, resident.userId),
    firstName: resident.firstName,
    lastName: resident.lastName,
    fullName: fullNameOfResident(resident),
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

export const dogView = (dog: q.DogRecord) => ({
  id: dog.id,
  name: dog.name,
  breed: dog.breed,
  weight: dog.weight === null ? null : Number(dog.weight),
  weightUnit: dog.weightUnit,
  isServiceAnimal: dog.isServiceAnimal,
  serviceAnimalRepresentationAttested: dog.serviceAnimalRepresentationAttested,
  dateOfBirth: dog.dateOfBirth,
  adoptionDate: dog.adoptionDate,
  imagePath: dog.imagePath,
  isRegistered: dog.petId !== null,
});

/** Resident details for admins: the row, the address and every pre-registered dog. */
export async function getResidentDetails(ctx: SignedInContext, residentId: number) {
  assertCan(ctx, 'resident.view');
  const row = await loadResident(ctx, residentId);
  const dogs = await q.dogsOf(ctx.db, residentId);
  const resident = row.resident;
  return {
    ...rowView({
      id: resident.id,
      userId: resident.userId,
      firstName: resident.firstName,
      lastName: resident.lastName,
      userName: row.userName,
      userRoleId: row.userRoleId,
      email: resident.email,
      phoneNumber: resident.phoneNumber,
      unitNumber: resident.unitNumber,
      status: resident.status,
      petSpecies: resident.petSpecies,
      isPartiallyRegistered: resident.isPartiallyRegistered,
      datePreRegistered: resident.datePreRegistered,
      dogs: dogs.map((dog) => ({ id: dog.id, name: dog.name, isRegistered: dog.petId !== null })),
    }),
    residentNumber: await residentNumberOf(ctx.db, resident.userId),
    groupId: resident.groupId,
    propertyName: row.groupName,
    address: resident.address ?? null,
    otherPetSpeciesNotListed: resident.otherPetSpeciesNotListed,
    dateApproved: resident.dateApproved?.toISOString() ?? null,
    dogDetails: dogs.map(dogView),
  };
}

type SqlRow = Awaited<ReturnType<typeof q.residentsUnder>>['rows'][number];
function rowView(row: SqlRow) {
  const dogs = row.dogs ?? [];
  return {
    id: row.id,
    fullName: fullNameOfResident(row),
    firstName: row.firstName,
    lastName: row.lastName,
    userName: row.userName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    unitNumber: row.unitNumber,
    status: row.status,
    petSpecies: row.petSpecies,
    isPartiallyRegistered: row.isPartiallyRegistered,
    isPetOwner: isPetOwnerUser(row),
    petOwnerId: isPetOwnerUser(row) ? row.userId : null,
    datePreRegistered: new Date(row.datePreRegistered).toISOString(),
    preRegisteredDogs: dogs.filter((dog) => !dog.isRegistered).length,
    dogs,
  };
}

/** The residents list (name ascending) or, with `awaitingApproval`, the pre-registration list (newest first). */
export async function listResidents(
  ctx: SignedInContext,
  groupId: number,
  query: z.output<typeof residentListQuery>,
  awaitingApproval: boolean,
) {
  assertCan(ctx, 'resident.view');
  const group = await loadGroupInScope(ctx, groupId);
  const date = query.datePreRegistered ? usDateBounds(query.datePreRegistered, ctx.config.labTimeZone) : null;
  const { rows, total } = await q.residentsUnder(
    ctx.db,
    group,
    {
      ...query,
      status: query.status ?? query.registrationStatus,
      datePreRegistered: date ?? undefined,
    },
    { awaitingApproval },
  );
  return { totalRecords: total, data: rows.map(rowView) };
}

export async function listMoveOuts(ctx: SignedInContext, groupId: number, query: z.output<typeof moveOutListQuery>) {
  assertCan(ctx, 'resident.view');
  const group = await loadGroupInScope(ctx, groupId);
  const { rows, total } = await q.moveOutsUnder(ctx.db, group, query);
  return {
    totalRecords: total,
    data: rows.map((row) => ({
      residentId: null,
      petOwnerId: row.petOwnerId,
      fullName: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.userName,
      userName: row.userName,
      email: row.email,
      dateMoveOut: new Date(row.dateMoveOut).toISOString(),
    })),
  };
}

export async function searchResidents(ctx: SignedInContext, query: string) {
  const rows = await q.searchResidents(ctx.db, ctx.caller, query);
  return rows.map((row) => ({ ...row, fullName: fullNameOfResident(row) }));
}

/** The resident corrects their contact details (or an admin of the property does, with the edit right). */
export async function updateResident(ctx: SignedInContext, input: z.output<typeof preRegResidentUpdate>) {
  const row = await loadResident(ctx, input.id);
  // Admins who do not handle residents (property maintenance) find another's record as if it did not exist.
  if (row.resident.userId !== ctx.caller.userId && !can(ctx.caller.roleId, 'resident.edit')) throw residentNotFound();
  await withTransaction(ctx, async (tx) => {
    const { id, ...changes } = input;
    const after = await q.updateResident(tx, id, {
      ...changes,
      address: changes.address === undefined ? row.resident.address : changes.address,
    });
    await writeAudit(tx, ctx, {
      entityType: 'PreRegisteredResident',
      entityId: id,
      actionType: 'Update',
      before: row.resident,
      after,
    });
  });
  return getResident(ctx, input.id);
}

/** The residents of one property in the caller's scope (else 404), for the rent-roll sync's comparison. */
export async function residentsOfProperty(ctx: SignedInContext, groupId: number) {
  assertCan(ctx, 'resident.view');
  await loadGroupInScope(ctx, groupId);
  return q.residentsOfProperty(ctx.db, groupId);
}

type ContactChanges = Partial<Record<'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'unitNumber', string | null>>;
/** Contact data of a resident set from another system (the rent-roll sync), in the caller's transaction, audited. */
export async function updateResidentContact(
  ctx: SignedInContext,
  residentId: number,
  changes: ContactChanges,
  actionType: string,
) {
  assertCan(ctx, 'resident.edit');
  const row = await loadResident(ctx, residentId);
  const values = Object.fromEntries(
    Object.entries(changes).filter(([field, value]) => !(['firstName', 'lastName'].includes(field) && !value)),
  );
  await withTransaction(ctx, async (tx, txCtx) => {
    const after = await q.updateResident(tx, residentId, values);
    const before = Object.fromEntries(
      Object.keys(values).map((k) => [k, row.resident[k as keyof typeof row.resident]]),
    );
    await writeAudit(tx, txCtx, {
      entityType: 'PreRegisteredResident',
      entityId: residentId,
      actionType,
      before,
      after: Object.fromEntries(Object.keys(values).map((k) => [k, after?.[k as keyof typeof after]])),
    });
  });
}
