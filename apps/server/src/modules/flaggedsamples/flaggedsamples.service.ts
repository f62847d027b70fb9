// Flagged samples under a group: the group must lie in the caller's scope (404 otherwise, like an unknown id).
import { usDateBounds, type EndpointQuery, type flaggedSampleEndpoints } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { flaggedSamplesUnder } from './flaggedsamples.queries.ts';

export async function groupFlaggedSamples(
  ctx: SignedInContext,
  groupId: number,
  query: EndpointQuery<typeof flaggedSampleEndpoints.list>,
) {
  const group = await loadGroupInScope(ctx, groupId);
  const { dateFlagged, ...rest } = query;
  const dateBounds = dateFlagged ? usDateBounds(dateFlagged, ctx.config.labTimeZone) : null;
  return flaggedSamplesUnder(ctx.db, group.path, { ...rest, dateBounds });
}
