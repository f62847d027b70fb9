// URL state of the pet lists: pets under a group (its route parameters samplenumber, samplestatus, petstatus and the
// other filters) and the orphans tool.
import { z } from 'zod';
import { pagingSearch, searchText } from '../../components/urlSearch';

const statusValue = z.coerce.number().int().min(0).max(500).optional().catch(undefined);
const yesNo = z.enum(['true', 'false']).optional().catch(undefined);

export const groupPetsSearch = pagingSearch().extend({
  name: searchText,
  owner: searchText,
  samplenumber: searchText,
  samplestatus: statusValue,
  /** true: service animals (ESA), false: household pets. */
  petstatus: yesNo,
  created: searchText,
  statusupdated: searchText,
});
export type GroupPetsSearch = z.infer<typeof groupPetsSearch>;

export const orphansSearch = pagingSearch().extend({
  name: searchText,
  samplenumber: searchText,
  created: searchText,
  updated: searchText,
  samplestatus: statusValue,
  active: yesNo,
});
export type OrphansSearch = z.infer<typeof orphansSearch>;
