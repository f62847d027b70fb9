// Waste matching (spec 3 §7 "Results"): result sets and match runs, approvals, reruns, the waste results under a group,
// the match certificate and the result email. Runs, approvals and deletes are the lab's; reading follows group scope.
import { endpointGroup } from '../endpoint.ts';

const results = endpointGroup(['wasteresults'], () => import('../schemas.ts'));
const VIEW = { right: 'wasteResult.view' } as const;
const LAB_VIEW = { right: 'wasteResult.labView' } as const;
const MANAGE = { right: 'wasteResult.manage' } as const;
const BASE = '/pooprintsresulting';

export const wasteResultEndpoints = {
  resultSets: results.get(`${BASE}/getresultsets`, 'getWasteResultSets', LAB_VIEW, (s) => ({
    query: s.resultSetsQuery,
    response: s.resultSetsPage,
  })),
  noMatchReruns: results.get(
    `${BASE}/getnomatchrerunswithstatuschanges`,
    'getNoMatchRerunsWithStatusChanges',
    LAB_VIEW,
    (s) => ({ query: s.resultSetsQuery, response: s.resultSetsPage }),
  ),
  latestResult: results.get(`${BASE}/getlatesttestresultdetails`, 'getLatestWasteTestResult', VIEW, (s) => ({
    query: s.matchResultSetIdQuery,
    response: s.matchResultView,
  })),
  matchResultSet: results.get(`${BASE}/getmatchresultset`, 'getWasteMatchResultSet', VIEW, (s) => ({
    query: s.matchResultSetIdQuery,
    response: s.matchResultSetView,
  })),
  resultSetById: results.get('/pooprintsmatchresultset/:id', 'getWasteMatchResultSetById', VIEW, (s) => ({
    params: s.idParam,
    response: s.matchResultSetView,
  })),
  preview: results.get(`${BASE}/previewnewtestresult`, 'previewNewWasteTestResult', MANAGE, (s) => ({
    query: s.matchResultSetIdQuery,
    response: s.matchRunPreview,
  })),
  saveRun: results.post(`${BASE}/savenewmatchresultsrun/:id`, 'saveNewMatchResultsRun', MANAGE, (s) => ({
    params: s.idParam,
    body: s.saveMatchRunRequest,
    response: s.matchResultSetView,
  })),
  approve: results.post(`${BASE}/approvematchresult/:id`, 'approveWasteMatchResult', MANAGE, (s) => ({
    params: s.idParam,
    query: s.approveResultQuery,
    response: s.okMessage,
  })),
  deleteResult: results.delete(`${BASE}/deletematchresult/:id`, 'deleteWasteMatchResult', MANAGE, (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  approveSelected: results.post(
    `${BASE}/approveselectedmatchresultsets`,
    'approveSelectedMatchResultSets',
    MANAGE,
    (s) => ({ body: s.approveSelectedRequest, response: s.approvedCountResponse }),
  ),
  approveByResult: results.post(
    `${BASE}/approveunapprovedmatchresultsetsbyresult`,
    'approveUnapprovedMatchResultSetsByResult',
    MANAGE,
    (s) => ({ body: s.approveByResultRequest, response: s.approvedCountResponse }),
  ),
  approveMatchingReruns: results.post(`${BASE}/approveallmatchingreruns`, 'approveAllMatchingReruns', MANAGE, (s) => ({
    response: s.approvedCountResponse,
  })),
  deleteRerunInconclusive: results.delete(
    `${BASE}/deleteallreruninconclusiveresults`,
    'deleteAllRerunInconclusiveResults',
    MANAGE,
    (s) => ({ response: s.deletedCountResponse }),
  ),
  rerunAll: results.post(`${BASE}/rerunallnomatches`, 'rerunAllNoMatches', MANAGE, (s) => ({
    body: s.rerunRequest,
    response: s.rerunStatus,
  })),
  cancelRerun: results.post(`${BASE}/cancelrerunallnomatches`, 'cancelRerunAllNoMatches', MANAGE, (s) => ({
    response: s.rerunStatus,
  })),
  rerunStatus: results.get(`${BASE}/getrerunallnomatchesstatus`, 'getRerunAllNoMatchesStatus', LAB_VIEW, (s) => ({
    response: s.rerunStatus,
  })),
  updateNotes: results.put('/pooprintsmatchresult/updatenotes/:id', 'updateWasteMatchResultNotes', MANAGE, (s) => ({
    params: s.idParam,
    body: s.notesRequest,
    response: s.okMessage,
  })),
  byGroup: results.get('/wasteresults/getbygroup', 'getWasteResultsByGroup', VIEW, (s) => ({
    query: s.groupResultsQuery,
    response: s.resultSetsPage,
  })),
  certificate: results.get(
    '/pdfdownload/getpooprintsresultcertificate',
    'getPooPrintsResultCertificate',
    VIEW,
    (s) => ({ query: s.certificateQuery, response: s.pdfContent }),
  ),
  emailPrimaryAdmin: results.post(
    '/email/postsendmatchresultemailtoprimaryadmin',
    'sendMatchResultEmailToPrimaryAdmin',
    { right: 'wasteResult.email' },
    (s) => ({ query: s.emailPrimaryAdminQuery, response: s.okMessage }),
  ),
};
