// What the signed-in user may see (features) and their own dog quick-action setting. SQL lives in settings.queries.ts.
import { allDogQuickActions } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { groupNotFound, isGroupInScope } from '../../platform/scope.ts';
import { featureNamesForGroup, featureNamesForUser } from './accounts.queries.ts';
import type { Db } from '../../db/client.ts';
import * as q from './settings.queries.ts';

export const featuresOfCaller = (ctx: SignedInContext) => featureNamesForUser(ctx.db, ctx.caller.userId);

/** Admins read the groups in their scope; residents and pet owners the groups they belong to; others get a 404. */
export async function featuresOfGroup(ctx: SignedInContext, groupId: number) {
  const visible = ctx.caller.isAdmin
    ? await isGroupInScope(ctx.db, ctx.caller, groupId)
    : await q.isMemberOfGroup(ctx.db, ctx.caller.userId, groupId);
  if (!visible) throw groupNotFound();
  return featureNamesForGroup(ctx.db, groupId);
}

export async function dogQuickActions(ctx: SignedInContext) {
  const row = await q.findUserSettings(ctx.db, ctx.caller.userId);
  // Until a user chooses, every quick action is shown.
  return { value: row?.dogQuickActions ?? allDogQuickActions };
}

export async function setDogQuickActions(ctx: SignedInContext, value: number) {
  await withTransaction(ctx, async (tx) => {
    const before = await q.findUserSettings(tx, ctx.caller.userId);
    await q.saveDogQuickActions(tx, ctx.caller.userId, value);
    await writeAudit(tx, ctx, {
      entityType: 'UserSettings',
      entityId: ctx.caller.userId,
      actionType: 'Update',
      before: before ?? null,
      after: { dogQuickActions: value },
    });
  });
  return { value };
}

/** A group's features (with those inherited from above), for flows that have no signed-in caller yet. */
export const featureNamesOfGroup = (db: Db, groupId: number) => featureNamesForGroup(db, groupId);
