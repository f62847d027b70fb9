// Pet owners (spec 1 §7): the owner landing record and the admins' pet owner search.
import { endpointGroup } from '../endpoint.ts';

const petOwner = endpointGroup(['petowners'], () => import('../schemas.ts'));

export const petOwnerEndpoints = {
  search: petOwner.get('/petowner/searchpetowners', 'searchPetOwners', 'admin', (s) => ({
    query: s.petOwnerSearchQuery,
    response: s.pagedResponse(s.petOwnerSearchRow),
  })),
  // Owners see only themselves; the service decides.
  get: petOwner.get('/petowner/:id', 'getPetOwner', 'signedIn', (s) => ({
    params: s.idParam,
    response: s.petOwnerView,
  })),
};
