// The fine schedule (issue 41): a group's own schedule, or the nearest one above it (a property follows its management
// group, which follows its distributorship, unless it sets its own). Read by the admins of the group, set by its staff.
import type { z } from 'zod';
import type { fineScheduleBody, FineScheduleView } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import * as q from './violations.queries.ts';

export type Schedule = {
  firstOffenceAmount: number;
  secondOffenceAmount: number;
  laterOffenceAmount: number;
  lookBackDays: number;
  daysToRespond: number;
  daysToPay: number;
  fineAdjacentMatches: boolean;
};

const values = (row: q.ScheduleRow): Schedule => ({
  firstOffenceAmount: row.firstOffenceCents,
  secondOffenceAmount: row.secondOffenceCents,
  laterOffenceAmount: row.laterOffenceCents,
  lookBackDays: row.lookBackDays,
  daysToRespond: row.daysToRespond,
  daysToPay: row.daysToPay,
  fineAdjacentMatches: row.fineAdjacentMatches,
});

/** The schedule in force for a group: its own, else the nearest group above it that has one, else null. */
export async function effectiveSchedule(db: Db, groupId: number): Promise<Schedule | null> {
  const chain = await q.scheduleChain(db, groupId);
  const found = chain.find((link) => link.schedule);
  return found?.schedule ? values(found.schedule) : null;
}

async function scheduleView(db: Db, groupId: number): Promise<FineScheduleView> {
  const chain = await q.scheduleChain(db, groupId);
  const [self] = chain;
  const from = chain.find((link) => link.schedule);
  return {
    groupId,
    groupName: self?.groupName ?? '',
    own: self?.schedule ? values(self.schedule) : null,
    effective: from?.schedule ? values(from.schedule) : null,
    inheritedFrom: from && from.groupId !== groupId ? { groupId: from.groupId, groupName: from.groupName } : null,
  };
}

export async function getSchedule(ctx: SignedInContext, groupId: number) {
  assertCan(ctx, 'violation.view');
  await loadGroupInScope(ctx, groupId);
  return scheduleView(ctx.db, groupId);
}

export async function saveSchedule(ctx: SignedInContext, groupId: number, body: z.output<typeof fineScheduleBody>) {
  assertCan(ctx, 'violation.schedule');
  await loadGroupInScope(ctx, groupId);
  return withTransaction(ctx, async (tx) => {
    const before = (await scheduleView(tx, groupId)).own;
    await q.upsertSchedule(tx, {
      groupId,
      firstOffenceCents: body.firstOffenceAmount,
      secondOffenceCents: body.secondOffenceAmount,
      laterOffenceCents: body.laterOffenceAmount,
      lookBackDays: body.lookBackDays,
      daysToRespond: body.daysToRespond,
      daysToPay: body.daysToPay,
      fineAdjacentMatches: body.fineAdjacentMatches,
      updatedById: ctx.caller.userId,
    });
    await writeAudit(tx, ctx, {
      entityType: 'FineSchedule',
      entityId: groupId,
      actionType: 'Update',
      before,
      after: body,
    });
    return scheduleView(tx, groupId);
  });
}

/** Removes the group's own schedule: it follows the one above it again. */
export async function clearSchedule(ctx: SignedInContext, groupId: number) {
  assertCan(ctx, 'violation.schedule');
  await loadGroupInScope(ctx, groupId);
  return withTransaction(ctx, async (tx) => {
    const before = (await scheduleView(tx, groupId)).own;
    const removed = await q.deleteSchedule(tx, groupId);
    if (removed.length)
      await writeAudit(tx, ctx, { entityType: 'FineSchedule', entityId: groupId, actionType: 'Delete', before });
    return scheduleView(tx, groupId);
  });
}
