// Flagged samples over HTTP.
import type { FastifyInstance } from 'fastify';
import { flaggedSampleEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import { groupFlaggedSamples } from './flaggedsamples.service.ts';

export async function flaggedSamplesRoutes(app: FastifyInstance) {
  await route(app, endpoints.list, async (request) =>
    groupFlaggedSamples(signedIn(request), request.params.id, request.query),
  );
}
