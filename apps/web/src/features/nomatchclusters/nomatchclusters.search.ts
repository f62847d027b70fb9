// URL state of the no-match clusters lab tool (status filters, repeated, approval date range, group, sample number;
// default page size 5) and of the approved-clusters report.
import { z } from 'zod';
import { NO_MATCH_PAGE_SIZE } from '@registry/contracts';
import { pagingSearch, searchText } from '../../components/urlSearch';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional()
  .catch(undefined);
const usDay = z
  .string()
  .regex(/^\d{1,2}\/\d{1,2}\/\d{4}$/)
  .optional()
  .catch(undefined);

export const noMatchClustersSearch = pagingSearch(NO_MATCH_PAGE_SIZE).extend({
  pending: flag,
  approved: flag,
  denied: flag,
  repeated: flag,
  approvedFrom: usDay,
  approvedTo: usDay,
  groupId: z.coerce.number().int().positive().optional().catch(undefined),
  groupName: searchText,
  samplenumber: searchText,
});
export type NoMatchClustersSearch = z.infer<typeof noMatchClustersSearch>;

export const noMatchReportSearch = pagingSearch(25).extend({
  groupId: z.coerce.number().int().positive().optional().catch(undefined),
  groupName: searchText,
  groupType: z.coerce.number().int().optional().catch(undefined),
});
export type NoMatchReportSearch = z.infer<typeof noMatchReportSearch>;
