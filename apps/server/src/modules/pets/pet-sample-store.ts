// How the shared sample rules (modules/samples) update a pet's row: the pet side of the sample store. A status change
// notifies the admins of the owner's current groups (spec 3 §2: a Pet notification opens the pet owner page).
import type { SampleStore } from '../samples/samples.service.ts';
import { createNotifications, sampleStatusText } from '../notifications/notifications.service.ts';
import * as q from './pets.queries.ts';
import { petStatusLetters } from '../emailtemplates/pet-letters.ts';

export const petSampleStore: SampleStore = {
  kind: 'pet',
  entityType: 'Pet',
  setStatus: (tx, id, status, userId) => q.setStatus(tx, id, status, userId),
  setFlag: (tx, id, isFlagged, notes, userId) => q.setFlag(tx, id, isFlagged, notes, userId),
  async statusChanged(ctx, sample, to, notes) {
    // The owner's and the primary admin's letters (sample received, profile complete, reswab, rejected ...).
    await petStatusLetters(ctx, sample.id, sample.customerFacingStatus, to, notes);
    const pet = await q.petNotice(ctx.db, sample.id);
    if (!pet || pet.groupIds.length === 0) return;
    const label = pet.sampleNumber ? `${pet.sampleNumber} (${pet.name})` : pet.name;
    await createNotifications(ctx, {
      groupIds: pet.groupIds,
      type: 'Pet',
      message: `${label}: sample status is now ${sampleStatusText(to)}.`,
      actionParameters: { petOwnerId: pet.petOwnerId, sampleNumber: pet.sampleNumber ?? undefined },
      exceptUserId: ctx.caller.userId,
    });
  },
};
