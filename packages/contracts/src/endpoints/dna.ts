// The DNA lab's calls (spec 3 §7 "DNA"): panels, controls, GeneMapper upload, profile processing, plates, reports and
// the registry index. Reading is for provider staff; every change is the lab's (rights 'dna.view' / 'dna.manage').
import { endpointGroup } from '../endpoint.ts';
import { uploads } from '../uploads.ts';

const dna = endpointGroup(['dna'], () => import('../schemas.ts'));
const VIEW = { right: 'dna.view' } as const;
const MANAGE = { right: 'dna.manage' } as const;

export const dnaEndpoints = {
  panels: dna.get('/dnapanel', 'dnaPanels', VIEW, (s) => ({ response: s.dnaPanels })),
  createPanel: dna.post('/dnapanel', 'createDnaPanel', MANAGE, (s) => ({ body: s.panelCreate, response: s.dnaPanel })),

  controls: dna.get('/control', 'dnaControls', VIEW, (s) => ({ query: s.controlsQuery, response: s.controlsPage })),
  createControl: dna.post('/control', 'createDnaControl', MANAGE, (s) => ({
    body: s.controlCreate,
    response: s.controlRow,
  })),
  deleteControl: dna.delete('/control', 'deleteDnaControl', MANAGE, (s) => ({
    query: s.controlIdQuery,
    response: s.okMessage,
  })),

  uploadPlate: dna.post(
    '/genemapperfileupload/postnewplate',
    'uploadGeneMapperPlate',
    MANAGE,
    (s) => ({ model: s.plateUploadModel, response: s.plateUploadResponse }),
    { upload: uploads.plateFile },
  ),

  processing: dna.get('/dnaprocessing', 'dnaProcessing', VIEW, (s) => ({
    query: s.dnaProcessingQuery,
    response: s.dnaProcessingPage,
  })),
  processingPlates: dna.get('/dnaprocessing/getplates', 'dnaProcessingPlates', VIEW, (s) => ({
    response: s.plateSummaries,
  })),
  profileSummary: dna.get('/dnaprocessing/getprofilesummary', 'dnaProfileSummary', VIEW, (s) => ({
    query: s.dnaProfileSummaryQuery,
    response: s.dnaProfileSummary,
  })),
  genotypes: dna.get('/dnaprocessing/getgenotypes', 'dnaGenotypes', VIEW, (s) => ({
    query: s.dnaProfileIdQuery,
    response: s.dnaGenotypes,
  })),
  approvedDates: dna.get('/dnaprocessing/getapproveddates', 'dnaApprovedDates', VIEW, (s) => ({
    query: s.dnaSampleNumberQuery,
    response: s.approvalDates,
  })),
  addLabSavedGenotype: dna.post('/dnaprocessing/addlabsavedgenotype', 'addLabSavedGenotype', MANAGE, (s) => ({
    body: s.labSavedGenotypeRequest,
    response: s.dnaGenotypes,
  })),
  removeLabSavedGenotype: dna.delete('/dnaprocessing/labsavedgenotype', 'removeLabSavedGenotype', MANAGE, (s) => ({
    query: s.dnaProfileIdQuery,
    response: s.dnaGenotypes,
  })),
  updateStatus: dna.post('/dnaprocessing/updatednaprofilesstatus', 'updateDnaProfilesStatus', MANAGE, (s) => ({
    body: s.updateStatusRequest,
    response: s.statusUpdateResponse,
  })),
  approveAllPassing: dna.post('/dnaprocessing/approveallpassing', 'approveAllPassing', MANAGE, (s) => ({
    body: s.approveAllPassingRequest,
    response: s.approveResponse,
  })),
  approveAllPassingOnPlate: dna.post(
    '/dnaprocessing/approveallpassingonplate',
    'approveAllPassingOnPlate',
    MANAGE,
    (s) => ({ body: s.approveOnPlateRequest, response: s.approveResponse }),
  ),
  revertApprovedDate: dna.post('/dnaprocessing/revertapproveddate', 'revertApprovedDate', MANAGE, (s) => ({
    body: s.revertApprovalRequest,
    response: s.okMessage,
  })),
  revokeCertificate: dna.post(
    '/dnaprocessing/revokednaverificationcertificate',
    'revokeDnaVerificationCertificate',
    MANAGE,
    (s) => ({ body: s.revokeCertificateRequest, response: s.okMessage }),
  ),
  plateMap: dna.get('/dnaprocessing/platemap/:id', 'dnaPlateMap', VIEW, (s) => ({
    params: s.idParam,
    response: s.plateMap,
  })),

  plates: dna.get('/plate', 'dnaPlates', VIEW, (s) => ({ query: s.platesQuery, response: s.platesPage })),
  renamePlate: dna.put('/plate', 'renameDnaPlate', MANAGE, (s) => ({ body: s.plateRename, response: s.plateRow })),
  downloadPlateFile: dna.get('/plate/downloadgenemapperfile/:id', 'downloadPlateFile', VIEW, (s) => ({
    params: s.idParam,
    response: s.plateFileContent,
  })),
  plateFileByName: dna.get('/reportsgenerator/getgenemapperfilebyplate', 'plateFileByName', VIEW, (s) => ({
    query: s.plateNameQuery,
    response: s.plateFileContent,
  })),
  productByPlate: dna.get('/reportsgenerator/getproductbyplatereport', 'productByPlateReport', VIEW, (s) => ({
    query: s.plateNameQuery,
    response: s.productByPlateReport,
  })),
  samplePlates: dna.get('/samplemanagementplates/:sampleNumber', 'sampleManagementPlates', VIEW, (s) => ({
    params: s.sampleNumberParam,
    response: s.samplePlates,
  })),

  // The pet's DNA documents: whoever sees the pet (its owner, admins over the owner's group, provider staff).
  dnaProfilePdf: dna.get('/pdfdownload/getdnaprofile/:petId', 'getDnaProfilePdf', 'signedIn', (s) => ({
    params: s.petIdParam,
    response: s.pdfContent,
  })),
  dnaVerificationPdf: dna.get('/pdfdownload/getdnaverification/:petId', 'getDnaVerificationPdf', 'signedIn', (s) => ({
    params: s.petIdParam,
    response: s.pdfContent,
  })),

  indexStatus: dna.get('/dnaindex/status', 'dnaIndexStatus', VIEW, (s) => ({ response: s.indexStatus })),
  identitySearch: dna.get('/dnaindex/identify', 'dnaIdentitySearch', VIEW, (s) => ({
    query: s.identitySearchQuery,
    response: s.identitySearchResponse,
  })),
};
