import { z } from 'zod';
import { pagingSearch, searchText } from '../../components/urlSearch';
import { subgroupFilterFromRoute } from './groupRules';

/** Subgroups URL state: paging plus the active filter (route value nonzero → Active, zero → Inactive) and seven filters. */
export const subgroupsSearch = pagingSearch().extend({
  isActiveFilter: z.preprocess(subgroupFilterFromRoute, z.enum(['Active', 'Inactive', 'ActiveAndInactive'])).catch('Active'),
  name: searchText,
  lastLogin: searchText,
  lastSample: searchText,
  lastPet: searchText,
  city: searchText,
  state: searchText,
  phone: searchText,
});
export type SubgroupsSearch = z.infer<typeof subgroupsSearch>;
