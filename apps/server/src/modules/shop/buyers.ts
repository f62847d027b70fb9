// What the shop reads about a buyer: the address country, the name, and the dogs they may order for (their active
// pets as an owner, their not yet registered pre-registered dogs as a resident). Read-only SQL over the community
// tables; the shop never writes them.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { OrderStatus } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, pets, preRegisteredDogs, preRegisteredResidents, users } from '../../db/schema/index.ts';

export async function userAddressCountry(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ address: users.address }).from(users).where(eq(users.id, userId)).limit(1);
  if (row?.address?.countryId) return row.address.countryId.toUpperCase();
  const [resident] = await db
    .select({ address: preRegisteredResidents.address })
    .from(preRegisteredResidents)
    .where(eq(preRegisteredResidents.userId, userId))
    .limit(1);
  return resident?.address?.countryId?.toUpperCase() ?? null;
}

export async function buyer(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      userName: users.userName,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export type EligibleDog = { petId: number | null; preRegDogId: number | null; name: string };

export async function eligibleDogs(db: Db, userId: number): Promise<EligibleDog[]> {
  const [own, preRegistered] = await Promise.all([
    db
      .select({ petId: pets.id, name: pets.name })
      .from(pets)
      .where(and(eq(pets.petOwnerId, userId), eq(pets.isActive, true)))
      .orderBy(pets.name, pets.id),
    db
      .select({ preRegDogId: preRegisteredDogs.id, name: preRegisteredDogs.name })
      .from(preRegisteredDogs)
      .innerJoin(preRegisteredResidents, eq(preRegisteredResidents.id, preRegisteredDogs.residentId))
      .where(and(eq(preRegisteredResidents.userId, userId), isNull(preRegisteredDogs.petId)))
      .orderBy(preRegisteredDogs.name, preRegisteredDogs.id),
  ]);
  return [
    ...own.map((row) => ({ petId: row.petId, preRegDogId: null, name: row.name })),
    ...preRegistered.map((row) => ({ petId: null, preRegDogId: row.preRegDogId, name: row.name })),
  ];
}

/** Product ids already ordered (not cancelled) per dog key ('p:1', 'r:2'). */
export async function orderedProducts(db: Db, userId: number): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ petId: orderItems.petId, preRegDogId: orderItems.preRegDogId, productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.customerUserId, userId), ne(orders.status, OrderStatus.Cancelled)));
  const byDog = new Map<string, number[]>();
  for (const row of rows) {
    const key = dogKey(row);
    byDog.set(key, [...(byDog.get(key) ?? []), row.productId]);
  }
  return byDog;
}

export const dogKey = (dog: { petId: number | null; preRegDogId: number | null }) =>
  dog.petId != null ? `p:${dog.petId}` : `r:${dog.preRegDogId}`;

/** Locks the buyer's row so two checkouts of one buyer run one after the other. */
export async function lockBuyer(db: Db, userId: number) {
  await db.execute(sql`select id from users where id = ${userId} for update`);
}
