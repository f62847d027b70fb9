// /fieldcollection/*: HTTP only; the declarations are in packages/contracts/src/endpoints/fieldcollection.ts.
import type { FastifyInstance } from 'fastify';
import { fieldCollectionEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as field from './fieldcollection.service.ts';

export async function fieldCollectionRoutes(app: FastifyInstance) {
  await route(app, endpoints.collect, async (request) => {
    const { model, files } = await request.upload();
    return field.collect(signedIn(request), model, files);
  });
  await route(app, endpoints.properties, async (request) => field.properties(signedIn(request)));
  await route(app, endpoints.custody, async (request) => field.custody(signedIn(request), request.query.wasteSampleId));
  await route(app, endpoints.bySampleNumber, async (request) =>
    field.bySampleNumber(signedIn(request), request.query.sampleNumber),
  );
  await route(app, endpoints.points, async (request) => field.points(signedIn(request), request.query));
}
