// Violation notices (issue 41): the fine schedule of a group, issuing a notice from an approved Match, the owner's
// "My notices" (pay, dispute, appeal), the property's review and re-swab request, the appeal hearing, and the ledger.
import { UserRole } from '../enums.ts';
import { endpointGroup } from '../endpoint.ts';
import { uploads } from '../uploads.ts';

const v = endpointGroup(['violations'], () => import('../schemas.ts'));
const VIEW = { right: 'violation.view' } as const;
const OWNER = [UserRole.PetOwner] as const;

export const violationEndpoints = {
  schedule: v.get('/groups/:groupId/fineschedule', 'getFineSchedule', VIEW, (s) => ({
    params: s.scheduleGroupParam,
    response: s.fineScheduleView,
  })),
  saveSchedule: v.put('/groups/:groupId/fineschedule', 'saveFineSchedule', { right: 'violation.schedule' }, (s) => ({
    params: s.scheduleGroupParam,
    body: s.fineScheduleBody,
    response: s.fineScheduleView,
  })),
  clearSchedule: v.delete(
    '/groups/:groupId/fineschedule',
    'clearFineSchedule',
    { right: 'violation.schedule' },
    (s) => ({
      params: s.scheduleGroupParam,
      response: s.fineScheduleView,
    }),
  ),
  issue: v.post('/violations', 'issueViolationNotice', { right: 'violation.issue' }, (s) => ({
    body: s.issueNoticeRequest,
    response: s.violationMessage,
  })),
  get: v.get('/violations/:id', 'getViolationNotice', VIEW, (s) => ({
    params: s.noticeIdParam,
    response: s.violationNoticeView,
  })),
  review: v.post('/violations/:id/review', 'reviewViolationNotice', { right: 'violation.review' }, (s) => ({
    params: s.noticeIdParam,
    body: s.reviewRequest,
    response: s.violationMessage,
  })),
  reswab: v.post('/violations/:id/reswab', 'requestViolationReswab', { right: 'violation.review' }, (s) => ({
    params: s.noticeIdParam,
    body: s.reswabRequest,
    response: s.violationMessage,
  })),
  decideAppeal: v.post(
    '/violations/:id/appealdecision',
    'decideViolationAppeal',
    { right: 'violation.hearAppeal' },
    (s) => ({ params: s.noticeIdParam, body: s.reviewRequest, response: s.violationMessage }),
  ),
  ledger: v.get('/groups/:groupId/violations', 'violationLedger', VIEW, (s) => ({
    params: s.scheduleGroupParam,
    query: s.ledgerQuery,
    response: s.ledgerList,
  })),
  totals: v.get('/groups/:groupId/violations/totals', 'violationTotals', VIEW, (s) => ({
    params: s.scheduleGroupParam,
    response: s.ledgerTotals,
  })),
  ledgerExport: v.get('/groups/:groupId/violations/export', 'violationLedgerExport', VIEW, (s) => ({
    params: s.scheduleGroupParam,
    query: s.ledgerExportQuery,
    response: s.exportFile,
  })),
  mine: v.get('/violations/mine', 'myViolationNotices', OWNER, (s) => ({ response: s.myNoticesList })),
  myNotice: v.get('/violations/mine/:id', 'myViolationNotice', OWNER, (s) => ({
    params: s.noticeIdParam,
    response: s.violationNoticeView,
  })),
  pay: v.post('/violations/mine/:id/pay', 'payViolationNotice', OWNER, (s) => ({
    params: s.noticeIdParam,
    body: s.payNoticeRequest,
    response: s.violationMessage,
  })),
  /** Multipart: the `model` part ({ reason }) and an optional `photo` part. */
  dispute: v.post(
    '/violations/mine/:id/dispute',
    'disputeViolationNotice',
    OWNER,
    (s) => ({ params: s.noticeIdParam, model: s.disputeRequest, response: s.violationMessage }),
    { upload: uploads.disputePhoto },
  ),
  appeal: v.post('/violations/mine/:id/appeal', 'appealViolationNotice', OWNER, (s) => ({
    params: s.noticeIdParam,
    body: s.appealRequest,
    response: s.violationMessage,
  })),
};
