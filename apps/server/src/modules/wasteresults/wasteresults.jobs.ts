// The workers of waste matching (the match runs queued when waste profiles are approved, the retroactive reruns after a
// dog's approval or move in, rerun all no-matches) and the hooks through which the lab's approvals reach them.
import { defineJob, enqueue } from '../../platform/jobs.ts';
import type { Db } from '../../db/client.ts';
import type { Services, SignedInContext } from '../../platform/context.ts';
import {
  type ApprovedProfiles,
  type HookContext,
  onPetOwnersArrived,
  onProfilesApproved,
} from '../../platform/matching-hooks.ts';
import { matchResultsWithdrawn, onWasteSamplesDeleting } from '../../platform/result-hooks.ts';
import type { ClusterEngines } from '../nomatchclusters/nomatchclusters.sync.ts';
import { BATCH_SIZE, computeMatchRuns, matchSets, storeBatch } from './batch-runs.ts';
import { queueRetroMatchForArrivals, queueRetroMatchForDogs, retroMatchJob, type RetroPayload } from './retro-match.ts';
import * as q from './wasteresults.queries.ts';

/**
 * Marks the waste samples of these newly approved waste profiles ready for matching and queues one match job for them
 * all, in the caller's transaction (the job exists only if the approval commits): a plate's samples run as one batch.
 */
async function markReadyForMatching(
  txCtx: HookContext,
  profiles: { id: number; sampleNumber: string }[],
): Promise<number[]> {
  if (profiles.length === 0) return [];
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
  if (setIds.length) await enqueue(txCtx, 'waste-match', { resultSetIds: setIds });
  return setIds;
}

/** The match job: the first runs of the sets one approval made ready, as one batch (a set no longer ready is skipped). */
async function matchJob(services: Services, resultSetIds: number[]) {
  return matchSets(services, resultSetIds);
}

const RERUN_BATCH = BATCH_SIZE;

/**
 * Rerun all no-matches: reruns each set whose latest result is NoMatch, a batch at a time (its sets and their
 * candidate dogs read in two queries, its runs stored in one transaction), recording progress; stops when cancelled.
 * The next batch is read while the current one is decided and stored: the database reads on one core while this process
 * works on the other.
 */
export async function rerunJob(services: Services, rerunRunId: number) {
  const run = await q.findRerunRun(services.db, rerunRunId);
  if (!run || run.status !== 'InProgress') return;
  const ids = await q.noMatchSetIds(services.db, run.groupId);
  await q.updateRerunRun(services.db, run.id, { total: ids.length, done: 0 });
  let changed = 0;
  const engines: ClusterEngines = new Map();
  const batchAt = (i: number) => (i < ids.length ? readBatch(services, ids.slice(i, i + RERUN_BATCH)) : null);
  let next = batchAt(0);
  try {
    for (let i = 0; next; i += RERUN_BATCH) {
      const batch = await next;
      next = batchAt(i + RERUN_BATCH);
      // A read that fails while this batch runs is reported when its turn comes (or dropped with the run).
      next?.catch(() => undefined);
      const current = await q.findRerunRun(services.db, run.id);
      if (current?.status !== 'InProgress') return;
      changed += await rerunBatch(services, batch, engines);
      await q.updateRerunRun(services.db, run.id, { done: Math.min(ids.length, i + RERUN_BATCH), changed });
    }
    await finish(services.db, run.id, 'Completed', { done: ids.length, changed });
  } catch (error) {
    await finish(services.db, run.id, 'Failed', { changed });
    throw error;
  }
}

type RerunBatch = { sets: q.SetContext[]; candidates: Map<number, q.CandidateDog[]> };

async function readBatch(services: Services, ids: number[]): Promise<RerunBatch> {
  const sets = await q.findSetContexts(services.db, ids);
  const candidates = await q.candidateDogsOfProperties(
    services.db,
    sets.flatMap((s) => (s.propertyId === null ? [] : [s.propertyId])),
  );
  return { sets, candidates };
}

/** Reruns one batch of sets; answers how many changed their result. */
async function rerunBatch(services: Services, { sets, candidates }: RerunBatch, engines: ClusterEngines) {
  const runs = await computeMatchRuns(services, sets, candidates);
  const stored = await storeBatch(services, runs, { isRerun: true, engines });
  return stored.filter(({ result, previous }) => previous && previous.status !== result.status).length;
}

async function finish(db: Db, id: number, status: 'Completed' | 'Failed', values: { done?: number; changed: number }) {
  // A cancelled run stays cancelled.
  const current = await q.findRerunRun(db, id);
  if (current?.status !== 'InProgress') return;
  await q.updateRerunRun(db, id, { ...values, status, dateFinished: new Date() });
}

/** The lab's approval made profiles ready: waste samples to match, dogs whose arrival may explain earlier no-matches. */
async function profilesApprovedForMatching(ctx: HookContext, approved: ApprovedProfiles) {
  await markReadyForMatching(ctx, approved.waste);
  await queueRetroMatchForDogs(ctx, approved.pets);
}

/** A deleted waste sample takes its result sets with it: every result of them is withdrawn first, in its transaction. */
async function withdrawResultsOfDeletedSamples(ctx: SignedInContext, wasteSampleIds: number[]) {
  const results = await q.resultsOfWasteSamples(ctx.db, wasteSampleIds);
  await matchResultsWithdrawn(
    ctx,
    results.map((r) => ({ ...r, nowNamesPetId: null, reason: 'The waste sample was deleted.' })),
  );
}

/**
 * Registers this module's workers with the job queue (buildApp calls it before the queue starts). The hooks take
 * module-level functions: the hook sets count a handler once however many apps a process builds (the API tests build
 * one per file in one process).
 */
export function registerWasteResultJobs() {
  defineJob('waste-match', async (payload, { services }) => {
    // A job queued before batches carried one set id.
    const ids = Array.isArray(payload.resultSetIds) ? payload.resultSetIds.map(Number) : [Number(payload.resultSetId)];
    await matchJob(services, ids);
  });
  defineJob('waste-retro-match', async (payload, { services }) => {
    await retroMatchJob(services, payload as RetroPayload);
  });
  onProfilesApproved(profilesApprovedForMatching);
  onPetOwnersArrived(queueRetroMatchForArrivals);
  onWasteSamplesDeleting(withdrawResultsOfDeletedSamples);
  defineJob('rerun-no-matches', async (payload, { services }) => {
    await rerunJob(services, Number(payload.rerunRunId));
  });
}
