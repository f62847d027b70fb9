// Pet shapes (spec 3 §3 "Pet"): a new pet as owners, residents' approval and admins register it, and the pet views.
import { z } from 'zod';
import { id, pagingQuery, optionalText, queryBoolean, queryEnum, requiredText, textField, usDate } from './common.ts';
import { Gender, SampleCustomerStatus, UserRole, WeightUnit } from './enums.ts';
import { flagNotes, petSampleNumber, statusNotes } from './samples.ts';

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
  .max(10, 'Invalid date.')
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
  // The product flags have no default here: left out, they follow who registers the pet (newPetDefaults).
  isPooPrints: z.boolean().optional(),
  isParentage: z.boolean().optional(),
  isPetId: z.boolean().default(false),
  isDeferredRegistration: z.boolean().default(false),
});
/**
 * What a new pet gets for the fields its form leaves out (spec 3 §6): gender Unknown (lab and parentage admins, and
 * every other role as well: there is no better guess), not a service animal (customer-service admins, parentage-group
 * contexts, and everyone else alike), and the product: Parentage for parentage admins, PooPrints for everyone else.
 */
export function newPetDefaults(roleId: number) {
  const parentageAdmin = roleId === UserRole.ParentageManager;
  return {
    gender: Gender.Unknown,
    isServiceAnimal: false,
    isPooPrints: !parentageAdmin,
    isParentage: parentageAdmin,
  };
}
export type NewPet = z.infer<typeof newPet>;
export type NewPetInput = z.input<typeof newPet>;

export const PetMessages = {
  petNotFound: 'Pet not found.',
  imageTooLarge: 'File must be under 4mb.',
  imageNotImage: 'File must be an image.',
  imageUploaded: 'Image uploaded successfully.',
  petUpdated: 'Pet updated successfully.',
  statusReset: 'Status reset successfully.',
  serviceAnimalUpdated: 'Service animal status updated successfully',
  petDeleted: 'Pet deleted successfully.',
  petActivated: 'Pet activated successfully.',
  petDeactivated: 'Pet deactivated successfully.',
  transferred: (sample: string, name: string) => `${sample} successfully transferred to ${name}.`,
  rejectFailed: 'Failed to reject sample.',
  contactAdministrator: 'Please contact an administrator if this issue persists.',
  sampleRejected: 'Sample rejected successfully.',
  sampleAccepted: 'Sample accepted successfully.',
  sampleVoided: 'Sample voided successfully.',
  sampleUnvoided: 'Sample un-voided successfully.',
  sampleExpired: 'Sample expired successfully.',
  sampleReinstated: 'Sample reinstated successfully.',
  sampleVerify: 'Verification test requested successfully.',
  flagged: 'Pet flagged successfully.',
  unflagged: 'Pet unflagged successfully.',
  lookupNotFound: 'Not found.',
  lookupUnknownError: 'Unknown error.',
  sameOwner: 'The pet already belongs to this pet owner.',
  notAnOrphan: 'This pet already has a pet owner.',
  initialProfileCreated: (sample: string) => `${sample} registered at Profile Created; it is listed among the orphans.`,
  removedFromOwner: (pet: string, name: string) => `${pet} removed from ${name}; it is now an orphan.`,
  orphansFound: (numbers: string[]) =>
    `The following sample numbers belong to orphaned pets and will be attached to this pet owner: ${numbers.join(', ')}.`,
} as const;

/** Pet list orderings (spec 3 §3). */
export const PetListOrdering = {
  None: 0,
  Name: 1,
  PetOwnerName: 2,
  SampleNumber: 3,
  DateCreated: 4,
  StatusLastUpdated: 5,
  CustomerFacingStatus: 6,
  IsServiceAnimal: 7,
} as const;
/** Orphan orderings (spec 3 §3). */
export const OrphanOrdering = {
  None: 0,
  Name: 1,
  SampleNumber: 2,
  DateCreated: 3,
  DateUpdated: 4,
  CustomerFacingStatus: 5,
  ActivityStatus: 6,
} as const;

const pagedFilters = pagingQuery.omit({ orderBy: true });

/** Pets under a group (spec 2 §3 "Pet list request"). isServiceAnimalFilter: true ESA, false household. */
export const petsUnderGroupQuery = pagedFilters.extend({
  groupId: id,
  nameFilter: textField(100).trim().optional(),
  petOwnerNameFilter: textField(200).trim().optional(),
  sampleNumberFilter: textField(32).trim().optional(),
  dateCreatedFilter: usDate.optional(),
  statusLastUpdatedFilter: usDate.optional(),
  customerFacingStatusFilter: queryEnum(SampleCustomerStatus).optional(),
  isServiceAnimalFilter: queryBoolean.optional(),
  orderBy: queryEnum(PetListOrdering).optional(),
});
export type PetsUnderGroupQuery = z.infer<typeof petsUnderGroupQuery>;

export const orphansQuery = pagedFilters.extend({
  name: textField(100).trim().optional(),
  sampleNumber: textField(32).trim().optional(),
  dateCreated: usDate.optional(),
  dateUpdated: usDate.optional(),
  customerFacingStatus: queryEnum(SampleCustomerStatus).optional(),
  isActive: queryBoolean.optional(),
  orderBy: queryEnum(OrphanOrdering).optional(),
});
export type OrphansQuery = z.infer<typeof orphansQuery>;

export const petListRow = z.object({
  id: z.number().int(),
  petOwnerId: z.number().int().nullable(),
  petOwnerName: z.string().nullable(),
  name: z.string(),
  breed: z.string().nullable(),
  sampleNumber: z.string().nullable(),
  customerFacingStatus: z.number().int(),
  isServiceAnimal: z.boolean(),
  isActive: z.boolean(),
  isFlagged: z.boolean(),
  dateCreated: z.string(),
  dateUpdated: z.string(),
  statusLastUpdated: z.string(),
  // The dog quick actions DnaProfile and DnaVerification need these on the row.
  hasApprovedVerificationTest: z.boolean(),
  isDnaVerificationCertificateRevoked: z.boolean(),
});
export type PetListRow = z.infer<typeof petListRow>;

export const petView = petListRow.extend({
  weight: z.number().nullable(),
  weightUnit: z.number().int(),
  gender: z.number().int(),
  dateOfBirth: z.string().nullable(),
  adoptionDate: z.string().nullable(),
  isParentage: z.boolean(),
  isPooPrints: z.boolean(),
  isPetId: z.boolean(),
  flagNotes: z.string().nullable(),
  isDeferredRegistration: z.boolean(),
  imageUrl: z.string().nullable(),
  updatedBy: z.object({ fullName: z.string() }).nullable(),
  /** The parentage result its proof-of-parentage certificate shows (its best Certified one), or null without one. */
  parentageCertificateResultId: z.number().int().nullable(),
});
export type PetView = z.infer<typeof petView>;

/** PUT /pet/: the edit form. */
export const petUpdateRequest = newPet.extend({
  id,
  // The edit form always shows the product flags; a body without them keeps the former defaults.
  isPooPrints: z.boolean().default(true),
  isParentage: z.boolean().default(false),
});
export type PetUpdateRequest = z.input<typeof petUpdateRequest>;
/** An owner's pets a page at a time (spec 2 §7 GET petowner/{id}/pets: paging, filter, sort). */
export const ownerPetsPageQuery = pagedFilters.extend({
  nameFilter: textField(100).trim().optional(),
  sampleNumberFilter: textField(32).trim().optional(),
  customerFacingStatusFilter: queryEnum(SampleCustomerStatus).optional(),
  isActiveFilter: queryBoolean.optional(),
  orderBy: queryEnum(PetListOrdering).optional(),
});
export type OwnerPetsPageQuery = z.infer<typeof ownerPetsPageQuery>;
/** The pet leaves its owner and becomes an orphan (spec 2 §7 removepetfrompetowner). */
export const removePetFromPetOwnerRequest = z.object({ petId: id });
/** POST /pet/createinitialdnaprofilebysamplenumber?SampleNumber (spec 3 §7). */
export const initialDnaProfileQuery = z.object({ SampleNumber: petSampleNumber });
export const initialDnaProfileResponse = z.object({
  id: z.number().int(),
  sampleNumber: z.string(),
  customerFacingStatus: z.number().int(),
  message: z.string(),
});
export const ownerPetsQuery = z.object({ approvedOnly: queryBoolean.optional() });
export const ownerIdParam = z.object({ ownerId: id });
export const petIdParam = z.object({ petId: id });
export const petTransferRequest = z.object({ petId: id, newPetOwnerId: id });
export const petActiveRequest = z.object({ id, isActive: z.boolean() });
export const petServiceAnimalRequest = z.object({ id, isServiceAnimal: z.boolean() });
export const orphanCheckRequest = z.array(petSampleNumber).max(100);
export const orphanCheckResponse = z.object({
  message: z.string().nullable(),
  orphans: z.array(z.object({ id: z.number().int(), name: z.string(), sampleNumber: z.string() })),
});
export const petStatusResponse = z.object({ customerFacingStatus: z.number().int(), message: z.string() });
export const petFlagRequest = z.object({ notes: flagNotes.optional().nullable() });
export const petStatusNotesRequest = z.object({ notes: statusNotes.optional().nullable() });
export const petImageUploadResponse = z.object({ imageUrl: z.string() });
export const petLookupQuery = z.object({ sampleNumber: petSampleNumber });
export const petLookup = z.object({
  petName: z.string(),
  gender: z.number().int(),
  isFlagged: z.boolean(),
  bioPetNotes: z.string().nullable(),
  sampleNumber: z.string(),
  propertyName: z.string().nullable(),
  petOwnerId: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type PetLookup = z.infer<typeof petLookup>;
