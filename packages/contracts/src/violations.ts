// Violation notices (issue 41, beyond the spec): a property's fine schedule (inherited from its management group or
// distributorship unless set), the notice issued from an approved Match, the owner's payment or dispute, the review,
// the one appeal, the reversal when the match behind it is withdrawn, and the ledger with its CSV export.
import { z } from 'zod';
import {
  id,
  idParam,
  integer,
  groupIdParam,
  optionalText,
  pagedResponse,
  pagingQuery,
  requiredText,
} from './common.ts';
import { address } from './addresses.ts';
import { cardData } from './shop.ts';
import { exportFormat } from './reports.ts';

/** A notice's state. Overdue is read, not stored: an unpaid notice whose payment date has passed. */
export const VIOLATION_STATES = [
  'Issued',
  'Disputed',
  'Upheld',
  'Reduced',
  'Waived',
  'Appealed',
  'Paid',
  'Overdue',
  'Voided',
] as const;
export type ViolationState = (typeof VIOLATION_STATES)[number];

export const VIOLATION_MESSAGES = {
  scheduleSaved: 'Fine schedule saved.',
  scheduleCleared: 'The property now follows the fine schedule of the group above it.',
  noSchedule: 'This property has no fine schedule, and none of the groups above it has one. Set one first.',
  noticeNotFound: 'Violation notice not found.',
  resultNotFound: 'Match result not found.',
  notApprovedMatch: 'Only an approved Match result can be the basis of a violation notice.',
  alreadyIssued: 'A violation notice has already been issued for this match result.',
  /** Spec 3 (results): the warning shown when the owner no longer belongs to the property. */
  noAccessToPetOwner:
    'This person is no longer associated with this property. Contact the property manager for more information.',
  adjacentNotFinable: 'The fine schedule of this property does not fine matches of dogs from adjacent properties.',
  noOwner: 'The matched dog has no owner on record, so no notice can be issued.',
  issued: 'Violation notice issued.',
  voided: 'This notice was voided; it cannot be paid or answered.',
  notPayable: 'This notice has nothing to pay now.',
  wrongAmount: 'The amount does not match the amount due on this notice.',
  cardDeclined: 'The card was declined. Please check the card details or use another card.',
  paid: 'Payment received. Thank you.',
  alreadyPaid: 'This notice has already been paid.',
  disputeClosed: 'The date to respond to this notice has passed; it can no longer be disputed.',
  notDisputable: 'Only a notice that has not been answered yet can be disputed.',
  disputed: 'Your dispute was sent to the property. The payment date is on hold until it is reviewed.',
  notReviewable: 'Only a disputed notice can be reviewed.',
  reduceNeedsAmount: 'A reduced amount is required, below the current amount.',
  reviewed: 'Decision saved.',
  reswabRequested: 'A witnessed re-swab of the dog was requested.',
  reswabPending: 'The witnessed re-swab has not passed yet: the dog’s verification test must be approved first.',
  reswabAlready: 'A witnessed re-swab was already requested for this notice.',
  noPetForReswab: 'The matched dog is no longer on record.',
  notAppealable: 'Only an upheld or reduced notice can be appealed.',
  appealUsed: 'This notice has already been appealed once; an appeal cannot be appealed.',
  appealClosed: 'The date to appeal this decision has passed.',
  appealed: 'Your appeal was sent to the management group.',
  notAppealed: 'Only an appealed notice can have its appeal decided.',
  appealDecided: 'Appeal decided.',
} as const;

const cents = integer(0, 100_000_000);
const days = integer(1, 3650);

/** The schedule's values (amounts in cents). */
export const fineScheduleBody = z.object({
  firstOffenceAmount: cents,
  secondOffenceAmount: cents,
  laterOffenceAmount: cents,
  lookBackDays: days,
  daysToRespond: days,
  daysToPay: days,
  fineAdjacentMatches: z.boolean(),
});
export type FineScheduleBody = z.infer<typeof fineScheduleBody>;
const scheduleValues = z.object({
  firstOffenceAmount: z.number(),
  secondOffenceAmount: z.number(),
  laterOffenceAmount: z.number(),
  lookBackDays: z.number(),
  daysToRespond: z.number(),
  daysToPay: z.number(),
  fineAdjacentMatches: z.boolean(),
});
export const fineScheduleView = z.object({
  groupId: z.number(),
  groupName: z.string(),
  /** The group's own schedule, or null when it follows the one above it. */
  own: scheduleValues.nullable(),
  /** The schedule in force: its own, else the nearest group above that has one, else null. */
  effective: scheduleValues.nullable(),
  inheritedFrom: z.object({ groupId: z.number(), groupName: z.string() }).nullable(),
});
export type FineScheduleView = z.infer<typeof fineScheduleView>;

export const issueNoticeRequest = z.object({ matchResultId: id });

const decisionNotes = requiredText(2000, 'Notes are required.', { multiline: true });
export const REVIEW_DECISIONS = ['Uphold', 'Reduce', 'Waive'] as const;
export const reviewRequest = z.object({
  decision: z.enum(REVIEW_DECISIONS),
  /** The new amount in cents, for Reduce. */
  amount: cents.optional().nullable(),
  notes: decisionNotes,
});
export const reswabRequest = z.object({ notes: optionalText(2000, { multiline: true }) });
export const disputeRequest = z.object({
  reason: requiredText(2000, 'A reason is required.', { multiline: true }),
});
export const appealRequest = z.object({
  reason: requiredText(2000, 'A reason is required.', { multiline: true }),
});
export const payNoticeRequest = z.object({ billingAddress: address, cardData, amount: cents });

const step = z.object({ at: z.string(), action: z.string(), by: z.string().nullable(), notes: z.string().nullable() });
export const violationNoticeView = z.object({
  id: z.number(),
  reference: z.string(),
  state: z.enum(VIOLATION_STATES),
  propertyId: z.number(),
  propertyName: z.string(),
  unitNumber: z.string().nullable(),
  petOwnerId: z.number(),
  ownerName: z.string(),
  petId: z.number().nullable(),
  petName: z.string(),
  petSampleNumber: z.string().nullable(),
  wasteSampleNumber: z.string(),
  dateCollected: z.string().nullable(),
  matchResultId: z.number(),
  matchResultSetId: z.number(),
  isAdjacentPropertyMatch: z.boolean(),
  offenceNumber: z.number(),
  originalAmount: z.number(),
  amountDue: z.number(),
  respondBy: z.string(),
  payBy: z.string().nullable(),
  dateIssued: z.string(),
  certificateNumber: z.string().nullable(),
  verificationUrl: z.string().nullable(),
  disputeReason: z.string().nullable(),
  /** The photo sent with the dispute (a resized JPEG copy), if any. */
  disputePhotoUrl: z.string().nullable(),
  reswabRequested: z.boolean(),
  reswabPassed: z.boolean(),
  reviewNotes: z.string().nullable(),
  appealReason: z.string().nullable(),
  appealNotes: z.string().nullable(),
  hasBeenAppealed: z.boolean(),
  appealBy: z.string().nullable(),
  paymentReference: z.string().nullable(),
  datePaid: z.string().nullable(),
  refundReference: z.string().nullable(),
  voidReason: z.string().nullable(),
  history: z.array(step),
});
export type ViolationNoticeView = z.infer<typeof violationNoticeView>;

export const violationRow = violationNoticeView.omit({ history: true });
export type ViolationRow = z.infer<typeof violationRow>;

export const ledgerQuery = pagingQuery.extend({
  state: z.enum(VIOLATION_STATES).optional(),
});
export const ledgerList = pagedResponse(violationRow);
export const myNoticesList = z.array(violationRow);
export const ledgerExportQuery = z.object({ format: exportFormat, state: z.enum(VIOLATION_STATES).optional() });

const total = z.object({ count: z.number(), charged: z.number(), paid: z.number(), outstanding: z.number() });
export const ledgerTotals = z.object({
  byProperty: z.array(total.extend({ propertyId: z.number(), propertyName: z.string() })),
  byOwner: z.array(total.extend({ petOwnerId: z.number(), ownerName: z.string() })),
  repeatDogs: z.array(
    z.object({
      propertyName: z.string(),
      petName: z.string(),
      petSampleNumber: z.string().nullable(),
      notices: z.number(),
    }),
  ),
});
export const noticeIdParam = idParam;
export const scheduleGroupParam = groupIdParam;
export const violationMessage = z.object({ message: z.string(), notice: violationNoticeView });
