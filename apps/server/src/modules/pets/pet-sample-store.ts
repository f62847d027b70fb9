// How the shared sample rules (modules/samples) update a pet's row: the pet side of the sample store.
import type { SampleStore } from '../samples/samples.service.ts';
import * as q from './pets.queries.ts';

export const petSampleStore: SampleStore = {
  kind: 'pet',
  entityType: 'Pet',
  setStatus: (tx, id, status, userId) => q.setStatus(tx, id, status, userId),
  setFlag: (tx, id, isFlagged, notes, userId) => q.setFlag(tx, id, isFlagged, notes, userId),
};
