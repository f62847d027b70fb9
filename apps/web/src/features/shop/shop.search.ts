// URL state of the shop's back-office screens: products paging, promotion codes and provider codes filters, orders.
import { z } from 'zod';
import { ordersQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';
import { countPagingSearch, pagingSearch, searchText } from '../../components/urlSearch';

const searchBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional()
  .catch(undefined);

// Paging only: the admin product list takes no filter.
export const productsSearch = pagingSearch(10);
// Hand-written: the two code screens name the page size `count` in their URL (spec 2 §2, spec 3 §2), the kit pageSize.
export const promotionCodesSearch = countPagingSearch(25).extend({
  productId: z.coerce.number().int().positive().optional().catch(undefined),
  isReserved: searchBoolean,
  hasBeenAssigned: searchBoolean,
  searchFilter: searchText,
});
export const providerCodesSearch = countPagingSearch(25).extend({
  provider: z.coerce.number().int().min(0).max(1).optional().catch(undefined),
  hasBeenAssigned: searchBoolean,
  searchFilter: searchText,
});
/** The back-office orders' URL state, derived from their endpoint's query schema (the list-and-report kit). */
export const ordersSearch = reportSearch(
  ordersQuery,
  {
    startDate: 'startDate',
    endDate: 'endDate',
    statusFilter: 'statusFilter',
    searchTerm: 'searchTerm',
    petSummary: 'petSummary',
  },
  { pageSize: 100 },
).schema;
// Paging only: the buyer's orders take no filter.
export const myOrdersSearch = pagingSearch(20);
