// URL state of the ancestry fulfilment screen: status, sample number and plate filters, paging (default 100).
import { z } from 'zod';
import { FULFILLMENT_PAGE_SIZE_DEFAULT } from '@registry/contracts';
import { pagingSearch, searchText } from '../../components/urlSearch';

export const fulfillmentSearch = pagingSearch(FULFILLMENT_PAGE_SIZE_DEFAULT).extend({
  status: z.coerce.number().int().optional().catch(undefined),
  sampleNumber: searchText,
  ancestryPlateNumber: searchText,
});
