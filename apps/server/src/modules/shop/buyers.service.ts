// What the shop reads about a buyer: the address country, the name, and the dogs they may order for (their active
// pets as an owner, their not yet registered pre-registered dogs as a resident). It reads the community tables only
// through the owning modules' exported functions (accounts, pets, residents) and never writes them; checkout's single
// statements embed the SQL subqueries those modules export (buyers.queries.ts) instead of running their queries one by
// one.
import type { RequestContext } from '../../platform/context.ts';
import { userById } from '../accounts/users.ts';
import { activePetsOfOwner } from '../pets/pets.service.ts';
import { residentAddressOfUser, unregisteredDogsOfUser } from '../residents/residents.service.ts';
import { orderedItemsOfCustomer } from './orders.queries.ts';

type WithDb = Pick<RequestContext, 'db'>;

/**
 * The country that decides where a buyer may buy: their own address's, else their resident record's; a buyer without
 * either is taken to be in the US (spec 2 §9: country US).
 */
export const purchaseCountry = (own: string | null | undefined, resident: string | null | undefined) =>
  own ? own.toUpperCase() : (resident?.toUpperCase() ?? 'US');

export async function userPurchaseCountry(ctx: WithDb, userId: number): Promise<string> {
  const own = (await userById(ctx, userId))?.address?.countryId;
  return purchaseCountry(own, own ? null : (await residentAddressOfUser(ctx, userId))?.countryId);
}

export type EligibleDog = { petId: number | null; preRegDogId: number | null; name: string };

export async function eligibleDogs(ctx: WithDb, userId: number): Promise<EligibleDog[]> {
  const [own, preRegistered] = await Promise.all([activePetsOfOwner(ctx, userId), unregisteredDogsOfUser(ctx, userId)]);
  return [
    ...own.map((row) => ({ petId: row.id, preRegDogId: null, name: row.name })),
    ...preRegistered.map((row) => ({ petId: null, preRegDogId: row.id, name: row.name })),
  ];
}

/** Product ids already ordered (not cancelled) per dog key ('p:1', 'r:2'). */
export async function orderedProducts(ctx: WithDb, userId: number): Promise<Map<string, number[]>> {
  const rows = await orderedItemsOfCustomer(ctx.db, userId);
  const byDog = new Map<string, number[]>();
  for (const row of rows) {
    const key = dogKey(row);
    byDog.set(key, [...(byDog.get(key) ?? []), row.productId]);
  }
  return byDog;
}

export const dogKey = (dog: { petId: number | null; preRegDogId: number | null }) =>
  dog.petId != null ? `p:${dog.petId}` : `r:${dog.preRegDogId}`;
