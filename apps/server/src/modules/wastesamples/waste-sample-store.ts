// How the shared sample rules (modules/samples) update a waste sample's row: the waste side of the sample store. A status
// change notifies the property's admins (spec 3 §2: a WasteSample notification opens the group's results).
import type { SampleStore } from '../samples/samples.service.ts';
import { createNotifications, sampleStatusText } from '../notifications/notifications.service.ts';
import * as q from './wastesamples.queries.ts';

export const wasteSampleStore: SampleStore = {
  kind: 'waste',
  entityType: 'WasteSample',
  setStatus: async (tx, id, status, userId) => {
    await q.update(tx, id, { customerFacingStatus: status, updatedById: userId });
  },
  setFlag: async (tx, id, isFlagged, notes, userId) => {
    await q.update(tx, id, { isFlagged, flagNotes: notes, updatedById: userId });
  },
  async statusChanged(ctx, sample, to) {
    const notice = await q.sampleNotice(ctx.db, sample.id);
    if (!notice?.propertyId) return;
    await createNotifications(ctx, {
      groupId: notice.propertyId,
      type: 'WasteSample',
      message: `${notice.sampleNumber}: sample status is now ${sampleStatusText(to)}.`,
      actionParameters: { id: notice.propertyId, sampleNumber: notice.sampleNumber },
      exceptUserId: ctx.caller.userId,
    });
  },
};
