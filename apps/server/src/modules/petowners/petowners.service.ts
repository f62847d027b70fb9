// The pet owner record and its account actions (spec 2 §4 Pet owner): view, edit, activate and deactivate, delete,
// the security question, search and unassigned owners. Owners see only themselves; an owner outside the caller's
// reach is answered like one that does not exist. SQL lives in petowners.queries.ts.
import {
  GroupTypes,
  Messages,
  PetOwnerMessages,
  PromotionCodeKind,
  UserRole,
  type PetOwnerView,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused, validationError } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { guardedUserChanges, readSecurityQuestion } from '../accounts/users.ts';
import { endAccountAccess } from '../accounts/account-access.ts';
import { fullNameOf, saveUser, userSnapshot, usersByEmail, type UserRow } from '../accounts/accounts.service.ts';
import { toAddressView } from '../lookups/lookups.service.ts';
import { registerPets } from '../pets/pet-register.service.ts';
import { searchPetOwners as searchPetOwnerRows } from './petowner-search.queries.ts';
import { petOwnerDetailsFor } from './petowner-details.queries.ts';
import * as q from './petowners.queries.ts';

export const petOwnerNotFound = () => notFound(PetOwnerMessages.notFound);

/** The pet owner the caller is or reaches; 404 otherwise (missing, out of scope, not a pet owner). */
export async function loadPetOwner(ctx: SignedInContext, petOwnerId: number): Promise<UserRow> {
  const owner = await q.findPetOwnerFor(ctx.db, ctx.caller, petOwnerId);
  if (!owner) throw petOwnerNotFound();
  return owner;
}

/** An owner an admin acts on: reached, and the action allowed by the rights table; an owner never acts on themselves. */
async function loadManagedPetOwner(ctx: SignedInContext, petOwnerId: number, right: Parameters<typeof assertCan>[1]) {
  if (!ctx.caller.isAdmin) throw petOwnerNotFound();
  const owner = await loadPetOwner(ctx, petOwnerId);
  assertCan(ctx, right);
  return owner;
}

type Related = Omit<NonNullable<Awaited<ReturnType<typeof petOwnerDetailsFor>>>, 'owner'>;

async function toView(ctx: SignedInContext, owner: UserRow, related?: Related): Promise<PetOwnerView> {
  const [groups, ownerPets, codes] = related
    ? [related.groups, related.pets, related.codes]
    : await Promise.all([
        q.currentGroupsOf(ctx.db, owner.id),
        q.petsOf(ctx.db, owner.id),
        q.promotionCodesOf(ctx.db, owner.id),
      ]);
  const codeOf = (kind: number) => codes.find((code) => code.kind === kind)?.code ?? null;
  const property = groups.find((group) => group.groupType === GroupTypes.Property) ?? null;
  return {
    id: owner.id,
    userName: owner.userName,
    firstName: owner.firstName,
    lastName: owner.lastName,
    fullName: fullNameOf(owner),
    email: owner.email,
    phoneNumber: owner.phoneNumber,
    companyName: owner.companyName,
    receiveEmails: owner.receiveEmails,
    isActive: owner.isActive,
    address: toAddressView(owner.address),
    groups,
    associatedProperty: property && { id: property.id, name: property.name },
    pets: ownerPets,
    securityQuestion: owner.securityQuestion,
    // Notes are the admins' own: an owner reading their record does not see them; the provider's notes are staff's.
    adminNotes: ctx.caller.isAdmin ? owner.adminNotes : null,
    bioPetNotes: ctx.caller.isProviderStaff ? owner.bioPetNotes : null,
    showAncestryUpgradeModal: owner.showAncestryUpgradeModal,
    chewyPromoCode: codeOf(PromotionCodeKind.Retail),
    fiCollarPromoCode: codeOf(PromotionCodeKind.Collar),
    dateApproved: owner.dateApproved?.toISOString() ?? null,
    lastLogin: owner.lastLogin?.toISOString() ?? null,
    dateCreated: owner.dateCreated.toISOString(),
  };
}

/** One statement: the owner, their groups, pets and codes (petowner-details.queries.ts). */
export async function getPetOwner(ctx: SignedInContext, petOwnerId: number): Promise<PetOwnerView> {
  const details = await petOwnerDetailsFor(ctx.db, ctx.caller, petOwnerId);
  if (!details) throw petOwnerNotFound();
  return toView(ctx, details.owner, details);
}

/** An email may belong to one account only; another pet owner's gets the spec's own message. */
export async function assertEmailFree(ctx: SignedInContext, email: string | null, exceptId: number | null) {
  if (!email) return;
  const others = (await usersByEmail(ctx, email)).filter((user) => user.id !== exceptId);
  if (!others.length) return;
  const message = others.some((user) => user.roleId === UserRole.PetOwner)
    ? Messages.emailAssignedToPetOwner(email)
    : Messages.emailTaken(email);
  throw validationError({ email: [message] });
}

type PetOwnerInput = {
  firstName: string;
  lastName: string;
  email?: string | null;
  phoneNumber: string | null;
  companyName: string | null;
  receiveEmails?: boolean;
  address?: UserRow['address'] | null;
  adminNotes: string | null;
  bioPetNotes: string | null;
  securityQuestion: string | null;
  securityQuestionAnswer: string | null;
};

export async function updatePetOwner(ctx: SignedInContext, petOwnerId: number, input: PetOwnerInput) {
  const owner = await loadManagedPetOwner(ctx, petOwnerId, 'petOwner.edit');
  const email = input.email?.trim() || null;
  await assertEmailFree(ctx, email, owner.id);
  return withTransaction(ctx, async (tx, txCtx) => {
    const updated = await saveUser(txCtx, owner.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      phoneNumber: input.phoneNumber,
      companyName: input.companyName,
      receiveEmails: input.receiveEmails ?? owner.receiveEmails,
      // Not sent: kept. Sent empty: cleared (optionalAddress turns an empty address into null).
      address: input.address === undefined ? owner.address : input.address,
      adminNotes: input.adminNotes,
      ...guardedUserChanges(ctx, input, owner),
    });
    await writeAudit(tx, ctx, {
      entityType: 'PetOwner',
      entityId: owner.id,
      actionType: 'Update',
      before: userSnapshot(owner),
      after: userSnapshot(updated),
    });
    return toView(txCtx, updated);
  });
}

/** The pet owner's security question and answer (audited, see readSecurityQuestion). */
export async function getSecurityQuestion(ctx: SignedInContext, petOwnerId: number) {
  const owner = await loadManagedPetOwner(ctx, petOwnerId, 'petOwner.viewSecurityAnswer');
  return readSecurityQuestion(ctx, owner, 'PetOwner');
}

export async function activatePetOwner(ctx: SignedInContext, petOwnerId: number) {
  const owner = await loadManagedPetOwner(ctx, petOwnerId, 'petOwner.deactivate');
  await withTransaction(ctx, async (tx, txCtx) => {
    const updated = await saveUser(txCtx, owner.id, { isActive: true });
    await writeAudit(tx, ctx, {
      entityType: 'PetOwner',
      entityId: owner.id,
      actionType: 'Activate',
      before: userSnapshot(owner),
      after: userSnapshot(updated),
    });
  });
  return { message: PetOwnerMessages.activated };
}

/**
 * Deactivation removes the owner from every group (each membership gets its move-out date, so the history keeps
 * them), blocks sign-in and ends every session and mailed link at once. The admin still reaches the owner through the
 * groups they last left (scope.ts petOwnerReachableSql), so they can activate them again.
 */
export async function deactivatePetOwner(ctx: SignedInContext, petOwnerId: number) {
  const owner = await loadManagedPetOwner(ctx, petOwnerId, 'petOwner.deactivate');
  await withTransaction(ctx, async (tx, txCtx) => {
    const memberships = await q.currentMemberships(tx, owner.id, null);
    await q.moveOutMemberships(
      tx,
      memberships.map((membership) => membership.id),
      new Date(),
    );
    const updated = await saveUser(txCtx, owner.id, { isActive: false });
    await endAccountAccess(tx, owner.id);
    await writeAudit(tx, ctx, {
      entityType: 'PetOwner',
      entityId: owner.id,
      actionType: 'Deactivate',
      before: { ...userSnapshot(owner), groups: memberships.map((membership) => membership.groupId) },
      after: userSnapshot(updated),
    });
  });
  return { message: PetOwnerMessages.deactivated };
}

/** Refused while pets remain; the typed user name is the screen's confirmation. */
export async function deletePetOwner(ctx: SignedInContext, petOwnerId: number) {
  const owner = await loadManagedPetOwner(ctx, petOwnerId, 'petOwner.delete');
  await withTransaction(ctx, async (tx) => {
    if ((await q.countPetsOf(tx, owner.id)) > 0) throw refused(PetOwnerMessages.petsRemain);
    const history = await q.groupHistoryOf(tx, owner.id, null);
    await q.deletePetOwner(tx, owner.id);
    await writeAudit(tx, ctx, {
      entityType: 'PetOwner',
      entityId: owner.id,
      actionType: 'Delete',
      before: { ...userSnapshot(owner), groups: history.map((entry) => entry.id) },
    });
  });
  return { message: PetOwnerMessages.deleted };
}

export async function searchPetOwners(
  ctx: SignedInContext,
  query: { page: number; pageSize: number; name?: string; userName?: string },
) {
  const { rows, total } = await searchPetOwnerRows(ctx.db, ctx.caller, query);
  return {
    totalRecords: total,
    data: rows.map((row) => ({ id: row.id, userName: row.userName, fullName: fullNameOf(row), email: row.email })),
  };
}

export async function unassignedPetOwners(
  ctx: SignedInContext,
  query: { page: number; pageSize: number; orderBy?: string; ascending?: boolean; name?: string },
) {
  const { rows, total } = await q.unassignedPetOwners(ctx.db, ctx.caller, query);
  return {
    totalRecords: total,
    data: rows.map((row) => ({
      id: row.id,
      userName: row.userName,
      fullName: fullNameOf(row),
      email: row.email,
      isActive: row.isActive,
      petCount: Number(row.petCount),
      lastGroupName: row.lastGroupName,
      dateMoveOut: row.dateMoveOut ? new Date(row.dateMoveOut).toISOString() : null,
    })),
  };
}

/**
 * Add pets: new dogs under an owner the caller reaches (pets.register refuses property maintenance). The orphaned-pets
 * check and its confirmation run on the screen before this call; the shop's product check joins when the shop lands.
 */
export async function addPets(ctx: SignedInContext, petOwnerId: number, dogs: Parameters<typeof registerPets>[2]) {
  const owner = await loadManagedPetOwner(ctx, petOwnerId, 'pet.register');
  const pets = await registerPets(ctx, owner.id, dogs, 'pets');
  return { message: PetOwnerMessages.petsCreated, pets };
}
