// Lookups (spec 1 §7): HTTP only; the declarations are in packages/contracts/src/endpoints/lookups.ts.
import type { FastifyInstance } from 'fastify';
import { lookupEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import * as lookups from './lookups.service.ts';

export async function lookupsRoutes(app: FastifyInstance) {
  await route(app, endpoints.countries, async () => lookups.countries());
  await route(app, endpoints.states, async () => lookups.allStates());
  await route(app, endpoints.statesByCountry, async (request) => {
    lookups.countryById(request.query.countryId);
    return lookups.statesOf(request.query.countryId);
  });
  await route(app, endpoints.countryById, async (request) => lookups.countryById(request.query.countryId));
  await route(app, endpoints.stateById, async (request) => lookups.stateById(request.query.stateId));
  await route(app, endpoints.cities, async () => []);
}
