// /features and /usersettings: what the signed-in user may see, and their own dog quick-action setting. HTTP only; the
// declarations are in packages/contracts/src/endpoints/accounts.ts.
import type { FastifyInstance } from 'fastify';
import { allDogQuickActions, settingsEndpoints as endpoints } from '@registry/contracts';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { petOwnerGroups, preRegisteredResidents, userSettings } from '../../db/schema/index.ts';
import { isGroupInScope } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { route } from '../../platform/endpoint.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { signedIn } from '../../platform/http.ts';
import { findGroup } from '../groups/groups.queries.ts';
import { featureNamesForGroup, featureNamesForUser } from './accounts.queries.ts';

export async function settingsRoutes(app: FastifyInstance) {
  await route(app, endpoints.features, async (request) => {
    const ctx = signedIn(request);
    return featureNamesForUser(ctx.db, ctx.caller.userId);
  });
  await route(app, endpoints.featuresForGroup, async (request) => {
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

  await route(app, endpoints.dogQuickActions, async (request) => {
    const ctx = signedIn(request);
    const [row] = await ctx.db.select().from(userSettings).where(eq(userSettings.userId, ctx.caller.userId));
    // Until a user chooses, every quick action is shown.
    return { value: row?.dogQuickActions ?? allDogQuickActions };
  });
  await route(app, endpoints.setDogQuickActions, async (request) => {
    const ctx = signedIn(request);
    const value = typeof request.body === 'number' ? request.body : request.body.value;
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(userSettings).where(eq(userSettings.userId, ctx.caller.userId));
      await tx.insert(userSettings).values({ userId: ctx.caller.userId, dogQuickActions: value }).onConflictDoUpdate({ target: userSettings.userId, set: { dogQuickActions: value } });
      await writeAudit(tx, ctx, { entityType: 'UserSettings', entityId: ctx.caller.userId, actionType: 'Update', before: before ?? null, after: { dogQuickActions: value } });
    });
    return { value };
  });
}
