// Residents (spec 1 §7): a resident's own pre-registration record and the admins' search.
import { endpointGroup } from '../endpoint.ts';

const resident = endpointGroup(['residents'], () => import('../schemas.ts'));

export const residentEndpoints = {
  search: resident.get('/residents/search', 'searchResidents', 'admin', (s) => ({
    query: s.residentSearchQuery,
    response: s.z.array(s.residentSearchRow),
  })),
  get: resident.get('/residents/:id', 'getResident', 'signedIn', (s) => ({
    params: s.idParam,
    response: s.residentView,
  })),
};
