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

/** True when no part of the address is filled in: the form sends such an address for an untouched, empty one. */
export const isEmptyAddress = (value: Address | null | undefined): boolean =>
  !value || Object.values(value).every((part) => part == null || part === '');

/**
 * An address a record may lack: an address with nothing filled in is stored as no address (null), so a form saved
 * unchanged gives back exactly what it was shown. Undefined (not sent) stays undefined: the stored value is kept.
 */
export const optionalAddress = address
  .optional()
  .nullable()
  .transform((value) => (value === undefined ? undefined : isEmptyAddress(value) ? null : value));

export const addressView = z.object({
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  addressLine3: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  state: z.object({ id: z.string(), abbreviation: z.string(), name: z.string() }).nullable(),
  country: z
    .object({ id: z.string(), twoLetterCode: z.string(), name: z.string(), subdivisionLabel: z.string() })
    .nullable(),
});
export type AddressView = z.infer<typeof addressView>;

export const country = z.object({
  id: z.string(),
  name: z.string(),
  twoLetterCode: z.string(),
  subdivisionLabel: z.string(),
});
export type Country = z.infer<typeof country>;
export const subdivision = z.object({
  id: z.string(),
  name: z.string(),
  abbreviation: z.string(),
  countryId: z.string(),
});
export type Subdivision = z.infer<typeof subdivision>;
