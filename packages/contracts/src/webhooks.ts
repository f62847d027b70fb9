// Webhooks (issue 42): a group's subscriptions to events, each delivered as a signed HTTPS POST, with a delivery log,
// a replay of any logged delivery and a test ping. The signing secret is answered once, at creation.
import { z } from 'zod';
import { id, INT_MAX, integer, optionalText, pagedResponse, pagingQuery, textField } from './common.ts';

import { WEBHOOK_EVENTS } from './webhook-events.ts';

export * from './webhook-events.ts';

export const WEBHOOK_URL_MAX = 500;

const webhookUrl = textField(WEBHOOK_URL_MAX, { error: 'Address is required.' })
  .trim()
  .min(1, 'Address is required.')
  .refine((value) => URL.canParse(value), 'Must be a full web address such as https://example.com/hooks.')
  .refine((value) => {
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return !url.username && !url.password;
  }, 'Must not carry a user name or password.');

const eventList = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event.' }))
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENTS.length);

export const webhookCreateRequest = z.object({
  groupId: id,
  url: webhookUrl,
  description: optionalText(200),
  events: eventList,
});
export type WebhookCreateRequest = z.input<typeof webhookCreateRequest>;

export const webhookUpdateRequest = z.object({
  url: webhookUrl,
  description: optionalText(200),
  events: eventList,
  isActive: z.boolean(),
});
export type WebhookUpdateRequest = z.input<typeof webhookUpdateRequest>;

export const webhookView = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  isActive: z.boolean(),
  dateCreated: z.iso.datetime(),
  lastDelivery: z
    .object({ dateCreated: z.iso.datetime(), succeeded: z.boolean(), statusCode: z.number().int().nullable() })
    .nullable(),
});
export type WebhookView = z.infer<typeof webhookView>;

/** The answer to a creation: the subscription and its signing secret, shown this once and never again. */
export const webhookCreated = z.object({ webhook: webhookView, secret: z.string() });

export const webhookListQuery = pagingQuery.extend({ groupId: integer(1, INT_MAX).optional() });
export const webhookList = pagedResponse(webhookView);

export const webhookDeliveryView = z.object({
  id: z.number().int(),
  event: z.string(),
  eventId: z.string(),
  attempt: z.number().int(),
  isReplay: z.boolean(),
  succeeded: z.boolean(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The first bytes of the receiver's answer, or what went wrong when there was none. */
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  dateCreated: z.iso.datetime(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;
export const webhookDeliveryListQuery = pagingQuery.pick({ page: true, pageSize: true });
export const webhookDeliveryList = pagedResponse(webhookDeliveryView);
export const webhookDeliveryParams = z.object({ id, deliveryId: id });
export const webhookSentMessage = z.object({ message: z.string() });
