// Webhooks (issue 42): a group's subscriptions, their delivery log, a replay and a test ping.
import { endpointGroup } from '../endpoint.ts';

const webhook = endpointGroup(['webhooks'], () => import('../schemas.ts'));
const access = { right: 'integrations.manage' } as const;

export const webhookEndpoints = {
  list: webhook.get('/webhooks', 'getWebhooks', access, (s) => ({
    query: s.webhookListQuery,
    response: s.webhookList,
  })),
  get: webhook.get('/webhooks/:id', 'getWebhook', access, (s) => ({ params: s.idParam, response: s.webhookView })),
  create: webhook.post('/webhooks', 'createWebhook', access, (s) => ({
    body: s.webhookCreateRequest,
    response: s.webhookCreated,
  })),
  update: webhook.put('/webhooks/:id', 'updateWebhook', access, (s) => ({
    params: s.idParam,
    body: s.webhookUpdateRequest,
    response: s.webhookView,
  })),
  delete: webhook.delete('/webhooks/:id', 'deleteWebhook', access, (s) => ({
    params: s.idParam,
    response: s.okMessage,
  })),
  deliveries: webhook.get('/webhooks/:id/deliveries', 'getWebhookDeliveries', access, (s) => ({
    params: s.idParam,
    query: s.webhookDeliveryListQuery,
    response: s.webhookDeliveryList,
  })),
  ping: webhook.post('/webhooks/:id/ping', 'pingWebhook', access, (s) => ({
    params: s.idParam,
    response: s.webhookSentMessage,
  })),
  replay: webhook.post('/webhooks/:id/deliveries/:deliveryId/replay', 'replayWebhookDelivery', access, (s) => ({
    params: s.webhookDeliveryParams,
    response: s.webhookSentMessage,
  })),
};
