// /wastesamples/*: HTTP only; the declarations are in packages/contracts/src/endpoints/wastesamples.ts.
import type { FastifyInstance } from 'fastify';
import { wasteSampleEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as status from './status.service.ts';
import * as waste from './wastesamples.service.ts';

export async function wasteSamplesRoutes(app: FastifyInstance) {
  await route(app, endpoints.details, async (request) => waste.details(signedIn(request), request.query.wasteSampleId));
  await route(app, endpoints.bySampleNumber, async (request) =>
    waste.bySampleNumber(signedIn(request), request.query.sampleNumber),
  );
  await route(app, endpoints.create, async (request) => waste.create(signedIn(request), request.body));
  await route(app, endpoints.update, async (request) => waste.update(signedIn(request), request.body));
  await route(app, endpoints.delete, async (request) =>
    waste.remove(signedIn(request), request.params.id, request.query.confirmation),
  );
  await route(app, endpoints.isOrphan, async (request) =>
    waste.isOrphan(signedIn(request), request.query.sampleNumber),
  );
  await route(app, endpoints.receive, async (request) => waste.receive(signedIn(request), request.body));
  await route(app, endpoints.bulkTransfer, async (request) =>
    waste.bulkTransfer(signedIn(request), request.body.destinationId, request.body.sampleIds),
  );
  await route(app, endpoints.history, async (request) => status.history(signedIn(request), request.query.sampleNumber));
  for (const [name, action] of [
    ['reset', 'resetToProfileCreated'],
    ['accept', 'accept'],
    ['expire', 'expire'],
    ['reinstate', 'reinstate'],
  ] as const)
    await route(app, endpoints[name], async (request) =>
      status.changeStatus(signedIn(request), request.params.id, action),
    );
  for (const action of ['reject', 'void', 'unvoid'] as const)
    await route(app, endpoints[action], async (request) =>
      status.changeStatus(signedIn(request), request.params.id, action, request.body),
    );
  await route(app, endpoints.flag, async (request) =>
    status.setFlag(signedIn(request), request.params.id, request.body),
  );
  await route(app, endpoints.unflag, async (request) => status.setFlag(signedIn(request), request.params.id, null));
}
