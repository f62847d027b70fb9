// URL state of the parentage list (/parentage and /group/{id}/parentage) and the parentage tools.
import { z } from 'zod';
import { pagingSearch, searchText } from '../../components/urlSearch';

const optionalInt = z.coerce.number().int().min(0).max(1000).optional().catch(undefined);

export const parentageSearch = pagingSearch(25).extend({
  name: searchText,
  samplenumber: searchText,
  samplestatus: optionalInt,
  matchstatus: optionalInt,
  statusupdated: searchText,
  lastattempted: searchText,
});
export type ParentageSearch = z.infer<typeof parentageSearch>;

export const parentageLookupSearch = z.object({ sampleNumber: searchText });
