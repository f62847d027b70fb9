// Retroactive matching: a dog's approved profile (new dog, reswab) or its owner joining a property reruns the open
// waste results of that property and its adjacent ones (latest NoMatch or Inconclusive, or not yet approved). Only a
// run that changes the result is stored, as a rerun waiting for the lab's approval; approving a NoMatch that became a
// Match sends the NoMatchToMatch letter. Runs go through the job queue after the change commits, a batch at a time.
import type { Services } from '../../platform/context.ts';
import { enqueue } from '../../platform/jobs.ts';
import type { HookContext, OwnerArrival } from '../../platform/matching-hooks.ts';
import { BATCH_SIZE, computeMatchRuns, storeBatch } from './batch-runs.ts';
import * as r from './retro-match.queries.ts';
import * as q from './wasteresults.queries.ts';

export type RetroPayload = { petSampleNumbers?: string[]; petOwnerIds?: number[]; groupIds?: number[] };

/** Queues the rerun after newly approved dog profiles (in the approval's transaction: it exists only if it commits). */
export async function queueRetroMatchForDogs(ctx: HookContext, dogs: { sampleNumber: string }[]) {
  if (dogs.length === 0) return;
  await enqueue(ctx, 'waste-retro-match', { petSampleNumbers: [...new Set(dogs.map((d) => d.sampleNumber))] });
}

/** Queues the rerun after pet owners joined groups. */
export async function queueRetroMatchForArrivals(ctx: HookContext, arrivals: OwnerArrival[]) {
  if (arrivals.length === 0) return;
  await enqueue(ctx, 'waste-retro-match', {
    petOwnerIds: [...new Set(arrivals.map((a) => a.petOwnerId))],
    groupIds: [...new Set(arrivals.map((a) => a.groupId))],
  });
}

/** The properties whose open results the payload's dogs could change. */
async function affectedProperties(services: Services, payload: RetroPayload) {
  const groups = await r.groupsOfDogs(services.db, payload.petSampleNumbers ?? []);
  // An owner without an approved dog changes no result: the move in reruns nothing.
  if ((await r.ownersWithApprovedDogs(services.db, payload.petOwnerIds ?? [])).length > 0)
    groups.push(...(payload.groupIds ?? []));
  return r.withAdjacent(services.db, [...new Set(groups)]);
}

/** Reruns the open sets of the affected properties; answers how many runs changed a result (and were stored). */
export async function retroMatchJob(services: Services, payload: RetroPayload) {
  const ids = await r.openSetIds(services.db, await affectedProperties(services, payload));
  let changed = 0;
  for (let i = 0; i < ids.length; i += BATCH_SIZE) {
    const chunk = ids.slice(i, i + BATCH_SIZE);
    const [sets, latest] = await Promise.all([
      q.findSetContexts(services.db, chunk),
      q.latestResultsOf(services.db, chunk),
    ]);
    const runs = (await computeMatchRuns(services, sets)).filter(({ set, outcome }) => {
      const before = latest.get(set.id);
      return (
        !before ||
        before.status !== outcome.status ||
        (before.matchedPetDnaProfileId ?? null) !== (outcome.matchedPetDnaProfileId ?? null)
      );
    });
    changed += (await storeBatch(services, runs, { isRerun: true })).length;
  }
  return changed;
}
