import { adminSearchQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';

/** URL search params of the admin search screen, derived from its endpoint's query schema (the list-and-report kit). */
export const adminSearchParams = reportSearch(adminSearchQuery, { name: 'name', email: 'email' }).schema;
