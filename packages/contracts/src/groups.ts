// Group shapes: tree nodes, menu flags, details, create/move payloads, admins of a group, subgroups, dashboard,
// certificate customization, adjacent property agreements, logo (spec 2 §3, §7 Groups).
import { z } from 'zod';
import { addressView, optionalAddress } from './addresses.ts';
import {
  INT_MAX,
  SMALLINT_MAX,
  email,
  id,
  optionalText,
  pagingQuery,
  queryBoolean,
  queryEnum,
  requiredText,
  usDate,
  textField,
  integer,
} from './common.ts';
import { AdminFilter, DashboardMode, GroupTypes, UserRole, adminRoles } from './enums.ts';

export const groupSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  groupType: z.number().int(),
  isActive: z.boolean(),
  parentId: z.number().int().nullable(),
});
export type GroupSummary = z.infer<typeof groupSummary>;

/** Readable group type names, as messages and screens show them. */
export const GROUP_TYPE_LABELS: Record<number, string> = {
  0: 'Hierarchy Root',
  1: 'Management Group',
  2: 'Distributorship',
  3: 'Parentage Group',
  4: 'Property',
  5: 'Distributorship Management Group',
};
export const groupTypeLabel = (type: number): string => GROUP_TYPE_LABELS[type] ?? 'Group';

/** Child types a parent type may receive, the default first (spec 2 §4 add-group choices). */
export const ALLOWED_CHILD_TYPES: Record<number, readonly number[]> = {
  0: [2, 5],
  1: [4, 3],
  2: [4, 3, 1],
  3: [],
  4: [],
  5: [2],
};

/**
 * A node of the group tree. Inactive children are never listed among children: a node whose hasInactiveChildren is
 * true gets an 'Inactive Groups' pseudo-node, whose content is GET /groups/group/getchildren/{id}?inactive=true.
 * noLeaf: the node has something to expand (active or inactive children).
 */
export const groupTreeNode = groupSummary.extend({
  label: z.string(),
  propertyPreRegisterCode: z.string().nullable(),
  hasChildren: z.boolean(),
  hasInactiveChildren: z.boolean(),
  noLeaf: z.boolean(),
});
export type GroupTreeNode = z.infer<typeof groupTreeNode>;
export const groupChildrenQuery = z.object({ inactive: queryBoolean.optional() });
export const firstLevelGroupsQuery = z.object({ includeInactive: queryBoolean.optional() });

export const groupMenu = z.object({
  groupId: z.number().int(),
  groupType: z.number().int(),
  dashboard: z.boolean(),
  detail: z.boolean(),
  subgroups: z.boolean(),
  admins: z.boolean(),
  petOwners: z.boolean(),
  pets: z.boolean(),
  preRegLink: z.boolean(),
  /** The group is a Property or has a Property beneath it. */
  isPropertySteward: z.boolean(),
  /** The group is a Parentage Group or has one beneath it. */
  isParentageSteward: z.boolean(),
  preRegCode: z.string().nullable(),
});
export type GroupMenu = z.infer<typeof groupMenu>;

export const adjacentPropertyRef = z.object({ id: z.number().int(), name: z.string() });

/**
 * Group details. Fields a caller may not see are null: extra fields (managementCompany, certificationRecipient) for
 * provider staff and distributors; extra property details (order form, software, type, resident pay, fee, barcode
 * counts and thresholds) for a Property and provider staff or distributors; admin property details (property address,
 * notes, pre-registration code and link) for a Property.
 */
export const groupDetails = groupSummary.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  numberOfUnits: z.number().int().nullable(),
  mailingAddress: addressView.nullable(),
  isSameAddress: z.boolean(),
  managementCompany: z.string().nullable(),
  certificationRecipient: z.number().int().nullable(),
  propertyAddress: addressView.nullable(),
  propertyNotes: z.string().nullable(),
  propertyPreRegisterCode: z.string().nullable(),
  preRegistrationLink: z.string().nullable(),
  propertyOrderFormUrl: z.string().nullable(),
  propertyManagementSoftware: z.string().nullable(),
  propertyType: z.string().nullable(),
  residentPayEnabled: z.boolean().nullable(),
  propertyRegistrationFee: z.number().nullable(),
  propertyDnBarcodeCount: z.number().int().nullable(),
  propertyTdBarcodeCount: z.number().int().nullable(),
  propertyDnBarcodeThreshold: z.number().int().nullable(),
  propertyTdBarcodeThreshold: z.number().int().nullable(),
  adjacentProperties: z.array(adjacentPropertyRef),
  logoUrl: z.string().nullable(),
  canSeeExtraFields: z.boolean(),
  /** The groups above this one, the hierarchy root first: the side tree opens this path when a page is opened by URL. */
  ancestorIds: z.array(z.number().int()),
});
export type GroupDetails = z.infer<typeof groupDetails>;

const url = textField(2000)
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: 'Invalid URL.' }));
const optionalUrl = z
  .union([z.literal(''), url])
  .optional()
  .nullable()
  .transform((value) => value || null);
const optionalEmail = z
  .union([z.literal(''), email])
  .optional()
  .nullable()
  .transform((value) => value || null);
const count = z
  .number({ error: 'Must be a whole number.' })
  .int('Must be a whole number.')
  .min(0, 'Must be 0 or more.')
  .max(INT_MAX, `Must be at most ${INT_MAX}.`);

/** Every editable field of group details (PUT group/{id}); fields the caller may not see are kept as they are. */
export const groupUpdateRequest = z.object({
  name: requiredText(200, 'The Name field is required.'),
  email: optionalEmail,
  phone: optionalText(32),
  website: optionalUrl,
  numberOfUnits: count.optional().nullable(),
  mailingAddress: optionalAddress,
  isSameAddress: z.boolean().optional(),
  managementCompany: optionalText(200),
  certificationRecipient: z
    .union([z.literal(0), z.literal(1)], { error: 'Must be 0 (Property) or 1 (Distributor).' })
    .optional(),
  propertyAddress: optionalAddress,
  propertyNotes: optionalText(4000, { multiline: true }),
  propertyOrderFormUrl: optionalUrl,
  propertyManagementSoftware: optionalText(200),
  propertyType: optionalText(100),
  residentPayEnabled: z.boolean().optional(),
  propertyRegistrationFee: z
    .number()
    .min(0, 'Must be 0 or more.')
    .max(99_999_999.99, 'Must be at most 99999999.99.')
    .optional()
    .nullable(),
  propertyDnBarcodeCount: count.optional(),
  propertyTdBarcodeCount: count.optional(),
  propertyDnBarcodeThreshold: count.optional(),
  propertyTdBarcodeThreshold: count.optional(),
});
export type GroupUpdateRequest = z.input<typeof groupUpdateRequest>;
export type GroupUpdateValues = z.output<typeof groupUpdateRequest>;

const roleId = integer(0, SMALLINT_MAX).refine(
  (role) => (adminRoles as readonly number[]).includes(role),
  'The role is not an admin role.',
);

/** A new admin named in a group-create payload or created on a group; userName defaults to the email. */
export const newGroupAdmin = z.object({
  firstName: requiredText(100, 'The First Name field is required.'),
  lastName: requiredText(100, 'The Last Name field is required.'),
  email,
  userName: optionalText(256),
  role: roleId,
  phoneNumber: optionalText(32),
});
export type NewGroupAdmin = z.input<typeof newGroupAdmin>;
export type NewGroupAdminValues = z.output<typeof newGroupAdmin>;

/**
 * POST parentagegroup/, property/, distributor/, managementgroup/, distributorshipmanagementgroup: the path names
 * the type; groupType, when sent, must agree. The primary admin is inherited from the parent (inheritPrimaryAdminFromParent),
 * an existing admin (selectedPrimaryAdminId) or created (createNewUser, the default, with primaryAdminToBeCreated).
 */
export const groupCreateRequest = groupUpdateRequest.extend({
  parentId: id,
  groupType: integer(0, 5).optional(),
  primaryAdminToBeCreated: newGroupAdmin.optional().nullable(),
  additionalAdminsToBeCreated: z.array(newGroupAdmin).max(50).default([]),
  additionalAdminsFromExisting: z.array(id).max(200).default([]),
  selectedPrimaryAdminId: id.optional().nullable(),
  inheritPrimaryAdminFromParent: z.boolean().default(false),
  createNewUser: z.boolean().default(true),
});
export type GroupCreateRequest = z.input<typeof groupCreateRequest>;
export type GroupCreateValues = z.output<typeof groupCreateRequest>;

/**
 * Extra fields of the 400 answer to a group create when a new admin's email belongs to an admin the caller manages
 * (the create-admin answer's names plus the payload entry): the client offers to add that admin instead.
 */
export const existingAdminOffer = z.object({
  isEmailAlreadyAssignedToAdmin: z.literal(true),
  existingUserId: z.number().int(),
  existingUserFullName: z.string(),
  email: z.string(),
  /** 'primaryAdminToBeCreated' or 'additionalAdminsToBeCreated.{index}'. */
  field: z.string(),
});
export type ExistingAdminOffer = z.infer<typeof existingAdminOffer>;

/**
 * The roles offered for a new admin of a group type (GET /account/getcreatableadminroles?groupType=): the roles that
 * run such a group. A suggestion for the forms, not a rule: existing admins of any role may be assigned anywhere.
 */
export const ADMIN_ROLES_BY_GROUP_TYPE: Record<number, readonly number[]> = {
  [GroupTypes.HierarchyRoot]: [
    UserRole.BioPetLabAdmin,
    UserRole.BioPetCustomerServiceAdmin,
    UserRole.BioPetOfficeAdmin,
  ],
  [GroupTypes.DistributorshipManagementGroup]: [UserRole.Distributor],
  [GroupTypes.Distributorship]: [UserRole.Distributor],
  [GroupTypes.ManagementGroup]: [UserRole.ManagementFirmManager],
  [GroupTypes.ParentageGroup]: [UserRole.ParentageManager],
  [GroupTypes.Property]: [UserRole.PropertyManager, UserRole.PropertyMaintenance],
};
export const creatableAdminRolesQuery = z.object({ groupType: queryEnum(GroupTypes).optional() });

/** POST group/movegroup/: move childId under parentId (PascalCase accepted). */
export const moveGroupRequest = z.preprocess(
  (body) =>
    body && typeof body === 'object'
      ? {
          parentId: (body as any).parentId ?? (body as any).ParentId,
          childId: (body as any).childId ?? (body as any).ChildId,
        }
      : body,
  z.object({ parentId: id, childId: id }),
);
/** POST group/deactivategroup, group/activategroup. */
export const groupIdBody = z.preprocess(
  (body) => (body && typeof body === 'object' ? { groupId: (body as any).groupId ?? (body as any).GroupId } : body),
  z.object({ groupId: id }),
);
export const bulkTransferRequest = z.object({
  transferGroupIds: z.array(id).min(1, 'Select at least one group.').max(1000),
});
/** DELETE group/{id}?confirmation=: the group's name as the user typed it; required, and it must match. */
export const deleteGroupQuery = z.object({ confirmation: textField(200).optional() });

// Admins of a group.
export const groupAdminsQuery = z.object({ adminFilter: queryEnum(AdminFilter).default(AdminFilter.Active) });
export const groupAdminParams = z.object({ id, adminId: id });
export const groupAdminRow = z.object({
  id: z.number().int(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  roleId: z.number().int(),
  role: z.string(),
  isActive: z.boolean(),
  isPrimaryAdmin: z.boolean(),
  /** Assigned to an ancestor group, not to this one (ActiveAndInherited only). */
  isInherited: z.boolean(),
  inheritedFromGroupId: z.number().int().nullable(),
});
export type GroupAdminRow = z.infer<typeof groupAdminRow>;
export const groupAdminsResponse = z.object({ admins: z.array(groupAdminRow), isHierarchyRoot: z.boolean() });
/** After removing an admin: when exactly one non-primary admin remains, the client offers to make them primary. */
export const removeGroupAdminResponse = groupAdminsResponse.extend({
  promptMakePrimary: z.boolean(),
  remainingAdminId: z.number().int().nullable(),
});
/**
 * Removing the group's primary admin while others remain names the one who becomes primary (newPrimaryAdminId): the
 * client asks, naming them, rather than the server choosing.
 */
export const removeGroupAdminQuery = z.object({
  deactivateAdmin: queryBoolean.optional(),
  newPrimaryAdminId: id.optional(),
});
/**
 * Remove from all groups: for every group where the admin is primary and other admins of the group remain, the one who
 * becomes primary there (the client asks, naming them, as for removing from one group). Groups without a choice refuse.
 */
export const removeFromAllGroupsRequest = z.object({
  newPrimaryAdmins: z
    .array(z.object({ groupId: id, newPrimaryAdminId: id }))
    .max(1000)
    .optional(),
});
export type RemoveFromAllGroupsRequest = z.infer<typeof removeFromAllGroupsRequest>;
export const createGroupAdminResponse = z.object({
  isEmailAlreadyExists: z.boolean(),
  isEmailAlreadyAssignedToAdmin: z.boolean(),
  existingUserFullName: z.string().nullable(),
  existingUserId: z.number().int().nullable(),
  /** The created admin; null when the email already belongs to an admin. */
  admin: groupAdminRow.nullable(),
});

// Subgroups: every group beneath the given one.
export const SubgroupActiveFilter = {
  Active: 'Active',
  Inactive: 'Inactive',
  ActiveAndInactive: 'ActiveAndInactive',
} as const;
export const SUBGROUP_ORDER_BY = [
  'name',
  'grouptype',
  'parentname',
  'city',
  'state',
  'phone',
  'lastlogin',
  'lastsample',
  'lastpet',
  'isactive',
] as const;
/**
 * Date filters (lastLogin, lastSample, lastPet, M/d/yyyy) select rows whose date falls on that day. lastLogin: the
 * latest sign-in of the group's admins. lastPet: the latest pet created among the group's current members; lastSample:
 * the latest update of such a pet whose sample status moved past Profile Created (no sample table exists yet). Only
 * pet-owner groups have members: for other groups lastPet and lastSample are null.
 */
export const subgroupsQuery = pagingQuery.extend({
  groupId: id,
  isActiveFilter: z.enum(['Active', 'Inactive', 'ActiveAndInactive']).default('Active'),
  name: textField(200).trim().optional(),
  lastLogin: usDate.optional(),
  lastSample: usDate.optional(),
  lastPet: usDate.optional(),
  city: textField(100).trim().optional(),
  state: textField(100).trim().optional(),
  phone: textField(32).trim().optional(),
});
export type SubgroupsQuery = z.input<typeof subgroupsQuery>;
export const subgroupRow = groupSummary.extend({
  parentName: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  phone: z.string().nullable(),
  lastLogin: z.string().nullable(),
  lastSample: z.string().nullable(),
  lastPet: z.string().nullable(),
});
export type SubgroupRow = z.infer<typeof subgroupRow>;

// Dashboard.
export const dashboardQuery = z.object({
  groupId: id,
  dashboardMode: queryEnum(DashboardMode).default(DashboardMode.ActiveProperties),
});
const counts = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<K, z.ZodNumber>);
export const PET_SAMPLE_KEYS = [
  'dnaProcessingComplete',
  'dnaReceived',
  'profilesCreated',
  'expired',
  'reswabsRequested',
  'verificationTestsRequested',
  'processingSecondSwab',
  'incompleteDnaProfile',
  'rejected',
  'voided',
  'total',
] as const;
export const RESIDENT_KEYS = ['dogOwner', 'nonDogOwner', 'movedOut', 'awaitingApproval', 'total'] as const;
export const WASTE_SAMPLE_KEYS = [
  'profileCreated',
  'expired',
  'dnaReceived',
  'reanalyzing',
  'rejected',
  'voided',
  'dnaProcessingComplete',
  'match',
  'noMatch',
  'fail',
  'nonCanine',
  'total',
] as const;
export const GROUP_COUNT_KEYS = ['active', 'inactive', 'total'] as const;
const block = <K extends string>(keys: readonly K[]) => z.object({ counts: counts(keys), percentages: counts(keys) });
/**
 * Counts over the group's subtree. Pet samples: pets of current members of the subtree's pet-owner groups that the
 * mode selects. Percentages are whole numbers of each block's total (0 when the total is 0). Waste samples: those
 * collected on the subtree's properties; the match outcomes stay 0 until match results exist (wasteSamplesTracked).
 */
export const dashboardResponse = z.object({
  groupId: z.number().int(),
  dashboardMode: z.number().int(),
  groups: block(GROUP_COUNT_KEYS),
  petSamples: block(PET_SAMPLE_KEYS),
  residents: block(RESIDENT_KEYS),
  wasteSamples: block(WASTE_SAMPLE_KEYS),
  wasteSamplesTracked: z.boolean(),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

// Certificate customization.
export const certificateCustomization = z.object({
  certificateTitle: optionalText(200),
  certificateSignatureName: optionalText(200),
  certificateFooterText: optionalText(1000, { multiline: true }),
  certificateShowLogo: z.boolean().default(true),
});
export const certificateCustomizationView = z.object({
  groupId: z.number().int(),
  certificateTitle: z.string().nullable(),
  certificateSignatureName: z.string().nullable(),
  certificateFooterText: z.string().nullable(),
  certificateShowLogo: z.boolean(),
  logoUrl: z.string().nullable(),
});

// Adjacent property agreements.
export const adjacentPropertyRequest = z.object({ propertyId: id, adjacentPropertyId: id });
export const adjacentAgreement = z.object({
  propertyId: z.number().int(),
  propertyName: z.string(),
  adjacentPropertyId: z.number().int(),
  adjacentPropertyName: z.string(),
});

export const preRegistrationLink = z.object({ groupId: z.number().int(), code: z.string(), link: z.string() });
export const logoUploadResponse = z.object({ logoUrl: z.string() });
export const logoUploadParams = z.object({ groupId: id });
export const storedFileParams = z.object({ name: textField(64) });
/** A stored file's bytes, sent as they are (never serialised as JSON). */
export const storedFileContent = z.string().meta({ format: 'binary' });

// Pet-owner group picker.
export const petOwnerGroupsQuery = z.object({
  name: textField(200).trim().optional(),
  page: integer(1, INT_MAX).default(1),
  pageSize: integer(1, SMALLINT_MAX).default(25),
  includeParentageGroups: queryBoolean.optional(),
  includeInactiveGroups: queryBoolean.optional(),
});
export const petOwnerGroupRow = groupSummary.extend({
  parentName: z.string().nullable(),
  propertyPreRegisterCode: z.string().nullable(),
});
