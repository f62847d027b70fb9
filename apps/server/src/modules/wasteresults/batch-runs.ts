// Match runs in batches: the waste samples of one lab approval (a plate), the retroactive reruns after a dog's approval
// or its owner's move in, and rerun all no-matches. A batch reads its properties' candidate dogs in one query and each
// panel's registry index once, decides every set, and stores the runs in one transaction.
import type { ProfileIndex } from '@registry/genetics';
import { withTransaction, type Services } from '../../platform/context.ts';
import { panels } from '../dna/panels.ts';
import { currentIndex } from '../dna/registry-index.ts';
import type { ClusterEngines } from '../nomatchclusters/nomatchclusters.sync.ts';
import { computeMatchRun, storeRuns, type MatchRunOutcome } from './match-run.ts';
import * as q from './wasteresults.queries.ts';

export const BATCH_SIZE = 250;

export type ComputedRun = { set: q.SetContext; outcome: MatchRunOutcome };

/** Decides the runs of these sets; `candidates` when the caller read them already (the rerun job reads ahead). */
export async function computeMatchRuns(
  services: Pick<Services, 'db' | 'config'>,
  sets: q.SetContext[],
  candidates?: Map<number, q.CandidateDog[]>,
): Promise<ComputedRun[]> {
  const byProperty =
    candidates ??
    (await q.candidateDogsOfProperties(
      services.db,
      sets.flatMap((s) => (s.propertyId === null ? [] : [s.propertyId])),
    ));
  const indexes = new Map<string, ProfileIndex>();
  for (const panelId of new Set(sets.flatMap((s) => (s.panelId ? [s.panelId] : [])))) {
    const panel = panels.get(panelId);
    if (panel) indexes.set(panelId, (await currentIndex(services, panel)).index);
  }
  const runs: ComputedRun[] = [];
  for (const set of sets)
    runs.push({
      set,
      outcome: await computeMatchRun(services, set, {
        candidates: set.propertyId === null ? [] : (byProperty.get(set.propertyId) ?? []),
        index: set.panelId ? indexes.get(set.panelId) : undefined,
      }),
    });
  return runs;
}

/** Stores computed runs in one transaction; a set deleted since it was read is left out (locked until commit). */
export async function storeBatch(
  services: Services,
  runs: ComputedRun[],
  options: { isRerun: boolean; engines?: ClusterEngines },
) {
  if (runs.length === 0) return [];
  return withTransaction(services, async (tx) => {
    const still = new Set(
      await q.lockSets(
        tx,
        runs.map((r) => r.set.id),
      ),
    );
    return storeRuns(
      { db: tx, config: services.config },
      runs.filter((r) => still.has(r.set.id)),
      { isRerun: options.isRerun, createdById: null, ...(options.engines ? { engines: options.engines } : {}) },
    );
  });
}

/** The first match runs of sets made ready by one approval: a batch at a time, sets no longer ready skipped. */
export async function matchSets(services: Services, resultSetIds: number[]) {
  let stored = 0;
  for (let i = 0; i < resultSetIds.length; i += BATCH_SIZE) {
    const sets = (await q.findSetContexts(services.db, resultSetIds.slice(i, i + BATCH_SIZE))).filter(
      (s) => s.readyForMatching,
    );
    stored += (await storeBatch(services, await computeMatchRuns(services, sets), { isRerun: false })).length;
  }
  return stored;
}
