// A waste sample's history (GET getsamplehistory): its status changes with their notes, newest first.
import type { SignedInContext } from '../../platform/context.ts';
import * as q from './wastesamples.queries.ts';
import { sampleNotFound } from './wastesamples.service.ts';

export async function sampleHistory(ctx: SignedInContext, sampleNumber: string) {
  const row = await q.findByNumber(ctx.db, ctx.caller, sampleNumber);
  if (!row) throw sampleNotFound();
  const entries = await q.statusEntries(ctx.db, row.sample.id);
  return entries.map((entry) => {
    const after = entry.after as {
      customerFacingStatus: number;
      notes?: string | null;
      followupActionNotes?: string | null;
    };
    return {
      id: entry.id,
      dateCreated: entry.dateCreated.toISOString(),
      customerFacingStatus: after.customerFacingStatus,
      notes: after.notes ?? after.followupActionNotes ?? null,
      updatedByName: entry.userName,
    };
  });
}
