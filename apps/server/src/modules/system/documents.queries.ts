// SQL for documents and their versions.
import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentVersions, documents, users } from '../../db/schema/index.ts';

export async function documentList(db: Db) {
  return db
    .select({
      documentId: documents.id,
      name: documents.name,
      dateUpdated: documents.dateUpdated,
      currentVersionId: max(documentVersions.id),
      versionCount: count(documentVersions.id),
    })
    .from(documents)
    .leftJoin(documentVersions, eq(documentVersions.documentId, documents.id))
    .groupBy(documents.id)
    .orderBy(asc(documents.name));
}

export async function findDocument(db: Db, documentId: number) {
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
  return row;
}

/** Versions newest first, with who saved each. */
export async function versionsOf(db: Db, documentId: number) {
  return db
    .select({
      versionId: documentVersions.id,
      version: documentVersions.version,
      dateCreated: documentVersions.dateCreated,
      createdBy: users.userName,
      content: documentVersions.content,
    })
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.createdByUserId))
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.version));
}

/** Another document with the name (case-insensitive), other than `exceptId`. */
export async function documentNamed(db: Db, name: string, exceptId: number | null) {
  const sameName = sql`lower(${documents.name}) = lower(${name})`;
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(exceptId === null ? sameName : and(sameName, sql`${documents.id} <> ${exceptId}`));
  return row;
}

export async function insertDocument(db: Db, name: string) {
  const [row] = await db.insert(documents).values({ name }).returning();
  return row;
}

/**
 * Adds the next version of a document and answers it. The document's row is locked first: two saves at the same moment
 * would otherwise both number their version max + 1, and the second would be refused.
 */
export async function insertNextVersion(db: Db, documentId: number, content: string, userId: number) {
  await db.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).for('update');
  const [{ latest }] = await db
    .select({ latest: max(documentVersions.version) })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId));
  const [row] = await db
    .insert(documentVersions)
    .values({ documentId, version: (latest ?? 0) + 1, content, createdByUserId: userId })
    .returning();
  return row;
}

export async function renameDocument(db: Db, documentId: number, name: string) {
  await db.update(documents).set({ name, dateUpdated: new Date() }).where(eq(documents.id, documentId));
}
