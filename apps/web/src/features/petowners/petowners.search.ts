import { z } from 'zod';
import { pagingSearch, searchText } from '../../components/urlSearch';

/** The group's pet owners and move-outs lists: paging, sort, and the name, user name and email filters. */
export const groupPetOwnersSearch = pagingSearch().extend({
  name: searchText,
  userName: searchText,
  email: searchText,
});
export type GroupPetOwnersSearch = z.infer<typeof groupPetOwnersSearch>;

/** /tools/unassignedpetowners: paging and a name filter. */
export const unassignedPetOwnersSearch = pagingSearch().extend({ name: searchText });
export type UnassignedPetOwnersSearch = z.infer<typeof unassignedPetOwnersSearch>;
