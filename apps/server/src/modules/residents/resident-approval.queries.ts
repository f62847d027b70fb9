// SQL of approving a resident: the resident's dogs locked while they become pets, the pets they became, and the
// additional sign-in names (a resident's RES… number kept once approval gives them a pet owner's user name).
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pets, preRegisteredDogs, preRegisteredResidents, userSignInNames, users } from '../../db/schema/index.ts';

/** The resident's dogs, locked for the approving transaction so two approvals cannot register one dog twice. */
export async function dogsOfForUpdate(db: Db, residentId: number) {
  await db
    .select({ id: preRegisteredResidents.id })
    .from(preRegisteredResidents)
    .where(eq(preRegisteredResidents.id, residentId))
    .for('update');
  return db
    .select()
    .from(preRegisteredDogs)
    .where(eq(preRegisteredDogs.residentId, residentId))
    .orderBy(asc(preRegisteredDogs.id));
}

/** The sample numbers of the pets the given pets are (for "Rocket is already registered as DN1000101."). */
export async function sampleNumbersOfPets(db: Db, petIds: number[]) {
  if (petIds.length === 0) return new Map<number, string | null>();
  const rows = await db
    .select({ id: pets.id, sampleNumber: pets.sampleNumber })
    .from(pets)
    .where(inArray(pets.id, petIds));
  return new Map(rows.map((row) => [row.id, row.sampleNumber]));
}

/** Links the dog to its pet unless it already has one; false when another approval got there first. */
export async function linkUnregisteredDog(db: Db, dogId: number, petId: number) {
  const rows = await db
    .update(preRegisteredDogs)
    .set({ petId })
    .where(and(eq(preRegisteredDogs.id, dogId), isNull(preRegisteredDogs.petId)))
    .returning({ id: preRegisteredDogs.id });
  return rows.length === 1;
}

export async function addSignInName(db: Db, userId: number, userName: string) {
  await db.insert(userSignInNames).values({ userId, userName }).onConflictDoNothing();
}

/** The user's RES… number: their user name while a resident, their additional sign-in name once a pet owner. */
export async function residentNumberOf(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [user] = await db.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  if (user && /^RES\d+$/i.test(user.userName)) return user.userName;
  const [extra] = await db
    .select({ userName: userSignInNames.userName })
    .from(userSignInNames)
    .where(and(eq(userSignInNames.userId, userId), sql`${userSignInNames.userName} ilike 'RES%'`))
    .orderBy(asc(userSignInNames.dateCreated));
  return extra?.userName ?? null;
}

/** A name taken as a user name or as an additional sign-in name. */
export async function signInNameTaken(db: Db, userName: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .union(
      db
        .select({ id: userSignInNames.userId })
        .from(userSignInNames)
        .where(sql`lower(${userSignInNames.userName}) = lower(${userName})`),
    );
  return rows.length > 0;
}
