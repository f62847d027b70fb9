// Postal address as the address form edits it. Country and state ids are ISO codes ('US', 'US-CA').
import { z } from 'zod';
import { optionalText } from './common.ts';

export const address = z.object({
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  addressLine3: optionalText(200),
  city: optionalText(100),
  stateId: optionalText(10),
  countryId: optionalText(2),
  postalCode: optionalText(20),
});
export type Address = z.infer<typeof address>;

export const addressView = z.object({
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  addressLine3: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  state: z.object({ id: z.string(), abbreviation: z.string(), name: z.string() }).nullable(),
  country: z.object({ id: z.string(), twoLetterCode: z.string(), name: z.string(), subdivisionLabel: z.string() }).nullable(),
});
export type AddressView = z.infer<typeof addressView>;

export const country = z.object({ id: z.string(), name: z.string(), twoLetterCode: z.string(), subdivisionLabel: z.string() });
export type Country = z.infer<typeof country>;
export const subdivision = z.object({ id: z.string(), name: z.string(), abbreviation: z.string(), countryId: z.string() });
export type Subdivision = z.infer<typeof subdivision>;
