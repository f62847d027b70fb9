// Waste matching's events that other modules answer: an approved match result withdrawn (deleted, or replaced by an
// approved run of the same result set), and waste samples about to be deleted (their result sets go with them), which
// matching answers by withdrawing the sets' results. Violation notices register a handler at start-up that voids the notices resting
// on it; wasteresults calls these without importing violations, so the dependency points one way (violations reads
// matching, not the reverse).
import type { SignedInContext } from './context.ts';

/**
 * A result that no longer stands as the set's approved answer. `nowNamesPetId` is the dog the set's approved result
 * names now (null when it names none or the result was deleted): a notice on the same dog still stands.
 */
export type WithdrawnResult = { resultId: number; resultSetId: number; nowNamesPetId: number | null; reason: string };

type WithdrawnHandler = (ctx: SignedInContext, withdrawn: WithdrawnResult[]) => Promise<void>;

// A set: buildApp runs once per app and tests build several apps in one process; a handler counts once.
const withdrawnHandlers = new Set<WithdrawnHandler>();

export function onMatchResultsWithdrawn(handler: WithdrawnHandler): void {
  withdrawnHandlers.add(handler);
}

type SamplesHandler = (ctx: SignedInContext, wasteSampleIds: number[]) => Promise<void>;
const deletingSampleHandlers = new Set<SamplesHandler>();

export function onWasteSamplesDeleting(handler: SamplesHandler): void {
  deletingSampleHandlers.add(handler);
}

/** Called by the waste samples module, in its transaction, just before it deletes these samples. */
export async function wasteSamplesDeleting(ctx: SignedInContext, wasteSampleIds: number[]): Promise<void> {
  if (wasteSampleIds.length === 0) return;
  for (const handler of deletingSampleHandlers) await handler(ctx, wasteSampleIds);
}

/** Called by matching, in its transaction, with the results that stopped being a set's approved answer. */
export async function matchResultsWithdrawn(ctx: SignedInContext, withdrawn: WithdrawnResult[]): Promise<void> {
  if (withdrawn.length === 0) return;
  for (const handler of withdrawnHandlers) await handler(ctx, withdrawn);
}

/** The earlier approved result of a set, withdrawn by the approval of `now` (the dog `now` names, if a Match). */
export const replacedBy = (
  earlierId: number,
  now: { resultSetId: number; status: string; matchedPetId: number | null },
): WithdrawnResult => ({
  resultId: earlierId,
  resultSetId: now.resultSetId,
  nowNamesPetId: now.status === 'Match' ? now.matchedPetId : null,
  reason: 'The match result was replaced by a later approved result.',
});
