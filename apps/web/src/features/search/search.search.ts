// URL state of /tools/search (spec 3 §2: query and model in the URL; the advanced address fields beside them; spec 1
// §3's other universal search filters under the "More filters" panel).
import { z } from 'zod';
import { searchBoolean, searchText } from '../../components/urlSearch';

/** Spec 1 §3's filters behind "More filters", each with its label and the API's length limit. */
export const MORE_FILTERS = [
  ['propertyName', 'Property name', 200],
  ['dogOwnerFirstName', 'Owner first name', 100],
  ['dogOwnerLastName', 'Owner last name', 100],
  ['dogOwnerEmail', 'Owner email', 254],
  ['dogOwnerUnitNumber', 'Owner unit number', 30],
  ['dogName', 'Dog name', 100],
  ['dogSampleNumber', 'Dog sample number', 20],
] as const;
export const MORE_FLAGS = [
  ['dogIsParentage', 'Parentage'],
  ['dogIsPooPrints', 'PooPrints'],
] as const;

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
