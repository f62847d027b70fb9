// /residents/*: a resident's own record (resident landing) and the admin search.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../platform/http.ts';
import * as residents from './residents.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
const residentView = z.object({
  id: z.number().int(),
  userName: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  status: z.number().int(),
  petSpecies: z.number().int(),
  isPartiallyRegistered: z.boolean(),
  groupId: z.number().int(),
  propertyName: z.string(),
  datePreRegistered: z.string(),
  dogs: z.array(z.object({ id: z.number().int(), name: z.string(), isRegistered: z.boolean() })),
});
const residentSearchRow = z.object({ id: z.number().int(), fullName: z.string(), email: z.string().nullable(), status: z.number().int(), groupId: z.number().int(), propertyName: z.string() });

export async function residentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['residents'];
  app.get('/residents/search', { config: { access: 'admin' }, schema: { operationId: 'searchResidents', tags, querystring: z.object({ query: z.string().trim().min(1).max(200) }), response: { 200: z.array(residentSearchRow) } } }, async (request) =>
    residents.searchResidents(signedIn(request), request.query.query),
  );
  app.get('/residents/:id', { config: { access: 'signedIn' }, schema: { operationId: 'getResident', tags, params: idParams, response: { 200: residentView } } }, async (request) =>
    residents.getResident(signedIn(request), request.params.id),
  );
}
