// /admin/* and /admingroups/*: HTTP only; the declarations are in packages/contracts/src/endpoints/admins.ts and the
// rules in admins.service.ts.
import type { FastifyInstance } from 'fastify';
import { adminEndpoints as endpoints, type Address } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { validationError } from '../../platform/errors.ts';
import { signedIn } from '../../platform/http.ts';
import { addressProblems } from '../lookups/lookups.service.ts';
import * as admins from './admins.service.ts';

function checkAddress(body: { address?: Address | null }) {
  const problems = addressProblems(body.address);
  if (problems) throw validationError(problems);
}

export async function adminsRoutes(app: FastifyInstance) {
  await route(app, endpoints.search, async (request) => admins.search(signedIn(request), request.query));
  await route(app, endpoints.get, async (request) => admins.getAdmin(signedIn(request), request.params.id));
  await route(app, endpoints.securityQuestion, async (request) =>
    admins.getSecurityQuestion(signedIn(request), request.params.id),
  );
  await route(app, endpoints.create, async (request) => {
    checkAddress(request.body);
    return admins.createAdmin(signedIn(request), request.body);
  });
  await route(app, endpoints.update, async (request) => {
    checkAddress(request.body);
    return admins.updateAdmin(signedIn(request), request.params.id, request.body);
  });
  await route(app, endpoints.delete, async (request) => admins.deleteAdmin(signedIn(request), request.params.id));
  await route(app, endpoints.activate, async (request) => admins.setActive(signedIn(request), request.params.id, true));
  await route(app, endpoints.deactivate, async (request) =>
    admins.setActive(signedIn(request), request.params.id, false),
  );
  await route(app, endpoints.groups, async (request) => admins.adminGroups(signedIn(request), request.params.id));
  await route(app, endpoints.addToGroup, async (request) =>
    admins.addToGroup(signedIn(request), request.params.id, request.params.groupId),
  );
  await route(app, endpoints.removeFromGroup, async (request) =>
    admins.removeFromGroup(
      signedIn(request),
      request.params.id,
      request.params.groupId,
      request.query.newPrimaryAdminId,
    ),
  );
  await route(app, endpoints.directlyAssignedGroups, async (request) =>
    admins.directlyAssignedGroups(signedIn(request)),
  );
  await route(app, endpoints.allStewardedProperties, async (request) =>
    admins.allStewardedProperties(signedIn(request), request.query.includeParentageGroups ?? false),
  );
}
