// Field collection (issue 40): the phone app's collection upload, the custody of a waste sample, the lab receipt's look
// at a collection and the property's collection points. Access comes from the rights table.
import { endpointGroup } from '../endpoint.ts';
import { uploads } from '../uploads.ts';

const field = endpointGroup(['fieldcollection'], () => import('../schemas.ts'));

export const fieldCollectionEndpoints = {
  collect: field.post(
    '/fieldcollection/collect',
    'collectWasteSample',
    { right: 'fieldCollection.collect' },
    (s) => ({ model: s.fieldCollectionModel, response: s.fieldCollectionSaved }),
    { upload: uploads.collectionPhotos },
  ),
  properties: field.get(
    '/fieldcollection/properties',
    'getCollectionProperties',
    { right: 'fieldCollection.collect' },
    (s) => ({ response: s.collectionProperties }),
  ),
  custody: field.get('/fieldcollection/custody', 'getWasteSampleCustody', { right: 'wasteSample.view' }, (s) => ({
    query: s.custodyQuery,
    response: s.custodyView,
  })),
  bySampleNumber: field.get(
    '/fieldcollection/bysamplenumber',
    'getCollectionBySampleNumber',
    { right: 'wasteSample.view' },
    (s) => ({ query: s.collectionBySampleQuery, response: s.fieldCollectionView }),
  ),
  points: field.get('/fieldcollection/points', 'getCollectionPoints', { right: 'wasteSample.view' }, (s) => ({
    query: s.collectionPointsQuery,
    response: s.collectionPointsResponse,
  })),
};
