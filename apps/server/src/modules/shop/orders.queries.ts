// SQL of carts, orders, order items and payment events.
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { OrderOrdering, OrderStatus, usDateBounds, type OrdersQuery } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { lowerContains } from '../../db/like.ts';
import {
  ancestryFulfillments,
  orderItems,
  orders,
  orderStatusTallies,
  paymentEvents,
  petOwnerGroups,
} from '../../db/schema/index.ts';
import { pagedSelect } from '../../platform/paging.queries.ts';

export type OrderRow = typeof orders.$inferSelect;

export async function insertPaymentEvent(db: Db, values: typeof paymentEvents.$inferInsert) {
  await db.insert(paymentEvents).values(values);
}

/** The buyer's ordered items (orders not cancelled): which product for which dog. */
export async function orderedItemsOfCustomer(db: Db, userId: number) {
  return db
    .select({ petId: orderItems.petId, preRegDogId: orderItems.preRegDogId, productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.customerUserId, userId), ne(orders.status, OrderStatus.Cancelled)));
}

export async function findOrder(db: Db, id: number, lock = false) {
  const query = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateOrder(db: Db, id: number, values: Partial<typeof orders.$inferInsert>) {
  const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row;
}

export async function itemsOfOrders(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ item: orderItems, fulfillmentStatus: ancestryFulfillments.status })
    .from(orderItems)
    .leftJoin(ancestryFulfillments, eq(ancestryFulfillments.orderItemId, orderItems.id))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

export async function findOrderItem(db: Db, orderId: number, orderItemId: number) {
  const [row] = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, orderItemId), eq(orderItems.orderId, orderId)))
    .limit(1);
  return row ?? null;
}

export async function ordersOfCustomer(db: Db, userId: number, page: number, pageSize: number) {
  const where = eq(orders.customerUserId, userId);
  return pagedSelect(
    { page, pageSize },
    db.select().from(orders).where(where).orderBy(desc(orders.orderDate), desc(orders.id)).$dynamic(),
    db.select({ total: count() }).from(orders).where(where),
  );
}

/** The back-office list (spec 3 /tools/orders-list): filters, three sorts, order date descending by default. */
export async function ordersPage(db: Db, query: OrdersQuery, timeZone: string) {
  const where: SQL[] = [];
  if (query.startDate) where.push(gte(orders.orderDate, usDateBounds(query.startDate, timeZone)!.start));
  if (query.endDate) where.push(lt(orders.orderDate, usDateBounds(query.endDate, timeZone)!.end));
  if (query.statusFilter !== undefined) where.push(eq(orders.status, query.statusFilter));
  if (query.searchTerm) {
    const term = [lowerContains(orders.customerName, query.searchTerm)];
    if (/^\d{1,9}$/.test(query.searchTerm)) term.push(eq(orders.id, Number(query.searchTerm)));
    where.push(or(...term)!);
  }
  if (query.petSummary) where.push(lowerContains(orders.petSummary, query.petSummary));
  const condition = where.length ? and(...where) : undefined;
  const direction = query.ascending ? asc : desc;
  const sortColumn =
    query.orderBy === OrderOrdering.CustomerName
      ? orders.customerName
      : query.orderBy === OrderOrdering.GrandTotal
        ? orders.grandTotalCents
        : orders.orderDate;
  return pagedSelect(
    query,
    db.select().from(orders).where(condition).orderBy(direction(sortColumn), direction(orders.id)).$dynamic(),
    // No filter, or the status alone: the tallies (migration 0025) instead of counting up to every order.
    where.length === 0 || (where.length === 1 && query.statusFilter !== undefined)
      ? db
          .select({ total: sql<number>`coalesce(sum(${orderStatusTallies.orders}), 0)::int` })
          .from(orderStatusTallies)
          .where(query.statusFilter === undefined ? undefined : eq(orderStatusTallies.status, query.statusFilter))
      : db.select({ total: count() }).from(orders).where(condition),
  );
}

export async function itemsWithFulfilment(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: orderItems.orderId, orderItemId: orderItems.id, status: ancestryFulfillments.status })
    .from(ancestryFulfillments)
    .innerJoin(orderItems, eq(orderItems.id, ancestryFulfillments.orderItemId))
    .where(inArray(orderItems.orderId, orderIds));
}

export async function cancelFulfilments(db: Db, orderId: number) {
  await db.execute(
    sql`update ancestry_fulfillments set is_cancelled = true where order_item_id in (select id from order_items where order_id = ${orderId}) and status < 20`,
  );
}

export async function itemsOfPet(db: Db, petId: number) {
  return db
    .select({ item: orderItems })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.petId, petId))
    .orderBy(desc(orderItems.id));
}

/** The groups a customer currently belongs to (where their orders' webhook events are delivered). */
export async function customerGroupIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ groupId: petOwnerGroups.groupId })
    .from(petOwnerGroups)
    .where(and(eq(petOwnerGroups.petOwnerId, userId), sql`${petOwnerGroups.moveOutDate} is null`));
  return rows.map((row) => row.groupId);
}
