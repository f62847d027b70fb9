// The resident actions of spec 2 §4 other than approval (resident-approval.service.ts): delete, add and remove
// pre-registered dogs, move out and transfer. Each writes its audit entry.
import type { z } from 'zod';
import { GroupTypes, Messages, PetSpecies, RegistrationStatus, type preRegisteredDogInput } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { petOwnersArrived } from '../../platform/matching-hooks.ts';
import { notFound, refused } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import * as q from './residents.queries.ts';
import { dogView, fullNameOfResident, getResidentDetails, isPetOwnerUser, loadResident } from './residents.service.ts';
import { emitWebhookEvent } from '../../platform/webhook-events.ts';

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
  await withTransaction(ctx, async (tx, txCtx) => {
    for (const row of rows) {
      // The record goes with the move-out, so the event reads it now: the resident as staff read it last.
      await emitWebhookEvent(txCtx, {
        event: 'resident.movedOut',
        groupId: row.resident.groupId,
        resourceId: row.resident.id,
        view: (viewer) => getResidentDetails(viewer, row.resident.id),
        readAt: 'now',
      });
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
