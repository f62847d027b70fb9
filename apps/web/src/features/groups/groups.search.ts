import { z } from 'zod';
import { DashboardMode, subgroupsQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';
import { subgroupFilterFromRoute } from './groupRules';

/**
 * Subgroups URL state: paging plus the active filter (route value nonzero → Active, zero → Inactive) and seven filters
 * derived from the endpoint's query schema (the list-and-report kit).
 */
export const subgroupsSearch = reportSearch(
  subgroupsQuery,
  {
    name: 'name',
    lastLogin: 'lastLogin',
    lastSample: 'lastSample',
    lastPet: 'lastPet',
    city: 'city',
    state: 'state',
    phone: 'phone',
  },
  {
    extra: {
      // The route's number (nonzero Active, zero Inactive) read as the contract's word, Active when absent.
      isActiveFilter: z
        .preprocess(subgroupFilterFromRoute, z.enum(['Active', 'Inactive', 'ActiveAndInactive']))
        .catch('Active'),
    },
  },
).schema;
export type SubgroupsSearch = z.infer<typeof subgroupsSearch>;

/**
 * Dashboard URL state: dashboardMode as the API names it (0 Active, 1 Inactive, 2 Active & Inactive, 3 Global); absent
 * or unreadable means the default, Active. The page falls back to Active when Global is not offered to the user.
 */
// Hand-written: a dashboard, not a list (no paging); its one key has a default the contract's query also has.
export const dashboardSearch = z.object({
  dashboardMode: z.coerce
    .number()
    .int()
    .min(DashboardMode.ActiveProperties)
    .max(DashboardMode.GlobalStatus)
    .catch(DashboardMode.ActiveProperties)
    .default(DashboardMode.ActiveProperties),
});

/**
 * The dashboard mode the page shows for the mode in the URL: Global only for the registry's staff (anyone else asking for
 * it sees the default). The route's loader asks for the same mode before the page renders, so the two must agree.
 */
export const shownDashboardMode = (requested: number | undefined, offersGlobal: boolean): number =>
  requested === undefined ||
  requested < DashboardMode.ActiveProperties ||
  requested > DashboardMode.GlobalStatus ||
  (requested === DashboardMode.GlobalStatus && !offersGlobal)
    ? DashboardMode.ActiveProperties
    : requested;
