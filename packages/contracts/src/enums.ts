// The spec's enumerations with their numeric values (spec 1 §3). Const objects, not TS enums, so Node can strip types.

export const UserRole = {
  BioPetLabAdmin: 0,
  BioPetCustomerServiceAdmin: 1,
  BioPetOfficeAdmin: 2,
  PetOwner: 3,
  Distributor: 4,
  ManagementFirmManager: 5,
  ParentageManager: 6,
  PropertyManager: 7,
  PropertyMaintenance: 8,
} as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];
export const userRoleName = (role: number): string =>
  Object.entries(UserRole).find(([, value]) => value === role)?.[0] ?? 'Unknown';
/**
 * The one name each role is shown by, wherever a role appears on screen or in a message (the spec's own words: "lab
 * admin", "customer-service admin"); the enum names stay the API's identifiers.
 */
export const ROLE_LABELS: Record<UserRole, string> = {
  0: 'Lab admin',
  1: 'Customer service admin',
  2: 'Office admin',
  3: 'Pet owner',
  4: 'Distributor',
  5: 'Management firm manager',
  6: 'Parentage manager',
  7: 'Property manager',
  8: 'Property maintenance',
};
export const roleLabel = (role: number): string => ROLE_LABELS[role as UserRole] ?? 'Unknown role';
/** Role ids 0 to 2 are the provider's own staff. */
export const isProviderStaffRole = (role: number): boolean => role >= 0 && role <= 2;
export const isAdminRole = (role: number): boolean => role !== UserRole.PetOwner && role >= 0 && role <= 8;
export const adminRoles: readonly UserRole[] = [0, 1, 2, 4, 5, 6, 7, 8];

export const GroupTypes = {
  HierarchyRoot: 0,
  ManagementGroup: 1,
  Distributorship: 2,
  ParentageGroup: 3,
  Property: 4,
  DistributorshipManagementGroup: 5,
} as const;
export type GroupType = (typeof GroupTypes)[keyof typeof GroupTypes];
export const groupTypeName = (type: number): string =>
  Object.entries(GroupTypes).find(([, value]) => value === type)?.[0] ?? 'Unknown';
/** Pet-owner groups are Property and ParentageGroup. */
export const isPetOwnerGroupType = (type: number): boolean =>
  type === GroupTypes.Property || type === GroupTypes.ParentageGroup;

export const Gender = { Unknown: 0, Male: 1, Female: 2 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
export const WeightUnit = { Pounds: 0, Kilograms: 1 } as const;
export const PetType = { None: 0, HouseholdPet: 1, ServiceAnimal: 2 } as const;

export const PetSpecies = {
  None: 1,
  Dog: 2,
  Cat: 4,
  Bird: 8,
  Rodent: 16,
  Reptile: 32,
  Other: -2147483648,
} as const;
/** Every species flag except Dog and None. */
export const PetSpeciesNonDog =
  PetSpecies.Cat | PetSpecies.Bird | PetSpecies.Rodent | PetSpecies.Reptile | PetSpecies.Other;

export const SampleType = {
  Pet: 0,
  WasteSample: 1,
  PositiveControl: 2,
  NegativeControl: 3,
  WrongSpeciesControl: 4,
} as const;
export const Product = { PooPrints: 0, Parentage: 1 } as const;

export const DnaProfileLabStatus = {
  New: 0,
  Rerun: 20,
  Reswab: 40,
  Verification: 50,
  VerificationCancelled: 52,
  Inactive: 300,
  Approved: 400,
} as const;

export const SampleCustomerStatus = {
  ProfileCreated: 0,
  DnaSampleReceived: 10,
  Expired: 15,
  Processing2ndSwab: 20,
  Reanalyzing: 30,
  ReswabRequested: 40,
  ReswabReceived: 45,
  VerificationTestRequested: 50,
  VerificationTestCancelled: 52,
  VerificationTestReceived: 55,
  DnaProcessingComplete: 300,
  IncompleteDnaProfile: 350,
  SampleRejected: 400,
  SampleVoided: 500,
} as const;
export type SampleCustomerStatus = (typeof SampleCustomerStatus)[keyof typeof SampleCustomerStatus];
/** The status's name as the spec writes it ('DnaSampleReceived'), or 'Unknown'. */
export const sampleCustomerStatusName = (status: number): string =>
  Object.entries(SampleCustomerStatus).find(([, value]) => value === status)?.[0] ?? 'Unknown';

/** What the lab does with a waste sample right after receiving it (spec 3 §3). */
export const WasteSampleReceiptFollowupAction = { None: 0, Reject: 1, Void: 2 } as const;
export type WasteSampleReceiptFollowupAction =
  (typeof WasteSampleReceiptFollowupAction)[keyof typeof WasteSampleReceiptFollowupAction];

export const RegistrationStatus = { PendingApproval: 10, Approved: 20 } as const;
export type RegistrationStatus = (typeof RegistrationStatus)[keyof typeof RegistrationStatus];
export const ApprovalStatus = { Pending: 1, Approved: 2, Denied: 3 } as const;
export const FlaggedStatus = { UnFlagged: 10, Flagged: 20 } as const;

export const DogQuickActions = {
  Flag: 1,
  Verify: 4,
  Delete: 8,
  Reject: 16,
  Deactivate: 32,
  Transfer: 64,
  DnaProfile: 128,
  DnaVerification: 256,
  PrintParentageCertificate: 512,
  Expire: 1024,
  Void: 2048,
} as const;
export const allDogQuickActions = Object.values(DogQuickActions).reduce((all, flag) => all | flag, 0);

export const AncestryFulfillmentStatus = {
  Pending: 0,
  Ready: 5,
  Activated: 10,
  Picked: 12,
  Plated: 15,
  Shipped: 20,
} as const;
export const OrderStatus = { Pending: 0, Processing: 10, Shipped: 20, ShippedToAncestry: 30, Cancelled: 40 } as const;
export const PaymentStatus = { Paid: 0, Refunded: 10 } as const;

export const AdminFilter = { Active: 1, ActiveAndInherited: 2 } as const;
/**
 * The property export's options (spec 1 §3), bit flags to combine. The spec gives AllResidents no number; it is the next
 * flag, 128: every resident once, whatever their pets (docs/decisions/reports.md "Property export").
 */
export const PropertyExportFilter = {
  Dogs: 1,
  DogOwners: 2,
  DogOwnersWithDogs: 4,
  EsaServiceAnimalOwners: 8,
  PetOwners: 16,
  NonPetOwners: 32,
  ResidentsPendingApproval: 64,
  AllResidents: 128,
} as const;
export const PROPERTY_EXPORT_FILTER_ALL = 255;
export const UserTypeFilter = { Admin: 'Admin', PetOwner: 'PetOwner', Resident: 'Resident' } as const;
export const AssignedUsersFilter = { Assigned: 'Assigned', Unassigned: 'Unassigned' } as const;
export const PooPrintsCertificationRecipient = { Property: 0, Distributor: 1 } as const;
export const DashboardMode = {
  ActiveProperties: 0,
  InactiveProperties: 1,
  ActiveAndInactiveProperties: 2,
  GlobalStatus: 3,
} as const;

/** Feature names gated per user and per group. */
export const FeatureName = { Ancestry: 'Ancestry', DogQuickActions: 'DogQuickActions' } as const;

/** What a notification is about; it decides where clicking it leads (spec 3 §2). */
export const NotificationType = { PooPrintsMatchResult: 0, WasteSample: 1, Pet: 2, Group: 3 } as const;
export type NotificationTypeName = keyof typeof NotificationType;
