// Rent-roll sync: HTTP only; the declarations are in packages/contracts/src/endpoints/rentroll.ts.
import type { FastifyInstance } from 'fastify';
import { rentRollEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as rentRoll from './rentroll.service.ts';

export async function rentRollRoutes(app: FastifyInstance) {
  await route(app, endpoints.mapping, async (r) => rentRoll.getMapping(signedIn(r), r.params.groupId));
  await route(app, endpoints.saveMapping, async (r) => rentRoll.saveMapping(signedIn(r), r.params.groupId, r.body));
  await route(app, endpoints.preview, async (r) =>
    rentRoll.importRoll(signedIn(r), r.params.groupId, () => r.upload()),
  );
  await route(app, endpoints.proposal, async (r) => rentRoll.getProposal(signedIn(r), r.params.groupId, r.params.id));
  await route(app, endpoints.apply, async (r) =>
    rentRoll.applyProposal(signedIn(r), r.params.groupId, r.params.id, r.body),
  );
}
