// Pets (spec 3 §7 "Pets"): the pet record, owner and orphan lists, transfers, the sample status actions, history, the
// pet image and the barcode lookup. Pet owners reach their own pets through the `signedIn` reads; the service decides.
import { endpointGroup } from '../endpoint.ts';
import { uploads } from '../uploads.ts';

const pet = endpointGroup(['pets'], () => import('../schemas.ts'));
const edit = { right: 'pet.edit' } as const;
const status = { right: 'sample.changeStatus' } as const;

export const petEndpoints = {
  underGroup: pet.get('/groups/petownergroup/getpetsundergroup', 'petsUnderGroup', { right: 'pet.view' }, (s) => ({
    query: s.petsUnderGroupQuery,
    response: s.pagedResponse(s.petListRow),
  })),
  ofOwner: pet.get('/pet/getallpets/:ownerId', 'petsOfOwner', 'signedIn', (s) => ({
    params: s.ownerIdParam,
    query: s.ownerPetsQuery,
    response: s.z.array(s.petListRow),
  })),
  ownerPage: pet.get('/petowner/:id/pets', 'petOwnerPetsPage', 'signedIn', (s) => ({
    params: s.idParam,
    query: s.ownerPetsPageQuery,
    response: s.pagedResponse(s.petListRow),
  })),
  removeFromOwner: pet.post(
    '/petowner/removepetfrompetowner',
    'removePetFromPetOwner',
    // Orphans have no group: only provider staff, who run the orphans tool, reach them.
    'providerStaff',
    (s) => ({ body: s.removePetFromPetOwnerRequest, response: s.okMessage }),
  ),
  orphans: pet.get('/pet/getallorphans', 'orphanedPets', { right: 'pet.transfer' }, (s) => ({
    query: s.orphansQuery,
    response: s.pagedResponse(s.petListRow),
  })),
  lookup: pet.get('/pet/lookup', 'petLookup', { right: 'pet.view' }, (s) => ({
    query: s.petLookupQuery,
    response: s.petLookup,
  })),
  history: pet.get('/pet/getsamplehistory', 'petSampleHistory', 'signedIn', (s) => ({
    query: s.z.object({ sampleNumber: s.petSampleNumber }),
    response: s.sampleHistory,
  })),
  get: pet.get('/pet/:id', 'getPet', 'signedIn', (s) => ({ params: s.idParam, response: s.petView })),
  update: pet.put('/pet', 'updatePet', edit, (s) => ({ body: s.petUpdateRequest, response: s.petView })),
  delete: pet.delete('/pet/:id', 'deletePet', { right: 'pet.delete' }, (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  transfer: pet.post('/pet/transferpet', 'transferPet', { right: 'pet.transfer' }, (s) => ({
    body: s.petTransferRequest,
    response: s.okMessage,
  })),
  attachOrphan: pet.post('/pet/attachorphantopetowner', 'attachOrphanToPetOwner', { right: 'pet.transfer' }, (s) => ({
    body: s.petTransferRequest,
    response: s.okMessage,
  })),
  setActive: pet.patch('/pet/setactivestatus', 'setPetActiveStatus', edit, (s) => ({
    body: s.petActiveRequest,
    response: s.okMessage,
  })),
  setServiceAnimal: pet.patch('/pet/setserviceanimalstatus', 'setPetServiceAnimalStatus', edit, (s) => ({
    body: s.petServiceAnimalRequest,
    response: s.okMessage,
  })),
  checkOrphans: pet.post('/pet/checkfororphanedpets', 'checkForOrphanedPets', { right: 'pet.register' }, (s) => ({
    body: s.orphanCheckRequest,
    response: s.orphanCheckResponse,
  })),
  createInitialDnaProfile: pet.post(
    '/pet/createinitialdnaprofilebysamplenumber',
    'createInitialDnaProfileBySampleNumber',
    'providerStaff',
    (s) => ({ query: s.initialDnaProfileQuery, response: s.initialDnaProfileResponse }),
  ),
  resetStatus: pet.post('/pet/resetcustomerfacingstatustoprofilecreated/:id', 'resetPetStatus', edit, (s) => ({
    params: s.idParam,
    response: s.petStatusResponse,
  })),
  reject: pet.post('/pet/reject/:id', 'rejectPetSample', status, (s) => ({
    params: s.idParam,
    body: s.petStatusNotesRequest,
    response: s.petStatusResponse,
  })),
  accept: pet.post('/pet/accept/:id', 'acceptPetSample', status, (s) => ({
    params: s.idParam,
    response: s.petStatusResponse,
  })),
  verify: pet.post('/pet/verify/:id', 'verifyPetSample', status, (s) => ({
    params: s.idParam,
    response: s.petStatusResponse,
  })),
  expire: pet.post('/pet/expire/:id', 'expirePetSample', status, (s) => ({
    params: s.idParam,
    response: s.petStatusResponse,
  })),
  reinstate: pet.post('/pet/reinstate/:id', 'reinstatePetSample', status, (s) => ({
    params: s.idParam,
    response: s.petStatusResponse,
  })),
  void: pet.post('/pet/void/:id', 'voidPetSample', status, (s) => ({
    params: s.idParam,
    body: s.petStatusNotesRequest,
    response: s.petStatusResponse,
  })),
  unvoid: pet.post('/pet/unvoid/:id', 'unvoidPetSample', status, (s) => ({
    params: s.idParam,
    body: s.petStatusNotesRequest,
    response: s.petStatusResponse,
  })),
  flag: pet.post('/pet/flag/:id', 'flagPet', { right: 'sample.flag' }, (s) => ({
    params: s.idParam,
    body: s.petFlagRequest,
    response: s.okMessage,
  })),
  unflag: pet.put('/pet/unflag/:id', 'unflagPet', { right: 'sample.flag' }, (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  // The lab revokes the pet's DNA verification certificate (the same revocation as the DNA lab's body form).
  revokeCertificate: pet.post(
    '/pet/revokednaverificationcertificate/:id',
    'revokePetDnaVerificationCertificate',
    { right: 'dna.manage' },
    (s) => ({ params: s.idParam, response: s.okMessage }),
  ),
  uploadImage: pet.post(
    '/petimageupload/post/:petId',
    'uploadPetImage',
    edit,
    (s) => ({ params: s.petIdParam, response: s.petImageUploadResponse }),
    { upload: uploads.petPhoto },
  ),
};
