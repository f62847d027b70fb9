// SQL of the pets table: insert, the rows the sample rules read and write, and sample-number look-ups.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pets, users } from '../../db/schema/index.ts';

export type PetInsert = typeof pets.$inferInsert;

export async function insertPets(db: Db, rows: PetInsert[]) {
  if (rows.length === 0) return [];
  return db.insert(pets).values(rows).returning();
}

/** Which of these (upper-cased) sample numbers pets already have. */
export async function takenSampleNumbers(db: Db, sampleNumbers: string[]): Promise<string[]> {
  if (sampleNumbers.length === 0) return [];
  const rows = await db
    .select({ sampleNumber: pets.sampleNumber })
    .from(pets)
    .where(inArray(sql`upper(${pets.sampleNumber})`, sampleNumbers));
  return rows.map((row) => row.sampleNumber ?? '');
}

export async function petOwnerRole(db: Db, petOwnerId: number) {
  const [row] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, petOwnerId)).limit(1);
  return row?.roleId ?? null;
}

export async function setStatus(db: Db, id: number, status: number, userId: number) {
  await db
    .update(pets)
    .set({
      customerFacingStatus: status,
      statusLastUpdated: new Date(),
      dateUpdated: new Date(),
      updatedByUserId: userId,
    })
    .where(eq(pets.id, id));
}

export async function setFlag(db: Db, id: number, isFlagged: boolean, notes: string | null, userId: number) {
  await db
    .update(pets)
    .set({ isFlagged, flagNotes: notes, dateUpdated: new Date(), updatedByUserId: userId })
    .where(eq(pets.id, id));
}
