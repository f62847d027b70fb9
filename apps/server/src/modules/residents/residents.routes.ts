// Residents and the public pre-registration: HTTP only; the declarations are in
// packages/contracts/src/endpoints/residents.ts.
import type { FastifyInstance } from 'fastify';
import { BOT_CHECK_HEADER, preregEndpoints, residentEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import { uploadDogImage } from './dog-image.service.ts';
import * as actions from './resident-actions.service.ts';
import { approveResident } from './resident-approval.service.ts';
import * as prereg from './prereg.service.ts';
import * as residents from './residents.service.ts';

export async function residentsRoutes(app: FastifyInstance) {
  await route(app, endpoints.search, async (request) =>
    residents.searchResidents(signedIn(request), request.query.query),
  );
  await route(app, endpoints.get, async (request) => residents.getResident(signedIn(request), request.params.id));
  await route(app, endpoints.details, async (request) =>
    residents.getResidentDetails(signedIn(request), request.params.id),
  );
  await route(app, endpoints.list, async (request) =>
    residents.listResidents(signedIn(request), request.params.groupId, request.query, false),
  );
  await route(app, endpoints.preregList, async (request) =>
    residents.listResidents(signedIn(request), request.params.groupId, request.query, true),
  );
  await route(app, endpoints.moveOuts, async (request) =>
    residents.listMoveOuts(signedIn(request), request.params.groupId, request.query),
  );
  await route(app, endpoints.bulkMoveOut, async (request) =>
    actions.bulkMoveOut(signedIn(request), request.params.groupId, request.body.residentIds),
  );
  await route(app, endpoints.bulkTransfer, async (request) =>
    actions.bulkTransfer(
      signedIn(request),
      request.params.groupId,
      request.body.destinationId,
      request.body.residentIds,
    ),
  );
  await route(app, endpoints.approve, async (request) =>
    approveResident(signedIn(request), request.params.id, request.body),
  );
  await route(app, endpoints.remove, async (request) => actions.deleteResident(signedIn(request), request.params.id));
  await route(app, endpoints.update, async (request) => residents.updateResident(signedIn(request), request.body));
  await route(app, endpoints.dogs, async (request) => actions.listDogs(signedIn(request), request.params.residentId));
  await route(app, endpoints.addDog, async (request) =>
    actions.addDog(signedIn(request), request.params.residentId, request.body),
  );
  await route(app, endpoints.deleteDog, async (request) =>
    actions.deleteDog(signedIn(request), request.params.residentId, request.params.dogId, request.query.confirmName),
  );
  await route(app, endpoints.dogImage, async (request) =>
    uploadDogImage(
      signedIn(request),
      request.params.residentId,
      request.params.dogId,
      async () => (await request.upload()).files.file,
    ),
  );

  await route(app, preregEndpoints.property, async (request) =>
    prereg.propertyByCode(request.ctx, request.params.code),
  );
  await route(app, preregEndpoints.documents, async (request) => prereg.documents(request.ctx));
  await route(app, preregEndpoints.botCheck, async (request) => prereg.botCheckChallenge(request.ctx));
  await route(app, preregEndpoints.create, async (request) => {
    const header = request.headers[BOT_CHECK_HEADER];
    return prereg.preRegister(request.ctx, Array.isArray(header) ? header[0] : header, request.body);
  });
}
