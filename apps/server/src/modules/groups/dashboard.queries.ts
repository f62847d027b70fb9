// SQL for the group dashboard: one aggregate statement per block (groups, pet samples, residents) over a subtree.
import { sql, type SQL } from 'drizzle-orm';
import { GroupTypes, RegistrationStatus, SampleCustomerStatus as S } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';

export type DashboardScope = { path: string; selfId: number | null; activeProperties: boolean | null };

/** The subtree's pet-owner groups the mode selects (activeProperties null: active and inactive). */
function petOwnerGroupCondition(scope: DashboardScope, alias: SQL): SQL {
  const active = scope.activeProperties === null ? sql`true` : scope.activeProperties ? sql`${alias}.is_active` : sql`not ${alias}.is_active`;
  return sql`${alias}.path like ${`${scope.path}%`} and ${alias}.group_type in (${GroupTypes.Property}, ${GroupTypes.ParentageGroup}) and ${active}`;
}

type Counts = Record<string, string | number>;
const numbers = (row: Counts | undefined) => Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));

export async function groupCounts(db: Db, scope: DashboardScope) {
  const [row] = await queryRows<Counts>(db, sql`select count(*) filter (where is_active) as active, count(*) filter (where not is_active) as inactive, count(*) as total
    from groups where path like ${`${scope.path}%`} and id is distinct from ${scope.selfId}`);
  return numbers(row) as { active: number; inactive: number; total: number };
}

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

/**
 * Pets of current members of the selected groups, counted per status in one grouped aggregate (a handful of rows),
 * then folded into the spec's buckets.
 */
export async function petSampleCounts(db: Db, scope: DashboardScope) {
  const rows = await queryRows<{ status: number; total: string | number }>(db, sql`select p.customer_facing_status as status, count(*) as total
    from pets p
    where p.pet_owner_id in (select pog.pet_owner_id from pet_owner_groups pog join groups g on g.id = pog.group_id
      where pog.move_out_date is null and ${petOwnerGroupCondition(scope, sql`g`)})
    group by p.customer_facing_status`);
  const counts: Record<string, number> = Object.fromEntries(Object.keys(PET_BUCKETS).map((key) => [key, 0]));
  let total = 0;
  for (const row of rows) {
    const n = Number(row.total);
    total += n;
    for (const [key, statuses] of Object.entries(PET_BUCKETS)) if (statuses.includes(Number(row.status))) counts[key] += n;
  }
  return { ...counts, total };
}

/**
 * Dog owners: pet owners with a current membership; non-dog owners: approved residents without dogs; moved out:
 * ended memberships; awaiting approval: residents pending approval. The selected groups are found once.
 */
export async function residentCounts(db: Db, scope: DashboardScope) {
  const [row] = await queryRows<Counts>(db, sql`with selected as materialized (select g.id from groups g where ${petOwnerGroupCondition(scope, sql`g`)}),
      memberships as (select pog.pet_owner_id, pog.move_out_date from pet_owner_groups pog where pog.group_id in (select id from selected)),
      residents as (select r.status, r.has_dogs from pre_registered_residents r where r.group_id in (select id from selected))
    select
      (select count(distinct pet_owner_id) from memberships where move_out_date is null) as "dogOwner",
      (select count(*) from residents where status = ${RegistrationStatus.Approved} and not has_dogs) as "nonDogOwner",
      (select count(*) from memberships where move_out_date is not null) as "movedOut",
      (select count(*) from residents where status = ${RegistrationStatus.PendingApproval}) as "awaitingApproval"`);
  return numbers(row);
}
