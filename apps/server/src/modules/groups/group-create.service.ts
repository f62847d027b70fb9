// Adding groups (per-type create with its primary and additional admins), the "group requested" notice, and creating
// an admin on a group. New admins get a welcome mail with a generated password once the transaction has committed.
import crypto from 'node:crypto';
import {
  ALLOWED_CHILD_TYPES,
  GroupTypes,
  Messages,
  UserRole,
  can,
  groupTypeLabel,
  userRoleName,
  type ExistingAdminOffer,
  type GroupCreateValues,
  type NewGroupAdminValues,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { HttpError, forbidden, refused, validationError } from '../../platform/errors.ts';
import { secretPlaceholder } from '../../platform/mailer.ts';
import { newAdminEvent, sendEventMail } from '../emailtemplates/email-events.ts';
import { generatePassword, hashPassword } from '../../platform/passwords.ts';
import { mayManageAdmin } from '../../platform/rights.ts';
import { fullNameOf, userByUserName, userSnapshot, usersByEmail } from '../accounts/accounts.service.ts';
import {
  assertRoleAllowed,
  assignAdmin,
  createAdmin,
  insertAdminAccount,
  loadManagedAdmin,
} from '../admins/admins.service.ts';
import { groupAdminsOf, providerStaffRecipients } from './group-admins.queries.ts';
import * as q from './groups.queries.ts';
import { assertAddresses, details, groupValues, loadGroup } from './groups.service.ts';

type Db = SignedInContext['db'];
type ParsedAdmin = NewGroupAdminValues;
type Welcome = { email: string; userName: string; fullName: string; password: string };

const PRE_REGISTER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A property's pre-registration code: 8 characters without look-alikes (0/O, 1/I), unique among groups. */
async function newPreRegisterCode(db: Db): Promise<string> {
  for (;;) {
    const code = Array.from(
      { length: 8 },
      () => PRE_REGISTER_ALPHABET[crypto.randomInt(PRE_REGISTER_ALPHABET.length)],
    ).join('');
    if (!(await q.isPreRegisterCodeTaken(db, code))) return code;
  }
}

/**
 * A new admin's email must be free: a pet owner's email is refused, an admin's is pointed at "add existing". As in
 * the create-admin answer, the admin's id and name come along when the caller may assign them, so the client can
 * offer to add that admin instead (ExistingAdminOffer); others only get the field message.
 */
async function assertNewAdminFree(ctx: SignedInContext, admin: ParsedAdmin, field: string) {
  assertRoleAllowed(ctx, admin.role);
  const owners = await usersByEmail(ctx, admin.email);
  const petOwner = owners.find((user) => user.roleId === UserRole.PetOwner);
  if (petOwner) throw validationError({ [`${field}.email`]: [Messages.emailAssignedToPetOwner(admin.email)] });
  if (owners.length) {
    const existing = owners[0];
    // The admin's name is told only to a caller who may assign them; anyone else learns only that the email is taken.
    const mayAssign = await mayManageAdmin(ctx.db, ctx.caller, existing, 'admin.assignGroups');
    const problem = mayAssign
      ? `Email '${admin.email}' belongs to Admin '${fullNameOf(existing)}'. Add them as an existing admin instead.`
      : `Email '${admin.email}' is already taken.`;
    const offer: ExistingAdminOffer | null = mayAssign
      ? {
          isEmailAlreadyAssignedToAdmin: true,
          existingUserId: existing.id,
          existingUserFullName: fullNameOf(existing),
          email: admin.email,
          field,
        }
      : null;
    throw new HttpError(400, {
      message: 'The request is invalid.',
      modelState: { [`${field}.email`]: [problem] },
      ...offer,
    });
  }
  const userName = admin.userName || admin.email;
  if (await userByUserName(ctx, userName))
    throw validationError({ [`${field}.userName`]: [`User name '${userName}' is already taken.`] });
}

async function insertNewAdmin(
  ctx: SignedInContext,
  admin: ParsedAdmin,
  groupId: number,
  isPrimary: boolean,
): Promise<Welcome> {
  const password = generatePassword();
  const created = await insertAdminAccount(ctx, {
    userName: admin.userName || admin.email,
    firstName: admin.firstName,
    lastName: admin.lastName,
    email: admin.email,
    phoneNumber: admin.phoneNumber ?? null,
    roleId: admin.role,
    isActive: true,
    passwordHash: await hashPassword(password),
  });
  await assignAdmin(ctx, created.id, groupId, isPrimary);
  await writeAudit(ctx.db, ctx, {
    entityType: 'Admin',
    entityId: created.id,
    actionType: 'Create',
    after: userSnapshot(created),
  });
  return { email: admin.email, userName: created.userName, fullName: fullNameOf(created), password };
}

async function sendWelcome(ctx: SignedInContext, welcome: Welcome, groupId: number) {
  const { event, groupName } = await newAdminEvent(ctx.db, groupId);
  await sendEventMail(ctx, event, {
    to: welcome.email,
    secrets: { password: welcome.password },
    values: {
      recipientName: welcome.fullName,
      userName: welcome.userName,
      password: secretPlaceholder('password'),
      groupClause: groupName ? ` on the group ${groupName}` : '',
      link: `${ctx.config.baseUrl}/login`,
    },
  });
}

/** Existing admins named in the payload must exist and be the caller's to manage. */
async function loadExistingAdmins(ctx: SignedInContext, ids: number[]) {
  const admins = [];
  for (const id of ids) admins.push(await loadManagedAdmin(ctx, id, 'admin.assignGroups'));
  return admins;
}

export async function createGroup(ctx: SignedInContext, groupType: number, request: GroupCreateValues) {
  if (!can(ctx.caller.roleId, 'group.create')) throw forbidden(Messages.actionNotAllowedForRole);
  if (request.groupType !== undefined && request.groupType !== groupType)
    throw validationError({ groupType: [`This call adds a ${groupTypeLabel(groupType)}.`] });
  const parent = await loadGroup(ctx, request.parentId);
  if (!(ALLOWED_CHILD_TYPES[parent.groupType] ?? []).includes(groupType))
    throw refused(Messages.childTypeNotAllowed(groupTypeLabel(groupType), groupTypeLabel(parent.groupType)));
  assertAddresses(request);

  // The primary admin: inherited from the parent, an existing admin, or a new one (the default).
  let primaryExistingId: number | null = null;
  let primaryNew: ParsedAdmin | null = null;
  if (request.inheritPrimaryAdminFromParent) {
    const parentAdmins = await groupAdminsOf(ctx.db, [parent.id]);
    const primary = parentAdmins.find((admin) => admin.isPrimaryAdmin);
    if (!primary) throw refused(Messages.noPrimaryAdminToInherit);
    primaryExistingId = primary.id;
  } else if (request.selectedPrimaryAdminId) {
    primaryExistingId = request.selectedPrimaryAdminId;
  } else if (request.createNewUser !== false && request.primaryAdminToBeCreated) {
    primaryNew = request.primaryAdminToBeCreated;
  } else {
    throw validationError({ primaryAdminToBeCreated: [Messages.primaryAdminRequired] });
  }
  const existingIds = [
    ...new Set([
      ...(primaryExistingId && !request.inheritPrimaryAdminFromParent ? [primaryExistingId] : []),
      ...request.additionalAdminsFromExisting,
    ]),
  ];
  await loadExistingAdmins(ctx, existingIds);
  const newAdmins = [
    ...(primaryNew ? [{ admin: primaryNew, field: 'primaryAdminToBeCreated' }] : []),
    ...request.additionalAdminsToBeCreated.map((admin, index) => ({
      admin,
      field: `additionalAdminsToBeCreated.${index}`,
    })),
  ];
  const emails = new Set<string>();
  for (const { admin, field } of newAdmins) {
    if (emails.has(admin.email.toLowerCase()))
      throw validationError({ [`${field}.email`]: [`Email '${admin.email}' is named twice.`] });
    emails.add(admin.email.toLowerCase());
    await assertNewAdminFree(ctx, admin, field);
  }

  const group = await withTransaction(ctx, async (tx, txCtx) => {
    const values = groupValues(ctx, groupType, request);
    if (groupType === GroupTypes.Property) values.propertyPreRegisterCode = await newPreRegisterCode(tx);
    const created = await q.insertGroup(tx, { ...values, name: values.name!, groupType, parentId: parent.id });
    const welcomes: Welcome[] = [];
    if (primaryExistingId) await assignAdmin(txCtx, primaryExistingId, created.id, true);
    for (const id of existingIds.filter((id) => id !== primaryExistingId))
      await assignAdmin(txCtx, id, created.id, false);
    for (const [index, { admin }] of newAdmins.entries())
      welcomes.push(await insertNewAdmin(txCtx, admin, created.id, index === 0 && primaryNew !== null));
    await writeAudit(tx, ctx, {
      entityType: 'Group',
      entityId: created.id,
      actionType: 'Create',
      after: { ...created, primaryAdminId: primaryExistingId, newAdmins: welcomes.map((welcome) => welcome.userName) },
    });
    for (const welcome of welcomes) await sendWelcome(txCtx, welcome, created.id);
    return created;
  });
  return details(ctx, group.id);
}

/**
 * "Group requested" (the client calls it about a second after adding a group): mails the provider's staff that the
 * group was added, so they can set up its products and lab work, and records the notice in the audit log.
 */
export async function groupRequested(ctx: SignedInContext, groupId: number) {
  if (!can(ctx.caller.roleId, 'group.create')) throw forbidden(Messages.actionNotAllowedForRole);
  const group = await loadGroup(ctx, groupId);
  const staff = await providerStaffRecipients(ctx.db);
  await withTransaction(ctx, async (tx, txCtx) => {
    await writeAudit(tx, ctx, {
      entityType: 'Group',
      entityId: group.id,
      actionType: 'GroupRequested',
      after: { recipients: staff.length },
    });
    if (!staff.length) return;
    await sendEventMail(txCtx, 'GroupRequested', {
      to: staff,
      values: {
        recipientName: null,
        groupType: groupTypeLabel(group.groupType),
        groupName: group.name,
        requestedBy: `${ctx.caller.fullName} (${ctx.caller.userName})`,
        link: `${ctx.config.baseUrl}/group/${group.id}`,
      },
    });
  });
  return { message: 'Group request sent.' };
}

/**
 * Create an admin on a group (POST groupadmin/{groupId}/createadmin). An email of an admin is answered with that
 * admin, so the client can offer to add them; an email of a pet owner is refused; otherwise the admin is created.
 */
export async function createAdminOnGroup(ctx: SignedInContext, groupId: number, admin: NewGroupAdminValues) {
  const group = await loadGroup(ctx, groupId);
  if (!can(ctx.caller.roleId, 'admin.create')) throw forbidden(Messages.actionNotAllowedForRole);
  assertRoleAllowed(ctx, admin.role);
  const owners = await usersByEmail(ctx, admin.email);
  if (owners.some((user) => user.roleId === UserRole.PetOwner))
    throw refused(Messages.emailAssignedToPetOwner(admin.email));
  if (owners.length) {
    // Only an admin the caller may assign is named and offered; for anyone else the email is simply taken.
    if (!(await mayManageAdmin(ctx.db, ctx.caller, owners[0], 'admin.assignGroups')))
      throw validationError({ email: [`Email '${admin.email}' is already taken.`] });
    return {
      isEmailAlreadyExists: true,
      isEmailAlreadyAssignedToAdmin: true,
      existingUserFullName: fullNameOf(owners[0]),
      existingUserId: owners[0].id,
      admin: null,
    };
  }
  const created = await createAdmin(ctx, {
    firstName: admin.firstName,
    lastName: admin.lastName,
    userName: admin.userName || admin.email,
    email: admin.email,
    phoneNumber: admin.phoneNumber ?? null,
    companyName: null,
    roleId: admin.role,
    adminNotes: null,
    bioPetNotes: null,
    securityQuestion: null,
    securityQuestionAnswer: null,
    groupId: group.id,
  });
  const row = (await groupAdminsOf(ctx.db, [group.id])).find((entry) => entry.id === created.id);
  return {
    isEmailAlreadyExists: false,
    isEmailAlreadyAssignedToAdmin: false,
    existingUserFullName: null,
    existingUserId: null,
    admin: row ? { ...row, role: userRoleName(row.roleId), isInherited: false, inheritedFromGroupId: null } : null,
  };
}
