// The workers of waste matching: the match run queued when a waste profile is approved, and rerun all no-matches.
import { withTransaction } from '../../platform/context.ts';
import { defineJob, enqueueMany } from '../../platform/jobs.ts';
import type { Db } from '../../db/client.ts';
import type { Services } from '../../platform/context.ts';
import { runAndStore } from './match-run.ts';
import * as q from './wasteresults.queries.ts';

/**
 * Marks the waste samples of these newly approved waste profiles ready for matching and queues one match job each, in
 * the caller's transaction (the jobs exist only if the approval commits).
 */
export async function markReadyForMatching(
  txCtx: Pick<Services, 'db' | 'config'> & { transaction?: unknown },
  profiles: { id: number; sampleNumber: string }[],
): Promise<number[]> {
  const samples = await q.wasteSamplesByNumbers(
    txCtx.db,
    profiles.map((p) => p.sampleNumber),
  );
  const bySample = new Map(samples.map((s) => [s.sampleNumber.toUpperCase(), s]));
  // One profile per sample (the last one wins, as one upsert after another would leave it), one statement for all.
  const profileOf = new Map<number, number>();
  for (const p of profiles) {
    const sample = bySample.get(p.sampleNumber);
    if (sample) profileOf.set(sample.id, p.id);
  }
  const setOf = await q.upsertReadySets(
    txCtx.db,
    [...profileOf].map(([wasteSampleId, wasteDnaProfileId]) => ({ wasteSampleId, wasteDnaProfileId })),
  );
  const setIds = [...profileOf.keys()].flatMap((wasteSampleId) => setOf.get(wasteSampleId) ?? []);
  await enqueueMany(
    txCtx,
    'waste-match',
    setIds.map((resultSetId) => ({ resultSetId })),
  );
  return setIds;
}

/** The match job: one stored run of a ready set (a set no longer ready, or gone, is skipped). */
export async function matchJob(services: Services, resultSetId: number) {
  return withTransaction(services, async (tx) => {
    const set = await q.findSetContext(tx, resultSetId);
    if (!set?.readyForMatching) return null;
    return runAndStore({ db: tx, config: services.config }, set, { isRerun: false, createdById: null });
  });
}

const RERUN_BATCH = 50;

/** Rerun all no-matches: reruns each set whose latest result is NoMatch, recording progress; stops when cancelled. */
export async function rerunJob(services: Services, rerunRunId: number) {
  const run = await q.findRerunRun(services.db, rerunRunId);
  if (!run || run.status !== 'InProgress') return;
  const ids = await q.noMatchSetIds(services.db, run.groupId);
  await q.updateRerunRun(services.db, run.id, { total: ids.length, done: 0 });
  let changed = 0;
  try {
    for (let i = 0; i < ids.length; i += RERUN_BATCH) {
      const current = await q.findRerunRun(services.db, run.id);
      if (current?.status !== 'InProgress') return;
      for (const id of ids.slice(i, i + RERUN_BATCH)) changed += await rerunOne(services, id);
      await q.updateRerunRun(services.db, run.id, { done: Math.min(ids.length, i + RERUN_BATCH), changed });
    }
    await finish(services.db, run.id, 'Completed', { done: ids.length, changed });
  } catch (error) {
    await finish(services.db, run.id, 'Failed', { changed });
    throw error;
  }
}

async function rerunOne(services: Services, id: number): Promise<number> {
  return withTransaction(services, async (tx) => {
    const set = await q.findSetContext(tx, id);
    if (!set) return 0;
    const { result, previous } = await runAndStore({ db: tx, config: services.config }, set, {
      isRerun: true,
      createdById: null,
    });
    return previous && previous.status !== result.status ? 1 : 0;
  });
}

async function finish(db: Db, id: number, status: 'Completed' | 'Failed', values: { done?: number; changed: number }) {
  // A cancelled run stays cancelled.
  const current = await q.findRerunRun(db, id);
  if (current?.status !== 'InProgress') return;
  await q.updateRerunRun(db, id, { ...values, status, dateFinished: new Date() });
}

/** Registers this module's workers with the job queue (buildApp calls it before the queue starts). */
export function registerWasteResultJobs() {
  defineJob('waste-match', async (payload, { services }) => {
    await matchJob(services, Number(payload.resultSetId));
  });
  defineJob('rerun-no-matches', async (payload, { services }) => {
    await rerunJob(services, Number(payload.rerunRunId));
  });
}
