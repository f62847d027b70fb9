// /features and /usersettings: what the signed-in user may see, and their own dog quick-action setting.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allDogQuickActions, dogQuickActionsValue, featuresForGroupQuery } from '@registry/contracts';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { petOwnerGroups, preRegisteredResidents, userSettings } from '../../db/schema/index.ts';
import { isGroupInScope } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { signedIn } from '../../platform/http.ts';
import { findGroup } from '../groups/groups.queries.ts';
import { featureNamesForGroup, featureNamesForUser } from './accounts.queries.ts';

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/features', { config: { access: 'signedIn' }, schema: { operationId: 'features', tags: ['features'], response: { 200: z.array(z.string()) } } }, async (request) => {
    const ctx = signedIn(request);
    return featureNamesForUser(ctx.db, ctx.caller.userId);
  });
  app.get('/features/getfeaturesforgroup', { config: { access: 'signedIn' }, schema: { operationId: 'featuresForGroup', tags: ['features'], querystring: featuresForGroupQuery, response: { 200: z.array(z.string()) } } }, async (request) => {
    const ctx = signedIn(request);
    const groupId = request.query.groupId;
    if (!(await findGroup(ctx.db, groupId))) throw notFound('Group not found.');
    // Admins read the groups in their scope; residents and pet owners the groups they belong to.
    const member = ctx.caller.isAdmin
      ? await isGroupInScope(ctx.db, ctx.caller, groupId)
      : (await queryRows(ctx.db, sql`select 1 from ${preRegisteredResidents} where user_id = ${ctx.caller.userId} and group_id = ${groupId}
          union all select 1 from ${petOwnerGroups} where pet_owner_id = ${ctx.caller.userId} and group_id = ${groupId} and move_out_date is null`)).length > 0;
    if (!member) throw forbidden();
    return featureNamesForGroup(ctx.db, groupId);
  });

  app.get('/usersettings/getdogquickactions', { config: { access: 'admin' }, schema: { operationId: 'getDogQuickActions', tags: ['settings'], response: { 200: dogQuickActionsValue } } }, async (request) => {
    const ctx = signedIn(request);
    const [row] = await ctx.db.select().from(userSettings).where(eq(userSettings.userId, ctx.caller.userId));
    // Until a user chooses, every quick action is shown.
    return { value: row?.dogQuickActions ?? allDogQuickActions };
  });
  app.post(
    '/usersettings/setdogquickactions',
    { config: { access: 'admin' }, schema: { operationId: 'setDogQuickActions', tags: ['settings'], body: z.union([dogQuickActionsValue, z.number().int().min(0).max(4095)]), response: { 200: dogQuickActionsValue } } },
    async (request) => {
      const ctx = signedIn(request);
      const value = typeof request.body === 'number' ? request.body : request.body.value;
      await ctx.db.transaction(async (tx) => {
        const [before] = await tx.select().from(userSettings).where(eq(userSettings.userId, ctx.caller.userId));
        await tx.insert(userSettings).values({ userId: ctx.caller.userId, dogQuickActions: value }).onConflictDoUpdate({ target: userSettings.userId, set: { dogQuickActions: value } });
        await writeAudit(tx, ctx, { entityType: 'UserSettings', entityId: ctx.caller.userId, actionType: 'Update', before: before ?? null, after: { dogQuickActions: value } });
      });
      return { value };
    },
  );
}
