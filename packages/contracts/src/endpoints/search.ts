// Universal search (spec 3 §7 "GET /universalsearch/"): every admin, each within their own groups.
import { endpointGroup } from '../endpoint.ts';

const search = endpointGroup(['search'], () => import('../schemas.ts'));

export const searchEndpoints = {
  universal: search.get('/universalsearch', 'universalSearch', 'admin', (s) => ({
    query: s.universalSearchQuery,
    response: s.universalSearchResult,
  })),
};
