// The customer status actions on a waste sample (spec 3 §4 "Sample customer status"): reject, accept, expire,
// reinstate, void, unvoid, reset, and the flag with its notes. Each is audited in its own transaction.
import { Messages, SampleCustomerStatus as S, sampleCustomerStatusName } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { refused } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import * as q from './wastesamples.queries.ts';
import { loadSample, toView } from './wastesamples.service.ts';

type Transition = {
  /** The statuses the action starts from; undefined: any. */
  from?: readonly number[];
  /** The new status, from the sample as it is. */
  to: (sample: q.WasteSampleRow) => number;
  /** The spec's verb for the refusal. */
  verb: string;
  /** Whether the status it leaves is kept for reinstate. */
  hold?: boolean;
};

const UNRECEIVED_OR_RECEIVED = [S.ProfileCreated, S.DnaSampleReceived] as const;

export const TRANSITIONS = {
  reject: { from: UNRECEIVED_OR_RECEIVED, to: () => S.SampleRejected, verb: 'rejected', hold: true },
  accept: { from: [S.SampleRejected], to: () => S.DnaSampleReceived, verb: 'accepted' },
  expire: { from: UNRECEIVED_OR_RECEIVED, to: () => S.Expired, verb: 'expired', hold: true },
  // Reinstate returns an expired sample to the status it had before it expired.
  reinstate: { from: [S.Expired], to: (sample) => sample.statusBeforeHold ?? S.ProfileCreated, verb: 'reinstated' },
  void: { from: UNRECEIVED_OR_RECEIVED, to: () => S.SampleVoided, verb: 'voided', hold: true },
  unvoid: { from: [S.SampleVoided], to: () => S.ProfileCreated, verb: 'unvoided' },
  reset: { to: () => S.ProfileCreated, verb: 'reset' },
} satisfies Record<string, Transition>;
export type StatusAction = keyof typeof TRANSITIONS;

export async function changeStatus(ctx: SignedInContext, id: number, action: StatusAction, notes?: string) {
  assertCan(ctx, 'wasteSample.changeStatus');
  const transition: Transition = TRANSITIONS[action];
  return withTransaction(ctx, async (tx, txCtx) => {
    const { sample: before, propertyName } = await loadSample(txCtx, id, true);
    if (transition.from && !transition.from.includes(before.customerFacingStatus))
      throw refused(
        Messages.wasteSampleStatusRefused(transition.verb, sampleCustomerStatusName(before.customerFacingStatus)),
      );
    const status = transition.to(before);
    const sample = await q.update(tx, id, {
      customerFacingStatus: status,
      statusBeforeHold: transition.hold ? before.customerFacingStatus : null,
      // A reset sample is no longer received: the lab receives it again.
      ...(action === 'reset' ? { dateReceived: null } : {}),
      updatedById: ctx.caller.userId,
    });
    await writeAudit(tx, txCtx, {
      entityType: 'WasteSample',
      entityId: id,
      actionType: action,
      before: { customerFacingStatus: before.customerFacingStatus },
      after: { customerFacingStatus: status, notes: notes ?? null },
    });
    return toView(sample, propertyName);
  });
}

export async function setFlag(ctx: SignedInContext, id: number, notes: string | null) {
  assertCan(ctx, 'wasteSample.flag');
  return withTransaction(ctx, async (tx, txCtx) => {
    const { sample: before, propertyName } = await loadSample(txCtx, id, true);
    const sample = await q.update(tx, id, {
      isFlagged: notes !== null,
      flagNotes: notes,
      updatedById: ctx.caller.userId,
    });
    await writeAudit(tx, txCtx, {
      entityType: 'WasteSample',
      entityId: id,
      actionType: notes === null ? 'Unflag' : 'Flag',
      before: { isFlagged: before.isFlagged, flagNotes: before.flagNotes },
      after: { isFlagged: sample.isFlagged, flagNotes: sample.flagNotes },
    });
    return toView(sample, propertyName);
  });
}
