// URL state of the ancestry fulfilment screen: status, sample number and plate filters, paging (default 100).
// Derived from the endpoint's query schema (the list-and-report kit).
import { FULFILLMENT_PAGE_SIZE_DEFAULT, fulfillmentQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';

export const fulfillmentSearch = reportSearch(
  fulfillmentQuery,
  { status: 'status', sampleNumber: 'sampleNumber', ancestryPlateNumber: 'ancestryPlateNumber' },
  { pageSize: FULFILLMENT_PAGE_SIZE_DEFAULT },
).schema;
