// URL state of the duplicate dog and gender mismatch reports, derived from their endpoints' query schemas: the picked
// group, filters, the orders the contract names, and paging.
import { DUPLICATE_REPORT_PAGE_SIZE, duplicateDogReportQuery, genderMismatchQuery } from '@registry/contracts';
import { pickedGroupName, reportSearch } from '../../components/reportSearch';

export const duplicateDogs = reportSearch(
  duplicateDogReportQuery,
  { groupId: 'groupId', reviewStatus: 'reviewStatus', sampleNumber: 'sampleNumber' },
  { pageSize: DUPLICATE_REPORT_PAGE_SIZE, extra: pickedGroupName },
);
export const duplicateDogsSearch = duplicateDogs.schema;
export const genderMismatch = reportSearch(
  genderMismatchQuery,
  { groupId: 'groupId', recordedGender: 'recordedGender', sampleNumber: 'sampleNumber' },
  { extra: pickedGroupName },
);
export const genderMismatchSearch = genderMismatch.schema;
