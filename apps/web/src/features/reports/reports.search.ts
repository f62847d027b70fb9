// URL state of the report screens: the picked group (id and name), date range in MM/DD/YYYY, filters and paging.
import { z } from 'zod';
import { pagingSearch, searchText } from '../../components/urlSearch';

const groupId = z.coerce.number().int().positive().optional().catch(undefined);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional()
  .catch(undefined);
const picked = { groupId, groupName: searchText };

export const tdAuditSearch = pagingSearch(25).extend({ ...picked, startDate: searchText, endDate: searchText });
export const inventorySearch = z.object({ ...picked, belowThresholdOnly: flag });
export const residentRegistrationsSearch = pagingSearch(25).extend({
  ...picked,
  startDate: searchText,
  endDate: searchText,
  preRegisteredResidents: flag,
  dogOwners: flag,
  otherPetOwners: flag,
});
export const propertyExportsSearch = z.object({
  ...picked,
  exportOption: z.coerce.number().int().min(1).max(255).optional().catch(undefined),
  startDate: searchText,
  endDate: searchText,
});

/** The detail report's request and result: the shown columns travel as one comma-joined list. */
export const detailReportSearch = pagingSearch(25).extend({
  ...picked,
  status: z.enum(['active', 'inactive', 'all']).optional().catch(undefined),
  // Every column's key joined (about 1,100 characters when all 45 are shown): longer than a text filter's 256, which
  // turned "Select all" back into the defaults.
  columns: z
    .string()
    .max(4000)
    .optional()
    .catch(undefined)
    .transform((v) => (v && v.trim() !== '' ? v : undefined)),
});
export const emailExportsSearch = pagingSearch(25).extend({
  ...picked,
  countryId: searchText,
  stateId: searchText,
  assigned: z.enum(['Assigned', 'Unassigned']).optional().catch(undefined),
  userType: z.enum(['Admin', 'PetOwner', 'Resident']).optional().catch(undefined),
  createdFrom: searchText,
  createdTo: searchText,
  adminRoles: searchText,
});
export const productByPlateSearch = pagingSearch(100).extend({ plateName: searchText });
export const tdReportSearch = pagingSearch(25).extend({
  ...picked,
  sampleNumber: searchText,
  startDate: searchText,
  endDate: searchText,
});
export const noMatchToMatchSearch = pagingSearch(25).extend({ ...picked, startDate: searchText, endDate: searchText });
