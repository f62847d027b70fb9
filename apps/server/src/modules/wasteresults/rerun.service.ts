// Rerun all no-matches (spec 3 §4): one pg-boss job over every no-match of a group (or all), one at a time, cancellable,
// its progress (done / total) polled by the screen every 5 s.
import { WASTE_RESULT_MESSAGES as M } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { conflict, refused } from '../../platform/errors.ts';
import { cancelJob, enqueue } from '../../platform/jobs.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import * as q from './wasteresults.queries.ts';

type Run = Awaited<ReturnType<typeof q.latestRerun>>;

const statusView = (run: Run) => ({
  isInProgress: run?.status === 'InProgress',
  total: run?.total ?? 0,
  done: run?.done ?? 0,
  changed: run?.changed ?? 0,
  status: (run?.status ?? 'None') as 'None' | 'InProgress' | 'Completed' | 'Cancelled' | 'Failed',
});

export async function rerunStatus(ctx: SignedInContext) {
  assertCan(ctx, 'wasteResult.labView');
  return statusView(await q.latestRerun(ctx.db));
}

export async function startRerun(ctx: SignedInContext, groupId: number | null) {
  assertCan(ctx, 'wasteResult.manage');
  if (groupId !== null) await loadGroupInScope(ctx, groupId);
  if (await q.runningRerun(ctx.db)) throw conflict(M.rerunInProgress);
  const run = await withTransaction(ctx, async (tx, txCtx) => {
    const created = await q.insertRerunRun(tx, { groupId, startedById: ctx.caller.userId });
    const jobId = await enqueue(txCtx, 'rerun-no-matches', { rerunRunId: created.id }, { retryLimit: 0 });
    await q.updateRerunRun(tx, created.id, { jobId });
    await writeAudit(tx, ctx, {
      entityType: 'WasteRerunAllNoMatches',
      entityId: created.id,
      actionType: 'Start',
      after: { groupId },
    });
    return { ...created, jobId };
  });
  return statusView(run);
}

export async function cancelRerun(ctx: SignedInContext) {
  assertCan(ctx, 'wasteResult.manage');
  const run = await q.runningRerun(ctx.db);
  if (!run) throw refused(M.noRerunInProgress);
  await withTransaction(ctx, async (tx) => {
    await q.updateRerunRun(tx, run.id, { status: 'Cancelled', dateFinished: new Date() });
    await writeAudit(tx, ctx, { entityType: 'WasteRerunAllNoMatches', entityId: run.id, actionType: 'Cancel' });
  });
  // The worker sees the run cancelled before its next batch; a job still queued is cancelled in pg-boss too.
  if (run.jobId) await cancelJob(ctx, 'rerun-no-matches', run.jobId).catch(() => undefined);
  return statusView(await q.findRerunRun(ctx.db, run.id));
}
