// Residents (spec 2 §7 "Residents and pre-registration"): the public pre-registration calls, a resident's own record,
// the group's resident lists and actions, and the pre-registered dog calls.
import { endpointGroup } from '../endpoint.ts';
import { uploads } from '../uploads.ts';

const resident = endpointGroup(['residents'], () => import('../schemas.ts'));
const prereg = endpointGroup(['prereg'], () => import('../schemas.ts'));

export const residentEndpoints = {
  search: resident.get('/residents/search', 'searchResidents', 'admin', (s) => ({
    query: s.residentSearchQuery,
    response: s.z.array(s.residentSearchRow),
  })),
  get: resident.get('/residents/:id', 'getResident', 'signedIn', (s) => ({
    params: s.idParam,
    response: s.residentView,
  })),
  details: resident.get('/residents/:id/details', 'getResidentDetails', { right: 'resident.view' }, (s) => ({
    params: s.idParam,
    response: s.residentDetails,
  })),
  list: resident.get('/groups/:groupId/residents', 'listResidents', { right: 'resident.view' }, (s) => ({
    params: s.groupIdParam,
    query: s.residentListQuery,
    response: s.pagedResponse(s.residentRow),
  })),
  preregList: resident.get(
    '/groups/:groupId/residents/prereg',
    'listPreRegistrations',
    { right: 'resident.view' },
    (s) => ({
      params: s.groupIdParam,
      query: s.residentListQuery,
      response: s.pagedResponse(s.residentRow),
    }),
  ),
  moveOuts: resident.get(
    '/groups/:groupId/residents/moveouts',
    'listResidentMoveOuts',
    { right: 'resident.view' },
    (s) => ({
      params: s.groupIdParam,
      query: s.moveOutListQuery,
      response: s.pagedResponse(s.moveOutRow),
    }),
  ),
  bulkMoveOut: resident.post(
    '/groups/:groupId/residents/bulkmoveout',
    'bulkMoveOutResidents',
    { right: 'resident.moveOut' },
    (s) => ({
      params: s.groupIdParam,
      body: s.residentIdsBody,
      response: s.bulkResult,
    }),
  ),
  bulkTransfer: resident.post(
    '/groups/:groupId/residents/bulktransfer',
    'bulkTransferResidents',
    { right: 'resident.transfer' },
    (s) => ({
      params: s.groupIdParam,
      body: s.residentBulkTransferBody,
      response: s.bulkResult,
    }),
  ),
  approve: resident.put('/preregresident/:id/approve', 'approveResident', { right: 'resident.approve' }, (s) => ({
    params: s.idParam,
    body: s.approveResidentRequest,
    response: s.approveResidentResponse,
  })),
  remove: resident.delete('/preregresident/:id', 'deleteResident', { right: 'resident.delete' }, (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  update: resident.put('/preregresident', 'updateResident', 'signedIn', (s) => ({
    body: s.preRegResidentUpdate,
    response: s.residentView,
  })),
  dogs: resident.get('/dogs/:residentId', 'listPreRegisteredDogs', 'signedIn', (s) => ({
    params: s.residentIdParam,
    response: s.z.array(s.preRegisteredDogView),
  })),
  addDog: resident.post('/dogs/:residentId', 'addPreRegisteredDog', { right: 'resident.edit' }, (s) => ({
    params: s.residentIdParam,
    body: s.preRegisteredDogInput,
    response: s.preRegisteredDogView,
  })),
  deleteDog: resident.delete('/dogs/:residentId/:dogId', 'deletePreRegisteredDog', { right: 'resident.edit' }, (s) => ({
    params: s.residentDogParams,
    query: s.deleteDogQuery,
    response: s.okMessage,
  })),
  dogImage: resident.post(
    '/dogs/:residentId/:dogId/image',
    'uploadPreRegisteredDogImage',
    'signedIn',
    (s) => ({ params: s.residentDogParams, response: s.preRegisteredDogView }),
    { upload: uploads.dogPhoto },
  ),
};

/** The anonymous pre-registration flow. */
export const preregEndpoints = {
  property: prereg.get(
    '/preregistration/getpropertybypreregcode/:code',
    'getPropertyByPreRegCode',
    'anonymous',
    (s) => ({
      params: s.preRegCodeParam,
      response: s.preRegProperty,
    }),
  ),
  documents: prereg.get('/preregistration/documents', 'getPreRegistrationDocuments', 'anonymous', (s) => ({
    response: s.z.array(s.preRegDocument),
  })),
  botCheck: prereg.get('/preregistration/botcheck', 'getBotCheckChallenge', 'anonymous', (s) => ({
    response: s.botCheckChallenge,
  })),
  create: prereg.post('/preregresident', 'createPreRegResident', 'anonymous', (s) => ({
    body: s.preRegResidentRequest,
    response: s.preRegResidentResponse,
  })),
};
