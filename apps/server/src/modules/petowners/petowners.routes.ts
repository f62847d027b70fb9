// /petowner/*, /petownergroups/* and the registration agreement PDF: HTTP only. The declarations are in
// packages/contracts/src/endpoints/petowners.ts; the rules in petowners.service.ts and petowner-groups.service.ts.
import type { FastifyInstance } from 'fastify';
import { petOwnerEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as petOwners from './petowners.service.ts';
import * as petOwnerGroups from './petowner-groups.service.ts';
import { registrationAgreement } from './registration-agreement.service.ts';

export async function petOwnersRoutes(app: FastifyInstance) {
  await route(app, endpoints.search, async (request) => petOwners.searchPetOwners(signedIn(request), request.query));
  await route(app, endpoints.unassigned, async (request) =>
    petOwners.unassignedPetOwners(signedIn(request), request.query),
  );
  await route(app, endpoints.get, async (request) => petOwners.getPetOwner(signedIn(request), request.params.id));
  await route(app, endpoints.update, async (request) =>
    petOwners.updatePetOwner(signedIn(request), request.params.id, request.body),
  );
  await route(app, endpoints.delete, async (request) => petOwners.deletePetOwner(signedIn(request), request.params.id));
  await route(app, endpoints.activate, async (request) =>
    petOwners.activatePetOwner(signedIn(request), request.params.id),
  );
  await route(app, endpoints.deactivate, async (request) =>
    petOwners.deactivatePetOwner(signedIn(request), request.params.id),
  );
  await route(app, endpoints.securityQuestion, async (request) =>
    petOwners.getSecurityQuestion(signedIn(request), request.params.id),
  );
  await route(app, endpoints.groupHistory, async (request) =>
    petOwnerGroups.groupHistory(signedIn(request), request.params.id),
  );
  await route(app, endpoints.deleteHistoryEntry, async (request) =>
    petOwnerGroups.deleteHistoryEntry(signedIn(request), request.params.id),
  );
  await route(app, endpoints.removeFromAllGroups, async (request) =>
    petOwnerGroups.removeFromAllGroups(signedIn(request), request.params.id),
  );
  await route(app, endpoints.groupPetOwners, async (request) =>
    petOwnerGroups.groupPetOwners(signedIn(request), request.params.groupId, request.query, false),
  );
  await route(app, endpoints.moveOuts, async (request) =>
    petOwnerGroups.groupPetOwners(signedIn(request), request.params.groupId, request.query, true),
  );
  await route(app, endpoints.createInGroup, async (request) =>
    petOwnerGroups.createPetOwner(signedIn(request), request.params.groupId, request.body),
  );
  await route(app, endpoints.addToGroup, async (request) =>
    petOwnerGroups.addToGroup(signedIn(request), request.params.groupId, request.params.id),
  );
  await route(app, endpoints.moveOut, async (request) =>
    petOwnerGroups.movePetOwnerOut(signedIn(request), request.params.groupId, request.params.id, request.query),
  );
  await route(app, endpoints.addPets, async (request) =>
    petOwners.addPets(signedIn(request), request.body.petOwnerId, request.body.pets),
  );
  await route(app, endpoints.registrationAgreement, async (request, reply) => {
    const pdf = await registrationAgreement(signedIn(request), request.query.petOwnerId, request.query.groupId);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${pdf.fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf.content);
  });
}
