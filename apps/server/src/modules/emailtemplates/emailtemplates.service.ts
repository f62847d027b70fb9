// /system/emailtemplates (spec 3 §3, §4, §5): the event configs (template ids, active forced on for critical events,
// A/B testing forced off below two templates, tracking flags) and the templates edited in the app, with a preview.
import type { z } from 'zod';
import {
  EMAIL_EVENTS,
  EmailTemplateMessages as M,
  CUSTOMER_LETTER_EVENTS,
  isCriticalEvent,
  isEmailEvent,
  type EmailEvent,
  type emailTemplateConfigBody,
  type emailTemplatePreviewRequest,
  type emailTemplateWriteRequest,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused, validationError } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { DEFAULT_TEMPLATES } from './defaults.ts';
import * as q from './emailtemplates.queries.ts';
import { placeholdersOf, renderTemplate, sampleValues } from './render.ts';

type ConfigBody = z.output<typeof emailTemplateConfigBody>;

/** An unknown template key is an error (spec 3 §5), answered as a validation error on the key. */
function eventOf(templateKey: string): EmailEvent {
  if (!isEmailEvent(templateKey)) throw validationError({ templateKey: [M.unknownEvent] }, M.unknownEvent);
  return templateKey;
}

function configView(row: q.ConfigRow) {
  const event = row.eventName as EmailEvent;
  return {
    eventName: row.eventName,
    templateIds: row.templateIds,
    isActive: row.isActive || isCriticalEvent(event),
    enableAbTesting: row.enableAbTesting && row.templateIds.length >= 2,
    trackClicks: row.trackClicks,
    trackOpens: row.trackOpens,
    trackSubscriptions: row.trackSubscriptions,
    isCritical: isCriticalEvent(event),
  };
}

const templateView = (row: q.TemplateRow) => ({
  id: row.id,
  name: row.name,
  eventName: row.eventName,
  subject: row.subject,
  body: row.body,
  dateUpdated: row.dateUpdated.toISOString(),
});

export async function listConfigs(ctx: SignedInContext) {
  assertCan(ctx, 'system.emailTemplates');
  const rows = await q.allConfigs(ctx.db);
  return Object.fromEntries(rows.filter((r) => isEmailEvent(r.eventName)).map((r) => [r.eventName, configView(r)]));
}

export async function listTemplates(ctx: SignedInContext) {
  assertCan(ctx, 'system.emailTemplates');
  const rows = await q.allTemplates(ctx.db);
  return {
    templates: rows.map(templateView),
    events: EMAIL_EVENTS.map((event) => ({
      eventName: event,
      isCritical: isCriticalEvent(event),
      isCustomerLetter: CUSTOMER_LETTER_EVENTS.includes(event),
      placeholders: placeholdersOf(event),
      defaultSubject: DEFAULT_TEMPLATES[event].subject,
      defaultBody: DEFAULT_TEMPLATES[event].body,
    })),
  };
}

/** The stored values: critical events always active; A/B testing only with two templates or more (spec 3 §4). */
async function normalised(ctx: SignedInContext, event: EmailEvent, body: ConfigBody): Promise<q.ConfigValues> {
  const templateIds = [...new Set(body.templateIds)];
  const templates = await q.templatesByIds(ctx.db, templateIds);
  if (templates.length !== templateIds.length || templates.some((t) => t.eventName !== event))
    throw validationError({ templateIds: [M.unknownTemplateIds] });
  return {
    templateIds,
    isActive: isCriticalEvent(event) ? true : body.isActive,
    enableAbTesting: templateIds.length >= 2 ? body.enableAbTesting : false,
    trackClicks: body.trackClicks,
    trackOpens: body.trackOpens,
    trackSubscriptions: body.trackSubscriptions,
  };
}

export async function addConfig(ctx: SignedInContext, templateKey: string, body: ConfigBody) {
  assertCan(ctx, 'system.emailTemplates');
  const event = eventOf(templateKey);
  return withTransaction(ctx, async (tx, txCtx) => {
    if (await q.findConfig(tx, event)) throw refused(M.configExists);
    const values = await normalised(txCtx, event, body);
    await q.insertConfig(tx, event, values);
    await writeAudit(tx, ctx, {
      entityType: 'EmailTemplateConfig',
      entityId: event,
      actionType: 'Create',
      after: values,
    });
    return { message: M.configAdded };
  });
}

export async function updateConfig(ctx: SignedInContext, templateKey: string, body: ConfigBody) {
  assertCan(ctx, 'system.emailTemplates');
  const event = eventOf(templateKey);
  return withTransaction(ctx, async (tx, txCtx) => {
    const before = await q.findConfig(tx, event);
    if (!before) throw notFound(M.configNotFound);
    const values = await normalised(txCtx, event, body);
    await q.updateConfig(tx, event, values);
    await writeAudit(tx, ctx, {
      entityType: 'EmailTemplateConfig',
      entityId: event,
      actionType: 'Update',
      before,
      after: values,
    });
    return { message: M.configUpdated };
  });
}

export async function deleteConfig(ctx: SignedInContext, templateKey: string) {
  assertCan(ctx, 'system.emailTemplates');
  const event = eventOf(templateKey);
  return withTransaction(ctx, async (tx) => {
    const before = await q.findConfig(tx, event);
    if (!before) throw notFound(M.configNotFound);
    await q.deleteConfig(tx, event);
    await writeAudit(tx, ctx, { entityType: 'EmailTemplateConfig', entityId: event, actionType: 'Delete', before });
    return { message: M.configDeleted };
  });
}

type TemplateBody = z.output<typeof emailTemplateWriteRequest>;

function templateValues(body: TemplateBody) {
  if (!isEmailEvent(body.eventName)) throw validationError({ eventName: [M.unknownEvent] }, M.unknownEvent);
  return { name: body.name, eventName: body.eventName, subject: body.subject, body: body.body };
}

export async function createTemplate(ctx: SignedInContext, body: TemplateBody) {
  assertCan(ctx, 'system.emailTemplates');
  const values = templateValues(body);
  return withTransaction(ctx, async (tx) => {
    const row = await q.insertTemplate(tx, values);
    await writeAudit(tx, ctx, { entityType: 'EmailTemplate', entityId: row.id, actionType: 'Create', after: values });
    return templateView(row);
  });
}

export async function updateTemplate(ctx: SignedInContext, id: number, body: TemplateBody) {
  assertCan(ctx, 'system.emailTemplates');
  const values = templateValues(body);
  return withTransaction(ctx, async (tx) => {
    const before = await q.findTemplate(tx, id);
    if (!before) throw notFound(M.templateNotFound);
    const config = await q.findConfig(tx, before.eventName);
    if (before.eventName !== values.eventName && config?.templateIds.includes(id)) throw refused(M.templateInUse);
    const row = (await q.updateTemplate(tx, id, values))!;
    await writeAudit(tx, ctx, {
      entityType: 'EmailTemplate',
      entityId: id,
      actionType: 'Update',
      before,
      after: values,
    });
    return templateView(row);
  });
}

export async function deleteTemplate(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'system.emailTemplates');
  return withTransaction(ctx, async (tx) => {
    const before = await q.findTemplate(tx, id);
    if (!before) throw notFound(M.templateNotFound);
    const config = await q.findConfig(tx, before.eventName);
    if (config?.templateIds.includes(id)) throw refused(M.templateInUse);
    await q.deleteTemplate(tx, id);
    await writeAudit(tx, ctx, { entityType: 'EmailTemplate', entityId: id, actionType: 'Delete', before });
    return { message: M.templateDeleted };
  });
}

/** The template filled with sample data, as the mail would look. */
export async function previewTemplate(ctx: SignedInContext, body: z.output<typeof emailTemplatePreviewRequest>) {
  assertCan(ctx, 'system.emailTemplates');
  const event = isEmailEvent(body.eventName) ? body.eventName : null;
  if (!event) throw validationError({ eventName: [M.unknownEvent] }, M.unknownEvent);
  return renderTemplate(
    { subject: body.subject, body: body.body },
    sampleValues(event, ctx.config.brandName, ctx.config.baseUrl),
  );
}
