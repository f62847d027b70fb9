// Pet owners (spec 2 §7 "Pet owners"): the owner page and its actions, group membership and history, the group's
// owner and move-out lists, unassigned owners and the dog registration agreement. Owners see only themselves.
import { endpointGroup } from '../endpoint.ts';

const petOwner = endpointGroup(['petowners'], () => import('../schemas.ts'));

export const petOwnerEndpoints = {
  search: petOwner.get('/petowner/searchpetowners', 'searchPetOwners', 'admin', (s) => ({
    query: s.petOwnerSearchQuery,
    response: s.pagedResponse(s.petOwnerSearchRow),
  })),
  unassigned: petOwner.get(
    '/petowner/getunassignedpetowners',
    'getUnassignedPetOwners',
    { right: 'petOwner.view' },
    (s) => ({
      query: s.unassignedPetOwnersQuery,
      response: s.pagedResponse(s.unassignedPetOwnerRow),
    }),
  ),
  // Owners see only themselves; the service decides.
  get: petOwner.get('/petowner/:id', 'getPetOwner', 'signedIn', (s) => ({
    params: s.idParam,
    response: s.petOwnerView,
  })),
  update: petOwner.put('/petowner/:id', 'updatePetOwner', { right: 'petOwner.edit' }, (s) => ({
    params: s.idParam,
    body: s.petOwnerUpdateRequest,
    response: s.petOwnerView,
  })),
  delete: petOwner.delete('/petowner/:id', 'deletePetOwner', { right: 'petOwner.delete' }, (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  activate: petOwner.put('/petowner/activate/:id', 'activatePetOwner', { right: 'petOwner.deactivate' }, (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  deactivate: petOwner.put('/petowner/deactivate/:id', 'deactivatePetOwner', { right: 'petOwner.deactivate' }, (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  securityQuestion: petOwner.get(
    '/petowner/:id/securityquestion',
    'getPetOwnerSecurityQuestion',
    { right: 'petOwner.viewSecurityAnswer' },
    (s) => ({ params: s.idParam, response: s.securityQuestionView }),
  ),
  groupHistory: petOwner.get(
    '/petowner/getgrouphistoryforpetowner/:id',
    'getGroupHistoryForPetOwner',
    'signedIn',
    (s) => ({
      params: s.idParam,
      response: s.z.array(s.groupHistoryEntry),
    }),
  ),
  deleteHistoryEntry: petOwner.delete(
    '/petowner/deletepetownergrouphistoryentry/:id',
    'deletePetOwnerGroupHistoryEntry',
    { right: 'petOwner.assignGroups' },
    (s) => ({ params: s.idParam, response: s.okMessage }),
  ),
  removeFromAllGroups: petOwner.post(
    '/petowner/removefromallgroups/:id',
    'removePetOwnerFromAllGroups',
    { right: 'petOwner.assignGroups' },
    (s) => ({ params: s.idParam, response: s.okMessage }),
  ),
  groupPetOwners: petOwner.get(
    '/petownergroups/:groupId/petowners',
    'getGroupPetOwners',
    { right: 'petOwner.view' },
    (s) => ({
      params: s.groupIdParam,
      query: s.groupPetOwnersQuery,
      response: s.pagedResponse(s.groupPetOwnerRow),
    }),
  ),
  createInGroup: petOwner.post(
    '/petownergroups/:groupId/petowners',
    'createPetOwnerInGroup',
    { right: 'petOwner.create' },
    (s) => ({
      params: s.groupIdParam,
      body: s.newPetOwnerRequest,
      response: s.newPetOwnerResponse,
    }),
  ),
  addToGroup: petOwner.put(
    '/petownergroups/:groupId/petowners/:id',
    'addPetOwnerToGroup',
    { right: 'petOwner.assignGroups' },
    (s) => ({
      params: s.groupPetOwnerParams,
      response: s.okMessage,
    }),
  ),
  moveOut: petOwner.delete(
    '/petownergroups/:groupId/petowners/:id',
    'movePetOwnerOut',
    { right: 'petOwner.assignGroups' },
    (s) => ({
      params: s.groupPetOwnerParams,
      query: s.moveOutQuery,
      response: s.okMessage,
    }),
  ),
  moveOuts: petOwner.get('/petownergroups/:groupId/moveouts', 'getGroupMoveOuts', { right: 'petOwner.view' }, (s) => ({
    params: s.groupIdParam,
    query: s.groupPetOwnersQuery,
    response: s.pagedResponse(s.groupPetOwnerRow),
  })),
  addPets: petOwner.post('/petowner/pets', 'addPetsToPetOwner', { right: 'pet.register' }, (s) => ({
    body: s.addPetsRequest,
    response: s.addPetsResponse,
  })),
  registrationAgreement: petOwner.get(
    '/pdfdownload/getdogregistrationagreement',
    'getDogRegistrationAgreement',
    'signedIn',
    (s) => ({ query: s.registrationAgreementQuery, response: s.pdfContent }),
  ),
};
