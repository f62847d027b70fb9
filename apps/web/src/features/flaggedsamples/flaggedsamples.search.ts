// URL state of /group/{id}/flaggedsamples: its route parameter sampletype and the list's other filters (spec 2).
import { z } from 'zod';
import { pagingSearch, searchText } from '../../components/urlSearch';

export const flaggedSamplesSearch = pagingSearch().extend({
  sampletype: z.enum(['Pet', 'WasteSample']).optional().catch(undefined),
  samplenumber: searchText,
  dateflagged: searchText,
  notes: searchText,
  groupname: searchText,
  samplestatus: z.coerce.number().int().min(0).max(500).optional().catch(undefined),
});
export type FlaggedSamplesSearch = z.infer<typeof flaggedSamplesSearch>;
