// /petowner/*: the owner landing record and the pet owner search modal. Owners see only themselves.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedResponse, petOwnerSearchQuery, petOwnerSearchRow, petOwnerView } from '@registry/contracts';
import { signedIn } from '../../platform/http.ts';
import * as petOwners from './petowners.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export async function petOwnersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['petowners'];
  app.get('/petowner/searchpetowners', { config: { access: 'admin' }, schema: { operationId: 'searchPetOwners', tags, querystring: petOwnerSearchQuery, response: { 200: pagedResponse(petOwnerSearchRow) } } }, async (request) =>
    petOwners.searchPetOwners(signedIn(request), request.query),
  );
  app.get('/petowner/:id', { config: { access: 'signedIn' }, schema: { operationId: 'getPetOwner', tags, params: idParams, response: { 200: petOwnerView } } }, async (request) =>
    petOwners.getPetOwner(signedIn(request), request.params.id),
  );
}
