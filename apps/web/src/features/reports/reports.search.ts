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
  exportOption: z.coerce.number().int().min(1).max(4).optional().catch(undefined),
  startDate: searchText,
  endDate: searchText,
});
