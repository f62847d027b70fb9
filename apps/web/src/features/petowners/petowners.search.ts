import { z } from 'zod';
import { groupPetOwnersQuery, unassignedPetOwnersQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';

const searchFlag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional()
  .catch(undefined);

/**
 * The group's pet owners: current members, or with movedOut its move-outs (newest first); paging, sort, and the
 * name, user name and email filters.
 */
export const groupPetOwnersSearch = reportSearch(
  groupPetOwnersQuery,
  { name: 'name', userName: 'userName', email: 'email' },
  // Which of the two lists (members or move-outs) the screen calls: the URL's, no query field.
  { extra: { movedOut: searchFlag } },
).schema;
export type GroupPetOwnersSearch = z.infer<typeof groupPetOwnersSearch>;

/** /tools/unassignedpetowners: paging and a name filter. */
export const unassignedPetOwnersSearch = reportSearch(unassignedPetOwnersQuery, { name: 'name' }).schema;
export type UnassignedPetOwnersSearch = z.infer<typeof unassignedPetOwnersSearch>;
