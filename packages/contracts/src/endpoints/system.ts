// Documents, the email log, the audit log and page views: provider staff only (the spec leaves the role open; these are the
// provider's own records).
import { endpointGroup } from '../endpoint.ts';

const documents = endpointGroup(['documents'], () => import('../schemas.ts'));
const system = endpointGroup(['system'], () => import('../schemas.ts'));

export const systemEndpoints = {
  documents: documents.get('/document', 'listDocuments', 'providerStaff', (s) => ({
    response: s.z.array(s.documentSummary),
  })),
  document: documents.get('/document/:id', 'getDocument', 'providerStaff', (s) => ({
    params: s.idParam,
    query: s.documentQuery,
    response: s.documentView,
  })),
  createDocument: documents.post('/document', 'createDocument', 'providerStaff', (s) => ({
    body: s.documentWriteRequest,
    response: s.documentView,
  })),
  updateDocument: documents.put('/document/:id', 'updateDocument', 'providerStaff', (s) => ({
    params: s.idParam,
    body: s.documentWriteRequest,
    response: s.documentView,
  })),
  emailLog: system.get('/emaillog', 'emailLog', 'providerStaff', (s) => ({
    query: s.emailLogQuery,
    response: s.pagedResponse(s.emailLogRow),
  })),
  clearEmailLog: system.delete('/emaillog/deleteall', 'clearEmailLog', 'providerStaff', (s) => ({
    response: s.okMessage,
  })),
  auditLog: system.get('/auditlog', 'auditLog', 'providerStaff', (s) => ({
    query: s.auditLogQuery,
    response: s.pagedResponse(s.auditLogRow),
  })),
  // Page views (spec 1 §1): any signed-in user's app sends its own; provider staff read them per route and day.
  recordPageViews: system.post('/pageviews', 'recordPageViews', 'signedIn', (s) => ({
    body: s.pageViewBatch,
    response: s.pageViewsRecorded,
  })),
  pageViews: system.get('/pageviews', 'pageViewsPerRouteAndDay', 'providerStaff', (s) => ({
    query: s.pageViewsQuery,
    response: s.pagedResponse(s.pageViewsRow),
  })),
  verifyAuditLog: system.get('/auditlog/verify', 'verifyAuditLog', 'providerStaff', (s) => ({
    response: s.auditVerifyResponse,
  })),
};
