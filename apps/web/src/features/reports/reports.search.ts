// URL state of the report screens: the picked group (id and name), date range in MM/DD/YYYY, filters and paging. The
// paged reports' filters are derived from their endpoints' query schemas (reportSearch); the URL keeps its own names.
import { z } from 'zod';
import {
  detailReportQuery,
  emailExportPreviewQuery,
  noMatchToMatchQuery,
  productByPlateQuery,
  residentRegistrationsQuery,
  tdAuditQuery,
  tdReportQuery,
} from '@registry/contracts';
import { pickedGroupName, reportSearch } from '../../components/reportSearch';
import { searchText } from '../../components/urlSearch';

const groupId = z.coerce.number().int().positive().optional().catch(undefined);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional()
  .catch(undefined);
const picked = { groupId, groupName: searchText };

export const tdAudit = reportSearch(
  tdAuditQuery,
  { groupId: 'groupId', startDate: 'dateFilterStart', endDate: 'dateFilterEnd' },
  { extra: pickedGroupName },
);
export const tdAuditSearch = tdAudit.schema;
// Unpaged reports (the kit's schema brings paging): their few keys stay hand-written.
export const inventorySearch = z.object({ ...picked, belowThresholdOnly: flag });
/** The group travels in the path (groupIdParam): it is a URL-only key here. */
export const residentRegistrations = reportSearch(
  residentRegistrationsQuery,
  {
    startDate: 'startDate',
    endDate: 'endDate',
    preRegisteredResidents: 'preRegisteredResidents',
    dogOwners: 'dogOwners',
    otherPetOwners: 'otherPetOwners',
  },
  { extra: picked },
);
export const residentRegistrationsSearch = residentRegistrations.schema;
export const propertyExportsSearch = z.object({
  ...picked,
  exportOption: z.coerce.number().int().min(1).max(255).optional().catch(undefined),
  startDate: searchText,
  endDate: searchText,
});

/** The detail report's own keys: one status word for the query's yes/no, and the shown columns (not a filter). */
const detailReportExtra = {
  status: z.enum(['active', 'inactive', 'all']).optional().catch(undefined),
  // Every column's key joined (about 1,100 characters when all 45 are shown): longer than a text filter's 256, which
  // turned "Select all" back into the defaults.
  columns: z
    .string()
    .max(4000)
    .optional()
    .catch(undefined)
    .transform((v) => (v && v.trim() !== '' ? v : undefined)),
};
/** The detail report's request and result: the shown columns travel as one comma-joined list. */
export const detailReportSearch = reportSearch(
  detailReportQuery,
  { groupId: 'groupId', groupName: 'groupName' },
  { pageSize: 25, extra: detailReportExtra },
).schema;
export const emailExportsSearch = reportSearch(
  emailExportPreviewQuery,
  {
    groupId: 'groupIdFilter',
    countryId: 'countryIdFilter',
    stateId: 'stateIdFilter',
    assigned: 'assignedUsersFilter',
    userType: 'userTypeFilter',
    createdFrom: 'userCreatedDateFrom',
    createdTo: 'userCreatedDateTo',
    adminRoles: 'adminRolesFilter',
  },
  { extra: pickedGroupName },
).schema;
export const productByPlateSearch = reportSearch(
  productByPlateQuery,
  { plateName: 'plateName' },
  { pageSize: 100 },
).schema;
export const tdReport = reportSearch(
  tdReportQuery,
  { groupId: 'groupId', sampleNumber: 'sampleNumberFilter', startDate: 'startDate', endDate: 'endDate' },
  { extra: pickedGroupName },
);
export const tdReportSearch = tdReport.schema;
export const noMatchToMatch = reportSearch(
  noMatchToMatchQuery,
  { groupId: 'groupId', startDate: 'startDate', endDate: 'endDate' },
  { extra: pickedGroupName },
);
export const noMatchToMatchSearch = noMatchToMatch.schema;
