import { z } from 'zod';
import { moveOutListQuery, residentListQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';

/**
 * Residents list URL state: paging plus the spec's filters (registrationStatus, petSpecies, email from the route),
 * derived from the list endpoint's query schema (the list-and-report kit): a value the contract refuses drops out.
 */
export const residentsSearch = reportSearch(residentListQuery, {
  name: 'name',
  residentNumber: 'residentNumber',
  unitNumber: 'unitNumber',
  phone: 'phone',
  email: 'email',
  petSpecies: 'petSpecies',
  petType: 'petType',
  registrationStatus: 'registrationStatus',
  datePreRegistered: 'datePreRegistered',
  preRegisteredDogName: 'preRegisteredDogName',
}).schema;
export type ResidentsSearch = z.infer<typeof residentsSearch>;

/** Pre-registration list URL state: the route's petSpecies and the name filter. */
export const preregistrationSearch = reportSearch(residentListQuery, { name: 'name', petSpecies: 'petSpecies' }).schema;
export type PreregistrationSearch = z.infer<typeof preregistrationSearch>;

export const moveOutsSearch = reportSearch(moveOutListQuery, { name: 'name' }).schema;
export type MoveOutsSearch = z.infer<typeof moveOutsSearch>;
