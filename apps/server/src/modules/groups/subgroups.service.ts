// Subgroups of a group and the pet-owner group picker: scope checks around subgroups.queries.ts.
import type { SignedInContext } from '../../platform/context.ts';
import { loadGroup } from './groups.service.ts';
import { petOwnerGroupsOf, subgroupsOf, type SubgroupFilter } from './subgroups.queries.ts';

export async function subgroups(ctx: SignedInContext, query: SubgroupFilter & { groupId: number }) {
  const group = await loadGroup(ctx, query.groupId);
  return subgroupsOf(ctx.db, group, query, ctx.config.labTimeZone);
}

export async function petOwnerGroups(ctx: SignedInContext, query: Parameters<typeof petOwnerGroupsOf>[2]) {
  return petOwnerGroupsOf(ctx.db, ctx.caller, query);
}
