import { z } from 'zod';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../lib/dayjs';
import { auditLogQuery, parseUsDate } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';
import { pagingSearch, searchText } from '../../components/urlSearch';

export const EMAIL_LOG_PAGE_SIZES = [15, 25, 50, 100] as const;
export const AUDIT_LOG_PAGE_SIZE = 100;

/** A date filter in the URL as MM/dd/yyyy; anything unparseable is dropped. */
const usDateParam = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => (v && parseUsDate(v) ? v : undefined));

export const emailLogSearch = pagingSearch(EMAIL_LOG_PAGE_SIZES[0]).extend({
  subjectFilter: searchText,
  recipientsFilter: searchText,
  dateFilter: usDateParam,
  wasSuccessfulFilter: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional()
    .catch(undefined),
});

/** /system/page-views: views per route and day (spec 1 §1), newest day first. */
export const pageViewsSearch = pagingSearch().extend({
  startDate: usDateParam,
  endDate: usDateParam,
  routeName: searchText,
});

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
