import { z } from 'zod';
import { pagingSearch, searchText } from '../../components/urlSearch';

const searchNumber = z.coerce.number().int().optional().catch(undefined);

/** Residents list URL state: paging plus the spec's filters (registrationStatus, petSpecies, email from the route). */
export const residentsSearch = pagingSearch().extend({
  name: searchText,
  residentNumber: searchText,
  unitNumber: searchText,
  phone: searchText,
  email: searchText,
  petSpecies: searchNumber,
  petType: searchNumber,
  registrationStatus: searchNumber,
  datePreRegistered: searchText,
  preRegisteredDogName: searchText,
});
export type ResidentsSearch = z.infer<typeof residentsSearch>;

/** Pre-registration list URL state: the route's petSpecies and the name filter. */
export const preregistrationSearch = pagingSearch().extend({
  name: searchText,
  petSpecies: searchNumber,
});
export type PreregistrationSearch = z.infer<typeof preregistrationSearch>;

export const moveOutsSearch = pagingSearch().extend({ name: searchText });
export type MoveOutsSearch = z.infer<typeof moveOutsSearch>;
