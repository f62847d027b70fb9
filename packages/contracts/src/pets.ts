// Pet shapes (spec 3 §3 "Pet"): a new pet as owners, residents' approval and admins register it, and the pet views.
import { z } from 'zod';
import { optionalText, requiredText } from './common.ts';
import { Gender, WeightUnit } from './enums.ts';
import { petSampleNumber } from './samples.ts';

export const PET_NAME_MAX = 50;
export const PET_BREED_MAX = 100;
/** The heaviest weight a pet record takes (numeric(6,2) in the database). */
export const PET_WEIGHT_MAX = 9999;

const enumValue = (values: Record<string, number>) =>
  z
    .number()
    .int()
    .refine((value) => Object.values(values).includes(value), `Must be one of ${Object.values(values).join(', ')}.`);
/** ISO calendar date (yyyy-mm-dd) with a year after 1, as the spec's date rule says. */
export const petDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date.')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) && date.getUTCFullYear() > 1;
  }, 'Invalid date.');

/** A pet to register under an owner (add pets, resident approval). */
export const newPet = z.object({
  name: requiredText(PET_NAME_MAX, 'Pet name is required.'),
  breed: optionalText(PET_BREED_MAX),
  weight: z.number().min(0).max(PET_WEIGHT_MAX).nullable().optional(),
  weightUnit: enumValue(WeightUnit).default(WeightUnit.Pounds),
  gender: enumValue(Gender).default(Gender.Unknown),
  dateOfBirth: petDate.nullable().optional(),
  adoptionDate: petDate.nullable().optional(),
  isServiceAnimal: z.boolean().default(false),
  sampleNumber: petSampleNumber.nullable().optional(),
  isPooPrints: z.boolean().default(true),
  isParentage: z.boolean().default(false),
  isPetId: z.boolean().default(false),
  isDeferredRegistration: z.boolean().default(false),
});
export type NewPet = z.infer<typeof newPet>;
export type NewPetInput = z.input<typeof newPet>;
