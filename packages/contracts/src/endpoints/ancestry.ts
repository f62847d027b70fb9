// Ancestry fulfilment (spec 3 §7 "/ancestryfulfillment"), provider staff only, and the partner frame ("Logo and iframe").
import { endpointGroup } from '../endpoint.ts';

const anc = endpointGroup(['ancestry'], () => import('../schemas.ts'));
const staff = 'providerStaff' as const;
const base = '/ancestryfulfillment';

export const ancestryEndpoints = {
  list: anc.get(base, 'listFulfillments', staff, (s) => ({
    query: s.fulfillmentQuery,
    response: s.pagedResponse(s.fulfillmentItem),
  })),
  countByStatus: anc.get(`${base}/getcountbystatus`, 'fulfillmentCountByStatus', staff, (s) => ({
    response: s.countByStatus,
  })),
  genotypes: anc.get(`${base}/getgenotypes`, 'fulfillmentGenotypes', staff, (s) => ({
    query: s.fulfillmentIdQuery,
    response: s.z.array(s.genotypeOption),
  })),
  checkActivation: anc.post(`${base}/checkactivationstatus`, 'checkFulfillmentActivation', staff, (s) => ({
    body: s.fulfillmentIdsRequest,
    response: s.countResponse,
  })),
  statusByOrder: anc.post(`${base}/getstatusbyorder`, 'fulfillmentStatusByOrder', 'signedIn', (s) => ({
    body: s.orderIdsRequest,
    response: s.orderFulfillmentStatus,
  })),
  selectGenotype: anc.post(`${base}/selectgenotype`, 'selectFulfillmentGenotype', staff, (s) => ({
    body: s.selectGenotypeRequest,
    response: s.statusResponse,
  })),
  markPicked: anc.post(`${base}/markpicked`, 'markFulfillmentsPicked', staff, (s) => ({
    body: s.fulfillmentIdsRequest,
    response: s.countResponse,
  })),
  generatePlate: anc.post(`${base}/generateplate`, 'generateAncestryPlate', staff, (s) => ({
    body: s.generatePlateRequest,
    response: s.generatePlateResponse,
  })),
  bulkUploadPlate: anc.post(`${base}/bulkuploadplate`, 'bulkUploadAncestryPlate', staff, (s) => ({
    body: s.bulkUploadPlateRequest,
    response: s.plateBulkResult,
  })),
  bulkImportPlate: anc.post(`${base}/bulkimportplate`, 'bulkImportAncestryPlate', staff, (s) => ({
    body: s.bulkImportPlateRequest,
    response: s.plateBulkResult,
  })),
  markPlated: anc.post(`${base}/markplated`, 'markFulfillmentPlated', staff, (s) => ({
    body: s.markPlatedRequest,
    response: s.statusResponse,
  })),
  removeFromPlate: anc.post(`${base}/removefromplate`, 'removeFulfillmentFromPlate', staff, (s) => ({
    body: s.removeFromPlateRequest,
    response: s.statusResponse,
  })),
  updateTubeCodes: anc.post(`${base}/updatetubecodes`, 'updateFulfillmentTubeCodes', staff, (s) => ({
    body: s.tubeCodesRequest,
    response: s.countResponse,
  })),
  generateManifest: anc.post(`${base}/generatemanifest`, 'generateAncestryManifest', staff, (s) => ({
    body: s.manifestRequest,
    response: s.countResponse,
  })),
  flag: anc.post(`${base}/flagfulfillment`, 'flagFulfillment', staff, (s) => ({
    body: s.flagFulfillmentRequest,
    response: s.okMessage,
  })),
  unflag: anc.post(`${base}/unflagfulfillment`, 'unflagFulfillment', staff, (s) => ({
    body: s.fulfillmentIdRequest,
    response: s.okMessage,
  })),
};

export const partnerEndpoints = {
  iframeSession: anc.get('/orivet/getiframesession', 'partnerIframeSession', 'signedIn', (s) => ({
    response: s.iframeSession,
  })),
  register: anc.post('/orivet/registercurrentuser', 'partnerRegisterCurrentUser', 'signedIn', (s) => ({
    response: s.registerPartnerResponse,
  })),
};
