// The rent-roll sync's rules: a property's column mapping; an uploaded roll read with it and compared with the
// property's residents (rentroll-diff.ts), stored as a proposal that changes nothing; and the apply of what staff chose
// from that proposal, in one transaction: invitations to pre-register (mailed after commit), move-outs (the residents'
// own move-out) and contact changes. Only what the stored proposal lists can be applied, once.
import type { z } from 'zod';
import {
  GroupTypes,
  RENT_ROLL_MESSAGES,
  type RentRollMapping,
  type RentRollProposal,
  type rentRollApplyRequest,
} from '@registry/contracts';
import type { rentRollImports } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused, validationError } from '../../platform/errors.ts';
import type { UploadedParts } from '../../platform/multipart.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { readTableFile } from '../../platform/sheets.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { preRegistrationLinkOf } from '../groups/groups.service.ts';
import { bulkMoveOut } from '../residents/resident-actions.service.ts';
import { residentsOfProperty, updateResidentContact } from '../residents/residents.service.ts';
import { proposeChanges, readRoll, type ContactField } from './rentroll-diff.ts';
import * as q from './rentroll.queries.ts';

/** A proposal may be applied for a day; older ones are read again from a fresh upload. Kept 30 days, then deleted. */
const PROPOSAL_VALID_MS = 24 * 3600_000;
const PROPOSAL_KEPT_MS = 30 * 24 * 3600_000;

/** The property in the caller's scope (else 404); another kind of group is refused (400). */
async function property(ctx: SignedInContext, groupId: number) {
  assertCan(ctx, 'rentRoll.sync');
  const group = await loadGroupInScope(ctx, groupId);
  if (group.groupType !== GroupTypes.Property)
    throw validationError({ groupId: [RENT_ROLL_MESSAGES.notAProperty] }, RENT_ROLL_MESSAGES.notAProperty);
  return group;
}

const mappingView = (row: Awaited<ReturnType<typeof q.mappingOf>>) => ({
  mapping: row?.mapping ?? null,
  dateUpdated: row ? row.dateUpdated.toISOString() : null,
});

export async function getMapping(ctx: SignedInContext, groupId: number) {
  await property(ctx, groupId);
  return mappingView(await q.mappingOf(ctx.db, groupId));
}

export async function saveMapping(ctx: SignedInContext, groupId: number, mapping: RentRollMapping) {
  await property(ctx, groupId);
  const saved = await withTransaction(ctx, async (tx, txCtx) => {
    const before = await q.mappingOf(tx, groupId);
    const row = await q.saveMapping(tx, groupId, mapping, ctx.caller.userId);
    await writeAudit(tx, txCtx, {
      entityType: 'RentRollMapping',
      entityId: groupId,
      actionType: before ? 'Update' : 'Create',
      before: before?.mapping ?? null,
      after: mapping,
    });
    return row;
  });
  return mappingView(saved);
}

const proposalView = (row: typeof rentRollImports.$inferSelect): RentRollProposal => ({
  ...row.proposal,
  id: row.id,
  groupId: row.groupId,
  status: row.status === 'Applied' ? 'Applied' : 'Proposed',
  dateCreated: row.dateCreated.toISOString(),
});

/** Reads the uploaded roll with the saved mapping and stores what would change; no resident is touched. */
export async function importRoll(
  ctx: SignedInContext,
  groupId: number,
  readUpload: () => Promise<UploadedParts<unknown>>,
) {
  const group = await property(ctx, groupId);
  const saved = await q.mappingOf(ctx.db, groupId);
  if (!saved) throw refused(RENT_ROLL_MESSAGES.noMapping);
  const file = (await readUpload()).files.file;
  if (!file) throw validationError({ file: ['A file is required.'] });
  const table = await readTableFile(file, RENT_ROLL_MESSAGES.invalidFileType);
  const { rows, problems } = readRoll(table, saved.mapping);
  if (rows.length + problems.length === 0)
    throw validationError({ file: [RENT_ROLL_MESSAGES.noRows] }, RENT_ROLL_MESSAGES.noRows);
  const proposal = proposeChanges({
    rows,
    problems,
    residents: await residentsOfProperty(ctx, groupId),
    invited: await q.invitedEmails(ctx.db, groupId),
    canInvite: Boolean(group.propertyPreRegisterCode) && group.isActive,
    today: new Date().toISOString().slice(0, 10),
    fileName: file.fileName,
    rowCount: rows.length + problems.length,
  });
  const stored = await withTransaction(ctx, async (tx, txCtx) => {
    await q.deleteImportsBefore(tx, groupId, new Date(Date.now() - PROPOSAL_KEPT_MS));
    const row = await q.insertImport(tx, {
      groupId,
      fileName: file.fileName,
      proposal,
      createdById: ctx.caller.userId,
    });
    await writeAudit(tx, txCtx, {
      entityType: 'RentRollImport',
      entityId: row.id,
      actionType: 'Upload',
      after: {
        groupId,
        fileName: file.fileName,
        additions: proposal.additions.length,
        leavers: proposal.leavers.length,
        changes: proposal.changes.length,
        problems: proposal.problems.length,
      },
    });
    return row;
  });
  return proposalView(stored);
}

async function loadProposal(ctx: SignedInContext, groupId: number, id: number) {
  await property(ctx, groupId);
  const row = await q.importOf(ctx.db, groupId, id);
  if (!row) throw notFound('Rent roll import not found.');
  return row;
}

export async function getProposal(ctx: SignedInContext, groupId: number, id: number) {
  return proposalView(await loadProposal(ctx, groupId, id));
}

/**
 * Applies the chosen parts of a stored proposal in one transaction: what the proposal does not list is ignored, and a
 * failure anywhere leaves everything as it was. Invitation mails go after commit.
 */
export async function applyProposal(
  ctx: SignedInContext,
  groupId: number,
  id: number,
  chosen: z.output<typeof rentRollApplyRequest>,
) {
  const row = await loadProposal(ctx, groupId, id);
  if (row.status === 'Applied') throw refused(RENT_ROLL_MESSAGES.alreadyApplied);
  if (Date.now() - row.dateCreated.getTime() > PROPOSAL_VALID_MS) throw refused(RENT_ROLL_MESSAGES.staleProposal);
  const { proposal } = row;
  const additionRows = new Set(chosen.additions);
  const additions = proposal.additions.filter((a) => additionRows.has(a.rowNumber) && a.invite && a.person.email);
  const moveOutIds = new Set(chosen.moveOuts);
  const leavers = proposal.leavers.filter((l) => moveOutIds.has(l.residentId));
  const changeIds = new Set(chosen.changes);
  const changes = proposal.changes.filter((c) => changeIds.has(c.residentId));
  if (additions.length + leavers.length + changes.length === 0) throw refused(RENT_ROLL_MESSAGES.nothingChosen);
  const group = await property(ctx, groupId);

  return withTransaction(ctx, async (tx, txCtx) => {
    if (!(await q.markApplied(tx, id))) throw refused(RENT_ROLL_MESSAGES.alreadyApplied);
    const current = new Set((await residentsOfProperty(txCtx, groupId)).map((r) => r.id));
    let changed = 0;
    for (const change of changes) {
      if (!current.has(change.residentId)) continue;
      const values = Object.fromEntries(change.changes.map((c) => [c.field, c.to])) as Partial<
        Record<ContactField, string | null>
      >;
      await updateResidentContact(txCtx, change.residentId, values, 'RentRollSync');
      changed++;
    }
    const leaving = leavers.map((l) => l.residentId).filter((residentId) => current.has(residentId));
    if (leaving.length) await bulkMoveOut(txCtx, groupId, leaving);
    const invited = await q.insertInvitations(
      tx,
      additions.map((a) => ({
        groupId,
        email: a.person.email!,
        firstName: a.person.firstName,
        lastName: a.person.lastName,
        unit: a.person.unit,
        invitedById: ctx.caller.userId,
      })),
    );
    const link = group.propertyPreRegisterCode ? preRegistrationLinkOf(ctx, group.propertyPreRegisterCode) : null;
    for (const invitation of invited) {
      const addition = additions.find((a) => a.person.email === invitation.email)!;
      if (!link) break;
      await sendEventMail(txCtx, 'ResidentPreRegistrationInvite', {
        to: invitation.email,
        values: {
          recipientName: `${addition.person.firstName} ${addition.person.lastName}`,
          groupName: group.name,
          unit: addition.person.unit ?? '',
          link,
        },
      });
    }
    const result = { invited: link ? invited.length : 0, movedOut: leaving.length, changed };
    await writeAudit(tx, txCtx, {
      entityType: 'RentRollImport',
      entityId: id,
      actionType: 'Apply',
      after: { groupId, ...result, invitedEmails: invited.map((i) => i.email), movedOutIds: leaving },
    });
    return {
      message: `Rent roll applied: ${result.invited} invited, ${result.movedOut} moved out, ${result.changed} updated.`,
      ...result,
    };
  });
}
