// Parentage calls (spec 3 §7 "Parentage"): the parentage pets list, running a test, result sets, history, override,
// notes, delete and the proof-of-parentage certificate. Parentage managers see their parentage groups' dogs; the
// provider's staff see all; overriding and deleting results is the provider's decision.
import { endpointGroup } from '../endpoint.ts';

const parentage = endpointGroup(['parentage'], () => import('../schemas.ts'));
const VIEW = { right: 'parentage.view' } as const;
const RUN = { right: 'parentage.run' } as const;
const OVERRIDE = { right: 'parentage.override' } as const;

export const parentageEndpoints = {
  pets: parentage.get('/parentagepets', 'parentagePets', VIEW, (s) => ({
    query: s.parentagePetsQuery,
    response: s.parentagePetsPage,
  })),
  candidates: parentage.get('/parentagepets/candidates', 'parentageCandidates', RUN, (s) => ({
    query: s.parentageSampleNumberQuery,
    response: s.parentageCandidates,
  })),
  resultSetBySampleNumber: parentage.get(
    '/parentageresulting/getmatchresultsetfromsamplenumber',
    'parentageMatchResultSetFromSampleNumber',
    VIEW,
    (s) => ({ query: s.parentageSampleNumberQuery, response: s.parentageMatchResultSet }),
  ),
  history: parentage.get('/parentageresulting/getparentageresulthistory', 'parentageResultHistory', VIEW, (s) => ({
    query: s.parentageResultSetIdQuery,
    response: s.parentageHistory,
  })),
  historyDetails: parentage.get(
    '/parentageresulting/gettestresultshistorydetails',
    'parentageTestResultsHistoryDetails',
    VIEW,
    (s) => ({ query: s.matchResultSetIdQuery, response: s.parentageMatchResultSet }),
  ),
  deleteResult: parentage.post('/parentageresulting/deleteparentageresult', 'deleteParentageResult', OVERRIDE, (s) => ({
    body: s.deleteParentageResultRequest,
    response: s.okMessage,
  })),
  override: parentage.post(
    '/parentageresulting/:setId/overridematchresult/:resultId',
    'overrideParentageMatchResult',
    OVERRIDE,
    (s) => ({ params: s.overrideParams, body: s.overrideMatchResultRequest, response: s.parentageMatchResultSet }),
  ),
  execute: parentage.post('/parentageresulting/executeparentagetest', 'executeParentageTest', RUN, (s) => ({
    body: s.executeParentageTestRequest,
    response: s.executedParentageResult,
  })),
  byPet: parentage.get('/parentagematchresultset/getbypet', 'parentageMatchResultSetByPet', VIEW, (s) => ({
    query: s.parentageSampleNumberQuery,
    response: s.parentageMatchResultSet,
  })),
  updateNotes: parentage.put('/parentagematchresultset/updatenotes', 'updateParentageNotes', OVERRIDE, (s) => ({
    body: s.updateParentageNotesRequest,
    response: s.okMessage,
  })),
  certificate: parentage.get(
    '/pdfdownload/getproofofparentagecertificate',
    'proofOfParentageCertificate',
    { right: 'parentage.certificate' },
    (s) => ({ query: s.parentageCertificateQuery, response: s.pdfContent }),
  ),
};
