// Universal search route: HTTP only (packages/contracts/src/endpoints/search.ts).
import type { FastifyInstance } from 'fastify';
import { searchEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import { universalSearch } from './search.service.ts';

export async function searchRoutes(app: FastifyInstance) {
  await route(app, endpoints.universal, async (request) => universalSearch(signedIn(request), request.query));
}
