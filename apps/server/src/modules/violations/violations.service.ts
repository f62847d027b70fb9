// Violation notices (issue 41): issuing one from an approved Match result (one per result, amount from the schedule
// counting the owner's standing notices in its look-back period, evidence: the match certificate and its verification
// address), reading one in scope, and the owner's side: "My notices", paying through the shop's payment port, disputing
// before the response date (the clock stops), and the one appeal of a decision.
import type { z } from 'zod';
import {
  CustodyEvent,
  GroupTypes,
  VIOLATION_MESSAGES as M,
  type ViolationNoticeView,
  type appealRequest,
  type disputeRequest,
  type payNoticeRequest,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { recordCustody } from '../../platform/custody.ts';
import { notFound, refused, validationError } from '../../platform/errors.ts';
import type { UploadedParts } from '../../platform/multipart.ts';
import { oneAtATime } from '../../platform/one-at-a-time.ts';
import { assertCan } from '../../platform/rights.ts';
import { photoCopy, replaceStoredImage } from '../../platform/stored-images.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import { paymentProvider } from '../shop/payment.ts';
import { resultWithSet } from '../wasteresults/approved-result.ts';
import { certificatePdf } from '../wasteresults/certificate.service.ts';
import { dayText, dollars, emitNoticeEvent, mailOwner, noticeView, referenceOf, rowView } from './notice-view.ts';
import { queueReminders } from './reminders.ts';
import { effectiveSchedule } from './schedule.service.ts';
import * as q from './violations.queries.ts';

const DAY_MS = 24 * 3600 * 1000;
const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);
const noticeNotFound = () => notFound(M.noticeNotFound);
type DisputeUpload = UploadedParts<z.output<typeof disputeRequest>>;

export async function recordStep(ctx: SignedInContext, noticeId: number, action: string, notes: string | null) {
  await q.insertStep(ctx.db, {
    noticeId,
    action,
    notes,
    byUserId: ctx.caller.userId,
    byName: ctx.caller.fullName || ctx.caller.userName,
  });
}

/** The notice when its property lies in the caller's groups; otherwise 404, as a missing one. */
export async function loadNoticeInScope(ctx: SignedInContext, id: number) {
  const row = await q.findNotice(ctx.db, id);
  if (!row || !(await q.isNoticeInScope(ctx.db, ctx.caller, row.propertyId))) throw noticeNotFound();
  return row;
}

/** The caller's own notice (a pet owner's); another owner's answers as a missing one. */
async function loadOwnNotice(ctx: SignedInContext, id: number) {
  const row = await q.findNotice(ctx.db, id);
  if (!row || row.petOwnerId !== ctx.caller.userId) throw noticeNotFound();
  return row;
}

export async function propertyNameOf(ctx: SignedInContext, row: q.NoticeRow) {
  const [link] = await q.scheduleChain(ctx.db, row.propertyId);
  return link?.groupName ?? '';
}

export async function getNotice(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'violation.view');
  const row = await loadNoticeInScope(ctx, id);
  return noticeView(ctx.db, row, await propertyNameOf(ctx, row));
}

export async function myNotice(ctx: SignedInContext, id: number) {
  const row = await loadOwnNotice(ctx, id);
  return noticeView(ctx.db, row, await propertyNameOf(ctx, row));
}

export async function myNotices(ctx: SignedInContext) {
  const rows = await q.noticesOfOwner(ctx.db, ctx.caller.userId);
  const names = new Map<number, string>();
  for (const row of rows) if (!names.has(row.propertyId)) names.set(row.propertyId, await propertyNameOf(ctx, row));
  return rows.map((row) => rowView(row, names.get(row.propertyId)));
}

/** Issues the notice of an approved Match result. */
export async function issueNotice(ctx: SignedInContext, matchResultId: number) {
  assertCan(ctx, 'violation.issue');
  const { result, set, isCurrentlyApproved, hasAccessToPetOwner } = await resultWithSet(ctx, matchResultId);
  if (result.status !== 'Match' || !isCurrentlyApproved) throw refused(M.notApprovedMatch);
  if (!hasAccessToPetOwner) throw refused(M.noAccessToPetOwner);
  if (!result.matchedPetOwnerId || set.propertyId === null) throw refused(M.noOwner);
  const schedule = await effectiveSchedule(ctx.db, set.propertyId);
  if (!schedule) throw refused(M.noSchedule);
  if (result.isAdjacentPropertyMatch && !schedule.fineAdjacentMatches) throw refused(M.adjacentNotFinable);
  if (await q.noticeByResult(ctx.db, result.id)) throw refused(M.alreadyIssued);
  // The evidence: the match certificate (issued now if it was never printed) and its public verification address.
  const { certificate } = await certificatePdf(ctx, set.id);
  const petOwnerId = result.matchedPetOwnerId;
  const propertyId = set.propertyId;
  const propertyName = set.propertyName ?? '';
  return withTransaction(ctx, async (tx, txCtx) => {
    const now = new Date();
    const earlier = await q.standingNoticesSince(tx, petOwnerId, addDays(now, -schedule.lookBackDays));
    const amount =
      earlier === 0
        ? schedule.firstOffenceAmount
        : earlier === 1
          ? schedule.secondOffenceAmount
          : schedule.laterOffenceAmount;
    const parties = await q.noticeParties(tx, petOwnerId, propertyId, result.matchedPetId);
    const row = await q.insertNotice(tx, {
      matchResultId: result.id,
      matchResultSetId: set.id,
      propertyId,
      petOwnerId,
      petId: result.matchedPetId,
      ownerName: parties?.ownerName ?? '',
      unitNumber: parties?.unitNumber ?? null,
      petName: parties?.petName ?? result.matchedSampleNumber ?? '',
      petSampleNumber: parties?.petSampleNumber ?? result.matchedSampleNumber,
      wasteSampleNumber: set.sampleNumber,
      dateCollected: set.dateCollected,
      isAdjacentPropertyMatch: result.isAdjacentPropertyMatch,
      offenceNumber: earlier + 1,
      originalCents: amount,
      dueCents: amount,
      respondBy: addDays(now, schedule.daysToRespond),
      payBy: addDays(now, schedule.daysToPay),
      certificateNumber: certificate.number,
      verificationUrl: certificate.verifyUrl,
      issuedById: ctx.caller.userId,
      dateIssued: now,
    });
    // A notice issued by a concurrent call in the meantime: the unique result key decides, nothing is written here.
    if (!row) throw refused(M.alreadyIssued);
    await recordStep(txCtx, row.id, 'Issued', null);
    await writeAudit(tx, ctx, {
      entityType: 'ViolationNotice',
      entityId: row.id,
      actionType: 'Create',
      after: { matchResultId: result.id, petOwnerId, amount, offenceNumber: row.offenceNumber },
    });
    // The waste sample's last custody step: the notice its match led to, with the certificate it cites as evidence.
    // Written here, in the issue's transaction, so the event exists exactly when the notice does.
    await recordCustody(tx, ctx, set.sampleNumber, CustodyEvent.NoticeSent, {
      notice: referenceOf(row.id),
      certificate: certificate.number,
      sentTo: parties?.email ? "The owner's email and My notices" : 'My notices (no email address on file)',
    });
    if (parties?.email)
      await sendEventMail(txCtx, 'ViolationNoticeIssued', {
        to: parties.email,
        values: {
          recipientName: row.ownerName,
          reference: referenceOf(row.id),
          groupName: propertyName,
          petName: row.petName,
          sampleNumber: row.wasteSampleNumber,
          amount: dollars(amount),
          details: [
            `Respond by ${dayText(ctx, row.respondBy)}; pay by ${dayText(ctx, row.payBy)}.`,
            `Evidence: match certificate ${certificate.number}, which anyone can check at ${certificate.verifyUrl}.`,
          ].join(' '),
          link: `${ctx.config.baseUrl}/notices/${row.id}`,
        },
      });
    await queueReminders(txCtx, row);
    const notice = await noticeView(tx, row, propertyName);
    await emitNoticeEvent(txCtx, 'violationNotice.issued', notice);
    return { message: M.issued, notice };
  });
}

/**
 * Pays the notice's amount due through the shop's payment port. Payments of one notice run one at a time in this
 * process, and the notice's row lock decides across processes: a second payment finds it paid and charges nothing.
 */
export function payNotice(ctx: SignedInContext, id: number, body: z.output<typeof payNoticeRequest>) {
  return oneAtATime(`violation-payment:${id}`, () =>
    withTransaction(ctx, async (tx, txCtx) => {
      await loadOwnNotice(txCtx, id);
      const row = (await q.lockNotice(tx, id))!;
      if (row.status === 'Voided') throw refused(M.voided);
      if (row.status === 'Paid') throw refused(M.alreadyPaid);
      if (!['Issued', 'Upheld', 'Reduced'].includes(row.status)) throw refused(M.notPayable);
      if (body.amount !== row.dueCents) throw validationError({ amount: [M.wrongAmount] }, M.wrongAmount);
      const charge = await paymentProvider.charge({
        amountCents: row.dueCents,
        cardToken: body.cardData.cardToken,
        lastDigits: body.cardData.cardNumber,
        idempotencyKey: `violation-${row.id}`,
      });
      if (!charge.approved) throw refused(M.cardDeclined);
      const paid = await q.updateNotice(tx, id, {
        status: 'Paid',
        paymentReference: charge.reference,
        datePaid: new Date(),
      });
      await recordStep(txCtx, id, 'Paid', `${dollars(row.dueCents)}, reference ${charge.reference}`);
      await writeAudit(tx, ctx, {
        entityType: 'ViolationNotice',
        entityId: id,
        actionType: 'Paid',
        before: { status: row.status },
        after: { status: 'Paid', amount: row.dueCents, paymentMethod: charge.method, reference: charge.reference },
      });
      const propertyName = await propertyNameOf(txCtx, row);
      await mailOwner(
        txCtx,
        paid,
        propertyName,
        'payment received',
        `Receipt: ${dollars(row.dueCents)} paid for notice ${referenceOf(id)} by the card ending ` +
          `${body.cardData.cardNumber.slice(-4)}, captured by our staff (reference ${charge.reference}).`,
      );
      const notice = await noticeView(tx, paid, propertyName);
      await emitNoticeEvent(txCtx, 'violationNotice.paid', notice);
      return { message: M.paid, notice };
    }),
  );
}

/**
 * The owner disputes an unanswered notice before its response date, with a reason and an optional photo: the payment
 * clock stops until the review. The upload is read once the notice is known to be the caller's; the photo is decoded
 * and stored as a resized copy before the change, and removed again if the change is refused or fails.
 */
export async function disputeNotice(ctx: SignedInContext, id: number, read: () => Promise<DisputeUpload>) {
  await loadOwnNotice(ctx, id);
  const { model, files } = await read();
  const photo = files.photo ? photoCopy(files.photo, 'photo') : null;
  let answer: { message: string; notice: ViolationNoticeView } | undefined;
  await replaceStoredImage(ctx, photo, async (tx, txCtx, disputePhoto) => {
    const row = (await q.lockNotice(tx, id))!;
    if (row.status === 'Voided') throw refused(M.voided);
    if (row.status !== 'Issued') throw refused(M.notDisputable);
    if (row.respondBy < new Date()) throw refused(M.disputeClosed);
    const disputed = await q.updateNotice(tx, id, {
      status: 'Disputed',
      disputeReason: model.reason,
      disputePhoto,
      payBy: null,
    });
    await recordStep(txCtx, id, 'Disputed', disputePhoto ? `${model.reason} (with a photo)` : model.reason);
    await writeAudit(tx, ctx, {
      entityType: 'ViolationNotice',
      entityId: id,
      actionType: 'Dispute',
      before: { status: row.status },
      after: { status: 'Disputed', reason: model.reason, photo: disputePhoto },
    });
    const propertyName = await propertyNameOf(txCtx, row);
    await mailOwner(
      txCtx,
      disputed,
      propertyName,
      'dispute received',
      `We received your dispute of notice ${referenceOf(id)}. The payment date is on hold until the property reviews it.`,
    );
    answer = { message: M.disputed, notice: await noticeView(tx, disputed, propertyName) };
    await emitNoticeEvent(txCtx, 'violationNotice.disputed', answer.notice);
    return null;
  });
  return answer!;
}

/** The groups whose admins hear appeals: management groups and distributorships above the property. */
const HEARING_GROUPS: readonly number[] = [
  GroupTypes.ManagementGroup,
  GroupTypes.DistributorshipManagementGroup,
  GroupTypes.Distributorship,
];

/**
 * The appeal goes to the admins of the nearest management group (or distributorship) above the property that has
 * active admins: a notification each, written in the appeal's transaction and delivered after it commits.
 */
async function tellAppealHearers(ctx: SignedInContext, row: q.NoticeRow, propertyName: string) {
  const chain = await q.scheduleChain(ctx.db, row.propertyId);
  for (const group of chain) {
    if (!HEARING_GROUPS.includes(group.groupType)) continue;
    const told = await createNotifications(ctx, {
      groupId: group.groupId,
      type: 'Group',
      message: `Appeal of notice ${referenceOf(row.id)} (${propertyName}, ${row.petName}) waits for your decision`,
      actionParameters: { id: row.propertyId, noticeId: row.id },
    });
    if (told.length > 0) return;
  }
}

/** The owner's one appeal of a decision (upheld or reduced), before its appeal date; it goes above the property. */
export async function appealNotice(ctx: SignedInContext, id: number, body: z.output<typeof appealRequest>) {
  return withTransaction(ctx, async (tx, txCtx) => {
    await loadOwnNotice(txCtx, id);
    const row = (await q.lockNotice(tx, id))!;
    if (row.status === 'Voided') throw refused(M.voided);
    if (row.hasBeenAppealed || row.status === 'Appealed') throw refused(M.appealUsed);
    if (row.status !== 'Upheld' && row.status !== 'Reduced') throw refused(M.notAppealable);
    if (row.appealBy && row.appealBy < new Date()) throw refused(M.appealClosed);
    const appealed = await q.updateNotice(tx, id, {
      status: 'Appealed',
      appealReason: body.reason,
      hasBeenAppealed: true,
      payBy: null,
    });
    await recordStep(txCtx, id, 'Appealed', body.reason);
    await writeAudit(tx, ctx, {
      entityType: 'ViolationNotice',
      entityId: id,
      actionType: 'Appeal',
      before: { status: row.status },
      after: { status: 'Appealed', reason: body.reason },
    });
    const propertyName = await propertyNameOf(txCtx, row);
    await tellAppealHearers(txCtx, appealed, propertyName);
    await mailOwner(
      txCtx,
      appealed,
      propertyName,
      'appeal received',
      `Your appeal of notice ${referenceOf(id)} was sent to the management group. The payment date is on hold until it is decided.`,
    );
    return { message: M.appealed, notice: await noticeView(tx, appealed, propertyName) };
  });
}
