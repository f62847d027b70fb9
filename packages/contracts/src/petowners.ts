// Pet owners (spec 2 §3 Pet owner, §4, §7 "Pet owners"): the owner page, edits and account actions, group membership
// and history, the group's owner and move-out lists, unassigned owners, promotion codes and the registration agreement.
import { z } from 'zod';
import { accountPersonView } from './accounts.ts';
import { addressView, optionalAddress } from './addresses.ts';
import { newPet } from './pets.ts';
import { id, optionalEmail, optionalText, pagingQuery, queryBoolean, requiredText, textField } from './common.ts';

/** Promotion codes handed to a pet owner: the retail partner's code and the smart-collar code (spec 2 §2 Promotions). */
export const PromotionCodeKind = { Retail: 0, Collar: 1 } as const;
/** The policy document the registration agreement prints: document 1 of the documents store. */
export const DOG_OWNER_POLICY_DOCUMENT_ID = 1;

export const PetOwnerMessages = {
  notFound: 'Petowner not found',
  returningToDashboard: 'Returning to the dashboard',
  petsRemain: 'Pets under pet owner must be removed before proceeding.',
  typeUserName: 'Invalid, please ensure you typed the username correctly.',
  activated: 'Pet Owner activated successfully.',
  deactivated: 'Pet Owner deactivated successfully.',
  deleted: 'Pet Owner deleted successfully.',
  saved: 'Saved Successfully.',
  removedFrom: (group: string) => `Removed from '${group}' successfully.`,
  addedTo: (group: string) => `Added to '${group}' successfully.`,
  removedFromAll: 'Removed from all groups successfully.',
  historyRemoved: 'Removed history entry successfully.',
  alreadyInGroup: 'This pet owner already belongs to that group.',
  notInGroup: 'This pet owner does not belong to that group.',
  noCurrentGroup: 'This pet owner belongs to no group you manage.',
  historyEntryCurrent: 'Remove the pet owner from the group before deleting this history entry.',
  notPetOwnerGroup: 'Pet owners belong to properties and parentage groups only.',
  inactiveOwner: 'Activate the pet owner before adding them to a group.',
  petsCreated: 'New dog(s) created successfully.',
  resetPasswordWarning: 'A new password will be generated and emailed to the pet owner. Continue?',
} as const;

export const petOwnerPet = z.object({
  id: z.number().int(),
  name: z.string(),
  sampleNumber: z.string().nullable(),
  breed: z.string().nullable(),
  gender: z.number().int(),
  isActive: z.boolean(),
});
export const petOwnerGroupView = z.object({
  id: z.number().int(),
  name: z.string(),
  groupType: z.number().int(),
  isActive: z.boolean(),
  residentPayEnabled: z.boolean(),
});
export const petOwnerView = z.object({
  ...accountPersonView,
  receiveEmails: z.boolean(),
  isActive: z.boolean(),
  address: addressView.nullable(),
  /** Current groups (no move-out date). */
  groups: z.array(petOwnerGroupView),
  /** The first current property, if any. */
  associatedProperty: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  pets: z.array(petOwnerPet),
  securityQuestion: z.string().nullable(),
  /** Admin notes for admins; the provider's notes for provider staff; null otherwise. */
  adminNotes: z.string().nullable(),
  bioPetNotes: z.string().nullable(),
  showAncestryUpgradeModal: z.boolean(),
  chewyPromoCode: z.string().nullable(),
  fiCollarPromoCode: z.string().nullable(),
  dateApproved: z.string().nullable(),
  lastLogin: z.string().nullable(),
  dateCreated: z.string(),
});
export type PetOwnerView = z.infer<typeof petOwnerView>;

/** The edit modal's fields (PUT /petowner/{id}); the security answer is stored encrypted and never read back here. */
export const petOwnerUpdateRequest = z.object({
  firstName: requiredText(100, 'The First Name field is required.'),
  lastName: requiredText(100, 'The Last Name field is required.'),
  email: optionalEmail,
  phoneNumber: optionalText(32),
  companyName: optionalText(200),
  receiveEmails: z.boolean().optional(),
  address: optionalAddress,
  adminNotes: optionalText(4000, { multiline: true }),
  bioPetNotes: optionalText(4000, { multiline: true }),
  securityQuestion: optionalText(200),
  securityQuestionAnswer: optionalText(200),
});
export type PetOwnerUpdateRequest = z.input<typeof petOwnerUpdateRequest>;

/** A new pet owner added to a group (POST /petownergroups/{groupId}/petowners); the answer carries the user name. */
export const newPetOwnerRequest = z.object({
  firstName: requiredText(100, 'The First Name field is required.'),
  lastName: requiredText(100, 'The Last Name field is required.'),
  email: optionalEmail,
  phoneNumber: optionalText(32),
  companyName: optionalText(200),
  receiveEmails: z.boolean().default(true),
  address: optionalAddress,
  adminNotes: optionalText(4000, { multiline: true }),
});
export type NewPetOwnerRequest = z.input<typeof newPetOwnerRequest>;
export const newPetOwnerResponse = z.object({ id: z.number().int(), userName: z.string(), message: z.string() });

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

export const groupHistoryEntry = z.object({
  historyId: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  groupType: z.number().int(),
  dateAdded: z.string(),
  /** Empty while the membership is current. */
  moveOutDate: z.string().nullable(),
  isMovedOut: z.boolean(),
});
export type GroupHistoryEntry = z.infer<typeof groupHistoryEntry>;

export const groupPetOwnerParams = z.object({ groupId: id, id });
export const moveOutQuery = z.object({ sendMoveOutEmail: queryBoolean.optional() });

/** orderBy: name, userName, email, dateAdded, dateMoveOut, petCount; an unknown name keeps the list's default. */
export const groupPetOwnersQuery = pagingQuery.extend({
  name: textField(200).trim().optional(),
  userName: textField(256).trim().optional(),
  email: textField(256).trim().optional(),
});
export type GroupPetOwnersQuery = z.input<typeof groupPetOwnersQuery>;
export const groupPetOwnerRow = z.object({
  id: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isActive: z.boolean(),
  groupId: z.number().int(),
  groupName: z.string(),
  petCount: z.number().int(),
  dateAdded: z.string(),
  dateMoveOut: z.string().nullable(),
});
export type GroupPetOwnerRow = z.infer<typeof groupPetOwnerRow>;

export const unassignedPetOwnersQuery = pagingQuery.extend({ name: textField(200).trim().optional() });
export const unassignedPetOwnerRow = z.object({
  id: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  petCount: z.number().int(),
  lastGroupName: z.string().nullable(),
  dateMoveOut: z.string().nullable(),
});
export type UnassignedPetOwnerRow = z.infer<typeof unassignedPetOwnerRow>;

export const registrationAgreementQuery = z.object({ petOwnerId: id, groupId: id });
/** The agreement's bytes, a PDF sent as it is (never serialised as JSON). */
export const pdfContent = z.string().meta({ format: 'binary' });

/** Add pets (POST /petowner/pets): new dogs under the owner; at most 20 at once. */
export const addPetsRequest = z.object({
  petOwnerId: id,
  pets: z.array(newPet).min(1, 'Add at least one pet.').max(20),
});
export type AddPetsRequest = z.input<typeof addPetsRequest>;
export const addPetsResponse = z.object({
  message: z.string(),
  pets: z.array(z.object({ id: z.number().int(), name: z.string(), sampleNumber: z.string().nullable() })),
});
