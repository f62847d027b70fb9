// How the shared sample rules (modules/samples) update a pet's row: the pet side of the sample store. A status change
// notifies the admins of the owner's current groups (spec 3 §2: a Pet notification opens the pet owner page).
import type { SampleCustomerStatus } from '@registry/contracts';
import type { SampleStore } from '../samples/samples.service.ts';
import {
  createNotifications,
  createNotificationsBatch,
  sampleStatusText,
} from '../notifications/notifications.service.ts';
import * as q from './pets.queries.ts';
import { petStatusLetters, petStatusLettersMany } from '../emailtemplates/pet-letters.ts';

export const petSampleStore: SampleStore = {
  kind: 'pet',
  entityType: 'Pet',
  setStatus: (tx, id, status, userId) => q.setStatus(tx, id, status, userId),
  setStatuses: (tx, ids, status, userId) => q.setStatuses(tx, ids, status, userId),
  setFlag: (tx, id, isFlagged, notes, userId) => q.setFlag(tx, id, isFlagged, notes, userId),
  async statusChanged(ctx, sample, to, notes) {
    // The owner's and the primary admin's letters (sample received, profile complete, reswab, rejected ...).
    await petStatusLetters(ctx, sample.id, sample.customerFacingStatus, to, notes);
    const pet = await q.petNotice(ctx.db, sample.id);
    if (!pet || pet.groupIds.length === 0) return;
    await createNotifications(ctx, notice(pet, to, ctx.caller.userId));
  },
  async statusesChanged(ctx, samples, to) {
    // The letters' reads once for all (each letter is still its own queued mail); the notifications in one write.
    await petStatusLettersMany(
      ctx,
      samples.map((sample) => ({ id: sample.id, from: sample.customerFacingStatus })),
      to,
    );
    const notices = await q.petNotices(
      ctx.db,
      samples.map((sample) => sample.id),
    );
    // In the samples' order, as one-by-one changes would write them.
    const told = samples.flatMap((sample) => {
      const pet = notices.get(sample.id);
      return pet && pet.groupIds.length > 0 ? [notice(pet, to, ctx.caller.userId)] : [];
    });
    await createNotificationsBatch(ctx, told);
  },
};

type PetNotice = NonNullable<Awaited<ReturnType<typeof q.petNotice>>>;

function notice(pet: PetNotice, to: SampleCustomerStatus, callerId: number) {
  const label = pet.sampleNumber ? `${pet.sampleNumber} (${pet.name})` : pet.name;
  return {
    groupIds: pet.groupIds,
    type: 'Pet' as const,
    message: `${label}: sample status is now ${sampleStatusText(to)}.`,
    actionParameters: { petOwnerId: pet.petOwnerId, sampleNumber: pet.sampleNumber ?? undefined },
    exceptUserId: callerId,
  };
}
