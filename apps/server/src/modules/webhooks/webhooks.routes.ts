// Webhooks over HTTP: subscriptions, their delivery log, replay and test ping.
import type { FastifyInstance } from 'fastify';
import { webhookEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as webhooks from './webhooks.service.ts';

export async function webhooksRoutes(app: FastifyInstance) {
  await route(app, endpoints.list, async (request) => webhooks.listWebhooks(signedIn(request), request.query));
  await route(app, endpoints.get, async (request) => webhooks.getWebhook(signedIn(request), request.params.id));
  await route(app, endpoints.create, async (request) => webhooks.createWebhook(signedIn(request), request.body));
  await route(app, endpoints.update, async (request) =>
    webhooks.updateWebhook(signedIn(request), request.params.id, request.body),
  );
  await route(app, endpoints.delete, async (request) => webhooks.deleteWebhook(signedIn(request), request.params.id));
  await route(app, endpoints.deliveries, async (request) =>
    webhooks.webhookDeliveries(signedIn(request), request.params.id, request.query),
  );
  await route(app, endpoints.ping, async (request) => webhooks.pingWebhook(signedIn(request), request.params.id));
  await route(app, endpoints.replay, async (request) =>
    webhooks.replayDelivery(signedIn(request), request.params.id, request.params.deliveryId),
  );
}
