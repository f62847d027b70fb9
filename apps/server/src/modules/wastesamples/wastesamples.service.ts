// Waste samples: entry (create, update, delete), lookup, the lab's receipt and the bulk transfer between properties.
// A sample belongs to the property it was collected on; outside the caller's scope it answers like a missing one.
import {
  CustodyEvent,
  GroupTypes,
  Messages,
  SampleCustomerStatus,
  SampleHistoryEntryType,
  SampleMessages,
  WasteSampleReceiptFollowupAction,
  type WasteSampleSave,
  type WasteSampleView,
} from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { recordCustody } from '../../platform/custody.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused, validationError } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { wasteSamplesDeleting } from '../../platform/result-hooks.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { recordSampleHistory, setSampleStatus } from '../samples/samples.service.ts';
import { wasteSampleStore } from './waste-sample-store.ts';
import * as q from './wastesamples.queries.ts';
import { emitWebhookEvent } from '../../platform/webhook-events.ts';

export const sampleNotFound = () => notFound('Sample not found.');

export function toView(sample: q.WasteSampleRow, propertyName: string | null): WasteSampleView {
  return {
    sampleId: sample.id,
    sampleNumber: sample.sampleNumber,
    propertyCollectedFromId: sample.propertyId,
    propertyCollectedFromName: propertyName,
    collectionLocationNotes: sample.collectionLocationNotes,
    bioPetNotes: sample.bioPetNotes,
    collectedByName: sample.collectedByName,
    dateCollected: sample.dateCollected,
    customerFacingStatus: sample.customerFacingStatus,
    isFlagged: sample.isFlagged,
    flagNotes: sample.flagNotes,
    followupAction: sample.followupAction,
    followupActionNotes: sample.followupActionNotes,
    dateReceived: sample.dateReceived?.toISOString() ?? null,
    dateCreated: sample.dateCreated.toISOString(),
  };
}

/** The sample in the caller's scope, or the 404 a missing one gets. */
export async function loadSample(ctx: SignedInContext, id: number, lock = false): Promise<q.WasteSampleWithProperty> {
  const row = await q.findById(ctx.db, ctx.caller, id, lock);
  if (!row) throw sampleNotFound();
  return row;
}

export async function details(ctx: SignedInContext, id: number): Promise<WasteSampleView> {
  const row = await loadSample(ctx, id);
  return toView(row.sample, row.propertyName);
}

export async function bySampleNumber(ctx: SignedInContext, sampleNumber: string): Promise<WasteSampleView> {
  const row = await q.findByNumber(ctx.db, ctx.caller, sampleNumber);
  if (!row) throw sampleNotFound();
  return toView(row.sample, row.propertyName);
}

/** An orphan: a stored sample whose property has been deleted. Unknown numbers are not orphans. */
export async function isOrphan(ctx: SignedInContext, sampleNumber: string) {
  const row = await q.findByNumber(ctx.db, ctx.caller, sampleNumber);
  return { isOrphan: row !== undefined && row.sample.propertyId === null };
}

/** The property a sample may be collected on: a Property in the caller's scope (else 404, or 400 for another type). */
async function loadProperty(ctx: SignedInContext, propertyId: number) {
  const group = await loadGroupInScope(ctx, propertyId);
  if (group.groupType !== GroupTypes.Property)
    throw validationError({ propertyCollectedFromId: [Messages.wasteSampleNeedsProperty] });
  return group;
}

async function assertNumberFree(db: Db, sampleNumber: string, exceptId?: number) {
  if (await q.numberTaken(db, sampleNumber, exceptId))
    throw validationError({ sampleNumber: [Messages.wasteSampleExists(sampleNumber)] });
}

const enteredFields = (model: WasteSampleSave) => ({
  sampleNumber: model.sampleNumber,
  propertyId: model.propertyCollectedFromId,
  collectionLocationNotes: model.collectionLocationNotes,
  bioPetNotes: model.bioPetNotes,
  collectedByName: model.collectedByName,
  dateCollected: model.dateCollected ?? null,
});

/**
 * What a receipt writes over a sample that already exists (collected on a phone, or entered before it reached the lab):
 * a field the receipt leaves blank keeps its stored value. A scan at the bench often sends only the number and the
 * property, and the collection's date, collector and notes are evidence (the certificate prints the date): a receipt
 * adds to them, it never erases them. Clearing a value is an edit ("Edit waste sample"), audited as one.
 */
const receiptFields = (model: WasteSampleSave, existing: q.WasteSampleRow | null) => {
  const entered = enteredFields(model);
  if (!existing) return entered;
  return {
    ...entered,
    collectionLocationNotes: entered.collectionLocationNotes ?? existing.collectionLocationNotes,
    bioPetNotes: entered.bioPetNotes ?? existing.bioPetNotes,
    collectedByName: entered.collectedByName ?? existing.collectedByName,
    dateCollected: entered.dateCollected ?? existing.dateCollected,
  };
};

/** The save answer: the sample, and a warning when it is flagged (the screens show it as a warning). */
const saved = (sample: q.WasteSampleRow, propertyName: string | null) => ({
  sample: toView(sample, propertyName),
  warning: sample.isFlagged ? Messages.sampleIsFlagged : null,
});

export async function create(ctx: SignedInContext, model: WasteSampleSave) {
  assertCan(ctx, 'wasteSample.create');
  const property = await loadProperty(ctx, model.propertyCollectedFromId);
  return withTransaction(ctx, async (tx, txCtx) => {
    await assertNumberFree(tx, model.sampleNumber);
    const sample = await q.insert(tx, {
      ...enteredFields(model),
      createdById: ctx.caller.userId,
      updatedById: ctx.caller.userId,
    });
    await recordSampleHistory(tx, txCtx, {
      sampleNumber: sample.sampleNumber,
      entryType: SampleHistoryEntryType.StatusChange,
      action: 'created',
      toStatus: sample.customerFacingStatus,
    });
    await writeAudit(tx, txCtx, {
      entityType: 'WasteSample',
      entityId: sample.id,
      actionType: 'Create',
      after: sample,
    });
    const result = saved(sample, property.name);
    if (sample.propertyId)
      await emitWebhookEvent(txCtx, {
        event: 'wasteSample.collected',
        groupId: sample.propertyId,
        resourceId: sample.id,
        resource: result.sample,
      });
    return result;
  });
}

export async function update(ctx: SignedInContext, model: WasteSampleSave) {
  assertCan(ctx, 'wasteSample.edit');
  if (!model.sampleId) throw validationError({ sampleId: ['This field is required.'] });
  const sampleId = model.sampleId;
  return withTransaction(ctx, async (tx, txCtx) => {
    const before = (await loadSample(txCtx, sampleId, true)).sample;
    const property =
      before.propertyId === model.propertyCollectedFromId
        ? { name: await q.propertyName(tx, before.propertyId) }
        : await loadProperty(txCtx, model.propertyCollectedFromId);
    if (model.sampleNumber !== before.sampleNumber) await assertNumberFree(tx, model.sampleNumber, sampleId);
    const sample = await q.update(tx, sampleId, { ...enteredFields(model), updatedById: ctx.caller.userId });
    await writeAudit(tx, txCtx, {
      entityType: 'WasteSample',
      entityId: sampleId,
      actionType: 'Update',
      before,
      after: sample,
    });
    return saved(sample, property.name);
  });
}

/** Delete after the user typed the sample number exactly (the confirm-by-typing dialog sends what was typed). */
export async function remove(ctx: SignedInContext, id: number, confirmation: string | undefined) {
  assertCan(ctx, 'wasteSample.delete');
  return withTransaction(ctx, async (tx, txCtx) => {
    const { sample } = await loadSample(txCtx, id, true);
    if ((confirmation ?? '').trim() !== sample.sampleNumber) throw refused(Messages.invalidConfirmationText);
    // Its match results go with it: what rests on them (violation notices) is reversed first, in this transaction.
    await wasteSamplesDeleting(txCtx, [id]);
    await q.remove(tx, id);
    await writeAudit(tx, txCtx, { entityType: 'WasteSample', entityId: id, actionType: 'Delete', before: sample });
    return { message: Messages.wasteSampleDeleted };
  });
}

/**
 * The lab receives a sample: a known one only at ProfileCreated (else the spec's voided / already received refusal),
 * an unknown one is created from the form as received. The receipt's follow-up (reject or void, with its notes) is
 * applied in the same transaction.
 */
export async function receive(ctx: SignedInContext, model: WasteSampleSave) {
  assertCan(ctx, 'wasteSample.receive');
  return withTransaction(ctx, async (tx, txCtx) => {
    const existing = await q.findByNumber(tx, ctx.caller, model.sampleNumber, true);
    if (existing && existing.sample.customerFacingStatus !== SampleCustomerStatus.ProfileCreated) {
      const number = existing.sample.sampleNumber;
      throw refused(
        existing.sample.customerFacingStatus === SampleCustomerStatus.SampleVoided
          ? Messages.sampleHasBeenVoided(number)
          : Messages.sampleAlreadyReceived(number),
      );
    }
    const property =
      existing?.sample.propertyId === model.propertyCollectedFromId
        ? { name: existing.propertyName }
        : await loadProperty(txCtx, model.propertyCollectedFromId);
    const followup = model.followupAction;
    if (followup !== WasteSampleReceiptFollowupAction.None && !model.followupActionNotes)
      throw validationError({ followupActionNotes: [SampleMessages.notesRequired] });
    if (existing && model.sampleNumber !== existing.sample.sampleNumber)
      await assertNumberFree(tx, model.sampleNumber, existing.sample.id);
    if (!existing) await assertNumberFree(tx, model.sampleNumber);
    const receipt = {
      ...receiptFields(model, existing?.sample ?? null),
      customerFacingStatus: SampleCustomerStatus.DnaSampleReceived,
      followupAction: followup,
      followupActionNotes: model.followupActionNotes,
      dateReceived: new Date(),
      updatedById: ctx.caller.userId,
    };
    let sample = existing
      ? await q.update(tx, existing.sample.id, receipt)
      : await q.insert(tx, { ...receipt, createdById: ctx.caller.userId });
    await recordSampleHistory(tx, txCtx, {
      sampleNumber: sample.sampleNumber,
      entryType: SampleHistoryEntryType.StatusChange,
      action: 'received',
      fromStatus: existing ? existing.sample.customerFacingStatus : null,
      toStatus: sample.customerFacingStatus,
    });
    await writeAudit(tx, txCtx, {
      entityType: 'WasteSample',
      entityId: sample.id,
      actionType: 'Receive',
      before: existing?.sample ?? null,
      after: sample,
    });
    await recordCustody(tx, txCtx, sample.sampleNumber, CustodyEvent.Received, {
      receivedAt: sample.dateReceived?.toISOString() ?? null,
      receivedBy: ctx.caller.userName,
    });
    // The follow-up is a status change of its own, recorded like the user's reject or void.
    if (followup !== WasteSampleReceiptFollowupAction.None) {
      const to =
        followup === WasteSampleReceiptFollowupAction.Reject
          ? SampleCustomerStatus.SampleRejected
          : SampleCustomerStatus.SampleVoided;
      const action = followup === WasteSampleReceiptFollowupAction.Reject ? 'reject' : 'void';
      await setSampleStatus(txCtx, wasteSampleStore, sample, to, action, model.followupActionNotes);
      sample = (await loadSample(txCtx, sample.id)).sample;
    }
    const result = saved(sample, property.name);
    if (sample.propertyId)
      await emitWebhookEvent(txCtx, {
        event: 'wasteSample.received',
        groupId: sample.propertyId,
        resourceId: sample.id,
        resource: result.sample,
      });
    return result;
  });
}

/** Moves samples to another property; every sample and the destination must lie in the caller's scope. */
export async function bulkTransfer(ctx: SignedInContext, destinationId: number, sampleIds: number[]) {
  assertCan(ctx, 'wasteSample.transfer');
  const destination = await loadProperty(ctx, destinationId);
  await withTransaction(ctx, async (tx, txCtx) => {
    for (const id of [...new Set(sampleIds)]) {
      const { sample } = await loadSample(txCtx, id, true);
      if (sample.propertyId === destination.id) continue;
      const after = await q.update(tx, id, { propertyId: destination.id, updatedById: ctx.caller.userId });
      await writeAudit(tx, txCtx, {
        entityType: 'WasteSample',
        entityId: id,
        actionType: 'Transfer',
        before: { propertyId: sample.propertyId },
        after: { propertyId: after.propertyId },
      });
    }
  });
  return { message: Messages.savedSuccessfully };
}

/**
 * For the plate upload (dna module): which of these sample names are stored waste samples, upper-cased. Runs in the
 * caller's transaction; lab staff upload plates, so no scope applies.
 */
export async function findWasteSampleNumbers(tx: Db, numbers: readonly string[]): Promise<Set<string>> {
  return new Set(await q.existingNumbers(tx, numbers));
}
