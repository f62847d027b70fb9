// What the shop reads about a buyer: the address country, the name, and the dogs they may order for (their active
// pets as an owner, their not yet registered pre-registered dogs as a resident). It reads the community tables only
// through the owning modules' exported functions (accounts, pets, residents) and never writes them.
import type { RequestContext } from '../../platform/context.ts';
import { lockUser, userById } from '../accounts/users.ts';
import { activePetsOfOwner } from '../pets/pets.service.ts';
import { residentAddressOfUser, unregisteredDogsOfUser } from '../residents/residents.service.ts';
import { orderedItemsOfCustomer } from './orders.queries.ts';

type WithDb = Pick<RequestContext, 'db'>;

export async function userAddressCountry(ctx: WithDb, userId: number): Promise<string | null> {
  const user = await userById(ctx, userId);
  if (user?.address?.countryId) return user.address.countryId.toUpperCase();
  const address = await residentAddressOfUser(ctx, userId);
  return address?.countryId?.toUpperCase() ?? null;
}

export async function buyer(ctx: WithDb, userId: number) {
  const user = await userById(ctx, userId);
  if (!user) return null;
  return {
    id: user.id,
    userName: user.userName,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
  };
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

/** Locks the buyer's row so two checkouts of one buyer run one after the other. */
export const lockBuyer = (ctx: WithDb, userId: number) => lockUser(ctx, userId);
