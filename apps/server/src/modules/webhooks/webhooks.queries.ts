// SQL of webhooks: subscriptions in the caller's scope, the subscribers of an event, and the delivery log.
import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema/index.ts';
import type { Caller } from '../../platform/context.ts';
import { pageLimitSql, type PageRequest } from '../../platform/paging.queries.ts';
import { groupInScopeSql } from '../../platform/scope.queries.ts';

export type SubscriptionRow = {
  id: number;
  groupId: number;
  groupName: string;
  url: string;
  description: string | null;
  events: string[];
  isActive: boolean;
  dateCreated: string;
  lastDeliveryAt: string | null;
  lastDeliverySucceeded: boolean | null;
  lastDeliveryStatusCode: number | null;
  totalRecords: number;
};

/** The subscriptions whose group lies in the caller's scope, newest first. */
export async function subscriptionsInScope(
  db: Db,
  caller: Caller,
  filter: PageRequest & { groupId?: number; id?: number },
): Promise<SubscriptionRow[]> {
  return queryRows<SubscriptionRow>(
    db,
    sql`select s.id, s.group_id as "groupId", g.name as "groupName", s.url, s.description, s.events,
        s.is_active as "isActive", s.date_created as "dateCreated",
        d.date_created as "lastDeliveryAt", d.succeeded as "lastDeliverySucceeded",
        d.status_code as "lastDeliveryStatusCode", count(*) over ()::int as "totalRecords"
      from webhook_subscriptions s join groups g on g.id = s.group_id
      left join lateral (select date_created, succeeded, status_code from webhook_deliveries
        where subscription_id = s.id order by id desc limit 1) d on true
      where ${groupInScopeSql(caller, sql`g.path`)}
        and (${filter.groupId ?? null}::int is null or s.group_id = ${filter.groupId ?? null}::int)
        and (${filter.id ?? null}::int is null or s.id = ${filter.id ?? null}::int)
      order by s.id desc
      ${pageLimitSql(filter)}`,
  );
}

export type NewSubscription = typeof webhookSubscriptions.$inferInsert;

export async function insertSubscription(db: Db, values: NewSubscription): Promise<number> {
  const [row] = await db.insert(webhookSubscriptions).values(values).returning({ id: webhookSubscriptions.id });
  return row.id;
}

export async function updateSubscription(
  db: Db,
  id: number,
  values: Pick<NewSubscription, 'url' | 'description' | 'events' | 'isActive'>,
): Promise<void> {
  await db.update(webhookSubscriptions).set(values).where(eq(webhookSubscriptions.id, id));
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
}

/** The subscription with its (encrypted) secret, for a delivery. */
export async function subscriptionForDelivery(db: Db, id: number) {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  return row;
}

export type Subscriber = { id: number; groupId: number; groupPath: string };

/** Active subscriptions to the event on the event's group or a group above it, with their group. */
export async function subscribersOf(db: Db, event: string, groupId: number): Promise<Subscriber[]> {
  return queryRows<Subscriber>(
    db,
    sql`select s.id, sg.id as "groupId", sg.path as "groupPath"
      from webhook_subscriptions s join groups sg on sg.id = s.group_id
      join groups eg on eg.id = ${groupId}::int
      where s.is_active and s.events @> ${JSON.stringify([event])}::jsonb and eg.path like sg.path || '%'`,
  );
}

export type NewDelivery = typeof webhookDeliveries.$inferInsert;

export async function insertDelivery(db: Db, values: NewDelivery): Promise<void> {
  await db.insert(webhookDeliveries).values(values);
}

/** How many attempts the event has had at this subscription (the next attempt's number is one more). */
export async function attemptsSoFar(db: Db, subscriptionId: number, eventId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from webhook_deliveries
      where subscription_id = ${subscriptionId}::int and event_id = ${eventId} and not is_replay`,
  );
  return row?.count ?? 0;
}

export async function deliveriesOf(db: Db, subscriptionId: number, page: PageRequest) {
  const where = eq(webhookDeliveries.subscriptionId, subscriptionId);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function deliveryOf(db: Db, subscriptionId: number, deliveryId: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscriptionId)));
  return row;
}
