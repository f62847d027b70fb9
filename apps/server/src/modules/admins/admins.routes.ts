// /admin/* and /admingroups/*: HTTP only; rules in admins.service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCreateRequest, adminGroupsResponse, adminSearchQuery, adminSearchRow, adminUpdateRequest, adminView, groupSummary, okMessage, pagedResponse, queryBoolean, securityQuestionView } from '@registry/contracts';
import { validationError } from '../../platform/errors.ts';
import { signedIn } from '../../platform/http.ts';
import { addressProblems } from '../lookups/lookups.service.ts';
import * as admins from './admins.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
const adminGroupParams = z.object({ id: z.coerce.number().int().positive().max(2147483647), groupId: z.coerce.number().int().positive().max(2147483647) });
const manager = { access: 'adminManager' } as const;

function checkAddress(body: { address?: unknown }) {
  const problems = addressProblems(body.address as never);
  if (problems) throw validationError(problems);
}

export async function adminsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admins'];

  app.get('/admin/search', { config: manager, schema: { operationId: 'searchAdmins', tags, querystring: adminSearchQuery, response: { 200: pagedResponse(adminSearchRow) } } }, async (request) =>
    admins.search(signedIn(request), request.query),
  );
  app.get('/admin/:id', { config: manager, schema: { operationId: 'getAdmin', tags, params: idParams, response: { 200: adminView } } }, async (request) => admins.getAdmin(signedIn(request), request.params.id));
  app.get('/admin/:id/securityquestion', { config: manager, schema: { operationId: 'getAdminSecurityQuestion', tags, params: idParams, response: { 200: securityQuestionView } } }, async (request) =>
    admins.getSecurityQuestion(signedIn(request), request.params.id),
  );
  app.post('/admin', { config: manager, schema: { operationId: 'createAdmin', tags, body: adminCreateRequest, response: { 200: adminView } } }, async (request) => {
    checkAddress(request.body);
    return admins.createAdmin(signedIn(request), request.body);
  });
  app.put('/admin/:id', { config: manager, schema: { operationId: 'updateAdmin', tags, params: idParams, body: adminUpdateRequest, response: { 200: adminView } } }, async (request) => {
    checkAddress(request.body);
    return admins.updateAdmin(signedIn(request), request.params.id, request.body);
  });
  app.delete('/admin/:id', { config: manager, schema: { operationId: 'deleteAdmin', tags, params: idParams, response: { 200: okMessage } } }, async (request) => admins.deleteAdmin(signedIn(request), request.params.id));
  app.put('/admin/activate/:id', { config: manager, schema: { operationId: 'activateAdmin', tags, params: idParams, response: { 200: okMessage } } }, async (request) =>
    admins.setActive(signedIn(request), request.params.id, true),
  );
  app.put('/admin/deactivate/:id', { config: manager, schema: { operationId: 'deactivateAdmin', tags, params: idParams, response: { 200: okMessage } } }, async (request) =>
    admins.setActive(signedIn(request), request.params.id, false),
  );
  app.get('/admin/:id/groups', { config: manager, schema: { operationId: 'getAdminGroups', tags, params: idParams, response: { 200: adminGroupsResponse } } }, async (request) =>
    admins.adminGroups(signedIn(request), request.params.id),
  );
  app.post('/admin/:id/groups/:groupId', { config: manager, schema: { operationId: 'addAdminToGroup', tags, params: adminGroupParams, response: { 200: adminGroupsResponse } } }, async (request) =>
    admins.addToGroup(signedIn(request), request.params.id, request.params.groupId),
  );
  app.delete('/admin/:id/groups/:groupId', { config: manager, schema: { operationId: 'removeGroupFromAdmin', tags, params: adminGroupParams, response: { 200: adminGroupsResponse } } }, async (request) =>
    admins.removeFromGroup(signedIn(request), request.params.id, request.params.groupId),
  );

  app.get('/admingroups/directlyassignedgroups', { config: { access: 'admin' }, schema: { operationId: 'directlyAssignedGroups', tags, response: { 200: adminGroupsResponse } } }, async (request) =>
    admins.directlyAssignedGroups(signedIn(request)),
  );
  app.get(
    '/admingroups/allstewardedproperties',
    { config: { access: 'admin' }, schema: { operationId: 'allStewardedProperties', tags, querystring: z.object({ includeParentageGroups: queryBoolean.optional() }), response: { 200: z.array(groupSummary) } } },
    async (request) => admins.allStewardedProperties(signedIn(request), request.query.includeParentageGroups ?? false),
  );
}
