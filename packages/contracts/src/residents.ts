// Resident shapes the foundation needs (the resident landing and the admin search); the residents area extends this file.
import { z } from 'zod';
import { textField } from './common.ts';

export const residentView = z.object({
  id: z.number().int(),
  userName: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  status: z.number().int(),
  petSpecies: z.number().int(),
  isPartiallyRegistered: z.boolean(),
  groupId: z.number().int(),
  propertyName: z.string(),
  datePreRegistered: z.string(),
  dogs: z.array(z.object({ id: z.number().int(), name: z.string(), isRegistered: z.boolean() })),
});
export type ResidentView = z.infer<typeof residentView>;

export const residentSearchQuery = z.object({ query: textField(200).trim().min(1) });
export const residentSearchRow = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string().nullable(),
  status: z.number().int(),
  groupId: z.number().int(),
  propertyName: z.string(),
});
