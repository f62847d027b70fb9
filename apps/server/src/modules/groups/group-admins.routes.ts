// Admins of a group (spec 2 §7 Groups): HTTP only; the declarations are in packages/contracts/src/endpoints/groups.ts
// and the rules in group-admins.service.ts and group-create.service.ts.
import type { FastifyInstance } from 'fastify';
import { groupAdminEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import { createAdminOnGroup } from './group-create.service.ts';
import * as admins from './group-admins.service.ts';

export async function groupAdminsRoutes(app: FastifyInstance) {
  await route(app, endpoints.list, async (request) =>
    admins.listAdmins(signedIn(request), request.params.id, request.query.adminFilter),
  );
  await route(app, endpoints.create, async (request) =>
    createAdminOnGroup(signedIn(request), request.params.id, request.body),
  );
  await route(app, endpoints.addExisting, async (request) =>
    admins.addExistingAdmin(signedIn(request), request.params.id, request.params.adminId),
  );
  await route(app, endpoints.remove, async (request) =>
    admins.removeAdmin(
      signedIn(request),
      request.params.id,
      request.params.adminId,
      request.query.deactivateAdmin ?? false,
      request.query.newPrimaryAdminId,
    ),
  );
  await route(app, endpoints.removeFromAllGroups, async (request) =>
    admins.removeFromAllGroups(signedIn(request), request.params.id, request.body?.newPrimaryAdmins ?? []),
  );
  await route(app, endpoints.setPrimary, async (request) =>
    admins.setPrimaryAdmin(signedIn(request), request.params.id, request.params.adminId),
  );
}
