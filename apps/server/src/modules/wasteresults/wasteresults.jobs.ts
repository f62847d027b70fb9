// The workers of waste matching: the match run queued when a waste profile is approved, and rerun all no-matches.
import type { ProfileIndex } from '@registry/genetics';
import { withTransaction } from '../../platform/context.ts';
import { defineJob, enqueueMany } from '../../platform/jobs.ts';
import type { Db } from '../../db/client.ts';
import type { Services } from '../../platform/context.ts';
import { panels } from '../dna/panels.ts';
import { currentIndex } from '../dna/registry-index.ts';
import type { ClusterEngines } from '../nomatchclusters/nomatchclusters.sync.ts';
import { computeMatchRun, runAndStore, storeRuns } from './match-run.ts';
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

const RERUN_BATCH = 250;

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
  const indexes = new Map<string, ProfileIndex>();
  for (const panelId of new Set(sets.flatMap((s) => (s.panelId ? [s.panelId] : [])))) {
    const panel = panels.get(panelId);
    if (panel) indexes.set(panelId, (await currentIndex(services, panel)).index);
  }
  const runs: Parameters<typeof storeRuns>[1] = [];
  for (const set of sets)
    runs.push({
      set,
      outcome: await computeMatchRun(services, set, {
        candidates: set.propertyId === null ? [] : (candidates.get(set.propertyId) ?? []),
        index: set.panelId ? indexes.get(set.panelId) : undefined,
      }),
    });
  return withTransaction(services, async (tx) => {
    // A set deleted since it was read is left out (its row locked until the batch commits).
    const still = new Set(
      await q.lockSets(
        tx,
        sets.map((s) => s.id),
      ),
    );
    const stored = await storeRuns(
      { db: tx, config: services.config },
      runs.filter((r) => still.has(r.set.id)),
      { isRerun: true, createdById: null, engines },
    );
    return stored.filter(({ result, previous }) => previous && previous.status !== result.status).length;
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
