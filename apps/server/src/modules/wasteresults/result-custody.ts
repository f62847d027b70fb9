// The custody event of an approved match result (issue 40): the waste sample's "Result approved", in the approval's
// transaction, with the result approved and its dog where it names one.
import { CustodyEvent } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { recordCustodyEvents, type CustodyRecord } from '../../platform/custody.ts';
import * as q from './wasteresults.queries.ts';

/** Records "Result approved" for each set's approved result; call it inside the approval's transaction. */
export async function recordApprovedCustody(ctx: SignedInContext, approved: { setId: number; resultId: number }[]) {
  const sets = new Map(
    (
      await q.findSetContexts(
        ctx.db,
        approved.map((a) => a.setId),
      )
    ).map((set) => [set.id, set]),
  );
  const records: CustodyRecord[] = [];
  for (const { setId, resultId } of approved) {
    const set = sets.get(setId);
    const result = await q.findResult(ctx.db, resultId);
    if (!set || !result) continue;
    records.push({
      sampleNumber: set.sampleNumber,
      event: CustodyEvent.ResultApproved,
      details: {
        result: result.status,
        dog: result.sampleNumberOverride ?? result.matchedSampleNumber ?? null,
      },
    });
  }
  await recordCustodyEvents(ctx.db, ctx, records);
}
