// Group calls (spec 2 §7 Groups): HTTP only; rules in the groups services. Registers the admins and lists routes too.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GroupTypes,
  adjacentAgreement,
  adjacentPropertyRef,
  adjacentPropertyRequest,
  bulkTransferRequest,
  certificateCustomization,
  certificateCustomizationView,
  deleteGroupQuery,
  groupChildrenQuery,
  groupCreateRequest,
  groupDetails,
  groupIdBody,
  groupMenu,
  groupTreeNode,
  groupUpdateRequest,
  idParam,
  moveGroupRequest,
  okMessage,
  preRegistrationLink,
  queryBoolean,
} from '@registry/contracts';
import { signedIn } from '../../platform/http.ts';
import { groupAdminsRoutes } from './group-admins.routes.ts';
import { createGroup, groupRequested } from './group-create.service.ts';
import { bulkTransfer, moveGroup } from './group-move.service.ts';
import { groupListsRoutes } from './group-lists.routes.ts';
import { firstLevelGroups } from './groups.queries.ts';
import * as groups from './groups.service.ts';

const reader = { access: 'admin' } as const;
const manager = { access: 'adminManager' } as const;

/** The per-type add-group calls of the spec. */
const CREATE_PATHS = [
  ['/parentagegroup', GroupTypes.ParentageGroup, 'createParentageGroup'],
  ['/property', GroupTypes.Property, 'createProperty'],
  ['/distributor', GroupTypes.Distributorship, 'createDistributorship'],
  ['/managementgroup', GroupTypes.ManagementGroup, 'createManagementGroup'],
  ['/distributorshipmanagementgroup', GroupTypes.DistributorshipManagementGroup, 'createDistributorshipManagementGroup'],
] as const;

export async function groupsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['groups'];

  app.get(
    '/groups/group',
    { config: reader, schema: { operationId: 'firstLevelGroups', tags, querystring: z.object({ includeInactive: queryBoolean.optional() }), response: { 200: z.array(groupTreeNode) } } },
    async (request) => {
      const ctx = signedIn(request);
      return firstLevelGroups(ctx.db, ctx.caller, request.query.includeInactive ?? false);
    },
  );
  app.get(
    '/groups/group/getchildren/:id',
    { config: reader, schema: { operationId: 'groupChildren', tags, params: idParam, querystring: groupChildrenQuery, response: { 200: z.array(groupTreeNode) } } },
    async (request) => groups.children(signedIn(request), request.params.id, request.query.inactive ?? false),
  );
  app.get('/group/getgroupmenuviewmodel/:id', { config: reader, schema: { operationId: 'groupMenu', tags, params: idParam, response: { 200: groupMenu } } }, async (request) =>
    groups.menu(signedIn(request), request.params.id),
  );
  app.get('/group/:id', { config: reader, schema: { operationId: 'getGroup', tags, params: idParam, response: { 200: groupDetails } } }, async (request) =>
    groups.details(signedIn(request), request.params.id),
  );
  app.put('/group/:id', { config: manager, schema: { operationId: 'updateGroup', tags, params: idParam, body: groupUpdateRequest, response: { 200: groupDetails } } }, async (request) =>
    groups.update(signedIn(request), request.params.id, request.body),
  );
  app.delete('/group/:id', { config: manager, schema: { operationId: 'deleteGroup', tags, params: idParam, querystring: deleteGroupQuery, response: { 200: okMessage } } }, async (request) =>
    groups.remove(signedIn(request), request.params.id, request.query.confirmation),
  );

  for (const [path, groupType, operationId] of CREATE_PATHS) {
    app.post(path, { config: manager, schema: { operationId, tags, body: groupCreateRequest, response: { 200: groupDetails } } }, async (request) =>
      createGroup(signedIn(request), groupType, request.body),
    );
  }
  app.post('/groupadmin/grouprequested/:id', { config: manager, schema: { operationId: 'groupRequested', tags, params: idParam, response: { 200: okMessage } } }, async (request) =>
    groupRequested(signedIn(request), request.params.id),
  );

  app.post('/group/movegroup', { config: manager, schema: { operationId: 'moveGroup', tags, body: moveGroupRequest, response: { 200: okMessage } } }, async (request) =>
    moveGroup(signedIn(request), request.body),
  );
  app.post('/group/bulktransfer/:id', { config: manager, schema: { operationId: 'bulkTransferGroups', tags, params: idParam, body: bulkTransferRequest, response: { 200: okMessage } } }, async (request) =>
    bulkTransfer(signedIn(request), request.params.id, request.body.transferGroupIds),
  );
  app.post('/group/deactivategroup', { config: manager, schema: { operationId: 'deactivateGroup', tags, body: groupIdBody, response: { 200: okMessage } } }, async (request) =>
    groups.setActive(signedIn(request), request.body.groupId, false),
  );
  app.post('/group/activategroup', { config: manager, schema: { operationId: 'activateGroup', tags, body: groupIdBody, response: { 200: okMessage } } }, async (request) =>
    groups.setActive(signedIn(request), request.body.groupId, true),
  );

  app.get('/certificatecustomization/:id', { config: reader, schema: { operationId: 'getCertificateCustomization', tags, params: idParam, response: { 200: certificateCustomizationView } } }, async (request) =>
    groups.certificateCustomization(signedIn(request), request.params.id),
  );
  app.put(
    '/certificatecustomization/:id',
    { config: manager, schema: { operationId: 'updateCertificateCustomization', tags, params: idParam, body: certificateCustomization, response: { 200: certificateCustomizationView } } },
    async (request) => groups.updateCertificateCustomization(signedIn(request), request.params.id, request.body as never),
  );

  app.put('/property/addadjacentproperty', { config: manager, schema: { operationId: 'addAdjacentProperty', tags, body: adjacentPropertyRequest, response: { 200: z.array(adjacentPropertyRef) } } }, async (request) =>
    groups.addAdjacentProperty(signedIn(request), request.body),
  );
  app.put(
    '/property/removeadjacentproperty',
    { config: manager, schema: { operationId: 'removeAdjacentProperty', tags, body: adjacentPropertyRequest, response: { 200: z.array(adjacentPropertyRef) } } },
    async (request) => groups.removeAdjacentProperty(signedIn(request), request.body),
  );
  app.get(
    '/group/getadjacentpropertyagreementsundergroup/:id',
    { config: reader, schema: { operationId: 'adjacentAgreementsUnderGroup', tags, params: idParam, response: { 200: z.array(adjacentAgreement) } } },
    async (request) => groups.adjacentAgreementsUnder(signedIn(request), request.params.id),
  );
  app.get('/group/:id/preregistrationlink', { config: reader, schema: { operationId: 'preRegistrationLink', tags, params: idParam, response: { 200: preRegistrationLink } } }, async (request) =>
    groups.preRegistrationLink(signedIn(request), request.params.id),
  );

  await app.register(groupAdminsRoutes);
  await app.register(groupListsRoutes);
}
