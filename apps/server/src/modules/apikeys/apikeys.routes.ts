// API keys over HTTP: list, create (the key answered once), revoke.
import type { FastifyInstance } from 'fastify';
import { apiKeyEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as apiKeys from './apikeys.service.ts';

export async function apiKeysRoutes(app: FastifyInstance) {
  await route(app, endpoints.list, async (request) => apiKeys.listApiKeys(signedIn(request), request.query));
  await route(app, endpoints.create, async (request) => apiKeys.createApiKey(signedIn(request), request.body));
  await route(app, endpoints.revoke, async (request) => apiKeys.revokeApiKey(signedIn(request), request.params.id));
}
