// SQL of ancestry fulfilments: the lab's list with its filters, counts per status, and the state changes.
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { FulfillmentOrdering, type FulfillmentQuery } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import {
  ancestryFulfillments,
  dnaPlates,
  dnaProfiles,
  orderItems,
  orders,
  pets,
  preRegisteredDogs,
} from '../../db/schema/index.ts';
import { pagedSelect } from '../../platform/paging.queries.ts';

/** The dog's sample number: the pet's, or the pet a pre-registered dog became. */
const sampleNumber = sql<
  string | null
>`coalesce(${pets.sampleNumber}, (select p2.sample_number from pets p2 where p2.id = ${preRegisteredDogs.petId}))`;

const listColumns = {
  f: ancestryFulfillments,
  orderId: orderItems.orderId,
  petName: orderItems.petName,
  sampleNumber,
  dnaProfileId: sql<
    number | null
  >`(select max(d.id) from dna_profiles d where d.sample_number = upper(${sampleNumber}) and d.lab_status = 400)`,
};

function filters(query: Partial<FulfillmentQuery>): SQL[] {
  const where: SQL[] = [eq(ancestryFulfillments.isCancelled, false)];
  if (query.status !== undefined) where.push(eq(ancestryFulfillments.status, query.status));
  if (query.onlyGenoTypeAssigned) where.push(isNotNull(ancestryFulfillments.selectedGenotypeId));
  if (query.sampleNumber) where.push(sql`${sampleNumber} ilike ${containsPattern(query.sampleNumber)}`);
  if (query.ancestryPlateNumber)
    where.push(ilike(ancestryFulfillments.ancestryPlateNumber, containsPattern(query.ancestryPlateNumber)));
  return where;
}

const joined = (db: Db, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof listColumns)
    .from(ancestryFulfillments)
    .innerJoin(orderItems, eq(orderItems.id, ancestryFulfillments.orderItemId))
    .leftJoin(pets, eq(pets.id, orderItems.petId))
    .leftJoin(preRegisteredDogs, eq(preRegisteredDogs.id, orderItems.preRegDogId));

export async function fulfilmentsPage(db: Db, query: FulfillmentQuery) {
  const condition = and(...filters(query));
  const direction = query.ascending === false ? desc : asc;
  const sort =
    query.orderBy === FulfillmentOrdering.SampleNumber
      ? sampleNumber
      : query.orderBy === FulfillmentOrdering.Status
        ? ancestryFulfillments.status
        : query.orderBy === FulfillmentOrdering.DateCreated
          ? ancestryFulfillments.dateCreated
          : query.orderBy === FulfillmentOrdering.PlateNumber
            ? ancestryFulfillments.ancestryPlateNumber
            : ancestryFulfillments.id;
  return pagedSelect(
    query,
    joined(db, listColumns).where(condition).orderBy(direction(sort), direction(ancestryFulfillments.id)).$dynamic(),
    // Only the sample-number filter needs the dog: every other count reads the fulfilments alone (each has its item).
    query.sampleNumber
      ? db
          .select({ total: count() })
          .from(ancestryFulfillments)
          .innerJoin(orderItems, eq(orderItems.id, ancestryFulfillments.orderItemId))
          .leftJoin(pets, eq(pets.id, orderItems.petId))
          .leftJoin(preRegisteredDogs, eq(preRegisteredDogs.id, orderItems.preRegDogId))
          .where(condition)
      : db.select({ total: count() }).from(ancestryFulfillments).where(condition),
  );
}

export async function fulfilmentsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return joined(db, listColumns)
    .where(and(inArray(ancestryFulfillments.id, ids), eq(ancestryFulfillments.isCancelled, false)))
    .orderBy(asc(ancestryFulfillments.id))
    .for('update', { of: ancestryFulfillments });
}

export async function countByStatus(db: Db) {
  return db
    .select({ status: ancestryFulfillments.status, count: count() })
    .from(ancestryFulfillments)
    .where(eq(ancestryFulfillments.isCancelled, false))
    .groupBy(ancestryFulfillments.status)
    .orderBy(asc(ancestryFulfillments.status));
}

export async function update(db: Db, ids: number[], values: Partial<typeof ancestryFulfillments.$inferInsert>) {
  if (ids.length === 0) return;
  await db.update(ancestryFulfillments).set(values).where(inArray(ancestryFulfillments.id, ids));
}

/**
 * For checkout's single statement: a data-modifying CTE body inserting one Pending fulfilment per ancestry item among
 * the rows of `orderItems`, the name of an earlier CTE with the columns id and is_ancestry_product.
 */
export const pendingFulfilmentsSql = (orderItems: string) =>
  sql`insert into ${ancestryFulfillments} (order_item_id)
    select id from ${sql.identifier(orderItems)} where is_ancestry_product order by id`;

export async function onPlate(db: Db, plateNumber: string) {
  return db
    .select()
    .from(ancestryFulfillments)
    .where(and(eq(ancestryFulfillments.ancestryPlateNumber, plateNumber), eq(ancestryFulfillments.isCancelled, false)))
    .orderBy(asc(ancestryFulfillments.id));
}

export async function genotypesOf(db: Db, sample: string) {
  return db
    .select({
      id: dnaProfiles.id,
      plateName: dnaPlates.plateName,
      well: dnaProfiles.well,
      result: dnaProfiles.result,
      labStatus: dnaProfiles.labStatus,
      dateCreated: dnaProfiles.dateCreated,
    })
    .from(dnaProfiles)
    .innerJoin(dnaPlates, eq(dnaPlates.id, dnaProfiles.plateId))
    .where(eq(dnaProfiles.sampleNumber, sample.toUpperCase()))
    .orderBy(asc(dnaProfiles.id));
}

export async function orderIdsOf(db: Db, fulfilmentIds: number[]) {
  if (fulfilmentIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ orderId: orderItems.orderId })
    .from(ancestryFulfillments)
    .innerJoin(orderItems, eq(orderItems.id, ancestryFulfillments.orderItemId))
    .where(inArray(ancestryFulfillments.id, fulfilmentIds));
  return rows.map((row) => row.orderId);
}

/** Orders whose every live ancestry item has shipped move to ShippedToAncestry. */
export async function markOrdersShipped(db: Db, orderIds: number[], shippedStatus: number) {
  if (orderIds.length === 0) return;
  await db
    .update(orders)
    .set({ status: shippedStatus })
    .where(
      and(
        inArray(orders.id, orderIds),
        sql`not exists (select 1 from ancestry_fulfillments f join order_items i on i.id = f.order_item_id where i.order_id = ${orders.id} and f.is_cancelled = false and f.status <> 20)`,
        sql`${orders.status} <> 40`,
      ),
    );
}

export async function statusByOrders(db: Db, orderIds: number[], customerUserId: number | null) {
  const where = [inArray(orderItems.orderId, orderIds)];
  if (customerUserId !== null) where.push(eq(orders.customerUserId, customerUserId));
  return db
    .select({ orderId: orderItems.orderId, orderItemId: orderItems.id, status: ancestryFulfillments.status })
    .from(ancestryFulfillments)
    .innerJoin(orderItems, eq(orderItems.id, ancestryFulfillments.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(...where));
}
