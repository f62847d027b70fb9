// Sample status changes, flags and history for every kind of sample. Each kind (pets here, waste samples, later DNA
// profiles) loads its own row within the caller's scope and hands it here with a store that updates that row; this
// service applies the status machine, writes the history and the audit entry in the caller's transaction.
import {
  SampleCustomerStatus,
  SampleHistoryEntryType,
  type SampleHistoryEntry,
  type SampleKind,
  type SampleStatusAction,
} from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit, writeAudits } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { refused, validationError } from '../../platform/errors.ts';
import { fullNameOf } from '../accounts/accounts.service.ts';
import { TransitionRefused, assertTransition } from './sample-status.ts';
import * as q from './samples.queries.ts';

/** The part of a sample row the shared rules read. A pet may not have a sample number yet; it then has no history. */
export type SampleRecord = {
  id: number;
  sampleNumber: string | null;
  customerFacingStatus: number;
  isFlagged: boolean;
};

/** How one kind of sample updates its own row; called inside the transaction with the transaction's db. */
export type SampleStore = {
  kind: SampleKind;
  /** The audit entity type ('Pet', 'WasteSample'). */
  entityType: string;
  setStatus(tx: Db, id: number, status: SampleCustomerStatus, changedByUserId: number): Promise<void>;
  /** The same for many rows in one statement (a set-based change); without it each row is set on its own. */
  setStatuses?(tx: Db, ids: number[], status: SampleCustomerStatus, changedByUserId: number): Promise<void>;
  setFlag(tx: Db, id: number, isFlagged: boolean, notes: string | null, changedByUserId: number): Promise<void>;
  /** After the row changed, in the same transaction: tell the people concerned (notifications). */
  statusChanged?(
    ctx: SignedInContext,
    sample: SampleRecord,
    to: SampleCustomerStatus,
    notes?: string | null,
  ): Promise<void>;
  /** The same for many samples at once (one read, one multi-row write); without it each sample is told on its own. */
  statusesChanged?(ctx: SignedInContext, samples: SampleRecord[], to: SampleCustomerStatus): Promise<void>;
};

export type HistoryEntryInput = {
  sampleNumber: string;
  entryType: SampleHistoryEntryType;
  action: string;
  fromStatus?: number | null;
  toStatus?: number | null;
  notes?: string | null;
};

/** Appends one history entry, by the caller, in the given transaction (db). Sample numbers are stored upper-cased. */
export async function recordSampleHistory(tx: Db, ctx: SignedInContext, entry: HistoryEntryInput): Promise<void> {
  await q.insertHistory(tx, {
    sampleNumber: entry.sampleNumber.toUpperCase(),
    entryType: entry.entryType,
    action: entry.action,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    notes: entry.notes?.trim() || null,
    changedByUserId: ctx.caller.userId,
  });
}

/**
 * A user's status action on a sample (reject, accept, expire, reinstate, void, unvoid, reset, verify): checked against
 * the status machine (400 naming notes when required notes are missing, 400 with the reason when the status does not
 * allow it), then the row, the history and the audit entry change together. Returns the new status.
 */
export async function changeSampleStatus(
  ctx: SignedInContext,
  store: SampleStore,
  sample: SampleRecord,
  action: SampleStatusAction,
  notes?: string | null,
): Promise<SampleCustomerStatus> {
  return withTransaction(ctx, async (tx, txCtx) => {
    const from = sample.customerFacingStatus as SampleCustomerStatus;
    const statusBeforeExpiry =
      action === 'reinstate' && sample.sampleNumber
        ? ((await q.lastStatusBefore(tx, sample.sampleNumber, SampleCustomerStatus.Expired)) as SampleCustomerStatus)
        : null;
    let to: SampleCustomerStatus;
    try {
      to = assertTransition({ kind: store.kind, action, from, notes, statusBeforeExpiry });
    } catch (error) {
      if (!(error instanceof TransitionRefused)) throw error;
      throw error.field ? validationError({ [error.field]: [error.message] }, error.message) : refused(error.message);
    }
    await applyStatus(txCtx, store, sample, to, action, notes);
    return to;
  });
}

/**
 * A status change the system decides (the DNA lab approving a profile, a waste sample received): no user-action rule,
 * but the same row update, history and audit. `action` names the cause in the history ('dnaProfileApproved').
 */
export async function setSampleStatus(
  ctx: SignedInContext,
  store: SampleStore,
  sample: SampleRecord,
  to: SampleCustomerStatus,
  action: string,
  notes?: string | null,
): Promise<void> {
  if (sample.customerFacingStatus === to) return;
  await withTransaction(ctx, (_tx, txCtx) => applyStatus(txCtx, store, sample, to, action, notes));
}

/**
 * setSampleStatus for many samples of one kind moving to the same status for the same cause, set-based: one update of
 * the rows, the store's notice for all of them at once, one multi-row insert of the history and of the audit entries
 * (in the samples' order, as one-by-one calls would write them). Samples already in `to` are left alone.
 */
export async function setSampleStatuses(
  ctx: SignedInContext,
  store: SampleStore,
  samples: SampleRecord[],
  to: SampleCustomerStatus,
  action: string,
  notes?: string | null,
): Promise<void> {
  const moving = samples.filter((sample) => sample.customerFacingStatus !== to);
  if (moving.length === 0) return;
  await withTransaction(ctx, async (tx, txCtx) => {
    const userId = txCtx.caller.userId;
    const ids = moving.map((sample) => sample.id);
    if (store.setStatuses) await store.setStatuses(tx, ids, to, userId);
    else for (const id of ids) await store.setStatus(tx, id, to, userId);
    if (store.statusesChanged) await store.statusesChanged(txCtx, moving, to);
    else if (store.statusChanged) for (const sample of moving) await store.statusChanged(txCtx, sample, to);
    const kept = notes?.trim() || null;
    await q.insertHistories(
      tx,
      moving.flatMap((sample) =>
        sample.sampleNumber
          ? [
              {
                sampleNumber: sample.sampleNumber.toUpperCase(),
                entryType: SampleHistoryEntryType.StatusChange,
                action,
                fromStatus: sample.customerFacingStatus,
                toStatus: to,
                notes: kept,
                changedByUserId: userId,
              },
            ]
          : [],
      ),
    );
    await writeAudits(
      tx,
      txCtx,
      moving.map((sample) => ({
        entityType: store.entityType,
        entityId: sample.id,
        actionType: `SampleStatus:${action}`,
        before: { sampleNumber: sample.sampleNumber, customerFacingStatus: sample.customerFacingStatus },
        after: { sampleNumber: sample.sampleNumber, customerFacingStatus: to, notes: kept },
      })),
    );
  });
}

async function applyStatus(
  ctx: SignedInContext,
  store: SampleStore,
  sample: SampleRecord,
  to: SampleCustomerStatus,
  action: string,
  notes?: string | null,
) {
  await store.setStatus(ctx.db, sample.id, to, ctx.caller.userId);
  await store.statusChanged?.(ctx, sample, to, notes);
  if (sample.sampleNumber) {
    await recordSampleHistory(ctx.db, ctx, {
      sampleNumber: sample.sampleNumber,
      entryType: SampleHistoryEntryType.StatusChange,
      action,
      fromStatus: sample.customerFacingStatus,
      toStatus: to,
      notes,
    });
  }
  await writeAudit(ctx.db, ctx, {
    entityType: store.entityType,
    entityId: sample.id,
    actionType: `SampleStatus:${action}`,
    before: { sampleNumber: sample.sampleNumber, customerFacingStatus: sample.customerFacingStatus },
    after: { sampleNumber: sample.sampleNumber, customerFacingStatus: to, notes: notes?.trim() || null },
  });
}

/** Flags (with optional notes of at most 250 characters, checked by the contract) or unflags a sample. */
export async function setSampleFlag(
  ctx: SignedInContext,
  store: SampleStore,
  sample: SampleRecord,
  isFlagged: boolean,
  notes?: string | null,
): Promise<void> {
  await withTransaction(ctx, async (tx, txCtx) => {
    const kept = isFlagged ? notes?.trim() || null : null;
    await store.setFlag(tx, sample.id, isFlagged, kept, txCtx.caller.userId);
    if (sample.sampleNumber) {
      await recordSampleHistory(tx, txCtx, {
        sampleNumber: sample.sampleNumber,
        entryType: isFlagged ? SampleHistoryEntryType.Flag : SampleHistoryEntryType.Unflag,
        action: isFlagged ? 'flag' : 'unflag',
        fromStatus: sample.customerFacingStatus,
        toStatus: sample.customerFacingStatus,
        notes: kept,
      });
    }
    await writeAudit(tx, txCtx, {
      entityType: store.entityType,
      entityId: sample.id,
      actionType: isFlagged ? 'Flag' : 'Unflag',
      before: { sampleNumber: sample.sampleNumber, isFlagged: sample.isFlagged },
      after: { sampleNumber: sample.sampleNumber, isFlagged, notes: kept },
    });
  });
}

/** One sample's history, newest first. The caller checks that the sample is in the caller's scope first. */
export async function sampleHistoryFor(ctx: SignedInContext, sampleNumber: string): Promise<SampleHistoryEntry[]> {
  const rows = await q.historyOf(ctx.db, sampleNumber.toUpperCase());
  return rows.map((row) => ({
    id: row.id,
    sampleNumber: row.sampleNumber,
    entryType: row.entryType,
    action: row.action,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    notes: row.notes,
    changedByUserId: row.changedByUserId,
    changedByName: row.userName ? fullNameOf({ ...row, userName: row.userName }) : null,
    changedAt: row.changedAt.toISOString(),
  }));
}
