// Admins of a group (spec 2 §7 Groups): HTTP only; rules in group-admins.service.ts and group-create.service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createGroupAdminResponse, groupAdminsQuery, groupAdminsResponse, id, idParam, newGroupAdmin, okMessage, removeGroupAdminQuery, removeGroupAdminResponse } from '@registry/contracts';
import { signedIn } from '../../platform/http.ts';
import { createAdminOnGroup } from './group-create.service.ts';
import * as admins from './group-admins.service.ts';

const groupAdminParams = z.object({ id, adminId: id });
const reader = { access: 'admin' } as const;
const manager = { access: 'adminManager' } as const;

export async function groupAdminsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['group admins'];

  app.get('/groupadmin/:id', { config: reader, schema: { operationId: 'groupAdmins', tags, params: idParam, querystring: groupAdminsQuery, response: { 200: groupAdminsResponse } } }, async (request) =>
    admins.listAdmins(signedIn(request), request.params.id, request.query.adminFilter),
  );
  app.post(
    '/groupadmin/:id/createadmin',
    { config: manager, schema: { operationId: 'createAdminOnGroup', tags, params: idParam, body: newGroupAdmin, response: { 200: createGroupAdminResponse } } },
    async (request) => createAdminOnGroup(signedIn(request), request.params.id, request.body),
  );
  app.put('/groups/:id/admins/:adminId', { config: manager, schema: { operationId: 'addExistingAdminToGroup', tags, params: groupAdminParams, response: { 200: groupAdminsResponse } } }, async (request) =>
    admins.addExistingAdmin(signedIn(request), request.params.id, request.params.adminId),
  );
  app.delete(
    '/groups/:id/admins/:adminId',
    { config: manager, schema: { operationId: 'removeAdminFromGroup', tags, params: groupAdminParams, querystring: removeGroupAdminQuery, response: { 200: removeGroupAdminResponse } } },
    async (request) => admins.removeAdmin(signedIn(request), request.params.id, request.params.adminId, request.query.deactivateAdmin ?? false),
  );
  app.post('/groupadmin/removefromallgroups/:id', { config: manager, schema: { operationId: 'removeAdminFromAllGroups', tags, params: idParam, response: { 200: okMessage } } }, async (request) =>
    admins.removeFromAllGroups(signedIn(request), request.params.id),
  );
  app.put(
    '/groups/:id/setprimaryadminforgroup/:adminId',
    { config: manager, schema: { operationId: 'setPrimaryAdminForGroup', tags, params: groupAdminParams, response: { 200: groupAdminsResponse } } },
    async (request) => admins.setPrimaryAdmin(signedIn(request), request.params.id, request.params.adminId),
  );
}
