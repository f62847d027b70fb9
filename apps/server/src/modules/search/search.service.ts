// Universal search rules: at least 3 characters unless an address field or filter is given (spec 3 §5, spec 1 §3), the query turned into
// words matched as word prefixes, sample numbers matched exactly, and people only for the roles that see them.
import type { z } from 'zod';
import {
  SEARCH_MESSAGES,
  SEARCH_MIN_LENGTH,
  SEARCH_MODELS,
  can,
  isSampleNumber,
  type universalSearchQuery,
} from '@registry/contracts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { validationError } from '../../platform/errors.ts';
import * as q from './search.queries.ts';

/** The query's words (up to 8), split at spaces and the punctuation that separates words; PostgreSQL splits them further. */
export function queryWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s,;:()&|!<>*]+/)
    .map((w) => w.replace(/^[-'.]+|[-'.]+$/g, ''))
    .filter((w) => w.length > 0)
    .slice(0, 8);
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
  const rows = await withTransaction(ctx, async (tx) => {
    await q.withoutParallelWorkers(tx);
    // The words as the documents hold them; a text of punctuation alone has none and leaves the filters to search.
    const words = text ? await q.searchWords(tx, queryWords(text).join(' ')) : [];
    return q.universalSearch(
      tx,
      ctx.caller,
      {
        words,
        sampleNumber: isSampleNumber(text) ? text.trim().toUpperCase() : null,
        address,
        filters,
        models: query.model ? [query.model] : SEARCH_MODELS,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      },
      can(ctx.caller.roleId, 'petOwner.view'),
    );
  });
  return {
    totalRecords: Number(rows[0]?.total ?? 0),
    data: rows.map(({ total: _total, ...hit }) => ({ ...hit, rank: Number(hit.rank) })),
  };
}
