// URL state of the parentage list (/parentage and /group/{id}/parentage) and the parentage tools.
import { z } from 'zod';
import { parentagePetsQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';
import { searchText } from '../../components/urlSearch';

/** The parentage list's URL state, derived from its endpoint's query schema (the list-and-report kit). */
export const parentageSearch = reportSearch(
  parentagePetsQuery,
  {
    name: 'nameFilter',
    samplenumber: 'sampleNumberFilter',
    samplestatus: 'sampleStatusFilter',
    matchstatus: 'matchStatusFilter',
    statusupdated: 'statusLastUpdatedFilter',
    lastattempted: 'lastAttemptedFilter',
  },
  { pageSize: 25, columnOrders: true },
).schema;
export type ParentageSearch = z.infer<typeof parentageSearch>;

// A look-up's one text, not a list.
export const parentageLookupSearch = z.object({ sampleNumber: searchText });
