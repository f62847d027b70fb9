// The customer status actions, flags and history of a waste sample (spec 3 §4): the sample is loaded within the
// caller's scope here, the shared rules of modules/samples decide and record the change.
import { SampleCustomerStatus, type SampleStatusAction } from '@registry/contracts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { assertCan } from '../../platform/rights.ts';
import {
  changeSampleStatus,
  sampleHistoryFor,
  setSampleFlag,
  setSampleStatuses,
  type SampleRecord,
} from '../samples/samples.service.ts';
import { wasteSampleStore } from './waste-sample-store.ts';
import * as q from './wastesamples.queries.ts';
import { loadSample, sampleNotFound, toView } from './wastesamples.service.ts';

export type WasteStatusAction = Exclude<SampleStatusAction, 'verify'>;

const record = (sample: q.WasteSampleRow): SampleRecord => ({
  id: sample.id,
  sampleNumber: sample.sampleNumber,
  customerFacingStatus: sample.customerFacingStatus,
  isFlagged: sample.isFlagged,
});

async function reloaded(ctx: SignedInContext, id: number) {
  const row = await loadSample(ctx, id);
  return toView(row.sample, row.propertyName);
}

export async function changeStatus(ctx: SignedInContext, id: number, action: WasteStatusAction, notes?: string) {
  assertCan(ctx, 'sample.changeStatus');
  return withTransaction(ctx, async (_tx, txCtx) => {
    const { sample } = await loadSample(txCtx, id, true);
    await changeSampleStatus(txCtx, wasteSampleStore, record(sample), action, notes);
    return reloaded(txCtx, id);
  });
}

/** Flags with notes (a non-null string, possibly empty) or unflags (null). */
export async function setFlag(ctx: SignedInContext, id: number, notes: string | null) {
  assertCan(ctx, 'sample.flag');
  return withTransaction(ctx, async (_tx, txCtx) => {
    const { sample } = await loadSample(txCtx, id, true);
    await setSampleFlag(txCtx, wasteSampleStore, record(sample), notes !== null, notes);
    return reloaded(txCtx, id);
  });
}

export async function history(ctx: SignedInContext, sampleNumber: string) {
  if (!(await q.findByNumber(ctx.db, ctx.caller, sampleNumber))) throw sampleNotFound();
  return sampleHistoryFor(ctx, sampleNumber);
}

/**
 * A match result approved for these result sets: their waste samples' processing is complete (spec 3: DNA processing
 * complete), as every list and report then reads. Samples already complete, rejected or voided are left alone. Runs
 * in the approving transaction, with history and audit as any status change.
 */
export async function completeProcessing(ctx: SignedInContext, resultSetIds: number[]) {
  await withTransaction(ctx, async (tx, txCtx) => {
    const samples = await q.inProgressSamplesOfResultSets(tx, resultSetIds);
    // The property hears of the approved result itself (PooPrintsMatchResult): no second notice for the status.
    await setSampleStatuses(
      txCtx,
      { ...wasteSampleStore, statusChanged: undefined, statusesChanged: undefined },
      samples.map(record),
      SampleCustomerStatus.DnaProcessingComplete,
      'resultApproved',
    );
  });
}
