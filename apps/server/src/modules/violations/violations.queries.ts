// The SQL of violation notices: fine schedules along the group tree, notices and their steps, the caller's scope over
// them (the notice's property within the caller's groups), the ledger's page, totals and export batches. Names of the
// owner, the dog and the unit are read once, when a notice is issued (a notice keeps what it said).
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { fineSchedules, groups, violationNotices, violationSteps } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { pageLimitSql, windowLimitSql, type PageRequest } from '../../platform/paging.queries.ts';
import { groupInScopeSql, pathWithin } from '../../platform/scope.queries.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';

export type ScheduleRow = typeof fineSchedules.$inferSelect;
export type NoticeRow = typeof violationNotices.$inferSelect;
export type NewNotice = typeof violationNotices.$inferInsert;
type Scoped = Pick<Caller, 'userId' | 'isProviderStaff'>;

/** The group and the groups above it, nearest first, each with its own schedule (null when it has none). */
export async function scheduleChain(db: Db, groupId: number) {
  return queryRows<{ groupId: number; groupName: string; groupType: number; schedule: ScheduleRow | null }>(
    db,
    sql`select g.id as "groupId", g.name as "groupName", g.group_type as "groupType",
          case when fs.id is null then null else json_build_object(
            'id', fs.id, 'groupId', fs.group_id, 'firstOffenceCents', fs.first_offence_cents,
            'secondOffenceCents', fs.second_offence_cents, 'laterOffenceCents', fs.later_offence_cents,
            'lookBackDays', fs.look_back_days, 'daysToRespond', fs.days_to_respond, 'daysToPay', fs.days_to_pay,
            'fineAdjacentMatches', fs.fine_adjacent_matches) end as schedule
        from groups target
        join groups g on ${pathWithin(sql`target.path`, sql`g.path`)}
        left join fine_schedules fs on fs.group_id = g.id
        where target.id = ${groupId}
        order by length(g.path) desc`,
  );
}

export async function upsertSchedule(db: Db, values: typeof fineSchedules.$inferInsert) {
  await db
    .insert(fineSchedules)
    .values(values)
    .onConflictDoUpdate({ target: fineSchedules.groupId, set: { ...values, dateUpdated: new Date() } });
}

export async function deleteSchedule(db: Db, groupId: number) {
  return db.delete(fineSchedules).where(eq(fineSchedules.groupId, groupId)).returning({ id: fineSchedules.id });
}

/** The owner's earlier notices that stand (upheld, reduced or paid) issued since the date: the offence count. */
export async function standingNoticesSince(db: Db, petOwnerId: number, since: Date) {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from violation_notices
        where pet_owner_id = ${petOwnerId} and date_issued >= ${since.toISOString()}
          and status in ('Upheld', 'Reduced', 'Paid')`,
  );
  return row?.count ?? 0;
}

/** The owner's name, email and unit at the property (their resident record there, if any), and the dog's facts. */
export async function noticeParties(db: Db, petOwnerId: number, propertyId: number, petId: number | null) {
  const [row] = await queryRows<{
    ownerName: string;
    email: string | null;
    unitNumber: string | null;
    petName: string | null;
    petSampleNumber: string | null;
  }>(
    db,
    sql`select trim(concat_ws(' ', u.first_name, u.last_name)) as "ownerName", u.email,
          (select r.unit_number from pre_registered_residents r
            where r.user_id = u.id and r.group_id = ${propertyId} order by r.id desc limit 1) as "unitNumber",
          p.name as "petName", p.sample_number as "petSampleNumber"
        from users u left join pets p on p.id = ${petId}
        where u.id = ${petOwnerId}`,
  );
  return row ?? null;
}

/** Whether the dog's witnessed re-swab (its verification test) has been approved by the lab. */
export async function petVerified(db: Db, petId: number | null) {
  if (!petId) return false;
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select has_approved_verification_test as ok from pets where id = ${petId}`,
  );
  return row?.ok ?? false;
}

export async function ownerEmail(db: Db, petOwnerId: number) {
  const [row] = await queryRows<{ email: string | null }>(db, sql`select email from users where id = ${petOwnerId}`);
  return row?.email ?? null;
}

export async function insertNotice(db: Db, values: NewNotice) {
  const [row] = await db.insert(violationNotices).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function noticeByResult(db: Db, matchResultId: number) {
  const [row] = await db.select().from(violationNotices).where(eq(violationNotices.matchResultId, matchResultId));
  return row ?? null;
}

export async function findNotice(db: Db, id: number) {
  const [row] = await db.select().from(violationNotices).where(eq(violationNotices.id, id));
  return row ?? null;
}

/** The notice's row, locked until the transaction ends: two answers to one notice apply one after the other. */
export async function lockNotice(db: Db, id: number) {
  const [row] = await db.select().from(violationNotices).where(eq(violationNotices.id, id)).for('update');
  return row ?? null;
}

export async function updateNotice(db: Db, id: number, values: Partial<NewNotice>) {
  const [row] = await db.update(violationNotices).set(values).where(eq(violationNotices.id, id)).returning();
  return row;
}

/** Notices resting on these results that are not voided yet, locked. */
export async function openNoticesOfResults(db: Db, resultIds: number[]) {
  if (resultIds.length === 0) return [];
  return db
    .select()
    .from(violationNotices)
    .where(and(inArray(violationNotices.matchResultId, resultIds), sql`${violationNotices.status} <> 'Voided'`))
    .for('update');
}

export async function isNoticeInScope(db: Db, caller: Scoped, propertyId: number) {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, propertyId), groupInScopeSql(caller, groups.path)));
  return rows.length > 0;
}

export async function insertStep(db: Db, values: typeof violationSteps.$inferInsert) {
  await db.insert(violationSteps).values(values);
}

export async function stepsOf(db: Db, noticeId: number) {
  return db.select().from(violationSteps).where(eq(violationSteps.noticeId, noticeId)).orderBy(asc(violationSteps.id));
}

export async function noticesOfOwner(db: Db, petOwnerId: number) {
  return db
    .select()
    .from(violationNotices)
    .where(eq(violationNotices.petOwnerId, petOwnerId))
    .orderBy(sql`${violationNotices.dateIssued} desc, ${violationNotices.id} desc`);
}

/** The SQL condition of a state as the ledger reads it (Overdue: unpaid past its payment date). */
const OVERDUE = sql`(n.status in ('Issued', 'Upheld', 'Reduced') and n.pay_by is not null and n.pay_by < now())`;
function stateCondition(state: string | undefined): SQL {
  if (!state) return sql`true`;
  if (state === 'Overdue') return OVERDUE;
  return sql`(n.status = ${state} and not ${OVERDUE})`;
}

const underGroup = (groupId: number) =>
  sql`n.property_id in (select g.id from groups g, groups root
        where root.id = ${groupId} and ${pathWithin(sql`g.path`, sql`root.path`)})`;

const LEDGER_ORDER = sortColumns({
  dateissued: sql`n.date_issued`,
  amountdue: sql`n.due_cents`,
  ownername: sql`n.owner_name`,
  propertyname: sql`pg.name`,
});

export type LedgerRow = NoticeRow & { propertyName: string };

export async function ledgerPage(
  db: Db,
  groupId: number,
  state: string | undefined,
  request: PageRequest & { orderBy?: string; ascending?: boolean },
) {
  const order = sortColumn(LEDGER_ORDER, request.orderBy, 'dateissued');
  const direction = request.ascending ? sql`asc` : sql`desc`;
  const where = sql`${underGroup(groupId)} and ${stateCondition(state)}`;
  const rows = await queryRows<{ id: number; propertyName: string; total: number }>(
    db,
    sql`select n.id, pg.name as "propertyName", count(*) over ()::int as total
        from violation_notices n join groups pg on pg.id = n.property_id
        where ${where} order by ${order} ${direction}, n.id desc ${pageLimitSql(request)}`,
  );
  return { rows: await withNames(db, rows), total: rows[0]?.total ?? 0 };
}

async function withNames(db: Db, rows: { id: number; propertyName: string }[]): Promise<LedgerRow[]> {
  if (rows.length === 0) return [];
  const full = await db
    .select()
    .from(violationNotices)
    .where(
      inArray(
        violationNotices.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(full.map((row) => [row.id, row]));
  return rows.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [{ ...row, propertyName: r.propertyName }] : [];
  });
}

/** A batch of the ledger's export in id order, after the last id of the one before. */
export async function ledgerBatch(
  db: Db,
  groupId: number,
  state: string | undefined,
  after: number | null,
  limit: number,
) {
  const rows = await queryRows<{ id: number; propertyName: string }>(
    db,
    sql`select n.id, pg.name as "propertyName" from violation_notices n join groups pg on pg.id = n.property_id
        where ${underGroup(groupId)} and ${stateCondition(state)} and n.id > ${after ?? 0}
        order by n.id ${windowLimitSql({ limit })}`,
  );
  return withNames(db, rows);
}

export async function countLedger(db: Db, groupId: number, state: string | undefined) {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from violation_notices n where ${underGroup(groupId)} and ${stateCondition(state)}`,
  );
  return row?.count ?? 0;
}

const TOTALS = sql`count(*)::int as count,
  coalesce(sum(n.due_cents) filter (where n.status not in ('Waived', 'Voided')), 0)::int as charged,
  coalesce(sum(n.due_cents) filter (where n.status = 'Paid'), 0)::int as paid,
  coalesce(sum(n.due_cents) filter (where n.status in ('Issued', 'Upheld', 'Reduced', 'Disputed', 'Appealed')), 0)::int
    as outstanding`;
type Totals = { count: number; charged: number; paid: number; outstanding: number };

export async function totalsByProperty(db: Db, groupId: number) {
  return queryRows<Totals & { propertyId: number; propertyName: string }>(
    db,
    sql`select n.property_id as "propertyId", pg.name as "propertyName", ${TOTALS}
        from violation_notices n join groups pg on pg.id = n.property_id
        where ${underGroup(groupId)} group by n.property_id, pg.name order by pg.name`,
  );
}

export async function totalsByOwner(db: Db, groupId: number) {
  return queryRows<Totals & { petOwnerId: number; ownerName: string }>(
    db,
    sql`select n.pet_owner_id as "petOwnerId", min(n.owner_name) as "ownerName", ${TOTALS}
        from violation_notices n where ${underGroup(groupId)}
        group by n.pet_owner_id order by count(*) desc, min(n.owner_name) limit 200`,
  );
}

/** Dogs named by more than one notice (not voided) at the same property. */
export async function repeatDogs(db: Db, groupId: number) {
  return queryRows<{ propertyName: string; petName: string; petSampleNumber: string | null; notices: number }>(
    db,
    sql`select pg.name as "propertyName", min(n.pet_name) as "petName", n.pet_sample_number as "petSampleNumber",
          count(*)::int as notices
        from violation_notices n join groups pg on pg.id = n.property_id
        where ${underGroup(groupId)} and n.status <> 'Voided'
        group by pg.name, n.property_id, n.pet_id, n.pet_sample_number having count(*) > 1
        order by count(*) desc, pg.name limit 200`,
  );
}
