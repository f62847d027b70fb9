// Every mail the system sends goes through here: an email event, its template (the edited one, else the built-in
// default), its rules (an inactive event sends nothing unless critical; an owner who does not receive emails gets no
// customer letters), then delivery once the action commits.
//
// Delivery is an outbox on the job queue: inside the action's transaction a `send-email` job is written that may run
// only after `mailRetrySeconds`; once the transaction commits the mail is sent at once, and the job is deleted when
// that first attempt succeeds. A failed attempt (or a crash before it) leaves the job, which pg-boss runs with retries
// and exponential backoff. Every attempt is written to the email log with secrets redacted; secrets travel in the job
// encrypted with the data key. A failed send never undoes the action: the action is committed before any attempt.
import {
  CUSTOMER_LETTER_EVENTS,
  EmailTemplateMessages,
  GroupTypes,
  isCriticalEvent,
  isEmailEvent,
  type EmailEvent,
} from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { afterCommit, type RequestContext, type Services } from '../../platform/context.ts';
import crypto from 'node:crypto';
import {
  defineJob,
  deleteJob,
  deleteJobs,
  enqueue,
  enqueueMany,
  jobQueueReady,
  jobQueueStarting,
} from '../../platform/jobs.ts';
import type { MailResult, OutgoingMail } from '../../platform/mailer.ts';
import { decryptSecret, encryptSecret } from '../../platform/secrets.ts';
import { DEFAULT_TEMPLATES, type TemplateText } from './defaults.ts';
import * as q from './emailtemplates.queries.ts';
import { renderTemplate, type TemplateValues } from './render.ts';

export type EventMail = {
  to: string | string[];
  values: TemplateValues;
  /** Values that are secrets: put in the text with secretPlaceholder(name), filled only in the mail sent. */
  secrets?: Record<string, string>;
  /** The recipient's receiveEmails flag: false stops customer letters (account and security mail still go). */
  receiveEmails?: boolean | null;
  /**
   * The event's settings when the caller read them in a statement of its own (eventMailSettingsQuery), saving this a
   * read.
   */
  settings?: q.EventMailSettings;
  /** Sees the first attempt's result (callers that tell the user a send failed). */
  onSent?: (result: MailResult) => void;
};

type MailContext = Services & { transaction?: RequestContext['transaction'] };

type MailSettings = q.EventMailSettings;
export type { EventMailSettings } from './emailtemplates.queries.ts';

/** For another module's statement: an event's settings as one JSON value, to hand to sendEventMail. */
export const eventMailSettingsQuery = (event: EmailEvent) => q.eventMailSettingsSql(event);

function suppressedBy(settings: MailSettings, event: EmailEvent, receiveEmails?: boolean | null) {
  if (receiveEmails === false && CUSTOMER_LETTER_EVENTS.includes(event)) return 'receiveEmails';
  if (isCriticalEvent(event)) return null;
  return settings.config && !settings.config.isActive ? 'inactive' : null;
}

async function chosenTemplate(db: Db, event: EmailEvent, settings: MailSettings): Promise<TemplateText> {
  const ids = settings.config?.templateIds ?? [];
  if (ids.length) {
    const abTesting = settings.config!.enableAbTesting && ids.length >= 2;
    const chosen = await q.findTemplate(db, abTesting ? ids[Math.floor(Math.random() * ids.length)]! : ids[0]!);
    if (chosen) return chosen;
  }
  return settings.latest ?? DEFAULT_TEMPLATES[event];
}

/** Renders and queues an event's mail in the caller's transaction; it is sent once that commits. */
export async function sendEventMail(ctx: MailContext, eventName: string, mail: EventMail): Promise<void> {
  if (!isEmailEvent(eventName)) throw new Error(`${EmailTemplateMessages.unknownEvent} (${eventName})`);
  const recipients = (Array.isArray(mail.to) ? mail.to : [mail.to]).filter(Boolean);
  if (!recipients.length) return;
  // One read of the event's config and latest template serves both the rules and the template.
  const settings = mail.settings ?? (await q.eventMailSettings(ctx.db, eventName));
  if (suppressedBy(settings, eventName, mail.receiveEmails)) return;
  const template = await chosenTemplate(ctx.db, eventName, settings);
  const values = { brandName: ctx.config.brandName, baseUrl: ctx.config.baseUrl, ...mail.values };
  const { subject, html } = renderTemplate(template, values);
  const outgoing: OutgoingMail = {
    to: Array.isArray(mail.to) ? recipients : recipients[0]!,
    subject,
    html,
    eventName,
    ...(mail.secrets ? { secrets: mail.secrets } : {}),
  };
  const jobId = await queueRetry(ctx, outgoing, { startAfter: true });
  await afterCommit(ctx, async (db) => {
    const result = await ctx.mailer.send(db, outgoing);
    mail.onSent?.(result);
    if (result.wasSuccessful && jobId) await deleteJob({ db, config: ctx.config }, 'send-email', jobId);
    else if (!result.wasSuccessful && !jobId) await queueRetry({ ...ctx, db, transaction: undefined }, outgoing, {});
  });
}

/**
 * sendEventMail for many mails of one action (a plate's pets received): each rendered and judged by its rules as
 * sendEventMail does, their jobs written in one multi-row insert, and once the action commits each sent with the jobs of
 * the delivered ones deleted in one statement. Mails with secrets go through sendEventMail one by one.
 */
export async function sendEventMails(ctx: MailContext, items: { eventName: string; mail: EventMail }[]): Promise<void> {
  const batch: { outgoing: OutgoingMail; mail: EventMail }[] = [];
  for (const { eventName, mail } of items) {
    if (mail.secrets && Object.keys(mail.secrets).length) {
      await sendEventMail(ctx, eventName, mail);
      continue;
    }
    if (!isEmailEvent(eventName)) throw new Error(`${EmailTemplateMessages.unknownEvent} (${eventName})`);
    const recipients = (Array.isArray(mail.to) ? mail.to : [mail.to]).filter(Boolean);
    if (!recipients.length) continue;
    const settings = mail.settings ?? (await q.eventMailSettings(ctx.db, eventName));
    if (suppressedBy(settings, eventName, mail.receiveEmails)) continue;
    const template = await chosenTemplate(ctx.db, eventName, settings);
    const values = { brandName: ctx.config.brandName, baseUrl: ctx.config.baseUrl, ...mail.values };
    const { subject, html } = renderTemplate(template, values);
    batch.push({
      outgoing: { to: Array.isArray(mail.to) ? recipients : recipients[0]!, subject, html, eventName },
      mail,
    });
  }
  if (batch.length === 0) return;
  const canQueue = ctx.transaction ? jobQueueReady(ctx) : jobQueueStarting(ctx);
  const ids = canQueue ? batch.map(() => crypto.randomUUID()) : null;
  if (ids)
    await enqueueMany(
      ctx,
      'send-email',
      batch.map(({ outgoing }) => ({ mail: outgoing, secrets: null })),
      {
        ids,
        retryLimit: 6,
        retryDelaySeconds: ctx.config.mailRetrySeconds,
        retryBackoff: true,
        startAfterSeconds: ctx.config.mailRetrySeconds,
      },
    );
  await afterCommit(ctx, async (db) => {
    const delivered: string[] = [];
    for (const [i, { outgoing, mail }] of batch.entries()) {
      const result = await ctx.mailer.send(db, outgoing);
      mail.onSent?.(result);
      if (result.wasSuccessful && ids) delivered.push(ids[i]!);
      else if (!result.wasSuccessful && !ids) await queueRetry({ ...ctx, db, transaction: undefined }, outgoing, {});
    }
    await deleteJobs({ db, config: ctx.config }, 'send-email', delivered);
  });
}

/**
 * Writes the send-email job (in the open transaction when the queue is ready) and returns its id; null when the job
 * cannot be written now (no queue in this process, or the queue still starting inside a transaction).
 */
async function queueRetry(ctx: MailContext, mail: OutgoingMail, options: { startAfter?: boolean }) {
  if (ctx.transaction ? !jobQueueReady(ctx) : !jobQueueStarting(ctx)) return null;
  const key = ctx.config.dataEncryptionKey;
  if (mail.secrets && Object.keys(mail.secrets).length && !key) return null;
  const { secrets, ...rest } = mail;
  const payload = {
    mail: rest,
    secrets: secrets && key ? encryptSecret(key, JSON.stringify(secrets)) : null,
  };
  return enqueue(ctx, 'send-email', payload, {
    retryLimit: 6,
    retryDelaySeconds: ctx.config.mailRetrySeconds,
    retryBackoff: true,
    ...(options.startAfter ? { startAfterSeconds: ctx.config.mailRetrySeconds } : {}),
  });
}

/** The send-email worker: one attempt, logged; a failure throws so pg-boss retries with backoff. */
async function sendEmailJob(services: Services, payload: Record<string, unknown>) {
  const mail = payload.mail as Omit<OutgoingMail, 'secrets'>;
  const sealed = payload.secrets as string | null;
  const key = services.config.dataEncryptionKey;
  const secrets = sealed && key ? (JSON.parse(decryptSecret(key, sealed)) as Record<string, string>) : undefined;
  const result = await services.mailer.send(services.db, { ...mail, ...(secrets ? { secrets } : {}) });
  if (!result.wasSuccessful) throw new Error(result.errorMessage ?? 'The mail could not be sent.');
}

export function registerEmailJobs() {
  defineJob('send-email', (payload, job) => sendEmailJob(job.services, payload));
}

/** A new admin's letter: the PooPrints form for an admin of a PooPrints community (a property), else the generic one. */
export async function newAdminEvent(db: Db, groupId: number | null | undefined) {
  const group = groupId ? await q.groupForMail(db, groupId) : undefined;
  return {
    event:
      group?.groupType === GroupTypes.Property
        ? ('AdminPooPrintsNewAdmin' as const)
        : ('AdminGenericNewAdmin' as const),
    groupName: group?.name ?? null,
  };
}
