// URL state of the waste result screens: the lab's result lists (page size 100, sample number ascending, not approved
// by default) and the no-match reruns list.
import { z } from 'zod';
import { PAGE_SIZE_MAX, groupResultsQuery, resultSetsQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';

/** Spec 3 §9: result list page-size options 15, 25, 50, 100, 200 and a maximum. */
export const WASTE_RESULTS_PAGE_SIZES = [15, 25, 50, 100, 200, PAGE_SIZE_MAX] as const;
// The screens' own word: the contract reads Processing as Inconclusive, and the status picker shows Processing.
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

/** The result lists' URL state, derived from their endpoint's query schema (the list-and-report kit). */
export const wasteResultsSearch = reportSearch(
  resultSetsQuery,
  { propertyName: 'propertyNameFilter', sampleNumber: 'sampleNumberFilter' },
  { pageSize: 100, extra: { status, approved } },
).schema;

/** URL state of /group/{id}/results?samplenumber&samplestatus&matchResult (spec 2): attempted date descending by default. */
export const groupResultsSearch = reportSearch(
  groupResultsQuery,
  { samplenumber: 'samplenumber', samplestatus: 'samplestatus' },
  { extra: { matchResult: status } },
).schema;
export type GroupResultsSearch = z.infer<typeof groupResultsSearch>;
