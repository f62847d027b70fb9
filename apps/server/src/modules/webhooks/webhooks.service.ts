// Webhooks (issue 42): a group's subscriptions to registry events, their delivery log, a replay of any logged delivery
// and a test ping. The signing secret is made here, answered once and kept encrypted; no answer or log shows it again.
import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  WEBHOOK_PING_EVENT,
  type webhookCreateRequest,
  type webhookDeliveryListQuery,
  type webhookListQuery,
  type webhookUpdateRequest,
  type WebhookDeliveryView,
  type WebhookView,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type Services, type SignedInContext } from '../../platform/context.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { dataKeyOf, decryptSecret, encryptSecret } from '../../platform/secrets.ts';
import { checkWebhookAddress } from './webhook-address.ts';
import { deliverOnce, type AttemptOutcome } from './webhook-delivery.ts';
import * as q from './webhooks.queries.ts';

const subscriptionNotFound = () => notFound('Webhook not found.');
const iso = (value: string | Date) => new Date(value).toISOString();

function view(row: q.SubscriptionRow): WebhookView {
  return {
    id: row.id,
    groupId: row.groupId,
    groupName: row.groupName,
    url: row.url,
    description: row.description,
    events: row.events,
    isActive: row.isActive,
    dateCreated: iso(row.dateCreated),
    lastDelivery: row.lastDeliveryAt
      ? {
          dateCreated: iso(row.lastDeliveryAt),
          succeeded: row.lastDeliverySucceeded === true,
          statusCode: row.lastDeliveryStatusCode,
        }
      : null,
  };
}

async function loadSubscription(ctx: SignedInContext, id: number) {
  const [row] = await q.subscriptionsInScope(ctx.db, ctx.caller, { id, page: 1, pageSize: 1 });
  if (!row) throw subscriptionNotFound();
  return row;
}

/** Refuses (400 on url) an address that is not public HTTPS. */
async function assertDeliverable(ctx: SignedInContext, url: string) {
  const check = await checkWebhookAddress(ctx.config, url);
  if (!check.ok) throw validationError({ url: [check.problem] }, check.problem);
}

export async function listWebhooks(ctx: SignedInContext, query: z.output<typeof webhookListQuery>) {
  assertCan(ctx, 'integrations.manage');
  if (query.groupId !== undefined) await loadGroupInScope(ctx, query.groupId);
  const rows = await q.subscriptionsInScope(ctx.db, ctx.caller, query);
  return { data: rows.map(view), totalRecords: rows[0]?.totalRecords ?? 0 };
}

export async function getWebhook(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'integrations.manage');
  return view(await loadSubscription(ctx, id));
}

export async function createWebhook(ctx: SignedInContext, body: z.output<typeof webhookCreateRequest>) {
  assertCan(ctx, 'integrations.manage');
  await loadGroupInScope(ctx, body.groupId);
  await assertDeliverable(ctx, body.url);
  const secret = `whsec_${crypto.randomBytes(32).toString('base64url')}`;
  const id = await withTransaction(ctx, async (tx, txCtx) => {
    const subscriptionId = await q.insertSubscription(tx, {
      groupId: body.groupId,
      url: body.url,
      description: body.description,
      events: [...new Set(body.events)],
      secret: encryptSecret(dataKeyOf(ctx.config), secret),
      createdByUserId: ctx.caller.userId,
    });
    await writeAudit(tx, txCtx, {
      entityType: 'WebhookSubscription',
      entityId: subscriptionId,
      actionType: 'Create',
      after: { groupId: body.groupId, url: body.url, events: body.events },
    });
    return subscriptionId;
  });
  return { webhook: view(await loadSubscription(ctx, id)), secret };
}

export async function updateWebhook(ctx: SignedInContext, id: number, body: z.output<typeof webhookUpdateRequest>) {
  assertCan(ctx, 'integrations.manage');
  const before = await loadSubscription(ctx, id);
  if (body.url !== before.url) await assertDeliverable(ctx, body.url);
  await withTransaction(ctx, async (tx, txCtx) => {
    const values = {
      url: body.url,
      description: body.description,
      events: [...new Set(body.events)],
      isActive: body.isActive,
    };
    await q.updateSubscription(tx, id, values);
    await writeAudit(tx, txCtx, {
      entityType: 'WebhookSubscription',
      entityId: id,
      actionType: 'Update',
      before: { url: before.url, description: before.description, events: before.events, isActive: before.isActive },
      after: values,
    });
  });
  return view(await loadSubscription(ctx, id));
}

export async function deleteWebhook(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'integrations.manage');
  const before = await loadSubscription(ctx, id);
  await withTransaction(ctx, async (tx, txCtx) => {
    await q.deleteSubscription(tx, id);
    await writeAudit(tx, txCtx, {
      entityType: 'WebhookSubscription',
      entityId: id,
      actionType: 'Delete',
      before: { groupId: before.groupId, url: before.url, events: before.events },
    });
  });
  return { message: 'The webhook was deleted.' };
}

export async function webhookDeliveries(
  ctx: SignedInContext,
  id: number,
  query: z.output<typeof webhookDeliveryListQuery>,
): Promise<{ data: WebhookDeliveryView[]; totalRecords: number }> {
  assertCan(ctx, 'integrations.manage');
  await loadSubscription(ctx, id);
  const { rows, total } = await q.deliveriesOf(ctx.db, id, query);
  return {
    data: rows.map((row) => ({
      id: row.id,
      event: row.event,
      eventId: row.eventId,
      attempt: row.attempt,
      isReplay: row.isReplay,
      succeeded: row.succeeded,
      statusCode: row.statusCode,
      durationMs: row.durationMs,
      responseExcerpt: row.responseExcerpt,
      error: row.error,
      dateCreated: iso(row.dateCreated),
    })),
    totalRecords: total,
  };
}

/** The JSON body of an event: its name, id, time, group and the resource as the API shows it. */
export function eventBody(event: string, eventId: string, groupId: number, data: unknown): string {
  return JSON.stringify({ event, id: eventId, time: new Date().toISOString(), groupId, data });
}

/**
 * One attempt at a subscription, logged. Used by the job (first attempt and retries), the replay and the ping.
 * Returns null when the subscription no longer exists.
 */
export async function attemptDelivery(
  services: Pick<Services, 'db' | 'config'>,
  subscriptionId: number,
  message: { event: string; eventId: string; body: string; isReplay: boolean },
): Promise<AttemptOutcome | null> {
  const subscription = await q.subscriptionForDelivery(services.db, subscriptionId);
  if (!subscription) return null;
  const secret = decryptSecret(dataKeyOf(services.config), subscription.secret);
  const outcome = await deliverOnce(services.config, { url: subscription.url, secret }, message);
  const attempt = message.isReplay ? 1 : (await q.attemptsSoFar(services.db, subscriptionId, message.eventId)) + 1;
  await q.insertDelivery(services.db, {
    subscriptionId,
    event: message.event,
    eventId: message.eventId,
    body: message.body,
    attempt,
    isReplay: message.isReplay,
    ...outcome,
  });
  return outcome;
}

const outcomeMessage = (outcome: AttemptOutcome | null) =>
  !outcome
    ? 'The webhook no longer exists.'
    : outcome.succeeded
      ? `Delivered: the receiver answered ${outcome.statusCode} in ${outcome.durationMs} ms.`
      : `Not delivered: ${outcome.statusCode ? `the receiver answered ${outcome.statusCode}` : outcome.error}.`;

export async function pingWebhook(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'integrations.manage');
  const subscription = await loadSubscription(ctx, id);
  const eventId = crypto.randomUUID();
  const body = eventBody(WEBHOOK_PING_EVENT, eventId, subscription.groupId, {
    webhookId: subscription.id,
    message: 'A test ping from the registry.',
  });
  const outcome = await attemptDelivery(ctx, id, { event: WEBHOOK_PING_EVENT, eventId, body, isReplay: false });
  return { message: outcomeMessage(outcome) };
}

export async function replayDelivery(ctx: SignedInContext, id: number, deliveryId: number) {
  assertCan(ctx, 'integrations.manage');
  await loadSubscription(ctx, id);
  const delivery = await q.deliveryOf(ctx.db, id, deliveryId);
  if (!delivery) throw notFound('Delivery not found.');
  const outcome = await attemptDelivery(ctx, id, {
    event: delivery.event,
    eventId: delivery.eventId,
    body: delivery.body,
    isReplay: true,
  });
  return { message: outcomeMessage(outcome) };
}
