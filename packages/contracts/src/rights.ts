// The rights table: which role may take which action, and the role order it implies (issue 20, "Privilege"). The server
// enforces it (services call `can`, routes may declare `{ right }`); the web app reads it to show only allowed actions.
import { ADMIN_ROLES_BY_GROUP_TYPE } from './groups.ts';
import { UserRole, adminRoles } from './enums.ts';

/** Actions in the product's words. `admin.*` act on another admin; `petOwner.*` on a pet owner. */
export const RIGHTS = [
  'group.view',
  'group.edit',
  'group.create',
  'group.move',
  'group.delete',
  'group.deactivate',
  'dashboard.global',
  'admin.view',
  'admin.create',
  'admin.edit',
  'admin.changeRole',
  'admin.changeEmail',
  'admin.resetPassword',
  'admin.createSignInLink',
  'admin.viewSecurityAnswer',
  'admin.signInAs',
  'admin.deactivate',
  'admin.delete',
  'admin.assignGroups',
  'petOwner.view',
  'petOwner.signInAs',
  'petOwner.resetPassword',
  'petOwner.createSignInLink',
  'petOwner.edit',
  'petOwner.create',
  'petOwner.deactivate',
  'petOwner.delete',
  'petOwner.viewSecurityAnswer',
  'petOwner.assignGroups',
  'resident.view',
  'resident.edit',
  'resident.approve',
  'resident.delete',
  'resident.moveOut',
  'resident.transfer',
  'pet.view',
  'pet.register',
  'pet.edit',
  'pet.transfer',
  'pet.delete',
  'sample.flag',
  'sample.changeStatus',
  'system.documents',
  'system.emailLog',
  'system.auditLog',
  'wasteSample.view',
  'wasteSample.create',
  'wasteSample.edit',
  'wasteSample.delete',
  'wasteSample.receive',
  'wasteSample.transfer',
  'fieldCollection.collect',
  'dna.view',
  'dna.manage',
  'parentage.view',
  'parentage.run',
  'parentage.override',
  'parentage.certificate',
  'duplicates.review',
  'report.view',
  'report.emailExport',
  'system.emailTemplates',
  'tools.bulkUpload',
  'rentRoll.sync',
  'analytics.view',
  'analytics.lab',
  'wasteResult.view',
  'wasteResult.labView',
  'wasteResult.manage',
  'wasteResult.email',
  'noMatchCluster.view',
  'noMatchCluster.manage',
  'lab.settings',
  'violation.view',
  'violation.schedule',
  'violation.issue',
  'violation.review',
  'violation.hearAppeal',
  'integrations.manage',
] as const;
export type Right = (typeof RIGHTS)[number];

const { BioPetLabAdmin: LAB, BioPetCustomerServiceAdmin: SERVICE, BioPetOfficeAdmin: OFFICE } = UserRole;
const {
  Distributor: DIST,
  ManagementFirmManager: FIRM,
  ParentageManager: PARENTAGE,
  PropertyManager: PROPERTY,
} = UserRole;
const { PropertyMaintenance: MAINTENANCE } = UserRole;

const STAFF = [LAB, SERVICE, OFFICE] as const;
/** Admins who run groups with subgroups: they shape the hierarchy beneath them. */
const GROUP_SHAPERS = [...STAFF, DIST, FIRM] as const;
/** Every admin who manages other admins (everyone but property maintenance, who only creates and receives samples). */
const ADMIN_MANAGERS = [...STAFF, DIST, FIRM, PARENTAGE, PROPERTY] as const;
const ALL_ADMINS = [...ADMIN_MANAGERS, MAINTENANCE] as const;

/** Role × action. A role missing from an action's list may not take it. Pet owners take no admin action. */
export const RIGHTS_TABLE: Record<Right, readonly number[]> = {
  'group.view': ALL_ADMINS,
  'group.edit': ADMIN_MANAGERS,
  'group.create': GROUP_SHAPERS,
  'group.move': GROUP_SHAPERS,
  'group.delete': GROUP_SHAPERS,
  'group.deactivate': GROUP_SHAPERS,
  'dashboard.global': STAFF,
  'admin.view': ADMIN_MANAGERS,
  'admin.create': ADMIN_MANAGERS,
  'admin.edit': ADMIN_MANAGERS,
  'admin.changeRole': ADMIN_MANAGERS,
  'admin.changeEmail': ADMIN_MANAGERS,
  'admin.resetPassword': ADMIN_MANAGERS,
  'admin.createSignInLink': ADMIN_MANAGERS,
  'admin.viewSecurityAnswer': ADMIN_MANAGERS,
  'admin.signInAs': ADMIN_MANAGERS,
  'admin.deactivate': ADMIN_MANAGERS,
  'admin.delete': ADMIN_MANAGERS,
  'admin.assignGroups': ADMIN_MANAGERS,
  'petOwner.view': ADMIN_MANAGERS,
  'petOwner.signInAs': ADMIN_MANAGERS,
  'petOwner.resetPassword': ADMIN_MANAGERS,
  'petOwner.createSignInLink': ADMIN_MANAGERS,
  'petOwner.edit': ADMIN_MANAGERS,
  'petOwner.create': ADMIN_MANAGERS,
  'petOwner.deactivate': ADMIN_MANAGERS,
  'petOwner.delete': ADMIN_MANAGERS,
  'petOwner.viewSecurityAnswer': ADMIN_MANAGERS,
  'petOwner.assignGroups': ADMIN_MANAGERS,
  // Residents and their dogs: the admins who register dogs (property maintenance only creates waste samples).
  'resident.view': ADMIN_MANAGERS,
  'resident.edit': ADMIN_MANAGERS,
  'resident.approve': ADMIN_MANAGERS,
  'resident.delete': ADMIN_MANAGERS,
  'resident.moveOut': ADMIN_MANAGERS,
  'resident.transfer': ADMIN_MANAGERS,
  // Pets (spec 3): every admin sees the pets of their groups; property maintenance only creates and receives samples,
  // so registering, editing, moving and deleting dogs is for the admin managers.
  'pet.view': ALL_ADMINS,
  'pet.register': ADMIN_MANAGERS,
  'pet.edit': ADMIN_MANAGERS,
  'pet.transfer': ADMIN_MANAGERS,
  'pet.delete': ADMIN_MANAGERS,
  'sample.flag': ADMIN_MANAGERS,
  // Rejecting, voiding, expiring and the other customer-status moves are the provider's lab and service decisions.
  'sample.changeStatus': STAFF,
  'system.documents': STAFF,
  'system.emailLog': STAFF,
  'system.auditLog': STAFF,
  // Property maintenance looks samples up and creates them, nothing more (spec 2 §1); the lab receives them (their
  // status and flags follow sample.changeStatus and sample.flag); a property's admins edit, delete and transfer them.
  'wasteSample.view': ALL_ADMINS,
  'wasteSample.create': ALL_ADMINS,
  'wasteSample.edit': ADMIN_MANAGERS,
  'wasteSample.delete': ADMIN_MANAGERS,
  'wasteSample.receive': STAFF,
  'wasteSample.transfer': ADMIN_MANAGERS,
  // Field collection (issue 40): the property's own staff collect; provider staff too (a lab visit, a demo). The
  // distributor and management firm above a property oversee it and do not collect on foot.
  'fieldCollection.collect': [...STAFF, PROPERTY, MAINTENANCE],
  // Lab users manage DNA profiles, controls, plates and certificates (spec 3 §6: revoking a DNA verification
  // certificate by profile or by pet is 'dna.manage'); the other staff may read them.
  'dna.view': STAFF,
  'dna.manage': [LAB],
  // Parentage (spec 3 §2): parentage managers run tests on their parentage groups' dogs, the provider's staff on any;
  // overriding, annotating and deleting results is the provider's call. Duplicate clusters are reviewed by the lab.
  'parentage.view': [...STAFF, PARENTAGE],
  'parentage.run': [...STAFF, PARENTAGE],
  'parentage.override': STAFF,
  // The proof-of-parentage certificate: whoever reads parentage results, and a pet owner for their own dog (the scope
  // of the dog decides which; a dog outside it answers as a missing one).
  'parentage.certificate': [...STAFF, PARENTAGE, UserRole.PetOwner],
  'duplicates.review': [LAB],
  // Reports read the caller's own groups; the email export (every user's address, sign-in links) is the provider's.
  'report.view': ADMIN_MANAGERS,
  'report.emailExport': STAFF,
  'system.emailTemplates': STAFF,
  'tools.bulkUpload': ADMIN_MANAGERS,
  // Rent-roll sync (issue 42): the admins who invite, edit and move out residents; program analytics: the admins who
  // read reports, inside their own groups; the lab's figures: the provider's staff.
  'rentRoll.sync': ADMIN_MANAGERS,
  'analytics.view': ADMIN_MANAGERS,
  'analytics.lab': STAFF,
  // Waste match results (issue 22): a group's admins read the results of their properties; provider staff read the lab
  // lists; only the lab runs, approves and deletes results; the group's admin managers email a result to the primary admin.
  'wasteResult.view': ALL_ADMINS,
  'wasteResult.labView': STAFF,
  'wasteResult.manage': [LAB],
  'wasteResult.email': ADMIN_MANAGERS,
  // No-match clusters (spec 3 §2 lab tools): the provider's staff read them and the report; the lab reviews candidates.
  'noMatchCluster.view': STAFF,
  'noMatchCluster.manage': [LAB],
  // The lab's identity on its documents (name, address, accreditation, logo) and its signatories: the provider's staff.
  'lab.settings': STAFF,
  // Violation notices (issue 41): the admins who run residents read notices, the ledger and the fine schedule of their
  // groups; the property's staff, its firm, its distributorship and the provider set the schedule, issue notices and
  // review disputes; appeals go above the property (its management group or distributorship) or to the provider.
  // Property maintenance only creates and receives samples; parentage groups have no waste program.
  'violation.view': [...STAFF, DIST, FIRM, PROPERTY],
  'violation.schedule': [...STAFF, DIST, FIRM, PROPERTY],
  'violation.issue': [...STAFF, DIST, FIRM, PROPERTY],
  'violation.review': [...STAFF, DIST, FIRM, PROPERTY],
  'violation.hearAppeal': [...STAFF, DIST, FIRM],
  // API keys and webhooks (issue 42): provider staff and the admins who manage a group's people (not property
  // maintenance, who only creates and receives samples).
  'integrations.manage': ADMIN_MANAGERS,
};

/** May a user of this role take this action (before the scope and rank checks of the thing acted on)? */
export function can(roleId: number, action: Right): boolean {
  return RIGHTS_TABLE[action].includes(roleId);
}

/**
 * The role order: a higher rank acts on lower ranks only. Provider staff are ordered among themselves (lab admin,
 * customer service, office); ParentageManager and PropertyManager tie (neither runs the other's kind of group).
 */
export const ROLE_RANK: Record<number, number> = {
  [LAB]: 9,
  [SERVICE]: 8,
  [OFFICE]: 7,
  [DIST]: 6,
  [FIRM]: 5,
  [PARENTAGE]: 4,
  [PROPERTY]: 4,
  [MAINTENANCE]: 3,
  [UserRole.PetOwner]: 1,
};

/** Does the actor's role stand strictly above the target's? Equal roles do not (no one acts on a peer). */
export function outranks(actorRoleId: number, targetRoleId: number): boolean {
  return (ROLE_RANK[actorRoleId] ?? 0) > (ROLE_RANK[targetRoleId] ?? Number.POSITIVE_INFINITY);
}

/** Admin actions on another admin that need the target strictly below the actor. */
export type AdminAction = Extract<Right, `admin.${string}`>;

/**
 * May the actor take `action` on this admin, by the table and the role order? Scope (the target sits in the actor's
 * groups) is the server's part. On oneself: viewing, editing (not the role) and one's own security answer, reset and
 * sign-in link are allowed; signing in as, deactivating and deleting oneself are not.
 */
export function mayActOnAdmin(
  actor: { id: number; roleId: number },
  target: { id: number; roleId: number },
  action: AdminAction,
): boolean {
  if (!can(actor.roleId, action)) return false;
  if (actor.id === target.id) {
    return !['admin.changeRole', 'admin.signInAs', 'admin.deactivate', 'admin.delete', 'admin.create'].includes(action);
  }
  // Viewing extends to peers and lower ranks: a group's admins see each other's pages but act only downwards.
  if (action === 'admin.view') return !outranks(target.roleId, actor.roleId);
  return outranks(actor.roleId, target.roleId);
}

/**
 * The admin roles the actor may give: those strictly below their own. A group type narrows the list to the roles that
 * run such a group (the add-group and create-admin forms offer those).
 */
export function creatableRoles(actorRoleId: number, groupType?: number): number[] {
  if (!can(actorRoleId, 'admin.create')) return [];
  const creatable = adminRoles.filter((role) => outranks(actorRoleId, role));
  return groupType === undefined
    ? creatable
    : creatable.filter((role) => ADMIN_ROLES_BY_GROUP_TYPE[groupType]?.includes(role));
}
