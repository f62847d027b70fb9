// Country and subdivision lookups (spec 1 §7 Lookups).
import { z } from 'zod';
import { textField } from './common.ts';

export const statesByCountryQuery = z.object({ countryId: textField(2).trim().length(2, 'Unknown country.') });
export const countryByIdQuery = z.object({ countryId: textField(2).trim().min(1) });
export const stateByIdQuery = z.object({ stateId: textField(10).trim().min(1) });
export const citiesQuery = z.object({ countryId: textField(2), stateId: textField(10) });
