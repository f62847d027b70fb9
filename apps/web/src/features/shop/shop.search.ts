// URL state of the shop's back-office screens: products paging, promotion codes and provider codes filters, orders.
import { z } from 'zod';
import { countPagingSearch, pagingSearch, searchText } from '../../components/urlSearch';

const searchBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional()
  .catch(undefined);

export const productsSearch = pagingSearch(10);
// The two code screens name the page size `count` in their URL (spec 2 §2, spec 3 §2).
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
export const ordersSearch = pagingSearch(100).extend({
  startDate: searchText,
  endDate: searchText,
  statusFilter: z.coerce.number().int().optional().catch(undefined),
  searchTerm: searchText,
  petSummary: searchText,
});
export const myOrdersSearch = pagingSearch(20);
