// URL state of /tools/search (spec 3 §2: query and model in the URL; the advanced address fields beside them; spec 1
// §3's other universal search filters under the "More filters" panel).
import { z } from 'zod';
import { maxLengthAt, universalSearchQuery } from '@registry/contracts';
import { searchBoolean, searchText } from '../../components/urlSearch';

const MORE_FILTER_LABELS = [
  ['propertyName', 'Property name'],
  ['dogOwnerFirstName', 'Owner first name'],
  ['dogOwnerLastName', 'Owner last name'],
  ['dogOwnerEmail', 'Owner email'],
  ['dogOwnerUnitNumber', 'Owner unit number'],
  ['dogName', 'Dog name'],
  ['dogSampleNumber', 'Dog sample number'],
] as const;
/** Spec 1 §3's filters behind "More filters", each with its label and the limit the search's query schema holds it to. */
export const MORE_FILTERS = MORE_FILTER_LABELS.map(
  ([key, label]) => [key, label, maxLengthAt(universalSearchQuery, key)] as const,
);
export const MORE_FLAGS = [
  ['dogIsParentage', 'Parentage'],
  ['dogIsPooPrints', 'PooPrints'],
] as const;

// Hand-written: the search pages by its own control (no paging in the URL), and the kit's schema brings paging.
export const universalSearchParams = z.object({
  query: searchText,
  model: z.enum(['Pet', 'PetOwner', 'Resident', 'Group', 'WasteSample']).optional().catch(undefined),
  streetAddress: searchText,
  city: searchText,
  postalCode: searchText,
  propertyName: searchText,
  dogOwnerFirstName: searchText,
  dogOwnerLastName: searchText,
  dogOwnerEmail: searchText,
  dogOwnerUnitNumber: searchText,
  dogName: searchText,
  dogSampleNumber: searchText,
  dogIsParentage: searchBoolean,
  dogIsPooPrints: searchBoolean,
});
export type UniversalSearchParams = z.infer<typeof universalSearchParams>;

/** A filter of the "More filters" panel is set. */
export const hasMoreFilters = (params: UniversalSearchParams) =>
  MORE_FILTERS.some(([key]) => params[key] !== undefined) || MORE_FLAGS.some(([key]) => params[key] !== undefined);
