// The property's review of a disputed notice (uphold, reduce, waive, or a witnessed re-swab of the dog first), the
// appeal heard above the property, and the reversal when the match behind a notice is withdrawn (void, refund, tell).
import type { z } from 'zod';
import { VIOLATION_MESSAGES as M, type reswabRequest, type reviewRequest } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { refused, validationError } from '../../platform/errors.ts';
import { onMatchResultsWithdrawn, type WithdrawnResult } from '../../platform/result-hooks.ts';
import { assertCan } from '../../platform/rights.ts';
import { petStatusAction } from '../pets/pet-samples.service.ts';
import { paymentProvider } from '../shop/payment.ts';
import { dayText, dollars, mailOwner, noticeView, referenceOf } from './notice-view.ts';
import { queueReminders } from './reminders.ts';
import { effectiveSchedule } from './schedule.service.ts';
import { loadNoticeInScope, propertyNameOf, recordStep } from './violations.service.ts';
import * as q from './violations.queries.ts';

type Decision = z.output<typeof reviewRequest>;
const DAY_MS = 24 * 3600 * 1000;
const STATUS_OF = { Uphold: 'Upheld', Reduce: 'Reduced', Waive: 'Waived' } as const;

/** The decision's new fields: the amount (a reduction below the current one), and fresh dates to pay and appeal. */
async function decided(ctx: SignedInContext, row: q.NoticeRow, body: Decision) {
  let dueCents = row.dueCents;
  if (body.decision === 'Reduce') {
    if (body.amount === undefined || body.amount === null || body.amount >= row.dueCents)
      throw validationError({ amount: [M.reduceNeedsAmount] }, M.reduceNeedsAmount);
    dueCents = body.amount;
  }
  const schedule = await effectiveSchedule(ctx.db, row.propertyId);
  const now = Date.now();
  const waived = body.decision === 'Waive';
  return {
    status: STATUS_OF[body.decision],
    dueCents,
    payBy: waived ? null : new Date(now + (schedule?.daysToPay ?? 30) * DAY_MS),
    appealBy: waived ? null : new Date(now + (schedule?.daysToRespond ?? 14) * DAY_MS),
  };
}

function decisionText(ctx: SignedInContext, row: q.NoticeRow, what: string) {
  if (row.status === 'Waived') return `${what}: the fine of notice ${referenceOf(row.id)} is waived. Nothing is due.`;
  return (
    `${what}: ${dollars(row.dueCents)} is due by ${dayText(ctx, row.payBy)}.` +
    (row.hasBeenAppealed ? ' This decision is final.' : ` You may appeal once, by ${dayText(ctx, row.appealBy)}.`)
  );
}

/** The property's decision on a disputed notice (or waiving an unanswered one). */
export async function reviewNotice(ctx: SignedInContext, id: number, body: Decision) {
  assertCan(ctx, 'violation.review');
  return withTransaction(ctx, async (tx, txCtx) => {
    await loadNoticeInScope(txCtx, id);
    const row = (await q.lockNotice(tx, id))!;
    if (row.status === 'Voided') throw refused(M.voided);
    const waivingIssued = row.status === 'Issued' && body.decision === 'Waive';
    if (row.status !== 'Disputed' && !waivingIssued) throw refused(M.notReviewable);
    if (body.decision === 'Uphold' && row.reswabRequested && !(await q.petVerified(tx, row.petId)))
      throw refused(M.reswabPending);
    const changes = await decided(txCtx, row, body);
    const after = await q.updateNotice(tx, id, { ...changes, reviewNotes: body.notes });
    await recordStep(txCtx, id, changes.status, body.notes);
    await writeAudit(tx, ctx, {
      entityType: 'ViolationNotice',
      entityId: id,
      actionType: 'Review',
      before: { status: row.status, amount: row.dueCents },
      after: { status: after.status, amount: after.dueCents, notes: body.notes },
    });
    const propertyName = await propertyNameOf(txCtx, row);
    const text = decisionText(txCtx, after, `The property reviewed your dispute (${body.notes})`);
    await mailOwner(txCtx, after, propertyName, `dispute ${after.status.toLowerCase()}`, text);
    await queueReminders(txCtx, after);
    return { message: M.reviewed, notice: await noticeView(tx, after, propertyName) };
  });
}

/** The owner says it is not their dog: the property asks for a witnessed re-swab (the dog's verification test). */
export async function requestReswab(ctx: SignedInContext, id: number, body: z.output<typeof reswabRequest>) {
  assertCan(ctx, 'violation.review');
  return withTransaction(ctx, async (tx, txCtx) => {
    await loadNoticeInScope(txCtx, id);
    const row = (await q.lockNotice(tx, id))!;
    if (row.status !== 'Disputed') throw refused(M.notReviewable);
    if (row.reswabRequested) throw refused(M.reswabAlready);
    if (!row.petId) throw refused(M.noPetForReswab);
    // The existing verification test: the dog's sample goes to VerificationTestRequested (its own letter to the owner).
    await petStatusAction(txCtx, row.petId, 'verify', body.notes ?? null);
    const after = await q.updateNotice(tx, id, { reswabRequested: true });
    await recordStep(txCtx, id, 'Re-swab requested', body.notes ?? null);
    await writeAudit(tx, ctx, {
      entityType: 'ViolationNotice',
      entityId: id,
      actionType: 'RequestReswab',
      after: { petId: row.petId, notes: body.notes ?? null },
    });
    const propertyName = await propertyNameOf(txCtx, row);
    await mailOwner(
      txCtx,
      after,
      propertyName,
      'witnessed re-swab requested',
      `To settle your dispute of notice ${referenceOf(id)}, the property asked for a witnessed re-swab of ${row.petName}. ` +
        'The payment date stays on hold until the result is known.',
    );
    return { message: M.reswabRequested, notice: await noticeView(tx, after, propertyName) };
  });
}

/** The management group's (or distributorship's, or the provider's) decision on the owner's appeal: final. */
export async function decideAppeal(ctx: SignedInContext, id: number, body: Decision) {
  assertCan(ctx, 'violation.hearAppeal');
  return withTransaction(ctx, async (tx, txCtx) => {
    await loadNoticeInScope(txCtx, id);
    const row = (await q.lockNotice(tx, id))!;
    if (row.status !== 'Appealed') throw refused(M.notAppealed);
    const changes = await decided(txCtx, row, body);
    const after = await q.updateNotice(tx, id, { ...changes, appealBy: null, appealNotes: body.notes });
    await recordStep(txCtx, id, `Appeal: ${changes.status}`, body.notes);
    await writeAudit(tx, ctx, {
      entityType: 'ViolationNotice',
      entityId: id,
      actionType: 'DecideAppeal',
      before: { status: row.status, amount: row.dueCents },
      after: { status: after.status, amount: after.dueCents, notes: body.notes },
    });
    const propertyName = await propertyNameOf(txCtx, row);
    const text = decisionText(txCtx, after, `Your appeal was decided (${body.notes})`);
    await mailOwner(txCtx, after, propertyName, `appeal decided`, text);
    await queueReminders(txCtx, after);
    return { message: M.appealDecided, notice: await noticeView(tx, after, propertyName) };
  });
}

/**
 * The match behind these notices no longer stands (deleted, or replaced by an approved run that does not name the same
 * dog): each notice is voided, a paid fine refunded through the payment port, and the owner told. In the lab's
 * transaction, so the withdrawal and the reversal commit together.
 */
async function voidWithdrawn(ctx: SignedInContext, withdrawn: WithdrawnResult[]) {
  const byResult = new Map(withdrawn.map((w) => [w.resultId, w]));
  const notices = await q.openNoticesOfResults(
    ctx.db,
    withdrawn.map((w) => w.resultId),
  );
  for (const row of notices) {
    const cause = byResult.get(row.matchResultId)!;
    if (cause.nowNamesPetId !== null && cause.nowNamesPetId === row.petId) continue;
    const refund =
      row.status === 'Paid' && row.paymentReference
        ? await paymentProvider.refund(row.paymentReference, row.dueCents)
        : null;
    const after = await q.updateNotice(ctx.db, row.id, {
      status: 'Voided',
      voidReason: cause.reason,
      refundReference: refund?.reference ?? null,
      payBy: null,
      appealBy: null,
    });
    await recordStep(ctx, row.id, 'Voided', cause.reason);
    await writeAudit(ctx.db, ctx, {
      entityType: 'ViolationNotice',
      entityId: row.id,
      actionType: 'Void',
      before: { status: row.status },
      after: { status: 'Voided', reason: cause.reason, refundReference: refund?.reference ?? null },
    });
    const propertyName = await propertyNameOf(ctx, row);
    await mailOwner(
      ctx,
      after,
      propertyName,
      'notice withdrawn',
      `Notice ${referenceOf(row.id)} is withdrawn: ${cause.reason} Nothing is due.` +
        (refund ? ` Your payment of ${dollars(row.dueCents)} is refunded (reference ${refund.reference}).` : ''),
    );
  }
}

/** buildApp registers the reversal with matching's hook (once per process). */
export function registerViolationHooks(): void {
  onMatchResultsWithdrawn(voidWithdrawn);
}
