// URL state of the duplicate dog and gender mismatch reports: the picked group, filters, sorting and paging.
import { z } from 'zod';
import { DUPLICATE_REPORT_PAGE_SIZE } from '@registry/contracts';
import { pagingSearch, searchText } from '../../components/urlSearch';

const groupId = z.coerce.number().int().positive().optional().catch(undefined);
const picked = { groupId, groupName: searchText };

export const duplicateDogsSearch = pagingSearch(DUPLICATE_REPORT_PAGE_SIZE).extend({
  ...picked,
  reviewStatus: z.coerce.number().int().min(0).max(2).optional().catch(undefined),
  sampleNumber: searchText,
});
export const genderMismatchSearch = pagingSearch(25).extend({
  ...picked,
  recordedGender: z.coerce.number().int().min(0).max(2).optional().catch(undefined),
  sampleNumber: searchText,
});
