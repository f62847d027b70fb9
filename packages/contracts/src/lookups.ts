// Country and subdivision lookups (spec 1 §7 Lookups).
import { z } from 'zod';

export const statesByCountryQuery = z.object({ countryId: z.string().trim().length(2, 'Unknown country.') });
export const countryByIdQuery = z.object({ countryId: z.string().trim().min(1).max(2) });
export const stateByIdQuery = z.object({ stateId: z.string().trim().min(1).max(10) });
export const citiesQuery = z.object({ countryId: z.string().max(2), stateId: z.string().max(10) });
