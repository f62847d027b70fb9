// The group dashboard: counts of groups, pet samples, residents and waste samples over a group's subtree, with
// whole-number percentages. Global mode (the whole registry) is for provider staff only.
import {
  DashboardMode,
  GROUP_COUNT_KEYS,
  PET_SAMPLE_KEYS,
  RESIDENT_KEYS,
  WASTE_SAMPLE_KEYS,
  type DashboardResponse,
} from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { dashboardCounts, wasteResultCounts } from './dashboard.queries.ts';
import { loadGroup } from './groups.service.ts';

/** Each count as a whole-number percentage of the block's total; 0 when the total is 0. */
export function wholePercentages<K extends string>(counts: Record<K, number>, total: number): Record<K, number> {
  const result = {} as Record<K, number>;
  for (const key of Object.keys(counts) as K[]) result[key] = total > 0 ? Math.round((counts[key] * 100) / total) : 0;
  return result;
}

function block<K extends string>(keys: readonly K[], values: Record<string, number>, total?: number) {
  const counts = Object.fromEntries(keys.map((key) => [key, values[key] ?? 0])) as Record<K, number>;
  const denominator = total ?? (counts as Record<string, number>).total ?? 0;
  return { counts, percentages: wholePercentages(counts, denominator) };
}

export async function dashboard(ctx: SignedInContext, groupId: number, mode: number): Promise<DashboardResponse> {
  const group = await loadGroup(ctx, groupId);
  if (mode === DashboardMode.GlobalStatus && !ctx.caller.isProviderStaff)
    throw forbidden('The global dashboard is for provider staff only.');
  // Global is the whole registry: the root's tallies (the first id of the path), active and inactive properties alike.
  const global = mode === DashboardMode.GlobalStatus;
  const properties =
    mode === DashboardMode.InactiveProperties
      ? false
      : mode === DashboardMode.ActiveAndInactiveProperties || global
        ? null
        : true;
  const rootOrGroup = global ? Number(group.path.split('/')[1]) : group.id;
  const { groups, pets, residents, waste } = await dashboardCounts(ctx.db, rootOrGroup, properties);
  const results = await wasteResultCounts(ctx.db, rootOrGroup, properties);
  const residentTotal = RESIDENT_KEYS.filter((key) => key !== 'total').reduce(
    (sum, key) => sum + (residents[key] ?? 0),
    0,
  );
  return {
    groupId: group.id,
    dashboardMode: mode,
    groups: block(GROUP_COUNT_KEYS, groups),
    petSamples: block(PET_SAMPLE_KEYS, pets),
    residents: block(RESIDENT_KEYS, { ...residents, total: residentTotal }),
    // Match outcomes (match, no match, fail, non-canine): the samples' approved results.
    wasteSamples: block(WASTE_SAMPLE_KEYS, { ...waste, ...results }),
    wasteSamplesTracked: true,
  };
}
