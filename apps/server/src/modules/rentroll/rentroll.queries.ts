// SQL of the rent-roll sync: the property's column mapping, the uploaded rolls' proposals and the invitations sent.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { RentRollMapping } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import {
  rentRollImports,
  rentRollInvitations,
  rentRollMappings,
  type StoredRentRollProposal,
} from '../../db/schema/index.ts';

export async function mappingOf(db: Db, groupId: number) {
  const [row] = await db.select().from(rentRollMappings).where(eq(rentRollMappings.groupId, groupId));
  return row;
}

export async function saveMapping(db: Db, groupId: number, mapping: RentRollMapping, userId: number) {
  const [row] = await db
    .insert(rentRollMappings)
    .values({ groupId, mapping, updatedById: userId })
    .onConflictDoUpdate({
      target: rentRollMappings.groupId,
      set: { mapping, updatedById: userId, dateUpdated: sql`now()` },
    })
    .returning();
  return row!;
}

export async function insertImport(
  db: Db,
  values: { groupId: number; fileName: string; proposal: StoredRentRollProposal; createdById: number },
) {
  const [row] = await db.insert(rentRollImports).values(values).returning();
  return row!;
}

/** Proposals of the property older than the cut-off (never applied, or applied long ago) are not kept. */
export async function deleteImportsBefore(db: Db, groupId: number, before: Date) {
  await db
    .delete(rentRollImports)
    .where(and(eq(rentRollImports.groupId, groupId), lt(rentRollImports.dateCreated, before)));
}

export async function importOf(db: Db, groupId: number, id: number) {
  const [row] = await db
    .select()
    .from(rentRollImports)
    .where(and(eq(rentRollImports.id, id), eq(rentRollImports.groupId, groupId)));
  return row;
}

/** Marks a proposal applied when it still is a proposal: false when another apply got there first. */
export async function markApplied(db: Db, id: number) {
  const rows = await db
    .update(rentRollImports)
    .set({ status: 'Applied', dateApplied: sql`now()` })
    .where(and(eq(rentRollImports.id, id), eq(rentRollImports.status, 'Proposed')))
    .returning({ id: rentRollImports.id });
  return rows.length === 1;
}

/** The lower-cased emails the property has invited through a sync. */
export async function invitedEmails(db: Db, groupId: number): Promise<Set<string>> {
  const rows = await db
    .select({ email: sql<string>`lower(${rentRollInvitations.email})` })
    .from(rentRollInvitations)
    .where(eq(rentRollInvitations.groupId, groupId));
  return new Set(rows.map((r) => r.email));
}

/** Records invitations; an email the property already invited is left as it was (not returned). */
export async function insertInvitations(db: Db, rows: (typeof rentRollInvitations.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db
    .insert(rentRollInvitations)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: rentRollInvitations.id, email: rentRollInvitations.email });
}
