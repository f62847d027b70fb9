// Admin accounts: view, update, search, group membership (spec 1 §3 Admin, §7 Admins).
import { z } from 'zod';
import { accountPersonView } from './accounts.ts';
import { addressView, optionalAddress } from './addresses.ts';
import {
  INT_MAX,
  SMALLINT_MAX,
  id,
  optionalEmail,
  optionalText,
  pagingQuery,
  queryBoolean,
  requiredText,
  textField,
  integer,
} from './common.ts';
import { adminRoles } from './enums.ts';
import { groupSummary } from './groups.ts';

export const adminView = z.object({
  ...accountPersonView,
  roleId: z.number().int(),
  role: z.string(),
  isBioPetAdmin: z.boolean(),
  isActive: z.boolean(),
  receiveEmails: z.boolean(),
  adminNotes: z.string().nullable(),
  bioPetNotes: z.string().nullable(),
  address: addressView.nullable(),
  groups: z.array(groupSummary.extend({ isPrimaryAdmin: z.boolean() })),
  lastLogin: z.string().nullable(),
  dateCreated: z.string(),
});
export type AdminView = z.infer<typeof adminView>;

export const securityQuestionView = z.object({
  securityQuestion: z.string().nullable(),
  securityQuestionAnswer: z.string().nullable(),
});

const roleId = integer(0, SMALLINT_MAX).refine(
  (role) => (adminRoles as readonly number[]).includes(role),
  'The role is not an admin role.',
);

export const adminUpdateRequest = z.object({
  adminId: integer(1, INT_MAX).optional(),
  firstName: requiredText(100, 'The First Name field is required.'),
  lastName: requiredText(100, 'The Last Name field is required.'),
  userName: requiredText(256, 'The User Name field is required.'),
  email: optionalEmail,
  phoneNumber: optionalText(32),
  companyName: optionalText(200),
  roleId,
  receiveEmails: z.boolean().optional(),
  address: optionalAddress,
  adminNotes: optionalText(4000, { multiline: true }),
  bioPetNotes: optionalText(4000, { multiline: true }),
  isActive: z.boolean().optional(),
  securityQuestion: optionalText(200),
  securityQuestionAnswer: optionalText(200),
});
export type AdminUpdateRequest = z.input<typeof adminUpdateRequest>;

export const adminCreateRequest = adminUpdateRequest.extend({
  groupId: integer(1, INT_MAX).optional(),
});

export const adminSearchQuery = pagingQuery.extend({
  name: textField(200).trim().optional(),
  email: textField(256).trim().optional(),
});
export const adminSearchRow = z.object({
  id: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  roleId: z.number().int(),
  role: z.string(),
  isActive: z.boolean(),
});
export type AdminSearchRow = z.infer<typeof adminSearchRow>;

export const adminGroupParams = z.object({ id, groupId: id });
/** Removing the admin from a group where they are primary while others remain names the new primary admin. */
export const removeGroupFromAdminQuery = z.object({ newPrimaryAdminId: id.optional() });
export const allStewardedPropertiesQuery = z.object({ includeParentageGroups: queryBoolean.optional() });
export const adminGroupsResponse = z.array(groupSummary.extend({ isPrimaryAdmin: z.boolean() }));
