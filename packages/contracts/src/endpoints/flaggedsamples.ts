// Flagged samples under a group (spec 2 "Groups": GET group/flaggedsamples/{id}); any admin within their own groups.
import { endpointGroup } from '../endpoint.ts';

const flagged = endpointGroup(['flaggedsamples'], () => import('../schemas.ts'));

export const flaggedSampleEndpoints = {
  list: flagged.get('/groups/group/flaggedsamples/:id', 'groupFlaggedSamples', { right: 'group.view' }, (s) => ({
    params: s.flaggedSamplesParams,
    query: s.flaggedSamplesQuery,
    response: s.flaggedSamplesList,
  })),
};
