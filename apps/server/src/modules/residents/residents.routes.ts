// /residents/*: a resident's own record (resident landing) and the admin search.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { residentSearchQuery, residentSearchRow, residentView } from '@registry/contracts';
import { signedIn } from '../../platform/http.ts';
import * as residents from './residents.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export async function residentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['residents'];
  app.get('/residents/search', { config: { access: 'admin' }, schema: { operationId: 'searchResidents', tags, querystring: residentSearchQuery, response: { 200: z.array(residentSearchRow) } } }, async (request) =>
    residents.searchResidents(signedIn(request), request.query.query),
  );
  app.get('/residents/:id', { config: { access: 'signedIn' }, schema: { operationId: 'getResident', tags, params: idParams, response: { 200: residentView } } }, async (request) =>
    residents.getResident(signedIn(request), request.params.id),
  );
}
