// The group calls the foundation needs (first-level groups for routing, one group's summary); the group screens extend this module.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupSummary, queryBoolean } from '@registry/contracts';
import { assertGroupInScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { signedIn } from '../../platform/http.ts';
import { findGroup, firstLevelGroups } from './groups.queries.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export async function groupsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['groups'];
  app.get(
    '/groups/group',
    { config: { access: 'admin' }, schema: { operationId: 'firstLevelGroups', tags, querystring: z.object({ includeInactive: queryBoolean.optional() }), response: { 200: z.array(groupSummary) } } },
    async (request) => {
      const ctx = signedIn(request);
      return firstLevelGroups(ctx.db, ctx.caller, request.query.includeInactive ?? false);
    },
  );
  app.get('/group/:id', { config: { access: 'admin' }, schema: { operationId: 'getGroup', tags, params: idParams, response: { 200: groupSummary } } }, async (request) => {
    const ctx = signedIn(request);
    await assertGroupInScope(ctx, request.params.id);
    const group = await findGroup(ctx.db, request.params.id);
    if (!group) throw notFound('Group not found.');
    return group;
  });
}
