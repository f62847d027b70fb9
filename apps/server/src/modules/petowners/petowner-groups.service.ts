// A pet owner's groups (spec 2 §4 Pet owner, §7): the group history, adding an owner to a group, moving out of one or
// all, deleting a history entry, the group's owner and move-out lists, and a new owner created in a group. Other
// modules (residents' approval and move-outs) call createPetOwner and movePetOwnerOut inside their own transaction.
import { GroupTypes, PetOwnerMessages, UserRole, formatUsDate, type GroupHistoryEntry } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { petOwnersArrived } from '../../platform/matching-hooks.ts';
import { notFound, refused } from '../../platform/errors.ts';
import { retryUniqueClash } from '../../platform/db-errors.ts';
import type { Db } from '../../db/types.ts';
import { secretPlaceholder } from '../../platform/mailer.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { groupAdminEmails, groupsForMail } from '../emailtemplates/emailtemplates.queries.ts';
import { generatePassword, hashPassword } from '../../platform/passwords.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { fullNameOf, userSnapshot, type UserRow } from '../accounts/accounts.service.ts';
import { assertEmailFree, loadPetOwner, petOwnerNotFound } from './petowners.service.ts';
import * as q from './petowners.queries.ts';

/** A group pet owners may belong to, in the caller's scope; 404 as a missing group otherwise. */
async function loadPetOwnerGroup(ctx: SignedInContext, groupId: number) {
  const group = await loadGroupInScope(ctx, groupId);
  if (!q.isPetOwnerGroupType(group.groupType)) throw refused(PetOwnerMessages.notPetOwnerGroup);
  return group;
}

async function loadOwnerForGroups(ctx: SignedInContext, petOwnerId: number) {
  if (!ctx.caller.isAdmin) throw petOwnerNotFound();
  const owner = await loadPetOwner(ctx, petOwnerId);
  assertCan(ctx, 'petOwner.assignGroups');
  return owner;
}

/** The owner's memberships; an admin who is not provider staff sees only those in their groups. */
export async function groupHistory(ctx: SignedInContext, petOwnerId: number): Promise<GroupHistoryEntry[]> {
  const owner = await loadPetOwner(ctx, petOwnerId);
  const own = owner.id === ctx.caller.userId;
  const rows = await q.groupHistoryOf(ctx.db, owner.id, own || ctx.caller.isProviderStaff ? null : ctx.caller);
  return rows.map((row) => ({
    historyId: row.historyId,
    id: row.id,
    name: row.name,
    groupType: row.groupType,
    dateAdded: row.dateAdded.toISOString(),
    moveOutDate: row.moveOutDate?.toISOString() ?? null,
    isMovedOut: row.moveOutDate !== null,
  }));
}

export async function addToGroup(ctx: SignedInContext, groupId: number, petOwnerId: number) {
  const group = await loadPetOwnerGroup(ctx, groupId);
  // An owner the caller does not reach yet may be added by id only by provider staff; others find owners by search.
  const owner = await loadOwnerForGroups(ctx, petOwnerId);
  if (!owner.isActive) throw refused(PetOwnerMessages.inactiveOwner);
  if (await q.currentMembership(ctx.db, owner.id, group.id)) throw refused(PetOwnerMessages.alreadyInGroup);
  await withTransaction(ctx, async (tx, txCtx) => {
    const membership = await q.addMembership(tx, owner.id, group.id);
    await writeAudit(tx, ctx, {
      entityType: 'PetOwnerGroup',
      entityId: membership.id,
      actionType: 'Create',
      after: { petOwnerId: owner.id, groupId: group.id },
    });
    // The owner's dogs now count on this property: its open waste results are matched again.
    await petOwnersArrived(txCtx, [{ petOwnerId: owner.id, groupId: group.id }]);
  });
  return { message: PetOwnerMessages.addedTo(group.name) };
}

/**
 * Moves the owner out of the group: the membership gets its move-out date and stays in the history. With
 * sendMoveOutEmail the owner is told by mail once the change commits. Joins the caller's transaction.
 */
export async function movePetOwnerOut(
  ctx: SignedInContext,
  groupId: number,
  petOwnerId: number,
  options: { sendMoveOutEmail?: boolean } = {},
) {
  const group = await loadPetOwnerGroup(ctx, groupId);
  const owner = await loadOwnerForGroups(ctx, petOwnerId);
  const membership = await q.currentMembership(ctx.db, owner.id, group.id);
  if (!membership) throw notFound(PetOwnerMessages.notInGroup);
  await withTransaction(ctx, async (tx, txCtx) => {
    await q.moveOutMemberships(tx, [membership.id], new Date());
    await writeAudit(tx, ctx, {
      entityType: 'PetOwnerGroup',
      entityId: membership.id,
      actionType: 'MoveOut',
      before: { petOwnerId: owner.id, groupId: group.id },
    });
    await mailMoveOut(txCtx, owner, [group], Boolean(options.sendMoveOutEmail));
  });
  return { message: PetOwnerMessages.removedFrom(group.name) };
}

/** The owner's letter (when asked for) and the group admins' notice AdminPetOwnerMoveOut, after commit. */
async function mailMoveOut(
  ctx: SignedInContext,
  owner: UserRow,
  groups: { id: number; name: string }[],
  toOwner: boolean,
) {
  if (toOwner && owner.email)
    await sendEventMail(ctx, 'UserMoveOut', {
      to: owner.email,
      values: { recipientName: fullNameOf(owner), groupName: groups.map((g) => g.name).join(', ') },
    });
  const moveOutDate = formatUsDate(new Date());
  for (const group of groups) {
    const admins = await groupAdminEmails(ctx.db, group.id);
    if (admins.length)
      await sendEventMail(ctx, 'AdminPetOwnerMoveOut', {
        to: admins,
        values: {
          ownerName: `${fullNameOf(owner)} (${owner.userName})`,
          groupName: group.name,
          moveOutDate,
          link: `${ctx.config.baseUrl}/group/${group.id}`,
        },
      });
  }
}

/** Moves the owner out of every current group in the caller's scope (every group, for provider staff). */
export async function removeFromAllGroups(ctx: SignedInContext, petOwnerId: number) {
  const owner = await loadOwnerForGroups(ctx, petOwnerId);
  const memberships = await q.currentMemberships(ctx.db, owner.id, ctx.caller.isProviderStaff ? null : ctx.caller);
  if (!memberships.length) throw refused(PetOwnerMessages.noCurrentGroup);
  await withTransaction(ctx, async (tx, txCtx) => {
    await q.moveOutMemberships(
      tx,
      memberships.map((membership) => membership.id),
      new Date(),
    );
    await writeAudit(tx, ctx, {
      entityType: 'PetOwner',
      entityId: owner.id,
      actionType: 'RemoveFromAllGroups',
      before: { groups: memberships.map((membership) => membership.groupId) },
    });
    const groups = await groupsForMail(
      tx,
      memberships.map((membership) => membership.groupId),
    );
    await mailMoveOut(txCtx, owner, groups, false);
  });
  return { message: PetOwnerMessages.removedFromAll };
}

/** Deletes a past membership from the history; a current one must be moved out first. */
export async function deleteHistoryEntry(ctx: SignedInContext, historyId: number) {
  assertCan(ctx, 'petOwner.assignGroups');
  const found = await q.membershipInScope(ctx.db, ctx.caller, historyId);
  if (!found) throw notFound('History entry not found.');
  await loadOwnerForGroups(ctx, found.membership.petOwnerId).catch(() => {
    throw notFound('History entry not found.');
  });
  if (!found.membership.moveOutDate) throw refused(PetOwnerMessages.historyEntryCurrent);
  await withTransaction(ctx, async (tx) => {
    await q.deleteMembership(tx, historyId);
    await writeAudit(tx, ctx, {
      entityType: 'PetOwnerGroup',
      entityId: historyId,
      actionType: 'Delete',
      before: found.membership,
    });
  });
  return { message: PetOwnerMessages.historyRemoved };
}

type ListQuery = {
  page: number;
  pageSize: number;
  orderBy?: string;
  ascending?: boolean;
  name?: string;
  userName?: string;
  email?: string;
};

/** The owners of the group and of its subgroups (current members, or their move-outs). */
export async function groupPetOwners(ctx: SignedInContext, groupId: number, query: ListQuery, movedOut: boolean) {
  const group = await loadGroupInScope(ctx, groupId);
  const { rows, total } = await q.groupPetOwners(ctx.db, group.path, query, movedOut);
  return {
    totalRecords: total,
    data: rows.map((row) => ({
      id: row.id,
      userName: row.userName,
      fullName: fullNameOf(row),
      email: row.email,
      phoneNumber: row.phoneNumber,
      isActive: row.isActive,
      groupId: row.groupId,
      groupName: row.groupName,
      petCount: Number(row.petCount),
      dateAdded: row.dateAdded.toISOString(),
      dateMoveOut: row.dateMoveOut?.toISOString() ?? null,
    })),
  };
}

/**
 * A user name from the owner's name: first.last in lower case, numbered when taken (jordan.blake2), or found `clashed`
 * (taken meanwhile by a concurrent create that has not committed yet).
 */
async function freeUserName(db: Db, firstName: string, lastName: string, clashed: ReadonlySet<string>) {
  const clean = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const base = [clean(firstName), clean(lastName)].filter(Boolean).join('.') || 'petowner';
  const taken = new Set([...(await q.userNamesStartingWith(db, base)), ...clashed]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

export type NewPetOwner = {
  firstName: string;
  lastName: string;
  email?: string | null;
  phoneNumber: string | null;
  companyName: string | null;
  receiveEmails?: boolean;
  address?: UserRow['address'] | null;
  adminNotes: string | null;
  /** Policy document versions the owner agreed to (pre-registration), printed on the registration agreement. */
  agreedDocumentVersionIds?: number[];
};

/**
 * Creates an approved pet owner with a generated password in the group and mails the sign-in details after commit.
 * Joins the caller's transaction (a resident's approval creates the owner, their pets and deletes the resident as one).
 */
export async function createPetOwner(ctx: SignedInContext, groupId: number, input: NewPetOwner) {
  assertCan(ctx, 'petOwner.create');
  const group = await loadPetOwnerGroup(ctx, groupId);
  const email = input.email?.trim() || null;
  await assertEmailFree(ctx, email, null);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  return withTransaction(ctx, async (tx, txCtx) => {
    // Two owners of one name created at the same moment both pick the same user name: the second picks again.
    const owner = await retryUniqueClash(tx, 'users_user_name_lower_key', async (db, clashed) =>
      q.insertPetOwner(db, {
        userName: await freeUserName(db, input.firstName, input.lastName, clashed),
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phoneNumber: input.phoneNumber,
        companyName: input.companyName,
        receiveEmails: input.receiveEmails ?? true,
        address: input.address ?? null,
        adminNotes: input.adminNotes,
        roleId: UserRole.PetOwner,
        passwordHash,
        dateApproved: new Date(),
      }),
    );
    await q.addMembership(tx, owner.id, group.id);
    for (const versionId of input.agreedDocumentVersionIds ?? [])
      await q.recordAgreement(tx, owner.id, group.id, versionId);
    await writeAudit(tx, ctx, {
      entityType: 'PetOwner',
      entityId: owner.id,
      actionType: 'Create',
      after: { ...userSnapshot(owner), groupId: group.id },
    });
    if (email)
      await sendEventMail(txCtx, group.groupType === GroupTypes.ParentageGroup ? 'ParentageNewUser' : 'UserWelcome', {
        to: email,
        secrets: { password },
        values: {
          recipientName: fullNameOf(owner),
          userName: owner.userName,
          password: secretPlaceholder('password'),
          groupName: group.name,
          link: `${ctx.config.baseUrl}/login`,
        },
      });
    return { id: owner.id, userName: owner.userName, message: PetOwnerMessages.addedTo(group.name) };
  });
}
