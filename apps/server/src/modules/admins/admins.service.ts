// Admin accounts: view, edit, activate and deactivate, delete, group membership (spec 1 §4 Admin state, §6).
import {
  GroupTypes,
  Messages,
  can,
  creatableRoles,
  isProviderStaffRole,
  userRoleName,
  type AdminAction,
  type AdminView,
} from '@registry/contracts';
import { assertMayActOnAdmin } from '../../platform/rights.ts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { forbidden, notFound, refused, validationError } from '../../platform/errors.ts';
import { secretPlaceholder } from '../../platform/mailer.ts';
import { newAdminEvent, sendEventMail } from '../emailtemplates/email-events.ts';
import { generatePassword, hashPassword } from '../../platform/passwords.ts';
import { endAccountAccess } from '../accounts/account-access.ts';
import { assertGroupInScope } from '../../platform/scope.ts';
import { groupsAssignedTo, guardedUserChanges, readSecurityQuestion } from '../accounts/users.ts';
import {
  fullNameOf,
  saveUser,
  userByUserName,
  userSnapshot,
  usersByEmail,
  type UserRow,
} from '../accounts/accounts.service.ts';
import { toAddressView } from '../lookups/lookups.service.ts';
import * as q from './admins.queries.ts';

type AdminInput = {
  firstName: string;
  lastName: string;
  userName: string;
  email?: string | null;
  phoneNumber: string | null;
  companyName: string | null;
  roleId: number;
  receiveEmails?: boolean;
  address?: UserRow['address'] | null;
  adminNotes: string | null;
  bioPetNotes: string | null;
  isActive?: boolean;
  securityQuestion: string | null;
  securityQuestionAnswer: string | null;
};

/**
 * Loads an admin the caller may take `action` on: 404 when there is none or it lies outside the caller's groups, 403
 * when the rights table or the role order refuses the action.
 */
export async function loadManagedAdmin(ctx: SignedInContext, adminId: number, action: AdminAction) {
  const admin = await q.findAdmin(ctx.db, adminId);
  if (!admin) throw notFound('Admin not found.');
  await assertMayActOnAdmin(ctx, admin, action);
  return admin;
}

async function toView(ctx: SignedInContext, admin: UserRow): Promise<AdminView> {
  return {
    id: admin.id,
    userName: admin.userName,
    firstName: admin.firstName,
    lastName: admin.lastName,
    fullName: fullNameOf(admin),
    email: admin.email,
    phoneNumber: admin.phoneNumber,
    companyName: admin.companyName,
    roleId: admin.roleId,
    role: userRoleName(admin.roleId),
    isBioPetAdmin: isProviderStaffRole(admin.roleId),
    isActive: admin.isActive,
    receiveEmails: admin.receiveEmails,
    adminNotes: admin.adminNotes,
    // The provider's own notes are for provider staff only.
    bioPetNotes: ctx.caller.isProviderStaff ? admin.bioPetNotes : null,
    address: toAddressView(admin.address),
    groups: await groupsAssignedTo(ctx, admin.id),
    lastLogin: admin.lastLogin?.toISOString() ?? null,
    dateCreated: admin.dateCreated.toISOString(),
  };
}

export async function getAdmin(ctx: SignedInContext, adminId: number) {
  return toView(ctx, await loadManagedAdmin(ctx, adminId, 'admin.view'));
}

/** The admin's security question and answer (audited, see readSecurityQuestion). */
export async function getSecurityQuestion(ctx: SignedInContext, adminId: number) {
  const admin = await loadManagedAdmin(ctx, adminId, 'admin.viewSecurityAnswer');
  return readSecurityQuestion(ctx, admin, 'Admin');
}

/** A role given to an admin (on create or edit) must lie strictly below the caller's own. */
export function assertRoleAllowed(ctx: SignedInContext, roleId: number) {
  if (!creatableRoles(ctx.caller.roleId).includes(roleId)) throw forbidden(Messages.roleNotCreatable);
}

async function assertUniqueIdentity(
  ctx: SignedInContext,
  input: { userName: string; email?: string | null },
  exceptId: number | null,
) {
  const problems: Record<string, string[]> = {};
  const sameName = await userByUserName(ctx, input.userName);
  if (sameName && sameName.id !== exceptId) problems.userName = [`User name '${input.userName}' is already taken.`];
  if (input.email) {
    const owners = (await usersByEmail(ctx, input.email)).filter((user) => user.id !== exceptId);
    if (owners.length) problems.email = [`Email '${input.email}' is already taken.`];
  }
  if (Object.keys(problems).length) throw validationError(problems);
}

export async function updateAdmin(ctx: SignedInContext, adminId: number, input: AdminInput) {
  const admin = await loadManagedAdmin(ctx, adminId, 'admin.edit');
  if (input.roleId !== admin.roleId) {
    if (admin.id === ctx.caller.userId) throw forbidden(Messages.ownRoleUnchangeable);
    await assertMayActOnAdmin(ctx, admin, 'admin.changeRole');
    assertRoleAllowed(ctx, input.roleId);
  }
  await assertUniqueIdentity(ctx, input, admin.id);
  const email = input.email?.trim() || null;
  if ((email ?? '').toLowerCase() !== (admin.email ?? '').toLowerCase())
    await assertMayActOnAdmin(ctx, admin, 'admin.changeEmail');
  if (admin.isActive && !email) throw validationError({ email: ['An active admin needs an email.'] });
  return withTransaction(ctx, async (tx, txCtx) => {
    const updated = await saveUser(txCtx, admin.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      userName: input.userName,
      email,
      phoneNumber: input.phoneNumber,
      companyName: input.companyName,
      roleId: input.roleId,
      receiveEmails: input.receiveEmails ?? admin.receiveEmails,
      address: input.address ?? null,
      adminNotes: input.adminNotes,
      ...guardedUserChanges(ctx, input, admin),
    });
    await writeAudit(tx, ctx, {
      entityType: 'Admin',
      entityId: admin.id,
      actionType: 'Update',
      before: userSnapshot(admin),
      after: userSnapshot(updated),
    });
    return toView(txCtx, updated);
  });
}

/**
 * Creates an admin with a generated password, assigns the group when given, and mails a welcome with the sign-in
 * details once the transaction (the caller's, when it has one open) commits.
 */
export async function createAdmin(ctx: SignedInContext, input: AdminInput & { groupId?: number }) {
  if (!can(ctx.caller.roleId, 'admin.create')) throw forbidden(Messages.actionNotAllowedForRole);
  assertRoleAllowed(ctx, input.roleId);
  if (input.groupId) await assertGroupInScope(ctx, input.groupId);
  else if (!ctx.caller.isProviderStaff) throw validationError({ groupId: [Messages.mustSelectGroup] });
  await assertUniqueIdentity(ctx, input, null);
  const password = generatePassword();
  const email = input.email?.trim() || null;
  return withTransaction(ctx, async (tx, txCtx) => {
    const created = await q.insertAdmin(tx, {
      userName: input.userName,
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      phoneNumber: input.phoneNumber,
      companyName: input.companyName,
      roleId: input.roleId,
      receiveEmails: input.receiveEmails ?? true,
      address: input.address ?? null,
      adminNotes: input.adminNotes,
      bioPetNotes: ctx.caller.isProviderStaff ? input.bioPetNotes : null,
      isActive: Boolean(email),
      passwordHash: await hashPassword(password),
    });
    if (input.groupId) {
      const others = await q.otherAdminsOfGroup(tx, input.groupId, created.id);
      await q.addAssignment(tx, created.id, input.groupId, !others.some((other) => other.isPrimary));
    }
    await writeAudit(tx, ctx, {
      entityType: 'Admin',
      entityId: created.id,
      actionType: 'Create',
      after: userSnapshot(created),
    });
    if (email) {
      const { event, groupName } = await newAdminEvent(tx, input.groupId);
      await sendEventMail(txCtx, event, {
        to: email,
        secrets: { password },
        values: {
          recipientName: fullNameOf(created),
          userName: created.userName,
          password: secretPlaceholder('password'),
          groupClause: groupName ? ` on the group ${groupName}` : '',
          link: `${ctx.config.baseUrl}/login`,
        },
      });
    }
    return toView(txCtx, created);
  });
}

/** Inserts an admin account as given (the caller checked the rules); for services that create admins their own way. */
export async function insertAdminAccount(ctx: SignedInContext, values: Parameters<typeof q.insertAdmin>[1]) {
  return q.insertAdmin(ctx.db, values);
}

/** Assigns an admin to a group (the caller checked both are theirs). */
export async function assignAdmin(ctx: SignedInContext, adminId: number, groupId: number, isPrimary: boolean) {
  await q.addAssignment(ctx.db, adminId, groupId, isPrimary);
}

export async function setActive(ctx: SignedInContext, adminId: number, isActive: boolean) {
  if (adminId === ctx.caller.userId && !isActive) throw refused('You cannot deactivate yourself.');
  const admin = await loadManagedAdmin(ctx, adminId, 'admin.deactivate');
  if (isActive && !admin.email) throw refused(Messages.adminNeedsEmail);
  await withTransaction(ctx, async (tx) => {
    const updated = await saveUser({ db: tx }, admin.id, { isActive });
    if (!isActive) await endAccountAccess(tx, admin.id);
    await writeAudit(tx, ctx, {
      entityType: 'Admin',
      entityId: admin.id,
      actionType: isActive ? 'Activate' : 'Deactivate',
      before: userSnapshot(admin),
      after: userSnapshot(updated),
    });
  });
  return { message: Messages.savedSuccessfully };
}

export async function deleteAdmin(ctx: SignedInContext, adminId: number) {
  if (adminId === ctx.caller.userId) throw refused('You cannot delete yourself.');
  const admin = await loadManagedAdmin(ctx, adminId, 'admin.delete');
  await withTransaction(ctx, async (tx) => {
    const groups = await groupsAssignedTo({ db: tx }, admin.id);
    await q.deleteAdmin(tx, admin.id);
    await writeAudit(tx, ctx, {
      entityType: 'Admin',
      entityId: admin.id,
      actionType: 'Delete',
      before: { ...userSnapshot(admin), groups },
    });
  });
  return { message: Messages.adminDeleted };
}

export async function adminGroups(ctx: SignedInContext, adminId: number) {
  await loadManagedAdmin(ctx, adminId, 'admin.view');
  return groupsAssignedTo(ctx, adminId);
}

export async function addToGroup(ctx: SignedInContext, adminId: number, groupId: number) {
  const admin = await loadManagedAdmin(ctx, adminId, 'admin.assignGroups');
  await assertGroupInScope(ctx, groupId);
  if (await q.assignment(ctx.db, adminId, groupId)) throw refused('This admin is already assigned to that group.');
  await withTransaction(ctx, async (tx) => {
    const others = await q.otherAdminsOfGroup(tx, groupId, adminId);
    const isPrimary = !others.some((other) => other.isPrimary);
    await q.addAssignment(tx, adminId, groupId, isPrimary);
    await writeAudit(tx, ctx, {
      entityType: 'GroupAdmin',
      entityId: `${groupId}:${adminId}`,
      actionType: 'Create',
      after: { groupId, adminId: admin.id, isPrimary },
    });
  });
  return groupsAssignedTo(ctx, adminId);
}

/**
 * Removes the admin from the group. A group keeps a primary admin while it has admins: removing the primary one while
 * others remain needs newPrimaryAdminId, one of those others (a 400 naming the field otherwise), never a silent pick.
 */
export async function removeFromGroup(
  ctx: SignedInContext,
  adminId: number,
  groupId: number,
  newPrimaryAdminId?: number,
  field = 'newPrimaryAdminId',
) {
  await loadManagedAdmin(ctx, adminId, 'admin.assignGroups');
  await assertGroupInScope(ctx, groupId);
  const current = await q.assignment(ctx.db, adminId, groupId);
  if (!current) throw notFound('This admin is not assigned to that group.');
  await withTransaction(ctx, async (tx) => {
    await q.removeAssignment(tx, adminId, groupId);
    if (current.isPrimary) {
      const others = await q.otherAdminsOfGroup(tx, groupId, adminId);
      const next = newPrimaryAdminId;
      if (others.length && next === undefined) throw validationError({ [field]: [Messages.newPrimaryAdminRequired] });
      if (next !== undefined && !others.some((other) => other.userId === next))
        throw validationError({ [field]: [Messages.newPrimaryAdminNotInGroup] });
      if (next !== undefined) await q.setPrimary(tx, groupId, next);
    }
    await writeAudit(tx, ctx, {
      entityType: 'GroupAdmin',
      entityId: `${groupId}:${adminId}`,
      actionType: 'Delete',
      before: current,
    });
  });
  return groupsAssignedTo(ctx, adminId);
}

/** Makes the admin the group's primary admin; 404 when the admin is not the caller's or not assigned there. */
export async function setPrimaryAssignment(ctx: SignedInContext, adminId: number, groupId: number) {
  await loadManagedAdmin(ctx, adminId, 'admin.assignGroups');
  if (!(await q.assignment(ctx.db, adminId, groupId))) throw notFound('This admin is not assigned to that group.');
  await q.setPrimary(ctx.db, groupId, adminId);
}

export async function search(
  ctx: SignedInContext,
  query: { page: number; pageSize: number; name?: string; email?: string; orderBy?: string; ascending?: boolean },
) {
  const { rows, total } = await q.searchAdmins(ctx.db, ctx.caller, query);
  return {
    totalRecords: total,
    data: rows.map((row) => ({
      id: row.id,
      userName: row.userName,
      fullName: fullNameOf(row),
      email: row.email,
      roleId: row.roleId,
      role: userRoleName(row.roleId),
      isActive: row.isActive,
    })),
  };
}

export async function directlyAssignedGroups(ctx: SignedInContext) {
  return groupsAssignedTo(ctx, ctx.caller.userId);
}

/** Properties (and parentage groups) the caller stewards: assigned to them or beneath their groups. */
export async function allStewardedProperties(ctx: SignedInContext, includeParentageGroups: boolean) {
  const types: number[] = includeParentageGroups
    ? [GroupTypes.Property, GroupTypes.ParentageGroup]
    : [GroupTypes.Property];
  return q.stewardedProperties(ctx.db, ctx.caller, types);
}
