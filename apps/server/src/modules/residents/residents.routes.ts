// /residents/*: a resident's own record (resident landing) and the admin search. HTTP only; the declarations are in
// packages/contracts/src/endpoints/residents.ts.
import type { FastifyInstance } from 'fastify';
import { residentEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as residents from './residents.service.ts';

export async function residentsRoutes(app: FastifyInstance) {
  await route(app, endpoints.search, async (request) =>
    residents.searchResidents(signedIn(request), request.query.query),
  );
  await route(app, endpoints.get, async (request) => residents.getResident(signedIn(request), request.params.id));
}
