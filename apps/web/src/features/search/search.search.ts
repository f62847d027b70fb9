// URL state of /tools/search (spec 3 §2: query and model in the URL; the advanced address fields beside them).
import { z } from 'zod';
import { searchText } from '../../components/urlSearch';

export const universalSearchParams = z.object({
  query: searchText,
  model: z.enum(['Pet', 'PetOwner', 'Resident', 'Group', 'WasteSample']).optional().catch(undefined),
  streetAddress: searchText,
  city: searchText,
  postalCode: searchText,
});
