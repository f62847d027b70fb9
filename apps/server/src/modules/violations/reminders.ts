// Reminders before a notice's dates, through the job queue: one before the response date of an unanswered notice and one
// before the payment date of an unpaid one. Each job carries the date it reminds of; when it runs it sends only if the
// notice still waits for that date (a dispute, a payment or a decision that moved the date makes it a no-op).
import type { RequestContext, Services } from '../../platform/context.ts';
import { defineJob, enqueue } from '../../platform/jobs.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { dayText, dollars, referenceOf } from './notice-view.ts';
import * as q from './violations.queries.ts';

/** How long before a date its reminder goes: two days, or half the time left when that is shorter. */
const LEAD_MS = 2 * 24 * 3600 * 1000;
const reminderTime = (now: Date, due: Date) =>
  new Date(due.getTime() - Math.min(LEAD_MS, (due.getTime() - now.getTime()) / 2));

type Kind = 'respond' | 'pay';
type Ctx = Services & { transaction?: RequestContext['transaction'] };

export async function queueReminders(ctx: Ctx, row: q.NoticeRow) {
  const now = new Date();
  const due: [Kind, Date | null][] = [
    ['respond', row.status === 'Issued' ? row.respondBy : null],
    ['pay', ['Issued', 'Upheld', 'Reduced'].includes(row.status) ? row.payBy : null],
  ];
  for (const [kind, date] of due) {
    if (!date || date <= now) continue;
    const seconds = Math.max(0, Math.round((reminderTime(now, date).getTime() - now.getTime()) / 1000));
    await enqueue(
      ctx,
      'violation-reminder',
      { noticeId: row.id, kind, due: date.toISOString() },
      { startAfterSeconds: seconds, singletonKey: `violation-${row.id}-${kind}-${date.toISOString()}` },
    );
  }
}

/** The reminder job: mails the owner when the notice still waits for the date the job was queued for. */
async function sendReminder(services: Services, payload: { noticeId: number; kind: Kind; due: string }) {
  const row = await q.findNotice(services.db, payload.noticeId);
  if (!row) return false;
  const date = payload.kind === 'respond' ? row.respondBy : row.payBy;
  const waiting =
    payload.kind === 'respond' ? row.status === 'Issued' : ['Issued', 'Upheld', 'Reduced'].includes(row.status);
  if (!waiting || !date || date.toISOString() !== payload.due) return false;
  const email = await q.ownerEmail(services.db, row.petOwnerId);
  if (!email) return false;
  const [property] = await q.scheduleChain(services.db, row.propertyId);
  await sendEventMail(services, 'ViolationNoticeReminder', {
    to: email,
    values: {
      recipientName: row.ownerName,
      reference: referenceOf(row.id),
      groupName: property?.groupName ?? '',
      petName: row.petName,
      dueDate: dayText(services, date),
      details:
        payload.kind === 'respond'
          ? `If you wish to dispute notice ${referenceOf(row.id)}, please do so by ${dayText(services, date)}.`
          : `${dollars(row.dueCents)} is due on notice ${referenceOf(row.id)} by ${dayText(services, date)}.`,
      link: `${services.config.baseUrl}/notices/${row.id}`,
    },
  });
  return true;
}

export function registerViolationJobs(): void {
  defineJob('violation-reminder', async (payload, job) => {
    await sendReminder(job.services, payload as { noticeId: number; kind: Kind; due: string });
  });
}
