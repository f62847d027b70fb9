// How the shared sample rules (modules/samples) update a waste sample's row: the waste side of the sample store.
import type { SampleStore } from '../samples/samples.service.ts';
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
};
