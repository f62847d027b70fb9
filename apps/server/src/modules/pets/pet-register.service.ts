// Registering pets under a pet owner: used by adding pets on the owner's page and by approving a resident with dogs.
// Sample numbers are stored upper-cased and are unique across the registry.
import {
  PetMessages,
  SampleCustomerStatus,
  SampleHistoryEntryType,
  SampleMessages,
  UserRole,
  newPetDefaults,
  type NewPet,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { recordSampleHistory } from '../samples/samples.service.ts';
import { emitWebhookEvent } from '../../platform/webhook-events.ts';
import * as q from './pets.queries.ts';
import { getPet } from './pets.service.ts';
import { assertSampleNumbersFree } from './sample-numbers.ts';

export type RegisteredPet = { id: number; name: string; sampleNumber: string | null };

/**
 * Creates `dogs` (parsed by the contract's `newPet`) under the pet owner, with an audit entry each and a 'created'
 * history entry for each sample number, in the caller's transaction when there is one. The caller checks that the
 * owner is in its scope; this refuses property maintenance (403), an unknown owner (404) and a sample number already
 * used or repeated (400 naming `{fieldPrefix}[i].sampleNumber`).
 */
export async function registerPets(
  ctx: SignedInContext,
  petOwnerId: number,
  dogs: NewPet[],
  fieldPrefix = 'pets',
): Promise<RegisteredPet[]> {
  assertCan(ctx, 'pet.register');
  return withTransaction(ctx, async (tx, txCtx) => {
    if ((await q.petOwnerRole(tx, petOwnerId)) !== UserRole.PetOwner) throw notFound('Petowner not found');
    await assertSampleNumbersFree(tx, dogs, fieldPrefix);
    const now = new Date();
    // A product left out follows the registering admin's role (spec 3 §6).
    const defaults = newPetDefaults(txCtx.caller.roleId);
    const created = await q.insertPets(
      tx,
      dogs.map((dog) => ({
        petOwnerId,
        name: dog.name,
        breed: dog.breed ?? null,
        weight: dog.weight == null ? null : String(dog.weight),
        weightUnit: dog.weightUnit,
        gender: dog.gender,
        dateOfBirth: dog.dateOfBirth ?? null,
        adoptionDate: dog.adoptionDate ?? null,
        sampleNumber: dog.sampleNumber ? dog.sampleNumber.toUpperCase() : null,
        isServiceAnimal: dog.isServiceAnimal,
        isPooPrints: dog.isPooPrints ?? defaults.isPooPrints,
        isParentage: dog.isParentage ?? defaults.isParentage,
        isPetId: dog.isPetId,
        isDeferredRegistration: dog.isDeferredRegistration,
        customerFacingStatus: SampleCustomerStatus.ProfileCreated,
        dateCreated: now,
        dateUpdated: now,
        statusLastUpdated: now,
        updatedByUserId: txCtx.caller.userId,
      })),
    );
    for (const pet of created) {
      if (pet.sampleNumber) {
        await recordSampleHistory(tx, txCtx, {
          sampleNumber: pet.sampleNumber,
          entryType: SampleHistoryEntryType.StatusChange,
          action: 'created',
          fromStatus: null,
          toStatus: SampleCustomerStatus.ProfileCreated,
        });
      }
      await writeAudit(tx, txCtx, {
        entityType: 'Pet',
        entityId: pet.id,
        actionType: 'Create',
        after: {
          petOwnerId,
          name: pet.name,
          sampleNumber: pet.sampleNumber,
          isServiceAnimal: pet.isServiceAnimal,
          customerFacingStatus: pet.customerFacingStatus,
        },
      });
    }
    for (const groupId of await q.currentGroupIds(tx, petOwnerId))
      for (const pet of created)
        await emitWebhookEvent(txCtx, {
          event: 'pet.registered',
          groupId,
          resourceId: pet.id,
          view: (viewer) => getPet(viewer, pet.id),
        });
    return created.map((pet) => ({ id: pet.id, name: pet.name, sampleNumber: pet.sampleNumber }));
  });
}

/**
 * POST /pet/createinitialdnaprofilebysamplenumber: a DN number the registry does not hold yet (a kit sent out before
 * its owner registers) gets its record at Profile Created, as an orphan named by its sample number, so the lab can
 * receive and process it and staff attach it to the owner later from the orphans tool. A number a pet already holds
 * is refused, naming the field.
 */
export async function createInitialDnaProfile(ctx: SignedInContext, sampleNumber: string) {
  assertCan(ctx, 'pet.transfer');
  const number = sampleNumber.toUpperCase();
  return withTransaction(ctx, async (tx, txCtx) => {
    if ((await q.takenSampleNumbers(tx, [number])).length > 0)
      throw validationError(
        { SampleNumber: [`${number}: ${SampleMessages.sampleNumberTaken}`] },
        SampleMessages.sampleNumberTaken,
      );
    const now = new Date();
    const [pet] = await q.insertPets(tx, [
      {
        petOwnerId: null,
        name: number,
        sampleNumber: number,
        customerFacingStatus: SampleCustomerStatus.ProfileCreated,
        dateCreated: now,
        dateUpdated: now,
        statusLastUpdated: now,
        updatedByUserId: txCtx.caller.userId,
      },
    ]);
    await recordSampleHistory(tx, txCtx, {
      sampleNumber: number,
      entryType: SampleHistoryEntryType.StatusChange,
      action: 'created',
      fromStatus: null,
      toStatus: SampleCustomerStatus.ProfileCreated,
    });
    await writeAudit(tx, txCtx, {
      entityType: 'Pet',
      entityId: pet.id,
      actionType: 'CreateInitialDnaProfile',
      after: { petOwnerId: null, sampleNumber: number, customerFacingStatus: pet.customerFacingStatus },
    });
    return {
      id: pet.id,
      sampleNumber: number,
      customerFacingStatus: pet.customerFacingStatus,
      message: PetMessages.initialProfileCreated(number),
    };
  });
}
