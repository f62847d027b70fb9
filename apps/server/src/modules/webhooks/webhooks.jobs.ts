// Webhook deliveries through the job queue (issue 42): each registry event, once its change has committed, becomes one
// job per subscriber. A failed attempt is logged and the job retried with doubling delays for about a day (11 retries
// from WEBHOOK_RETRY_SECONDS, 60 s by default, capped at 6 h apart), then left failed; the log shows every attempt.
import crypto from 'node:crypto';
import { defineJob, enqueue } from '../../platform/jobs.ts';
import { onRegistryEvent } from '../../platform/webhook-events.ts';
import { bodiesFor } from './event-bodies.ts';
import { attemptDelivery } from './webhooks.service.ts';
import * as q from './webhooks.queries.ts';

const RETRIES = 11;

/**
 * One function for every app of the process (the hook set keeps it once), so an event is queued once. The subscribers
 * are looked up first: an event nobody listens to costs this one query, and its resource view is never read.
 */
const prepareDeliveries: Parameters<typeof onRegistryEvent>[0] = async (services, event) => {
  const subscribers = await q.subscribersOf(services.db, event.event, event.groupId);
  if (subscribers.length === 0) return null;
  const eventId = crypto.randomUUID();
  const bodies = await bodiesFor(services, event, eventId, subscribers);
  return async (db) => {
    for (const [subscriptionId, body] of bodies)
      await enqueue(
        { db, config: services.config },
        'webhook-deliver',
        { subscriptionId, event: event.event, eventId, body },
        { retryLimit: RETRIES, retryDelaySeconds: services.config.webhookRetrySeconds, retryBackoff: true },
      );
  };
};

export function registerWebhookJobs(): void {
  onRegistryEvent(prepareDeliveries);
  defineJob('webhook-deliver', async (payload, { services }) => {
    const outcome = await attemptDelivery(services, Number(payload.subscriptionId), {
      event: String(payload.event),
      eventId: String(payload.eventId),
      body: String(payload.body),
      isReplay: false,
    });
    // Thrown so the queue retries it; a deleted subscription is simply done.
    if (outcome && !outcome.succeeded) throw new Error('Webhook delivery failed; it will be retried.');
  });
}
