// Resident shapes the foundation needs (the resident landing and the admin search); the residents area extends this file.
import { z } from 'zod';
import {
  INT_MAX,
  email,
  id,
  integer,
  optionalText,
  pagingQuery,
  queryEnum,
  requiredText,
  textField,
  usDate,
} from './common.ts';
import { optionalAddress } from './addresses.ts';
import { newPassword } from './accounts.ts';
import { newPet } from './pets.ts';
import { petSampleNumber } from './samples.ts';
import { PetSpecies, PetType, RegistrationStatus, WeightUnit } from './enums.ts';

export const residentView = z.object({
  id: z.number().int(),
  /** The name the resident signs in with; after approval a pet owner's user name, and `residentNumber` as well. */
  userName: z.string().nullable(),
  residentNumber: z.string().nullable(),
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

// ---- Residents and pre-registration (spec 2 §3, §4, §7) ----

/** A dog's photo, as pet images: under 4,000,000 bytes. */
export { PHOTO_MAX_BYTES as DOG_IMAGE_MAX_BYTES, PHOTO_TOO_LARGE as DOG_IMAGE_TOO_LARGE } from './uploads.ts';

/** The header carrying the solved bot-check challenge with POST /preregresident. */
export const BOT_CHECK_HEADER = 'x-bot-check';

/** A calendar date as yyyy-MM-dd; valid only when it exists and its year is above 1 (spec 2 §5). */
export const calendarDate = textField(10).refine((text) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number(match[1]) > 1 && date.getUTCDate() === Number(match[3]) && date.getUTCMonth() === Number(match[2]) - 1;
}, 'Invalid date.');

const weightUnit = z.union([z.literal(WeightUnit.Pounds), z.literal(WeightUnit.Kilograms)]);
const speciesFlags = Object.values(PetSpecies).reduce((all, flag) => all | flag, 0);

export const preRegisteredDogInput = z.object({
  name: requiredText(100, 'Name is required.'),
  breed: optionalText(100),
  weight: z.number().positive().max(500).nullable().optional(),
  weightUnit: weightUnit.default(WeightUnit.Pounds),
  isServiceAnimal: z.boolean().default(false),
  serviceAnimalRepresentationAttested: z.boolean().default(false),
  dateOfBirth: calendarDate.nullable().optional(),
  adoptionDate: calendarDate.nullable().optional(),
});
export type PreRegisteredDogInput = z.input<typeof preRegisteredDogInput>;

export const preRegisteredDogView = z.object({
  id: z.number().int(),
  name: z.string(),
  breed: z.string().nullable(),
  weight: z.number().nullable(),
  weightUnit: z.number().int(),
  isServiceAnimal: z.boolean(),
  serviceAnimalRepresentationAttested: z.boolean(),
  dateOfBirth: z.string().nullable(),
  adoptionDate: z.string().nullable(),
  imagePath: z.string().nullable(),
  isRegistered: z.boolean(),
});
export type PreRegisteredDogView = z.infer<typeof preRegisteredDogView>;

/** POST /preregresident: the public form. The declarations each service says which policy it attests. */
export const preRegResidentRequest = z
  .object({
    groupId: id,
    firstName: requiredText(100, 'First name is required.'),
    lastName: requiredText(100, 'Last name is required.'),
    email: email,
    phoneNumber: optionalText(30),
    unitNumber: requiredText(30, 'Unit number is required.'),
    address: optionalAddress,
    hasDogs: z.boolean(),
    hasOtherPets: z.boolean(),
    petSpecies: z
      .number()
      .int()
      .refine((value) => (value & ~speciesFlags) === 0 && value !== 0, 'Invalid pet species.'),
    otherPetSpeciesNotListed: optionalText(200),
    preRegisteredDogs: z.array(preRegisteredDogInput).max(20).default([]),
    agreedDocumentVersionIds: z.array(id).max(20).default([]),
    dogOwnerPolicyAttested: z.boolean().default(false),
    otherSpeciesPolicyAttested: z.boolean().default(false),
    noPetsRepresentationAttested: z.boolean().default(false),
    password: newPassword(),
    confirmPassword: textField(128),
  })
  .superRefine((body, ctx) => {
    if (body.password !== body.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The passwords do not match.' });
    if (body.hasDogs && body.preRegisteredDogs.length === 0)
      ctx.addIssue({ code: 'custom', path: ['preRegisteredDogs'], message: 'Add at least one dog.' });
    if (body.hasDogs && !body.dogOwnerPolicyAttested)
      ctx.addIssue({
        code: 'custom',
        path: ['dogOwnerPolicyAttested'],
        message: 'Please agree to the dog owner policy.',
      });
    if (body.hasOtherPets && !body.otherSpeciesPolicyAttested)
      ctx.addIssue({
        code: 'custom',
        path: ['otherSpeciesPolicyAttested'],
        message: 'Please agree to the other species policy.',
      });
    if (!body.hasDogs && !body.hasOtherPets && !body.noPetsRepresentationAttested)
      ctx.addIssue({
        code: 'custom',
        path: ['noPetsRepresentationAttested'],
        message: 'Please agree to the no-pets representation.',
      });
    body.preRegisteredDogs.forEach((dog, index) => {
      if (dog.isServiceAnimal && !dog.serviceAnimalRepresentationAttested)
        ctx.addIssue({
          code: 'custom',
          path: ['preRegisteredDogs', index, 'serviceAnimalRepresentationAttested'],
          message: 'Please agree to the service animal agreement.',
        });
    });
  });
export type PreRegResidentRequest = z.input<typeof preRegResidentRequest>;

/** PUT /preregresident: the resident (or an admin of the property) corrects the contact details. */
export const preRegResidentUpdate = z.object({
  id,
  firstName: requiredText(100, 'First name is required.'),
  lastName: requiredText(100, 'Last name is required.'),
  email: email,
  phoneNumber: optionalText(30),
  unitNumber: requiredText(30, 'Unit number is required.'),
  address: optionalAddress,
});

export const preRegResidentResponse = z.object({
  token: z.string(),
  userName: z.string(),
  preRegResident: residentView,
});

export const botCheckChallenge = z.object({ challenge: z.string(), difficulty: z.number().int() });

export const preRegProperty = z.object({
  groupId: z.number().int(),
  name: z.string(),
  propertyCode: z.string(),
  hasAncestry: z.boolean(),
});
export const preRegCodeParam = z.object({ code: textField(64).trim().min(1) });

/** Documents 1 to 4 of the documents store, each in its current version; the form sends back the version ids agreed. */
export const preRegDocument = z.object({
  documentId: z.number().int(),
  versionId: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  content: z.string(),
});

export const residentDogParams = z.object({ residentId: id, dogId: id });
export const residentIdParam = z.object({ residentId: id });

export const residentListQuery = pagingQuery.extend({
  name: textField(200).trim().optional(),
  residentNumber: textField(64).trim().optional(),
  unitNumber: textField(30).trim().optional(),
  phone: textField(30).trim().optional(),
  email: textField(256).trim().optional(),
  petSpecies: integer(-INT_MAX - 1, INT_MAX).optional(),
  petType: queryEnum(PetType).optional(),
  status: queryEnum(RegistrationStatus).optional(),
  registrationStatus: queryEnum(RegistrationStatus).optional(),
  datePreRegistered: usDate.optional(),
  preRegisteredDogName: textField(100).trim().optional(),
});
export type ResidentListQuery = z.input<typeof residentListQuery>;

export const residentRow = z.object({
  id: z.number().int(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  unitNumber: z.string().nullable(),
  status: z.number().int(),
  petSpecies: z.number().int(),
  isPartiallyRegistered: z.boolean(),
  isPetOwner: z.boolean(),
  petOwnerId: z.number().int().nullable(),
  datePreRegistered: z.string(),
  preRegisteredDogs: z.number().int(),
  dogs: z.array(z.object({ id: z.number().int(), name: z.string(), isRegistered: z.boolean() })),
});
export type ResidentRow = z.infer<typeof residentRow>;

export const residentDetails = residentRow.extend({
  residentNumber: z.string().nullable(),
  groupId: z.number().int(),
  propertyName: z.string(),
  address: z.unknown().nullable(),
  otherPetSpeciesNotListed: z.string().nullable(),
  dateApproved: z.string().nullable(),
  preRegisteredDogs: z.number().int(),
  dogDetails: z.array(preRegisteredDogView),
});

/** Approving a dog owner: each pre-registered dog becomes a pet with a sample number (add-dogs / new pet owner popup). */
/**
 * A field left out is taken from the pre-registered dog (what the resident typed); a deferred dog needs no sample
 * number yet, every other one does.
 */
export const approveDog = newPet
  .extend({
    preRegisteredDogId: id.optional(),
    sampleNumber: petSampleNumber.nullable().optional(),
    weightUnit: newPet.shape.weightUnit.unwrap().optional(),
    gender: newPet.shape.gender.unwrap().optional(),
    isServiceAnimal: z.boolean().optional(),
  })
  .superRefine((dog, issues) => {
    if (!dog.isDeferredRegistration && !dog.sampleNumber)
      issues.addIssue({ code: 'custom', path: ['sampleNumber'], message: 'Sample number is required.' });
  });
export const approveResidentRequest = z.object({
  dogs: z.array(approveDog).max(20).default([]),
  receiveEmails: z.boolean().default(true),
});
export type ApproveResidentRequest = z.input<typeof approveResidentRequest>;
export const approveResidentResponse = z.object({
  message: z.string(),
  petOwnerId: z.number().int().nullable(),
  /** The pet owner's user name; `residentNumber` (the RES… name) keeps signing them in as well. */
  userName: z.string().nullable(),
  residentNumber: z.string().nullable(),
});

export const residentIdsBody = z.object({ residentIds: z.array(id).min(1, 'Select at least one resident.').max(1000) });
export const residentBulkTransferBody = residentIdsBody.extend({ destinationId: id });
export const bulkResult = z.object({ message: z.string(), count: z.number().int() });

export const moveOutRow = z.object({
  residentId: z.number().int().nullable(),
  petOwnerId: z.number().int(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  dateMoveOut: z.string(),
});
export const moveOutListQuery = pagingQuery.extend({ name: textField(200).trim().optional() });
export const deleteDogQuery = z.object({ confirmName: textField(100).optional() });

/** Leading zero bits of a hash: a bot-check proof is valid when sha256(`${challenge}:${nonce}`) has `difficulty` of them. */
export function leadingZeroBits(hash: Uint8Array): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}
/** The header value for a solved challenge. */
export const botCheckProof = (challenge: string, nonce: number) => `${challenge}:${nonce}`;
