// The webhook events, their words on screen and the delivery headers: no zod, so screens import them cheaply.

/** The events a subscription may choose (docs/integrations.md says when each is sent). */
export const WEBHOOK_EVENTS = [
  'resident.preregistered',
  'resident.approved',
  'resident.movedOut',
  'pet.registered',
  'wasteSample.collected',
  'wasteSample.received',
  'matchResult.approved',
  'order.paid',
  'order.refunded',
  'violationNotice.issued',
  'violationNotice.disputed',
  'violationNotice.paid',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The test ping's event name (never subscribed to: the ping goes to the one subscription asked). */
export const WEBHOOK_PING_EVENT = 'ping';

/** The headers of every delivery (docs/integrations.md shows how a receiver verifies them). */
export const WEBHOOK_HEADERS = {
  signature: 'X-Registry-Signature',
  timestamp: 'X-Registry-Timestamp',
  event: 'X-Registry-Event',
  delivery: 'X-Registry-Delivery',
} as const;

/** The events in the product's words. */
export const WEBHOOK_EVENT_WORDS: Record<WebhookEvent, string> = {
  'resident.preregistered': 'Resident pre-registered',
  'resident.approved': 'Resident approved',
  'resident.movedOut': 'Resident moved out',
  'pet.registered': 'Dog registered',
  'wasteSample.collected': 'Waste sample collected',
  'wasteSample.received': 'Waste sample received by the lab',
  'matchResult.approved': 'Match result approved',
  'order.paid': 'Order paid',
  'order.refunded': 'Order refunded',
  'violationNotice.issued': 'Violation notice issued',
  'violationNotice.disputed': 'Violation notice disputed',
  'violationNotice.paid': 'Violation notice paid',
};
