// An approved match result as another module reads it (violation notices): the result and its set within the caller's
// scope (404 as a missing one outside it), and whether the caller may still reach the owner it names.
import type { SignedInContext } from '../../platform/context.ts';
import { WASTE_RESULT_MESSAGES as M } from '@registry/contracts';
import { notFound } from '../../platform/errors.ts';
import { loadResultInScope, reachesOwner } from './wasteresults.service.ts';
import * as q from './wasteresults.queries.ts';

export async function resultWithSet(ctx: SignedInContext, resultId: number) {
  const result = await loadResultInScope(ctx, resultId);
  const set = await q.findSetContext(ctx.db, result.resultSetId);
  if (!set) throw notFound(M.resultNotFound);
  const isCurrentlyApproved = result.isApproved && set.currentlyApprovedResultId === result.id;
  const hasAccessToPetOwner = await reachesOwner(ctx, result.matchedPetOwnerId, set.propertyId);
  return { result, set, isCurrentlyApproved, hasAccessToPetOwner };
}
