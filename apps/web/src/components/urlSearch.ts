// URL search-param schemas for paged lists. Kept free of React and antd so route definitions
// in the main bundle can import them without pulling in the table.
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@registry/contracts';

/** A true/false flag in the URL: anything else means absent. */
export const searchBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional()
  .catch(undefined);

/**
 * Paging and sorting params as they live in the URL. Bad values fall back to defaults instead of
 * failing the page, because URLs are hand-edited and shared.
 */
export function pagingSearch(defaultPageSize: number = PAGE_SIZE_DEFAULT) {
  return z.object({
    page: z.coerce.number().int().min(1).catch(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).catch(defaultPageSize).default(defaultPageSize),
    orderBy: z.string().max(64).optional().catch(undefined),
    ascending: searchBoolean,
  });
}

/**
 * Paging params for the screens whose URL names the page size `count` (spec 2 /ecommerce/promotion-codes, spec 3
 * /tools/pet-owner-assigned-promotion-codes): the same rules as pagingSearch under the spec's key.
 */
export function countPagingSearch(defaultCount: number = PAGE_SIZE_DEFAULT) {
  const { page, pageSize, orderBy, ascending } = pagingSearch(defaultCount).shape;
  return z.object({ page, count: pageSize, orderBy, ascending });
}

/** A text filter in the URL: empty means absent. */
export const searchText = z
  .string()
  .max(256)
  .optional()
  .catch(undefined)
  .transform((v) => (v && v.trim() !== '' ? v : undefined));

export type PagingParams = z.infer<ReturnType<typeof pagingSearch>>;
export type CountPagingParams = z.infer<ReturnType<typeof countPagingSearch>>;

/** The page size of either kind of paging params. */
export const pageSizeOf = (params: PagingParams | CountPagingParams) =>
  'count' in params ? params.count : params.pageSize;
