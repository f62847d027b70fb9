// /petowner/*: the owner landing record and the pet owner search modal. Owners see only themselves. HTTP only; the
// declarations are in packages/contracts/src/endpoints/petowners.ts.
import type { FastifyInstance } from 'fastify';
import { petOwnerEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as petOwners from './petowners.service.ts';

export async function petOwnersRoutes(app: FastifyInstance) {
  await route(app, endpoints.search, async (request) => petOwners.searchPetOwners(signedIn(request), request.query));
  await route(app, endpoints.get, async (request) => petOwners.getPetOwner(signedIn(request), request.params.id));
}
