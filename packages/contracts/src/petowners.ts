// Pet owner shapes the foundation needs (landing page, search modal); the pet owner area extends this file.
import { z } from 'zod';
import { pagingQuery, textField } from './common.ts';

export const petOwnerPet = z.object({
  id: z.number().int(),
  name: z.string(),
  sampleNumber: z.string().nullable(),
  breed: z.string().nullable(),
  gender: z.number().int(),
  isActive: z.boolean(),
});
export const petOwnerView = z.object({
  id: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  pets: z.array(petOwnerPet),
});
export type PetOwnerView = z.infer<typeof petOwnerView>;
export const petOwnerSearchQuery = pagingQuery.extend({
  name: textField(200).trim().optional(),
  userName: textField(256).trim().optional(),
});
export const petOwnerSearchRow = z.object({
  id: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
});
export type PetOwnerSearchRow = z.infer<typeof petOwnerSearchRow>;
