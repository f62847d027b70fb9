// Moving groups (one, or several in a bulk transfer): the move rules of spec 2 §5 and the subtree path rewrite.
import { GroupTypes, Messages, groupTypeLabel } from '@registry/contracts';
import { assertCan } from '../../platform/rights.ts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused } from '../../platform/errors.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import * as q from './groups.queries.ts';
import { notifyGroupAdmins } from './groups.service.ts';

type MoveNode = { id: number; groupType: number; parentId: number | null; path: string };

/** Types whose row of the actions table includes move (spec 2 §4). */
const MOVABLE_TYPES: readonly number[] = [
  GroupTypes.ManagementGroup,
  GroupTypes.Distributorship,
  GroupTypes.ParentageGroup,
  GroupTypes.Property,
];

/**
 * Why a group may not go under a target, or null when it may. The spec's checks come in its order, except that
 * "same type" is tested before the per-type target rules (otherwise it could never be reached).
 */
export function moveRefusal(child: MoveNode, target: MoveNode): string | null {
  if (child.id === target.id) return Messages.moveSameGroup;
  if (child.parentId === target.id) return Messages.moveSameParent;
  if (!MOVABLE_TYPES.includes(child.groupType)) return Messages.moveNotAllowed(groupTypeLabel(child.groupType));
  if (target.path.startsWith(child.path)) return Messages.moveIntoOwnSubgroup;
  if (child.groupType === target.groupType) return Messages.moveSameType;
  const toRoot = target.groupType === GroupTypes.HierarchyRoot;
  const toDistributorOrManagement =
    target.groupType === GroupTypes.Distributorship || target.groupType === GroupTypes.ManagementGroup;
  switch (child.groupType) {
    case GroupTypes.ParentageGroup:
      if (toRoot) return Messages.moveParentageGroupToRoot;
      return toDistributorOrManagement ? null : Messages.moveParentageGroupTarget;
    case GroupTypes.Property:
      if (toRoot) return Messages.movePropertyToRoot;
      return toDistributorOrManagement ? null : Messages.movePropertyTarget;
    case GroupTypes.Distributorship:
      return toRoot || target.groupType === GroupTypes.DistributorshipManagementGroup
        ? null
        : Messages.moveDistributorshipTarget;
    case GroupTypes.ManagementGroup:
      return target.groupType === GroupTypes.Distributorship ? null : Messages.moveManagementGroupTarget;
    default:
      return Messages.moveNotAllowed(groupTypeLabel(child.groupType));
  }
}

/** Both ends must be the caller's: the group, its current parent and the target. */
async function assertMoveScope(ctx: SignedInContext, childId: number, parentId: number) {
  assertCan(ctx, 'group.move');
  const child = await loadGroupInScope(ctx, childId);
  await loadGroupInScope(ctx, parentId);
  if (child.parentId) await loadGroupInScope(ctx, child.parentId);
}

/** Moves one group inside the caller's transaction, re-reading both rows so earlier moves of a bulk transfer count. */
async function moveWithin(tx: SignedInContext['db'], ctx: SignedInContext, childId: number, parentId: number) {
  const child = await q.findGroupForUpdate(tx, childId);
  const target = await q.findGroupForUpdate(tx, parentId);
  if (!child || !target) throw notFound('Group not found.');
  const problem = moveRefusal(child, target);
  if (problem) throw refused(problem);
  await q.moveSubtree(tx, child, target);
  await notifyGroupAdmins(ctx, [child.id], `${child.name} was moved under ${target.name}.`);
  await writeAudit(tx, ctx, {
    entityType: 'Group',
    entityId: child.id,
    actionType: 'Move',
    before: { parentId: child.parentId, path: child.path },
    after: { parentId: target.id, path: `${target.path}${child.id}/` },
  });
  return child;
}

export async function moveGroup(ctx: SignedInContext, input: { parentId: number; childId: number }) {
  await assertMoveScope(ctx, input.childId, input.parentId);
  await withTransaction(ctx, (tx, txCtx) => moveWithin(tx, txCtx, input.childId, input.parentId));
  return { message: Messages.savedSuccessfully };
}

/** Moves several groups under one target, each by the move rules; one refusal leaves every group where it was. */
export async function bulkTransfer(ctx: SignedInContext, targetId: number, groupIds: number[]) {
  const unique = [...new Set(groupIds)];
  for (const id of unique) await assertMoveScope(ctx, id, targetId);
  await withTransaction(ctx, async (tx, txCtx) => {
    for (const id of unique) {
      try {
        await moveWithin(tx, txCtx, id, targetId);
      } catch (error) {
        // Name the group in the message: the client shows one toast for the whole transfer.
        const group = await q.findGroup(tx, id);
        if (
          error instanceof Error &&
          'statusCode' in error &&
          (error as { statusCode: number }).statusCode === 400 &&
          group
        )
          throw refused(`${group.name}: ${error.message}`);
        throw error;
      }
    }
  });
  return { message: Messages.savedSuccessfully };
}
