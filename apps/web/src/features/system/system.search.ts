import type { Dayjs } from 'dayjs';
import { dayjs } from '../../lib/dayjs';
import { auditLogQuery, emailLogQuery, pageViewsQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';
import { pagingSearch } from '../../components/urlSearch';

export const EMAIL_LOG_PAGE_SIZES = [15, 25, 50, 100] as const;
export const AUDIT_LOG_PAGE_SIZE = 100;

/** The email log's URL state, derived from its endpoint's query schema (the list-and-report kit). */
export const emailLogSearch = reportSearch(
  emailLogQuery,
  {
    subjectFilter: 'subjectFilter',
    recipientsFilter: 'recipientsFilter',
    dateFilter: 'dateFilter',
    wasSuccessfulFilter: 'wasSuccessfulFilter',
  },
  { pageSize: EMAIL_LOG_PAGE_SIZES[0] },
).schema;

/** /system/page-views: views per route and day (spec 1 §1), newest day first. */
export const pageViewsSearch = reportSearch(pageViewsQuery, {
  startDate: 'startDate',
  endDate: 'endDate',
  routeName: 'routeName',
}).schema;

/** The audit log's URL state, derived from its endpoint's query schema (the list-and-report kit). */
export const auditLog = reportSearch(
  auditLogQuery,
  {
    startDate: 'startDate',
    endDate: 'endDate',
    entityType: 'entityType',
    actionType: 'actionType',
    createdBy: 'createdBy',
  },
  { pageSize: AUDIT_LOG_PAGE_SIZE },
);
export const auditLogSearch = auditLog.schema;

/** The documents list is small and unpaged on the server: paged in the browser, 10 a page (spec 3 §9 "Documents
 * table count 10"). */
export const DOCUMENTS_PAGE_SIZE = 10;
export const documentsSearch = pagingSearch(DOCUMENTS_PAGE_SIZE);

/** One month before today (the lab's today, from labToday), at midnight: the default start of the audit log window. */
export const defaultAuditStart = (today: Dayjs = dayjs()) => today.subtract(1, 'month').startOf('day');
