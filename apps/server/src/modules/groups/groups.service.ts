// Group tree, menu flags, details (view, edit, delete), activation, certificate customization, adjacent property
// agreements and the pre-registration link: rules and permission checks; SQL lives in groups.queries.ts.
import {
  GroupTypes,
  Messages,
  UserRole,
  can,
  isEmptyAddress,
  isPetOwnerGroupType,
  type GroupDetails,
  type GroupMenu,
  type Address,
  type GroupUpdateValues,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { afterCommit, withTransaction, type SignedInContext } from '../../platform/context.ts';
import { forbidden, notFound, refused, validationError } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { filesStoreFor, storedFileUrl } from '../../platform/files.ts';
import { assignedGroupPaths, loadGroupInScope } from '../../platform/scope.ts';
import { addressProblems, toAddressView } from '../lookups/lookups.service.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import { ancestorIds } from './group-admins.queries.ts';
import * as q from './groups.queries.ts';

/** Loads a group the caller may see: the same 404 for an unknown group and one outside the caller's subtree. */
export const loadGroup = loadGroupInScope;

/** Provider staff and distributors see (and edit) the extra fields of group details. */
const seesExtraFields = (ctx: SignedInContext) =>
  ctx.caller.isProviderStaff || ctx.caller.roleId === UserRole.Distributor;

export const preRegistrationLinkOf = (ctx: SignedInContext, code: string) =>
  `${ctx.config.baseUrl}/reg/${encodeURIComponent(code)}`;

/** The top of the caller's tree: the groups assigned to them (everything's root for provider staff). */
export async function firstLevel(ctx: SignedInContext, includeInactive: boolean) {
  return q.firstLevelGroups(ctx.db, ctx.caller, includeInactive);
}

export async function children(ctx: SignedInContext, groupId: number, inactive: boolean) {
  await loadGroup(ctx, groupId);
  return q.childrenOf(ctx.db, groupId, inactive);
}

export async function menu(ctx: SignedInContext, groupId: number): Promise<GroupMenu> {
  const group = await loadGroup(ctx, groupId);
  const stewardship = await q.stewardship(ctx.db, group.path);
  const isProperty = group.groupType === GroupTypes.Property;
  // Property maintenance only creates and receives waste samples: the dashboard is their whole menu.
  const isMaintenance = ctx.caller.roleId === UserRole.PropertyMaintenance;
  return {
    groupId: group.id,
    groupType: group.groupType,
    dashboard: true,
    detail: !isMaintenance,
    subgroups: !isPetOwnerGroupType(group.groupType) && !isMaintenance,
    admins: can(ctx.caller.roleId, 'admin.view'),
    petOwners: isPetOwnerGroupType(group.groupType) && !isMaintenance,
    pets: !isMaintenance,
    preRegLink: isProperty && !isMaintenance && Boolean(group.propertyPreRegisterCode),
    isPropertySteward: stewardship.property,
    isParentageSteward: stewardship.parentage,
    preRegCode: isProperty ? group.propertyPreRegisterCode : null,
  };
}

type StoredAddresses = Pick<
  NonNullable<Awaited<ReturnType<typeof q.findGroup>>>,
  'isSameAddress' | 'mailingAddress' | 'propertyAddress'
>;

/**
 * "Property address is the same as the mailing address" holds only when there is a mailing address to be the same
 * as, and the stored property address is empty or equal to it: a group with only a property address (the flag's
 * default is true) is not "same", or saving its form unchanged would copy the empty mailing address over it.
 */
function sameAddress(group: StoredAddresses): boolean {
  if (!group.isSameAddress || isEmptyAddress(group.mailingAddress)) return false;
  return (
    isEmptyAddress(group.propertyAddress) ||
    JSON.stringify(toAddressView(group.mailingAddress)) === JSON.stringify(toAddressView(group.propertyAddress))
  );
}

export async function details(ctx: SignedInContext, groupId: number): Promise<GroupDetails> {
  const group = await loadGroup(ctx, groupId);
  const same = sameAddress(group);
  const extra = seesExtraFields(ctx);
  const isProperty = group.groupType === GroupTypes.Property;
  const propertyExtra = isProperty && extra;
  return {
    id: group.id,
    name: group.name,
    groupType: group.groupType,
    parentId: group.parentId,
    isActive: group.isActive,
    email: group.email,
    phone: group.phone,
    website: group.website,
    numberOfUnits: group.numberOfUnits,
    mailingAddress: toAddressView(group.mailingAddress),
    isSameAddress: same,
    managementCompany: extra ? group.managementCompany : null,
    certificationRecipient: extra ? group.certificationRecipient : null,
    propertyAddress: isProperty ? toAddressView(same ? group.mailingAddress : group.propertyAddress) : null,
    propertyNotes: isProperty ? group.propertyNotes : null,
    propertyPreRegisterCode: isProperty ? group.propertyPreRegisterCode : null,
    preRegistrationLink:
      isProperty && group.propertyPreRegisterCode ? preRegistrationLinkOf(ctx, group.propertyPreRegisterCode) : null,
    propertyOrderFormUrl: propertyExtra ? group.propertyOrderFormUrl : null,
    propertyManagementSoftware: propertyExtra ? group.propertyManagementSoftware : null,
    propertyType: propertyExtra ? group.propertyType : null,
    residentPayEnabled: propertyExtra ? group.residentPayEnabled : null,
    propertyRegistrationFee:
      propertyExtra && group.propertyRegistrationFee != null ? Number(group.propertyRegistrationFee) : null,
    propertyDnBarcodeCount: propertyExtra ? group.propertyDnBarcodeCount : null,
    propertyTdBarcodeCount: propertyExtra ? group.propertyTdBarcodeCount : null,
    propertyDnBarcodeThreshold: propertyExtra ? group.propertyDnBarcodeThreshold : null,
    propertyTdBarcodeThreshold: propertyExtra ? group.propertyTdBarcodeThreshold : null,
    // A distributorship's agreements come from getadjacentpropertyagreementsundergroup.
    adjacentProperties: isProperty ? await q.adjacentPropertiesOf(ctx.db, group.id) : [],
    logoUrl: group.logoPath ? storedFileUrl(group.logoPath) : null,
    canSeeExtraFields: extra,
    ancestorIds: ancestorIds(group.path, group.id),
  };
}

/** Address ids must be known countries and states; the zod schema checks everything else. */
export function assertAddresses(input: { mailingAddress?: Address | null; propertyAddress?: Address | null }) {
  const problems = {
    ...addressProblems(input.mailingAddress, 'mailingAddress'),
    ...addressProblems(input.propertyAddress, 'propertyAddress'),
  };
  if (Object.keys(problems).length) throw validationError(problems);
}

type GroupValues = Parameters<typeof q.updateGroup>[2];

/**
 * The columns a details payload sets; fields the caller may not see (or that do not apply) keep their stored value.
 * "Same address" copies the mailing address to the property address on the server, and only when there is one; an
 * address that was not sent keeps its stored value.
 */
export function groupValues(
  ctx: SignedInContext,
  groupType: number,
  input: GroupUpdateValues,
  stored?: StoredAddresses,
): GroupValues {
  const mailingAddress = input.mailingAddress === undefined ? (stored?.mailingAddress ?? null) : input.mailingAddress;
  const same = (input.isSameAddress ?? true) && !isEmptyAddress(mailingAddress);
  const values: GroupValues = {
    name: input.name,
    email: input.email,
    phone: input.phone,
    website: input.website,
    numberOfUnits: input.numberOfUnits ?? null,
    mailingAddress,
    isSameAddress: same,
  };
  const extra = seesExtraFields(ctx);
  if (extra) {
    values.managementCompany = input.managementCompany;
    if (input.certificationRecipient !== undefined) values.certificationRecipient = input.certificationRecipient;
  }
  if (groupType === GroupTypes.Property) {
    if (same) values.propertyAddress = mailingAddress;
    else if (input.propertyAddress !== undefined) values.propertyAddress = input.propertyAddress;
    values.propertyNotes = input.propertyNotes;
    if (extra) {
      values.propertyOrderFormUrl = input.propertyOrderFormUrl;
      values.propertyManagementSoftware = input.propertyManagementSoftware;
      values.propertyType = input.propertyType;
      if (input.residentPayEnabled !== undefined) values.residentPayEnabled = input.residentPayEnabled;
      values.propertyRegistrationFee =
        input.propertyRegistrationFee == null ? null : input.propertyRegistrationFee.toFixed(2);
      for (const key of [
        'propertyDnBarcodeCount',
        'propertyTdBarcodeCount',
        'propertyDnBarcodeThreshold',
        'propertyTdBarcodeThreshold',
      ] as const) {
        if (input[key] !== undefined) values[key] = input[key];
      }
    }
  }
  return values;
}

export async function update(ctx: SignedInContext, groupId: number, input: GroupUpdateValues) {
  assertCan(ctx, 'group.edit');
  const group = await loadGroup(ctx, groupId);
  assertAddresses(input);
  await withTransaction(ctx, async (tx) => {
    const updated = await q.updateGroup(tx, group.id, groupValues(ctx, group.groupType, input, group));
    await writeAudit(tx, ctx, {
      entityType: 'Group',
      entityId: group.id,
      actionType: 'Update',
      before: group,
      after: updated,
    });
  });
  return details(ctx, group.id);
}

/** Deletes a group after the user typed its name; the root, and groups with children, pet owners or residents, stay. */
export async function remove(ctx: SignedInContext, groupId: number, confirmation: string | undefined) {
  assertCan(ctx, 'group.delete');
  const group = await loadGroup(ctx, groupId);
  if (group.groupType === GroupTypes.HierarchyRoot) throw refused(Messages.rootNotDeletable);
  // A group one is assigned to is deleted from above: deleting it would take away the deleter's own access.
  if (!ctx.caller.isProviderStaff && (await assignedGroupPaths(ctx.db, ctx.caller.userId)).includes(group.path))
    throw forbidden(Messages.ownGroupNotDeletable);
  if ((confirmation ?? '').trim() !== group.name) throw refused(Messages.invalidConfirmationText);
  await withTransaction(ctx, async (tx, txCtx) => {
    const locked = await q.findGroupForUpdate(tx, group.id);
    const blockers = await q.deletionBlockers(tx, group.id);
    if (blockers.children) throw refused(Messages.groupHasSubgroups);
    if (blockers.petOwners) throw refused(Messages.groupHasPetOwners);
    if (blockers.residents) throw refused(Messages.groupHasResidents);
    await q.deleteGroup(tx, group.id);
    await writeAudit(tx, ctx, { entityType: 'Group', entityId: group.id, actionType: 'Delete', before: locked });
    const logoPath = group.logoPath;
    if (logoPath) await afterCommit(txCtx, () => filesStoreFor(ctx.config).delete(logoPath));
  });
  return { message: Messages.groupDeleted };
}

export async function setActive(ctx: SignedInContext, groupId: number, isActive: boolean) {
  assertCan(ctx, 'group.deactivate');
  const group = await loadGroup(ctx, groupId);
  if (!isPetOwnerGroupType(group.groupType)) throw refused(Messages.onlyPetOwnerGroupsDeactivate);
  if (group.isActive === isActive)
    throw refused(isActive ? Messages.groupAlreadyActive : Messages.groupAlreadyInactive);
  await withTransaction(ctx, async (tx, txCtx) => {
    const updated = await q.updateGroup(tx, group.id, { isActive });
    await writeAudit(tx, ctx, {
      entityType: 'Group',
      entityId: group.id,
      actionType: isActive ? 'Activate' : 'Deactivate',
      before: { isActive: group.isActive },
      after: { isActive: updated.isActive },
    });
    await notifyGroupAdmins(txCtx, [group.id], `${group.name} was ${isActive ? 'reactivated' : 'deactivated'}.`);
  });
  return { message: Messages.savedSuccessfully };
}

export async function certificateCustomization(ctx: SignedInContext, groupId: number) {
  const group = await loadGroup(ctx, groupId);
  return {
    groupId: group.id,
    certificateTitle: group.certificateTitle,
    certificateSignatureName: group.certificateSignatureName,
    certificateFooterText: group.certificateFooterText,
    certificateShowLogo: group.certificateShowLogo,
    logoUrl: group.logoPath ? storedFileUrl(group.logoPath) : null,
  };
}

export async function updateCertificateCustomization(
  ctx: SignedInContext,
  groupId: number,
  input: {
    certificateTitle: string | null;
    certificateSignatureName: string | null;
    certificateFooterText: string | null;
    certificateShowLogo: boolean;
  },
) {
  assertCan(ctx, 'group.edit');
  const group = await loadGroup(ctx, groupId);
  await withTransaction(ctx, async (tx) => {
    await q.updateGroup(tx, group.id, input);
    const before = {
      certificateTitle: group.certificateTitle,
      certificateSignatureName: group.certificateSignatureName,
      certificateFooterText: group.certificateFooterText,
      certificateShowLogo: group.certificateShowLogo,
    };
    await writeAudit(tx, ctx, {
      entityType: 'CertificateCustomization',
      entityId: group.id,
      actionType: 'Update',
      before,
      after: input,
    });
  });
  return certificateCustomization(ctx, group.id);
}

export async function preRegistrationLink(ctx: SignedInContext, groupId: number) {
  const group = await loadGroup(ctx, groupId);
  if (group.groupType !== GroupTypes.Property || !group.propertyPreRegisterCode)
    throw refused(Messages.noPreRegistrationLink);
  return {
    groupId: group.id,
    code: group.propertyPreRegisterCode,
    link: preRegistrationLinkOf(ctx, group.propertyPreRegisterCode),
  };
}

async function loadPropertyPair(ctx: SignedInContext, propertyId: number, adjacentPropertyId: number) {
  assertCan(ctx, 'group.edit');
  if (propertyId === adjacentPropertyId) throw refused(Messages.adjacentToItself);
  const property = await loadGroup(ctx, propertyId);
  const adjacent = await loadGroup(ctx, adjacentPropertyId);
  if (property.groupType !== GroupTypes.Property || adjacent.groupType !== GroupTypes.Property)
    throw refused(Messages.adjacentNeedsProperties);
  return { property, adjacent };
}

export async function addAdjacentProperty(
  ctx: SignedInContext,
  input: { propertyId: number; adjacentPropertyId: number },
) {
  const { property, adjacent } = await loadPropertyPair(ctx, input.propertyId, input.adjacentPropertyId);
  await withTransaction(ctx, async (tx, txCtx) => {
    if (await q.findAdjacentAgreement(tx, property.id, adjacent.id)) throw refused(Messages.adjacentAlreadyExists);
    await q.insertAdjacentAgreement(tx, property.id, adjacent.id);
    await notifyAdjacency(txCtx, property, adjacent, 'now');
    await writeAudit(tx, ctx, {
      entityType: 'AdjacentProperty',
      entityId: `${property.id}:${adjacent.id}`,
      actionType: 'Create',
      after: input,
    });
  });
  return q.adjacentPropertiesOf(ctx.db, property.id);
}

export async function removeAdjacentProperty(
  ctx: SignedInContext,
  input: { propertyId: number; adjacentPropertyId: number },
) {
  const { property, adjacent } = await loadPropertyPair(ctx, input.propertyId, input.adjacentPropertyId);
  await withTransaction(ctx, async (tx, txCtx) => {
    if (!(await q.findAdjacentAgreement(tx, property.id, adjacent.id))) throw notFound(Messages.adjacentNotFound);
    await q.deleteAdjacentAgreement(tx, property.id, adjacent.id);
    await notifyAdjacency(txCtx, property, adjacent, 'no longer');
    await writeAudit(tx, ctx, {
      entityType: 'AdjacentProperty',
      entityId: `${property.id}:${adjacent.id}`,
      actionType: 'Delete',
      before: input,
    });
  });
  return q.adjacentPropertiesOf(ctx.db, property.id);
}

/** A group event for the group's admins (spec 3 §2: a Group notification opens the group's dashboard). */
export async function notifyGroupAdmins(ctx: SignedInContext, groupIds: number[], message: string) {
  for (const groupId of groupIds)
    await createNotifications(ctx, {
      groupId,
      type: 'Group',
      message,
      actionParameters: { id: groupId },
      exceptUserId: ctx.caller.userId,
    });
}

/** Both properties' admins hear that their adjacent-property agreement began or ended. */
async function notifyAdjacency(
  ctx: SignedInContext,
  property: { id: number; name: string },
  adjacent: { id: number; name: string },
  state: 'now' | 'no longer',
) {
  await notifyGroupAdmins(ctx, [property.id], `${adjacent.name} is ${state} an adjacent property of ${property.name}.`);
  await notifyGroupAdmins(ctx, [adjacent.id], `${property.name} is ${state} an adjacent property of ${adjacent.name}.`);
}

export async function adjacentAgreementsUnder(ctx: SignedInContext, groupId: number) {
  const group = await loadGroup(ctx, groupId);
  return q.adjacentAgreementsUnder(ctx.db, group.path);
}
