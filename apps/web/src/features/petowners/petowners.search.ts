import { z } from 'zod';
import { pagingSearch, searchText } from '../../components/urlSearch';

const searchFlag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional()
  .catch(undefined);

/**
 * The group's pet owners: current members, or with movedOut its move-outs (newest first); paging, sort, and the
 * name, user name and email filters.
 */
export const groupPetOwnersSearch = pagingSearch().extend({
  movedOut: searchFlag,
  name: searchText,
  userName: searchText,
  email: searchText,
});
export type GroupPetOwnersSearch = z.infer<typeof groupPetOwnersSearch>;

/** /tools/unassignedpetowners: paging and a name filter. */
export const unassignedPetOwnersSearch = pagingSearch().extend({ name: searchText });
export type UnassignedPetOwnersSearch = z.infer<typeof unassignedPetOwnersSearch>;
