// URL state of the waste result screens: the lab's result lists (page size 100, sample number ascending, not approved
// by default) and the no-match reruns list.
import { z } from 'zod';
import { PAGE_SIZE_MAX } from '@registry/contracts';
import { pagingSearch, searchText } from '../../components/urlSearch';

/** Spec 3 §9: result list page-size options 15, 25, 50, 100, 200 and a maximum. */
export const WASTE_RESULTS_PAGE_SIZES = [15, 25, 50, 100, 200, PAGE_SIZE_MAX] as const;
const status = z
  .enum(['Match', 'NoMatch', 'NonCanine', 'Processing', 'Fail', 'MultipleMatch'])
  .optional()
  .catch(undefined);
// Kept as the URL's own word ('all' must survive in the URL: dropping the key would bring back the default).
const approved = z
  .union([z.boolean().transform((v) => (v ? 'true' : 'false')), z.enum(['true', 'false', 'all'])])
  .catch('false')
  .default('false');

/** The approved filter as the API takes it: undefined for all. */
export const approvedFilter = (value: 'true' | 'false' | 'all'): boolean | undefined =>
  value === 'all' ? undefined : value === 'true';

export const wasteResultsSearch = pagingSearch(100).extend({
  status,
  propertyName: searchText,
  sampleNumber: searchText,
  approved,
});

/** URL state of /group/{id}/results?samplenumber&samplestatus&matchResult (spec 2): attempted date descending by default. */
export const groupResultsSearch = pagingSearch().extend({
  samplenumber: searchText,
  samplestatus: z.coerce.number().int().min(0).max(500).optional().catch(undefined),
  matchResult: status,
});
export type GroupResultsSearch = z.infer<typeof groupResultsSearch>;
