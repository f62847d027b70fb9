// A pet's sample: the customer status actions, flag and unflag, and the sample history, through the shared sample
// rules of modules/samples with the pet's own row as the store.
import { PetMessages, type SampleStatusAction } from '@registry/contracts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { changeSampleStatus, sampleHistoryFor, setSampleFlag } from '../samples/samples.service.ts';
import { petSampleStore } from './pet-sample-store.ts';
import { loadPet } from './pets.service.ts';
import * as q from './pets.queries.ts';

const SUCCESS: Record<SampleStatusAction, string> = {
  reject: PetMessages.sampleRejected,
  accept: PetMessages.sampleAccepted,
  expire: PetMessages.sampleExpired,
  reinstate: PetMessages.sampleReinstated,
  void: PetMessages.sampleVoided,
  unvoid: PetMessages.sampleUnvoided,
  resetToProfileCreated: PetMessages.statusReset,
  verify: PetMessages.sampleVerify,
};

/** Reads the pet in scope, then locks its row so two actions on one sample apply one after the other. */
async function lockedSample(ctx: SignedInContext, petId: number) {
  await loadPet(ctx, petId);
  const pet = await q.lockPet(ctx.db, petId);
  if (!pet) throw notFound(PetMessages.petNotFound);
  return pet;
}

export async function petStatusAction(
  ctx: SignedInContext,
  petId: number,
  action: SampleStatusAction,
  notes?: string | null,
) {
  const customerFacingStatus = await changeSampleStatusLocked(ctx, petId, action, notes);
  return { customerFacingStatus, message: SUCCESS[action] };
}

async function changeSampleStatusLocked(
  ctx: SignedInContext,
  petId: number,
  action: SampleStatusAction,
  notes?: string | null,
) {
  return withTransaction(ctx, async (_tx, txCtx) => {
    const pet = await lockedSample(txCtx, petId);
    return changeSampleStatus(txCtx, petSampleStore, pet, action, notes);
  });
}

export async function flagPet(ctx: SignedInContext, petId: number, isFlagged: boolean, notes?: string | null) {
  await withTransaction(ctx, async (_tx, txCtx) => {
    const pet = await lockedSample(txCtx, petId);
    await setSampleFlag(txCtx, petSampleStore, pet, isFlagged, notes);
  });
  return { message: isFlagged ? PetMessages.flagged : PetMessages.unflagged };
}

/** The sample's history, when its pet is within the caller's reach. */
export async function petSampleHistory(ctx: SignedInContext, sampleNumber: string) {
  if (!(await q.findPetBySampleNumberFor(ctx.db, ctx.caller, sampleNumber.toUpperCase())))
    throw notFound(PetMessages.petNotFound);
  return sampleHistoryFor(ctx, sampleNumber);
}
