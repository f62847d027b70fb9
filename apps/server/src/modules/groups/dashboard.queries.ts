// SQL for the group dashboard: a group's two tally rows (its subtree's active and inactive halves, kept current by
// database triggers), so the cost is the same for a property and for the root of 10,000 properties.
import { sql } from 'drizzle-orm';
import { SampleCustomerStatus as S } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';

/** Status buckets of the pet sample block; a status in no bucket (a cancelled verification test) counts only in the total. */
const PET_BUCKETS: Record<string, readonly number[]> = {
  dnaProcessingComplete: [S.DnaProcessingComplete],
  // Received-type statuses: DNA sample, reswab and verification test received.
  dnaReceived: [S.DnaSampleReceived, S.ReswabReceived, S.VerificationTestReceived],
  profilesCreated: [S.ProfileCreated],
  expired: [S.Expired],
  reswabsRequested: [S.ReswabRequested],
  verificationTestsRequested: [S.VerificationTestRequested],
  processingSecondSwab: [S.Processing2ndSwab, S.Reanalyzing],
  incompleteDnaProfile: [S.IncompleteDnaProfile],
  rejected: [S.SampleRejected],
  voided: [S.SampleVoided],
};
const STATUSES = Object.values(S);
/** Status buckets of the waste sample block (the statuses a waste sample takes; match outcomes come from results). */
const WASTE_BUCKETS: Record<string, number> = {
  profileCreated: S.ProfileCreated,
  dnaReceived: S.DnaSampleReceived,
  expired: S.Expired,
  reanalyzing: S.Reanalyzing,
  dnaProcessingComplete: S.DnaProcessingComplete,
  rejected: S.SampleRejected,
  voided: S.SampleVoided,
};

type TallyRow = Record<string, number | boolean | null>;

/**
 * The dashboard's counts beneath a group. `properties` picks the half of the tallies the mode shows (true active, false
 * inactive, null both); the group counts always show both. A pet owner living in two pet-owner groups of the subtree
 * counts in each (see docs/decisions/groups.md), so a parent's figures are the sum of its children's.
 */
export async function dashboardCounts(db: Db, groupId: number, properties: boolean | null) {
  const statusColumns = sql.raw(
    [
      ...STATUSES.map((status) => `pets_status_${status} as "s${status}"`),
      ...Object.values(WASTE_BUCKETS).map((status) => `waste_status_${status} as "w${status}"`),
    ].join(', '),
  );
  const rows = await queryRows<TallyRow>(
    db,
    sql`select active, subgroups, pets_total as "petsTotal", waste_total as "wasteTotal", ${statusColumns},
      dog_owners as "dogOwner", non_dog_owners as "nonDogOwner", moved_out as "movedOut", awaiting_approval as "awaitingApproval"
    from group_tallies where group_id = ${groupId}`,
  );
  const half = (active: boolean) => rows.find((row) => row.active === active);
  const sum = (key: string, halves: (TallyRow | undefined)[]) =>
    halves.reduce((total, row) => total + Number(row?.[key] ?? 0), 0);
  const shown = properties === null ? [half(true), half(false)] : [half(properties)];
  const pets: Record<string, number> = {};
  for (const [key, statuses] of Object.entries(PET_BUCKETS))
    pets[key] = statuses.reduce((total, status) => total + sum(`s${status}`, shown), 0);
  const waste: Record<string, number> = { total: sum('wasteTotal', shown) };
  for (const [key, status] of Object.entries(WASTE_BUCKETS)) waste[key] = sum(`w${status}`, shown);
  const active = sum('subgroups', [half(true)]);
  const inactive = sum('subgroups', [half(false)]);
  return {
    groups: { active, inactive, total: active + inactive },
    pets: { ...pets, total: sum('petsTotal', shown) },
    waste,
    residents: {
      dogOwner: sum('dogOwner', shown),
      nonDogOwner: sum('nonDogOwner', shown),
      movedOut: sum('movedOut', shown),
      awaitingApproval: sum('awaitingApproval', shown),
    },
  };
}

/**
 * The waste samples beneath a group by their approved match result (Match, NoMatch, Fail, NonCanine), in the
 * properties the mode shows (`properties`: true active, false inactive, null both). Read from the results, not the
 * tallies: only approved results count, as customers see them.
 */
export async function wasteResultCounts(db: Db, groupId: number, properties: boolean | null) {
  const rows = await queryRows<{ status: string; count: number }>(
    db,
    sql`select r.status, count(*)::int as count
      from waste_result_sets s
      join waste_match_results r on r.id = s.currently_approved_result_id
      join waste_samples w on w.id = s.waste_sample_id
      join groups g on g.id = w.property_id
      where g.path like (select path from groups where id = ${groupId}) || '%'
        and (${properties}::boolean is null or g.is_active = ${properties}::boolean)
      group by r.status`,
  );
  const of = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  return { match: of('Match'), noMatch: of('NoMatch'), fail: of('Fail'), nonCanine: of('NonCanine') };
}
