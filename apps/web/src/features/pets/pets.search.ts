// URL state of the pet lists: pets under a group (its route parameters samplenumber, samplestatus, petstatus and the
// other filters) and the orphans tool.
import { z } from 'zod';
import { orphansQuery, petsUnderGroupQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';

// The pet type and activity pickers' values are the words true and false (a picker takes no yes/no values).
const yesNo = z.enum(['true', 'false']).optional().catch(undefined);

/** Derived from the endpoint's query schema (the list-and-report kit). */
export const groupPetsSearch = reportSearch(
  petsUnderGroupQuery,
  {
    name: 'nameFilter',
    owner: 'petOwnerNameFilter',
    samplenumber: 'sampleNumberFilter',
    samplestatus: 'customerFacingStatusFilter',
    created: 'dateCreatedFilter',
    statusupdated: 'statusLastUpdatedFilter',
  },
  /** petstatus true: service animals (ESA), false: household pets. */
  { extra: { petstatus: yesNo } },
).schema;
export type GroupPetsSearch = z.infer<typeof groupPetsSearch>;

export const orphansSearch = reportSearch(
  orphansQuery,
  {
    name: 'name',
    samplenumber: 'sampleNumber',
    created: 'dateCreated',
    updated: 'dateUpdated',
    samplestatus: 'customerFacingStatus',
  },
  { extra: { active: yesNo } },
).schema;
export type OrphansSearch = z.infer<typeof orphansSearch>;
