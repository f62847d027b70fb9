// Group calls (spec 2 §7 Groups): HTTP only; the declarations are in packages/contracts/src/endpoints/groups.ts and the
// rules in the groups services. Registers the admins and lists routes too.
import type { FastifyInstance } from 'fastify';
import { GroupTypes, groupEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import { groupAdminsRoutes } from './group-admins.routes.ts';
import { createGroup, groupRequested } from './group-create.service.ts';
import { bulkTransfer, moveGroup } from './group-move.service.ts';
import { groupListsRoutes } from './group-lists.routes.ts';
import { preRegistrationFlyer } from './prereg-flyer.service.ts';
import * as groups from './groups.service.ts';

/** The per-type add-group calls of the spec. */
const CREATE_ENDPOINTS = [
  [endpoints.createParentageGroup, GroupTypes.ParentageGroup],
  [endpoints.createProperty, GroupTypes.Property],
  [endpoints.createDistributorship, GroupTypes.Distributorship],
  [endpoints.createManagementGroup, GroupTypes.ManagementGroup],
  [endpoints.createDistributorshipManagementGroup, GroupTypes.DistributorshipManagementGroup],
] as const;

export async function groupsRoutes(app: FastifyInstance) {
  await route(app, endpoints.firstLevel, async (request) =>
    groups.firstLevel(signedIn(request), request.query.includeInactive ?? false),
  );
  await route(app, endpoints.children, async (request) =>
    groups.children(signedIn(request), request.params.id, request.query.inactive ?? false),
  );
  await route(app, endpoints.menu, async (request) => groups.menu(signedIn(request), request.params.id));
  await route(app, endpoints.get, async (request) => groups.details(signedIn(request), request.params.id));
  await route(app, endpoints.update, async (request) =>
    groups.update(signedIn(request), request.params.id, request.body),
  );
  await route(app, endpoints.delete, async (request) =>
    groups.remove(signedIn(request), request.params.id, request.query.confirmation),
  );

  for (const [endpoint, groupType] of CREATE_ENDPOINTS) {
    await route(app, endpoint, async (request) => createGroup(signedIn(request), groupType, request.body));
  }
  await route(app, endpoints.groupRequested, async (request) => groupRequested(signedIn(request), request.params.id));

  await route(app, endpoints.move, async (request) => moveGroup(signedIn(request), request.body));
  await route(app, endpoints.bulkTransfer, async (request) =>
    bulkTransfer(signedIn(request), request.params.id, request.body.transferGroupIds),
  );
  await route(app, endpoints.deactivate, async (request) =>
    groups.setActive(signedIn(request), request.body.groupId, false),
  );
  await route(app, endpoints.activate, async (request) =>
    groups.setActive(signedIn(request), request.body.groupId, true),
  );

  await route(app, endpoints.certificateCustomization, async (request) =>
    groups.certificateCustomization(signedIn(request), request.params.id),
  );
  await route(app, endpoints.updateCertificateCustomization, async (request) =>
    groups.updateCertificateCustomization(signedIn(request), request.params.id, request.body),
  );

  await route(app, endpoints.addAdjacentProperty, async (request) =>
    groups.addAdjacentProperty(signedIn(request), request.body),
  );
  await route(app, endpoints.removeAdjacentProperty, async (request) =>
    groups.removeAdjacentProperty(signedIn(request), request.body),
  );
  await route(app, endpoints.adjacentAgreementsUnder, async (request) =>
    groups.adjacentAgreementsUnder(signedIn(request), request.params.id),
  );
  await route(app, endpoints.preRegistrationLink, async (request) =>
    groups.preRegistrationLink(signedIn(request), request.params.id),
  );
  await route(app, endpoints.preRegistrationFlyer, async (request, reply) => {
    const pdf = await preRegistrationFlyer(signedIn(request), request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${pdf.fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf.content);
  });

  await app.register(groupAdminsRoutes);
  await app.register(groupListsRoutes);
}
