// The pet record and its lists: details, edit, active and service-animal toggles, transfer to another owner, orphans,
// delete, the owner's pet list, pets under a group and the barcode lookup. A pet outside the caller's reach (another
// property's, another owner's) answers exactly like a missing one.
import type { SQL, SQLWrapper } from 'drizzle-orm';
import {
  PetMessages,
  UserRole,
  type NewPet,
  type OrphansQuery,
  type OwnerPetsPageQuery,
  type PetListRow,
  type PetUpdateRequest,
  type PetView,
  type PetsUnderGroupQuery,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { afterCommit, withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused } from '../../platform/errors.ts';
import { filesStoreFor, storedFileUrl } from '../../platform/files.ts';
import { assertCan } from '../../platform/rights.ts';
import { isPetOwnerInScope, loadGroupInScope } from '../../platform/scope.ts';
import { fullNameOf } from '../accounts/accounts.service.ts';
import { parentageCertificateResultIdOfPet } from '../certificates/certificates.service.ts';
import { assertSampleNumbersFree } from './sample-numbers.ts';
import * as underGroup from './pets-under-group.queries.ts';
import * as q from './pets.queries.ts';

/** For other modules (the shop): the owner's active pets, id and name. */
export const activePetsOfOwner = (ctx: Pick<SignedInContext, 'db'>, petOwnerId: number) =>
  q.activePetsOfOwner(ctx.db, petOwnerId);

/** For other modules' single statements (the shop's checkout): the same as an SQL subquery, one pet's name. */
export const activePetNameQuery = (petId: SQL, petOwnerId: number | SQLWrapper) =>
  q.activePetNameSql(petId, petOwnerId);

const petNotFound = () => notFound(PetMessages.petNotFound);
const petOwnerNotFound = () => notFound('Petowner not found');

const nameOf = (first: string | null, last: string | null, userName: string | null) =>
  userName ? fullNameOf({ firstName: first, lastName: last, userName }) : null;

function listRow(row: q.PetListRecord): PetListRow {
  return {
    id: row.id,
    petOwnerId: row.petOwnerId,
    petOwnerName: nameOf(row.ownerFirstName, row.ownerLastName, row.ownerUserName),
    name: row.name,
    breed: row.breed,
    sampleNumber: row.sampleNumber,
    customerFacingStatus: row.customerFacingStatus,
    isServiceAnimal: row.isServiceAnimal,
    isActive: row.isActive,
    isFlagged: row.isFlagged,
    dateCreated: row.dateCreated.toISOString(),
    dateUpdated: row.dateUpdated.toISOString(),
    statusLastUpdated: row.statusLastUpdated.toISOString(),
    hasApprovedVerificationTest: row.hasApprovedVerificationTest,
    isDnaVerificationCertificateRevoked: row.isDnaVerificationCertificateRevoked,
  };
}

/** The pet as the caller may see it, or the same 404 as a missing pet. */
export async function loadPet(ctx: SignedInContext, petId: number) {
  const row = await q.findPetFor(ctx.db, ctx.caller, petId);
  if (!row) throw petNotFound();
  return row;
}

export async function getPet(ctx: SignedInContext, petId: number): Promise<PetView> {
  const row = await loadPet(ctx, petId);
  const { pet } = row;
  const updatedBy = nameOf(row.updaterFirstName, row.updaterLastName, row.updaterUserName);
  return {
    ...listRow(row),
    weight: pet.weight == null ? null : Number(pet.weight),
    weightUnit: pet.weightUnit,
    gender: pet.gender,
    dateOfBirth: pet.dateOfBirth,
    adoptionDate: pet.adoptionDate,
    isParentage: pet.isParentage,
    isPooPrints: pet.isPooPrints,
    isPetId: pet.isPetId,
    flagNotes: pet.flagNotes,
    isDeferredRegistration: pet.isDeferredRegistration,
    imageUrl: pet.imagePath ? storedFileUrl(pet.imagePath) : null,
    updatedBy: updatedBy ? { fullName: updatedBy } : null,
    // Shown whatever products are ticked: a Certified parentage result is the dog's certificate.
    parentageCertificateResultId: await parentageCertificateResultIdOfPet(ctx.db, pet.id),
  };
}

/** An owner reads their own pets, admins those of owners in their scope; any other owner is not found. */
async function assertOwnerReadable(ctx: SignedInContext, ownerId: number) {
  if (!ctx.caller.isAdmin) {
    if (ownerId !== ctx.caller.userId) throw petOwnerNotFound();
  } else {
    assertCan(ctx, 'pet.view');
    if (!(await isPetOwnerInScope(ctx.db, ctx.caller, ownerId))) throw petOwnerNotFound();
  }
}

/** The owner's pets: an owner sees their own, admins those of owners in their scope. */
export async function petsOfOwner(ctx: SignedInContext, ownerId: number, approvedOnly = false) {
  await assertOwnerReadable(ctx, ownerId);
  return (await q.petsOfOwner(ctx.db, ownerId, approvedOnly)).map(listRow);
}

/** The same list a page at a time, filtered and sorted (GET petowner/{id}/pets). */
export async function ownerPetsPage(ctx: SignedInContext, ownerId: number, query: OwnerPetsPageQuery) {
  await assertOwnerReadable(ctx, ownerId);
  const { rows, total } = await q.ownerPetsPage(ctx.db, ownerId, query);
  return { totalRecords: total, data: rows.map(listRow) };
}

export async function petsUnderGroup(ctx: SignedInContext, query: PetsUnderGroupQuery) {
  const group = await loadGroupInScope(ctx, query.groupId);
  const { rows, total } = await underGroup.petsUnderGroup(ctx.db, group, query, ctx.config.labTimeZone);
  return { totalRecords: total, data: rows.map(listRow) };
}

export async function orphans(ctx: SignedInContext, query: OrphansQuery) {
  const { rows, total } = await q.orphans(ctx.db, ctx.caller, query, ctx.config.labTimeZone);
  return { totalRecords: total, data: rows.map(listRow) };
}

const editableFields = (body: NewPet) => ({
  name: body.name,
  breed: body.breed ?? null,
  weight: body.weight == null ? null : String(body.weight),
  weightUnit: body.weightUnit,
  gender: body.gender,
  dateOfBirth: body.dateOfBirth ?? null,
  adoptionDate: body.adoptionDate ?? null,
  sampleNumber: body.sampleNumber ? body.sampleNumber.toUpperCase() : null,
  isServiceAnimal: body.isServiceAnimal,
  isPooPrints: body.isPooPrints,
  isParentage: body.isParentage,
  isPetId: body.isPetId,
  isDeferredRegistration: body.isDeferredRegistration,
});

/** PUT /pet/: the edit form. A new sample number must be free; the status and flag change only through their actions. */
export async function updatePet(ctx: SignedInContext, body: PetUpdateRequest & NewPet & { id: number }) {
  await loadPet(ctx, body.id);
  await withTransaction(ctx, async (tx, txCtx) => {
    const before = await q.lockPet(tx, body.id);
    if (!before) throw petNotFound();
    const values = editableFields(body);
    if (values.sampleNumber && values.sampleNumber !== before.sampleNumber?.toUpperCase()) {
      await assertSampleNumbersFree(tx, [values], '');
    }
    const after = await q.updatePet(tx, body.id, { ...values, updatedByUserId: txCtx.caller.userId });
    await writeAudit(tx, txCtx, { entityType: 'Pet', entityId: body.id, actionType: 'Update', before, after });
  });
  return getPet(ctx, body.id);
}

async function setField(
  ctx: SignedInContext,
  petId: number,
  field: 'isActive' | 'isServiceAnimal',
  value: boolean,
  actionType: string,
) {
  await loadPet(ctx, petId);
  await withTransaction(ctx, async (tx, txCtx) => {
    const before = await q.lockPet(tx, petId);
    if (!before) throw petNotFound();
    await q.updatePet(tx, petId, { [field]: value, updatedByUserId: txCtx.caller.userId });
    await writeAudit(tx, txCtx, {
      entityType: 'Pet',
      entityId: petId,
      actionType,
      before: { [field]: before[field] },
      after: { [field]: value },
    });
  });
}

export async function setActiveStatus(ctx: SignedInContext, petId: number, isActive: boolean) {
  await setField(ctx, petId, 'isActive', isActive, isActive ? 'Activate' : 'Deactivate');
  return { message: isActive ? PetMessages.petActivated : PetMessages.petDeactivated };
}

export async function setServiceAnimalStatus(ctx: SignedInContext, petId: number, isServiceAnimal: boolean) {
  await setField(ctx, petId, 'isServiceAnimal', isServiceAnimal, 'ServiceAnimalStatus');
  return { message: PetMessages.serviceAnimalUpdated };
}

/**
 * Moves a pet to another owner (transfer) or gives an orphan an owner (attach). The new owner must be a pet owner in
 * the caller's scope; the group tallies follow the pet's owner through the database triggers.
 */
async function moveToOwner(ctx: SignedInContext, petId: number, newPetOwnerId: number, mode: 'transfer' | 'attach') {
  const { pet } = await loadPet(ctx, petId);
  const newOwner = await q.petOwnerName(ctx.db, newPetOwnerId);
  if (
    !newOwner ||
    newOwner.roleId !== UserRole.PetOwner ||
    !(await isPetOwnerInScope(ctx.db, ctx.caller, newPetOwnerId))
  )
    throw petOwnerNotFound();
  if (mode === 'attach' && pet.petOwnerId !== null) throw refused(PetMessages.notAnOrphan);
  if (pet.petOwnerId === newPetOwnerId) throw refused(PetMessages.sameOwner);
  await withTransaction(ctx, async (tx, txCtx) => {
    const before = await q.lockPet(tx, petId);
    if (!before) throw petNotFound();
    await q.updatePet(tx, petId, { petOwnerId: newPetOwnerId, updatedByUserId: txCtx.caller.userId });
    await writeAudit(tx, txCtx, {
      entityType: 'Pet',
      entityId: petId,
      actionType: mode === 'transfer' ? 'Transfer' : 'AttachOrphan',
      before: { petOwnerId: before.petOwnerId },
      after: { petOwnerId: newPetOwnerId },
    });
  });
  return { message: PetMessages.transferred(pet.sampleNumber ?? pet.name, fullNameOf(newOwner)) };
}

export const transferPet = (ctx: SignedInContext, petId: number, newPetOwnerId: number) =>
  moveToOwner(ctx, petId, newPetOwnerId, 'transfer');
export const attachOrphan = (ctx: SignedInContext, petId: number, newPetOwnerId: number) =>
  moveToOwner(ctx, petId, newPetOwnerId, 'attach');

/**
 * The pet leaves its owner and becomes an orphan: it keeps its sample and history, appears among the orphans and can be
 * attached to another owner from there. Like attaching an orphan, it needs the transfer right.
 */
export async function removePetFromPetOwner(ctx: SignedInContext, petId: number) {
  const { pet } = await loadPet(ctx, petId);
  if (pet.petOwnerId === null) throw petNotFound();
  const owner = await q.petOwnerName(ctx.db, pet.petOwnerId);
  await withTransaction(ctx, async (tx, txCtx) => {
    const before = await q.lockPet(tx, petId);
    if (!before || before.petOwnerId === null) throw petNotFound();
    await q.updatePet(tx, petId, { petOwnerId: null, updatedByUserId: txCtx.caller.userId });
    await writeAudit(tx, txCtx, {
      entityType: 'Pet',
      entityId: petId,
      actionType: 'RemoveFromPetOwner',
      before: { petOwnerId: before.petOwnerId },
      after: { petOwnerId: null },
    });
  });
  return {
    message: PetMessages.removedFromOwner(pet.sampleNumber ?? pet.name, owner ? fullNameOf(owner) : 'the pet owner'),
  };
}

/** Deletes the pet (the screen asks for its name first); its image goes once the delete commits. */
export async function deletePet(ctx: SignedInContext, petId: number) {
  await loadPet(ctx, petId);
  await withTransaction(ctx, async (tx, txCtx) => {
    const before = await q.lockPet(tx, petId);
    if (!before) throw petNotFound();
    await q.deletePet(tx, petId);
    await writeAudit(tx, txCtx, { entityType: 'Pet', entityId: petId, actionType: 'Delete', before });
    if (before.imagePath) {
      const files = filesStoreFor(ctx.config);
      const path = before.imagePath;
      await afterCommit(txCtx, () => files.delete(path).catch(() => undefined));
    }
  });
  return { message: PetMessages.petDeleted };
}

/** Before adding pets: which of these sample numbers belong to orphans (the screen asks to confirm attaching them). */
export async function checkForOrphanedPets(ctx: SignedInContext, sampleNumbers: string[]) {
  const found = await q.orphansWithSampleNumbers(
    ctx.db,
    sampleNumbers.map((n) => n.toUpperCase()),
  );
  const orphans = ctx.caller.isProviderStaff ? found : [];
  return {
    message: orphans.length ? PetMessages.orphansFound(orphans.map((pet) => pet.sampleNumber ?? '')) : null,
    orphans: orphans.map((pet) => ({ id: pet.id, name: pet.name, sampleNumber: pet.sampleNumber ?? '' })),
  };
}

/** The barcode lookup: the pet a DN number names, within the caller's reach. */
export async function lookupPet(ctx: SignedInContext, sampleNumber: string) {
  const row = await q.findPetBySampleNumberFor(ctx.db, ctx.caller, sampleNumber.toUpperCase());
  if (!row) throw notFound(PetMessages.lookupNotFound);
  const { pet } = row;
  return {
    petName: pet.name,
    gender: pet.gender,
    isFlagged: pet.isFlagged,
    bioPetNotes: row.bioPetNotes,
    sampleNumber: pet.sampleNumber ?? sampleNumber,
    propertyName: pet.petOwnerId ? await q.currentPropertyName(ctx.db, pet.petOwnerId) : null,
    petOwnerId: pet.petOwnerId,
    message: pet.isFlagged ? pet.flagNotes : null,
  };
}
