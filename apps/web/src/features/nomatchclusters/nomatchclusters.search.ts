// URL state of the no-match clusters lab tool (status filters, repeated, approval date range, group, sample number;
// default page size 5) and of the approved-clusters report.
import { z } from 'zod';
import { NO_MATCH_PAGE_SIZE, noMatchClustersQuery, noMatchReportQuery } from '@registry/contracts';
import { pickedGroupName, reportSearch } from '../../components/reportSearch';

/** Both derived from their endpoints' query schemas (the list-and-report kit); the picked group's name is URL-only. */
export const noMatchClustersSearch = reportSearch(
  noMatchClustersQuery,
  {
    pending: 'showPendingFilter',
    approved: 'showApprovedFilter',
    denied: 'showDeniedFilter',
    repeated: 'showRepeatedFilter',
    approvedFrom: 'approvalDateStartFilter',
    approvedTo: 'approvalDateEndFilter',
    groupId: 'groupId',
    samplenumber: 'sampleNumberFilter',
  },
  { pageSize: NO_MATCH_PAGE_SIZE, extra: pickedGroupName },
).schema;
export type NoMatchClustersSearch = z.infer<typeof noMatchClustersSearch>;

export const noMatchReportSearch = reportSearch(
  noMatchReportQuery,
  { groupId: 'groupId' },
  {
    pageSize: 25,
    // The picked group's type, URL-only: the report's columns depend on whether it is a property.
    extra: { ...pickedGroupName, groupType: z.coerce.number().int().optional().catch(undefined) },
  },
).schema;
export type NoMatchReportSearch = z.infer<typeof noMatchReportSearch>;
