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

/**
 * Pets of current members of the selected groups, per SampleCustomerStatus bucket. Received-type statuses (DNA sample,
 * reswab, verification test received) count as DNA received; reanalyzing counts with processing second swab; a
 * cancelled verification test counts only in the total.
 */
export async function petSampleCounts(db: Db, scope: DashboardScope) {
  const status = sql`p.customer_facing_status`;
  const [row] = await queryRows<Counts>(db, sql`select
      count(*) filter (where ${status} = ${S.DnaProcessingComplete}) as "dnaProcessingComplete",
      count(*) filter (where ${status} in (${S.DnaSampleReceived}, ${S.ReswabReceived}, ${S.VerificationTestReceived})) as "dnaReceived",
      count(*) filter (where ${status} = ${S.ProfileCreated}) as "profilesCreated",
      count(*) filter (where ${status} = ${S.Expired}) as "expired",
      count(*) filter (where ${status} = ${S.ReswabRequested}) as "reswabsRequested",
      count(*) filter (where ${status} = ${S.VerificationTestRequested}) as "verificationTestsRequested",
      count(*) filter (where ${status} in (${S.Processing2ndSwab}, ${S.Reanalyzing})) as "processingSecondSwab",
      count(*) filter (where ${status} = ${S.IncompleteDnaProfile}) as "incompleteDnaProfile",
      count(*) filter (where ${status} = ${S.SampleRejected}) as "rejected",
      count(*) filter (where ${status} = ${S.SampleVoided}) as "voided",
      count(*) as "total"
    from pets p
    where p.pet_owner_id in (select pog.pet_owner_id from pet_owner_groups pog join groups g on g.id = pog.group_id
      where pog.move_out_date is null and ${petOwnerGroupCondition(scope, sql`g`)})`);
  return numbers(row);
}

/**
 * Dog owners: pet owners with a current membership; non-dog owners: approved residents without dogs; moved out:
 * ended memberships; awaiting approval: residents pending approval.
 */
export async function residentCounts(db: Db, scope: DashboardScope) {
  const [row] = await queryRows<Counts>(db, sql`select
      (select count(distinct pog.pet_owner_id) from pet_owner_groups pog join groups g on g.id = pog.group_id
        where pog.move_out_date is null and ${petOwnerGroupCondition(scope, sql`g`)}) as "dogOwner",
      (select count(*) from pre_registered_residents r join groups g on g.id = r.group_id
        where r.status = ${RegistrationStatus.Approved} and not r.has_dogs and ${petOwnerGroupCondition(scope, sql`g`)}) as "nonDogOwner",
      (select count(*) from pet_owner_groups pog join groups g on g.id = pog.group_id
        where pog.move_out_date is not null and ${petOwnerGroupCondition(scope, sql`g`)}) as "movedOut",
      (select count(*) from pre_registered_residents r join groups g on g.id = r.group_id
        where r.status = ${RegistrationStatus.PendingApproval} and ${petOwnerGroupCondition(scope, sql`g`)}) as "awaitingApproval"`);
  return numbers(row);
}
