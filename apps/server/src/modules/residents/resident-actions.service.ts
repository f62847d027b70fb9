// The resident actions of spec 2 §4: approve (a dog owner becomes a registry pet owner with their dogs as pets, in one
// transaction), delete, add and remove pre-registered dogs, move out and transfer. Each writes its audit entry.
import type { z } from 'zod';
import {
  GroupTypes,
  Messages,
  PetSpecies,
  RegistrationStatus,
  UserRole,
  type approveResidentRequest,
  type preRegisteredDogInput,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { petOwnersArrived } from '../../platform/matching-hooks.ts';
import { notFound, refused, validationError } from '../../platform/errors.ts';
import { contentTypeOf, filesStoreFor } from '../../platform/files.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { assertSampleNumbersFree, registerPets } from '../pets/pet-register.service.ts';
import * as q from './residents.queries.ts';
import { dogView, fullNameOfResident, isPetOwnerUser, loadResident } from './residents.service.ts';

const hasDogSpecies = (resident: { petSpecies: number; hasDogs: boolean }) =>
  resident.hasDogs || (resident.petSpecies & PetSpecies.Dog) !== 0;

/** Approvable while pending or partially registered (spec 2 §4). */
const canApprove = (resident: q.ResidentRecord) =>
  resident.status === RegistrationStatus.PendingApproval || resident.isPartiallyRegistered;

/** A pet owner's user name from their name: first.last, with a number when taken. */
async function freshPetOwnerUserName(db: SignedInContext['db'], first: string, last: string) {
  const base =
    `${first}.${last}`
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9.]/g, '')
      .replace(/\.+/g, '.')
      .replace(/^\.|\.$/g, '') || 'petowner';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await q.userNameTaken(db, candidate))) return candidate;
  }
}

export async function approveResident(
  ctx: SignedInContext,
  residentId: number,
  input: z.output<typeof approveResidentRequest>,
) {
  assertCan(ctx, 'resident.approve');
  const row = await loadResident(ctx, residentId);
  const resident = row.resident;
  const name = fullNameOfResident(resident);
  if (!canApprove(resident)) throw refused(`Resident ${name} is already approved.`);
  const preDogs = await q.dogsOf(ctx.db, residentId);
  const dogOwner = hasDogSpecies(resident) || preDogs.length > 0;
  if (!dogOwner) {
    await withTransaction(ctx, async (tx) => {
      const after = await q.updateResident(tx, residentId, {
        status: RegistrationStatus.Approved,
        isPartiallyRegistered: false,
        dateApproved: new Date(),
      });
      await writeAudit(tx, ctx, {
        entityType: 'PreRegisteredResident',
        entityId: residentId,
        actionType: 'Approve',
        before: resident,
        after,
      });
    });
    return { message: `Resident ${name} approved.`, petOwnerId: null, userName: null };
  }
  // A dog owner: every pet becomes a registry pet; a partial registration must register at least one.
  if (input.dogs.length === 0) throw refused('Register at least one dog to approve this resident.');
  const unregistered = new Map(preDogs.filter((dog) => dog.petId === null).map((dog) => [dog.id, dog]));
  const problems: Record<string, string[]> = {};
  input.dogs.forEach((dog, index) => {
    if (dog.preRegisteredDogId !== undefined && !unregistered.has(dog.preRegisteredDogId))
      problems[`dogs[${index}].preRegisteredDogId`] = ['This dog is not a pre-registered dog of the resident.'];
  });
  if (Object.keys(problems).length) throw validationError(problems);
  await assertSampleNumbersFree(ctx.db, input.dogs, 'dogs');

  // Each pet gets its own copy of its pre-registered dog's photo (the dog keeps its own, as the resident's record);
  // copies are made before the transaction and removed again if it fails.
  const files = filesStoreFor(ctx.config);
  const photos = new Map<number, string>();
  const copyPhotos = async () => {
    for (const dog of input.dogs) {
      const source = dog.preRegisteredDogId === undefined ? null : unregistered.get(dog.preRegisteredDogId)?.imagePath;
      const content = source ? await files.read(source) : null;
      if (source && content) photos.set(dog.preRegisteredDogId!, await files.put(content, contentTypeOf(source)));
    }
  };
  const dropPhotos = () => Promise.all([...photos.values()].map((name) => files.delete(name).catch(() => undefined)));
  try {
    await copyPhotos();
    return await approveDogOwner(ctx, row, input, unregistered, photos);
  } catch (error) {
    await dropPhotos();
    throw error;
  }
}

async function approveDogOwner(
  ctx: SignedInContext,
  row: Awaited<ReturnType<typeof loadResident>>,
  input: z.output<typeof approveResidentRequest>,
  unregistered: Map<number, Awaited<ReturnType<typeof q.dogsOf>>[number]>,
  photos: Map<number, string>,
) {
  const resident = row.resident;
  const residentId = resident.id;
  const name = fullNameOfResident(resident);
  const result = await withTransaction(ctx, async (tx, txCtx) => {
    const user = resident.userId ? await q.findUser(tx, resident.userId) : undefined;
    const alreadyOwner = user !== undefined && isPetOwnerUser({ userName: user.userName, userRoleId: user.roleId });
    const userName = alreadyOwner
      ? user.userName
      : await freshPetOwnerUserName(tx, resident.firstName, resident.lastName);
    let petOwnerId: number;
    if (user) {
      // The resident's RES… sign-in becomes the pet owner's: same password, a pet owner's user name.
      await q.updateUser(tx, user.id, {
        userName,
        roleId: UserRole.PetOwner,
        dateApproved: user.dateApproved ?? new Date(),
        receiveEmails: input.receiveEmails,
      });
      petOwnerId = user.id;
    } else {
      const created = await q.insertPetOwnerUser(tx, {
        userName,
        firstName: resident.firstName,
        lastName: resident.lastName,
        email: resident.email,
        phoneNumber: resident.phoneNumber,
        address: resident.address,
        roleId: UserRole.PetOwner,
        receiveEmails: input.receiveEmails,
        dateApproved: new Date(),
      });
      petOwnerId = created.id;
    }
    await q.addMembership(tx, petOwnerId, resident.groupId);
    await petOwnersArrived(txCtx, [{ petOwnerId, groupId: resident.groupId }]);
    const created = await registerPets(
      txCtx,
      petOwnerId,
      input.dogs.map(({ preRegisteredDogId: _dogId, ...dog }) => dog),
      'dogs',
    );
    for (const [index, dog] of input.dogs.entries()) {
      if (dog.preRegisteredDogId === undefined) continue;
      await q.linkDogToPet(tx, dog.preRegisteredDogId, created[index].id);
      const photo = photos.get(dog.preRegisteredDogId);
      if (photo) await q.setPetImage(tx, created[index].id, photo);
    }
    const linked = new Set(input.dogs.map((dog) => dog.preRegisteredDogId));
    const deferred = [...unregistered.keys()].filter((id) => !linked.has(id));
    const after = await q.updateResident(tx, residentId, {
      userId: petOwnerId,
      status: RegistrationStatus.Approved,
      hasDogs: true,
      petSpecies: (resident.petSpecies | PetSpecies.Dog) & ~PetSpecies.None,
      isPartiallyRegistered: deferred.length > 0,
      dateApproved: resident.dateApproved ?? new Date(),
    });
    await writeAudit(tx, ctx, {
      entityType: 'PreRegisteredResident',
      entityId: residentId,
      actionType: 'Approve',
      before: resident,
      after: { ...after, petOwnerId, userName, petIds: created.map((pet) => pet.id) },
    });
    if (resident.email && !alreadyOwner)
      await sendEventMail(txCtx, 'ResidentApproved', {
        to: resident.email,
        values: {
          recipientName: name,
          groupName: row.groupName,
          userName,
          passwordHint: `the password you chose when you pre-registered${user ? '' : ' (use "Forgot password" to set one)'}`,
          link: `${ctx.config.baseUrl}/login`,
        },
      });
    return { petOwnerId, userName };
  });
  return { message: `Resident ${name} approved.`, ...result };
}

/** Delete: allowed while pending, or when approved and not a dog owner (spec 2 §4). */
export async function deleteResident(ctx: SignedInContext, residentId: number) {
  assertCan(ctx, 'resident.delete');
  const row = await loadResident(ctx, residentId);
  const resident = row.resident;
  const name = fullNameOfResident(resident);
  const pending = resident.status === RegistrationStatus.PendingApproval;
  if (!pending && isPetOwnerUser(row))
    throw refused(`Resident ${name} is a registry pet owner and cannot be deleted; move them out instead.`);
  await withTransaction(ctx, async (tx) => {
    await removeResidentRecord(tx, row);
    await writeAudit(tx, ctx, {
      entityType: 'PreRegisteredResident',
      entityId: residentId,
      actionType: 'Delete',
      before: resident,
    });
  });
  return { message: `Resident ${name} deleted.` };
}

/** The pre-registration goes, with its resident-only sign-in; a pet owner's user stays. */
async function removeResidentRecord(
  tx: SignedInContext['db'],
  row: { resident: q.ResidentRecord } & Parameters<typeof isPetOwnerUser>[0],
) {
  await q.deleteResident(tx, row.resident.id);
  if (row.resident.userId && !isPetOwnerUser(row)) await q.deleteUser(tx, row.resident.userId);
}

export async function listDogs(ctx: SignedInContext, residentId: number) {
  await loadResident(ctx, residentId);
  return (await q.dogsOf(ctx.db, residentId)).map(dogView);
}

/** Add Dog: a pre-registered dog; an approved resident becomes partially registered until it is approved too. */
export async function addDog(ctx: SignedInContext, residentId: number, input: z.output<typeof preRegisteredDogInput>) {
  assertCan(ctx, 'resident.edit');
  const row = await loadResident(ctx, residentId);
  const resident = row.resident;
  return withTransaction(ctx, async (tx) => {
    const [dog] = await q.insertDogs(tx, [
      { ...input, residentId, weight: input.weight == null ? null : String(input.weight) },
    ]);
    await q.updateResident(tx, residentId, {
      hasDogs: true,
      petSpecies: (resident.petSpecies | PetSpecies.Dog) & ~PetSpecies.None,
      isPartiallyRegistered: resident.status === RegistrationStatus.Approved,
    });
    await writeAudit(tx, ctx, { entityType: 'PreRegisteredDog', entityId: dog.id, actionType: 'Create', after: dog });
    return dogView(dog);
  });
}

/** Only unregistered dogs can be removed, and only with the dog's name typed. */
export async function deleteDog(ctx: SignedInContext, residentId: number, dogId: number, confirmName?: string) {
  assertCan(ctx, 'resident.edit');
  await loadResident(ctx, residentId);
  const dog = (await q.dogsOf(ctx.db, residentId)).find((each) => each.id === dogId);
  if (!dog) throw notFound('Dog not found.');
  if (dog.petId !== null) throw refused('Only unregistered dogs can be removed.');
  if ((confirmName ?? '').trim().toLowerCase() !== dog.name.trim().toLowerCase())
    throw refused(Messages.invalidConfirmationText);
  await withTransaction(ctx, async (tx) => {
    await q.deleteDog(tx, residentId, dogId);
    await writeAudit(tx, ctx, { entityType: 'PreRegisteredDog', entityId: dogId, actionType: 'Delete', before: dog });
  });
  return { message: `${dog.name} deleted.` };
}

/**
 * Move out: an approved dog owner gets the pet-owner move-out (their membership ends, group history keeps it); any
 * other resident is deleted as a pre-registered resident. Ids outside the group's subtree are left alone.
 */
export async function bulkMoveOut(ctx: SignedInContext, groupId: number, residentIds: number[]) {
  assertCan(ctx, 'resident.moveOut');
  const group = await loadGroupInScope(ctx, groupId);
  const rows = await q.residentsInSubtree(ctx.db, group, residentIds);
  if (rows.length === 0) throw notFound('Resident not found.');
  const when = new Date();
  await withTransaction(ctx, async (tx) => {
    for (const row of rows) {
      if (isPetOwnerUser(row)) await q.moveOutMembership(tx, row.resident.userId!, row.resident.groupId, when);
      await removeResidentRecord(tx, row);
      await writeAudit(tx, ctx, {
        entityType: 'PreRegisteredResident',
        entityId: row.resident.id,
        actionType: 'MoveOut',
        before: row.resident,
        after: { petOwnerId: isPetOwnerUser(row) ? row.resident.userId : null, moveOutDate: when },
      });
    }
  });
  return { message: `${rows.length} resident(s) moved out.`, count: rows.length };
}

/** Transfer to another property in the caller's scope; a pet owner's membership moves with them. */
export async function bulkTransfer(
  ctx: SignedInContext,
  groupId: number,
  destinationId: number,
  residentIds: number[],
) {
  assertCan(ctx, 'resident.transfer');
  const group = await loadGroupInScope(ctx, groupId);
  const destination = await loadGroupInScope(ctx, destinationId);
  if (destination.groupType !== GroupTypes.Property) throw refused('Residents can only be transferred to a property.');
  if (!destination.isActive) throw refused('The destination property is inactive.');
  const rows = await q.residentsInSubtree(ctx.db, group, residentIds);
  if (rows.length === 0) throw notFound('Resident not found.');
  const when = new Date();
  await withTransaction(ctx, async (tx, txCtx) => {
    const moved: { petOwnerId: number; groupId: number }[] = [];
    for (const row of rows) {
      if (row.resident.groupId === destinationId) continue;
      if (isPetOwnerUser(row)) {
        await q.moveOutMembership(tx, row.resident.userId!, row.resident.groupId, when);
        await q.addMembership(tx, row.resident.userId!, destinationId);
        moved.push({ petOwnerId: row.resident.userId!, groupId: destinationId });
      }
      await q.updateResident(tx, row.resident.id, { groupId: destinationId });
      await writeAudit(tx, ctx, {
        entityType: 'PreRegisteredResident',
        entityId: row.resident.id,
        actionType: 'Transfer',
        before: { groupId: row.resident.groupId },
        after: { groupId: destinationId },
      });
    }
    // Their dogs now count on the destination: its open waste results are matched again.
    await petOwnersArrived(txCtx, moved);
  });
  return { message: `${rows.length} resident(s) transferred to ${destination.name}.`, count: rows.length };
}
