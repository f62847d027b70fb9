// Universal search rules: at least 3 characters unless an address field or filter is given (spec 3 §5, spec 1 §3), the query turned into
// prefix words for PostgreSQL text search, sample numbers matched exactly, and people only for the roles that see them.
import type { z } from 'zod';
import {
  SEARCH_MESSAGES,
  SEARCH_MIN_LENGTH,
  SEARCH_MODELS,
  can,
  isSampleNumber,
  type universalSearchQuery,
} from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { validationError } from '../../platform/errors.ts';
import * as q from './search.queries.ts';

/** Each word a quoted prefix ('rex':*), joined with &; quotes and backslashes escaped for to_tsquery. */
export function toPrefixQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[\s,;:()&|!<>*]+/)
    .map((w) => w.replace(/^[-'.]+|[-'.]+$/g, ''))
    .filter((w) => w.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((w) => `'${w.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(' & ');
}

export async function universalSearch(ctx: SignedInContext, query: z.output<typeof universalSearchQuery>) {
  const address = {
    street: query.streetAddress ?? undefined,
    city: query.city ?? undefined,
    postalCode: query.postalCode ?? undefined,
    stateId: query.stateId ?? undefined,
    countryId: query.countryId ?? undefined,
  };
  const filters: q.SearchFilters = {
    propertyName: query.propertyName ?? undefined,
    owner: {
      firstName: query.dogOwnerFirstName ?? undefined,
      lastName: query.dogOwnerLastName ?? undefined,
      email: query.dogOwnerEmail ?? undefined,
      unitNumber: query.dogOwnerUnitNumber ?? undefined,
    },
    dog: {
      name: query.dogName ?? undefined,
      sampleNumber: query.dogSampleNumber?.toUpperCase() ?? undefined,
      isParentage: query.dogIsParentage,
      isPooPrints: query.dogIsPooPrints,
    },
  };
  // Spec 1 §3's filters, like the address fields, make a search without a query.
  const hasFilter =
    Object.values(address).some(Boolean) ||
    filters.propertyName !== undefined ||
    Object.values(filters.owner).some((v) => v !== undefined) ||
    Object.values(filters.dog).some((v) => v !== undefined);
  const text = query.query ?? '';
  if ((text.length > 0 || !hasFilter) && text.length < SEARCH_MIN_LENGTH)
    throw validationError({ query: [SEARCH_MESSAGES.tooShort] }, SEARCH_MESSAGES.tooShort);
  const rows = await q.universalSearch(
    ctx.db,
    ctx.caller,
    {
      tsquery: text ? toPrefixQuery(text) : null,
      sampleNumber: isSampleNumber(text) ? text.trim().toUpperCase() : null,
      address,
      filters,
      models: query.model ? [query.model] : SEARCH_MODELS,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    },
    can(ctx.caller.roleId, 'petOwner.view'),
  );
  return {
    totalRecords: Number(rows[0]?.total ?? 0),
    data: rows.map(({ total: _total, ...hit }) => ({ ...hit, rank: Number(hit.rank) })),
  };
}
