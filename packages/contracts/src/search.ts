// Universal search (spec 3 §2 /tools/search, §3 "Universal search request", §5, §9): pets, pet owners, residents,
// groups and waste samples matching the query, ranked, within the caller's scope; advanced address fields.
import { z } from 'zod';
import { optionalText, queryBoolean, integer } from './common.ts';

export const SEARCH_MESSAGES = { tooShort: 'Please enter at least 3 characters.' } as const;
export const SEARCH_MIN_LENGTH = 3;
/** Spec 3 §9: universal search advanced page size 300. */
export const SEARCH_PAGE_SIZE = 300;
export const SEARCH_MODELS = ['Pet', 'PetOwner', 'Resident', 'Group', 'WasteSample'] as const;
export type SearchModel = (typeof SEARCH_MODELS)[number];

export const universalSearchQuery = z.object({
  query: optionalText(200),
  model: z.enum(SEARCH_MODELS).optional(),
  page: integer(1, 100_000).default(1),
  pageSize: integer(1, SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
  streetAddress: optionalText(200),
  city: optionalText(100),
  postalCode: optionalText(20),
  stateId: optionalText(20),
  countryId: optionalText(20),
  // Spec 1 §3's other universal search filters, each narrowing the branches it applies to (docs/decisions/reports.md).
  propertyName: optionalText(200),
  dogOwnerFirstName: optionalText(100),
  dogOwnerLastName: optionalText(100),
  dogOwnerEmail: optionalText(254),
  dogOwnerUnitNumber: optionalText(30),
  dogSampleNumber: optionalText(20),
  dogName: optionalText(100),
  dogIsParentage: queryBoolean.optional(),
  dogIsPooPrints: queryBoolean.optional(),
});
export const searchHit = z.object({
  model: z.enum(SEARCH_MODELS),
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  link: z.string(),
  rank: z.number(),
});
export const universalSearchResult = z.object({ data: z.array(searchHit), totalRecords: z.number().int() });
export type SearchHit = z.output<typeof searchHit>;
