// A notice as the API answers it (its state read with Overdue, its reference, its steps) and the mail each step sends
// the owner (the notice's own page link; amounts in dollars; no secrets: a payment names its reference, never a card).
import type { ViolationNoticeView, ViolationState, WebhookEvent } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import type { RequestContext, Services } from '../../platform/context.ts';
import { storedFileUrl } from '../../platform/files.ts';
import { emitWebhookEvent } from '../../platform/webhook-events.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import * as q from './violations.queries.ts';

export const referenceOf = (id: number) => `VN-${String(id).padStart(6, '0')}`;
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const UNPAID: readonly string[] = ['Issued', 'Upheld', 'Reduced'];
export function stateOf(row: q.NoticeRow, now = new Date()): ViolationState {
  if (UNPAID.includes(row.status) && row.payBy && row.payBy < now) return 'Overdue';
  return row.status as ViolationState;
}

export function rowView(row: q.NoticeRow & { propertyName?: string }, propertyName?: string, reswabPassed = false) {
  return {
    id: row.id,
    reference: referenceOf(row.id),
    state: stateOf(row),
    propertyId: row.propertyId,
    propertyName: propertyName ?? row.propertyName ?? '',
    unitNumber: row.unitNumber,
    petOwnerId: row.petOwnerId,
    ownerName: row.ownerName,
    petId: row.petId,
    petName: row.petName,
    petSampleNumber: row.petSampleNumber,
    wasteSampleNumber: row.wasteSampleNumber,
    dateCollected: row.dateCollected,
    matchResultId: row.matchResultId,
    matchResultSetId: row.matchResultSetId,
    isAdjacentPropertyMatch: row.isAdjacentPropertyMatch,
    offenceNumber: row.offenceNumber,
    originalAmount: row.originalCents,
    amountDue: row.dueCents,
    respondBy: row.respondBy.toISOString(),
    payBy: iso(row.payBy),
    dateIssued: row.dateIssued.toISOString(),
    certificateNumber: row.certificateNumber,
    verificationUrl: row.verificationUrl,
    disputeReason: row.disputeReason,
    disputePhotoUrl: row.disputePhoto ? storedFileUrl(row.disputePhoto) : null,
    reswabRequested: row.reswabRequested,
    reswabPassed,
    reviewNotes: row.reviewNotes,
    appealReason: row.appealReason,
    appealNotes: row.appealNotes,
    hasBeenAppealed: row.hasBeenAppealed,
    appealBy: iso(row.appealBy),
    paymentReference: row.paymentReference,
    datePaid: iso(row.datePaid),
    refundReference: row.refundReference,
    voidReason: row.voidReason,
  };
}

export async function noticeView(db: Db, row: q.NoticeRow, propertyName: string): Promise<ViolationNoticeView> {
  const [steps, reswabPassed] = await Promise.all([
    q.stepsOf(db, row.id),
    row.reswabRequested ? q.petVerified(db, row.petId) : Promise.resolve(false),
  ]);
  return {
    ...rowView(row, propertyName, reswabPassed),
    history: steps.map((s) => ({ at: s.dateCreated.toISOString(), action: s.action, by: s.byName, notes: s.notes })),
  };
}

type MailCtx = Services & { transaction?: RequestContext['transaction'] };

/**
 * A notice's webhook event (issued, disputed, paid), handed on after the step's transaction commits. The body is the
 * notice as the staff API shows it (GET /violations/{id}), so a receiver reads the same fields as a staff screen.
 */
export async function emitNoticeEvent(
  ctx: MailCtx,
  event: Extract<WebhookEvent, `violationNotice.${string}`>,
  notice: ViolationNoticeView,
) {
  await emitWebhookEvent(ctx, { event, groupId: notice.propertyId, resourceId: notice.id, resource: notice });
}

/** A step's mail to the owner (ViolationNoticeUpdate): what happened and what comes next. */
export async function mailOwner(
  ctx: MailCtx,
  row: q.NoticeRow,
  propertyName: string,
  subjectLine: string,
  details: string,
) {
  const email = await q.ownerEmail(ctx.db, row.petOwnerId);
  if (!email) return;
  await sendEventMail(ctx, 'ViolationNoticeUpdate', {
    to: email,
    values: {
      recipientName: row.ownerName,
      reference: referenceOf(row.id),
      groupName: propertyName,
      petName: row.petName,
      subjectLine,
      details,
      link: `${ctx.config.baseUrl}/notices/${row.id}`,
    },
  });
}

/** A date as the owner reads it, in the lab's time zone. */
export const dayText = (ctx: Pick<Services, 'config'>, d: Date | null) =>
  d ? new Intl.DateTimeFormat('en-US', { timeZone: ctx.config.labTimeZone, dateStyle: 'long' }).format(d) : '-';
