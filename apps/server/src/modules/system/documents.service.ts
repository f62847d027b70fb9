// Documents with versions (policies and agreements residents accept): every save adds a version, old versions stay readable.
import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import { Messages } from '@registry/contracts';
import { documentVersions, documents, users } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { notFound, validationError } from '../../platform/errors.ts';

export async function listDocuments(ctx: SignedInContext) {
  const rows = await ctx.db
    .select({ documentId: documents.id, name: documents.name, dateUpdated: documents.dateUpdated, currentVersionId: max(documentVersions.id), versionCount: count(documentVersions.id) })
    .from(documents)
    .leftJoin(documentVersions, eq(documentVersions.documentId, documents.id))
    .groupBy(documents.id)
    .orderBy(asc(documents.name));
  return rows.map((row) => ({ ...row, dateUpdated: row.dateUpdated.toISOString(), currentVersionId: row.currentVersionId ?? null }));
}

export async function getDocument(ctx: SignedInContext, documentId: number, versionId?: number) {
  const [document] = await ctx.db.select().from(documents).where(eq(documents.id, documentId));
  if (!document) throw notFound('Document not found.');
  const versions = await ctx.db
    .select({ versionId: documentVersions.id, version: documentVersions.version, dateCreated: documentVersions.dateCreated, createdBy: users.userName, content: documentVersions.content })
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.createdByUserId))
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.version));
  const chosen = versionId ? versions.find((version) => version.versionId === versionId) : versions[0];
  if (!chosen) throw notFound(Messages.failedToLoadDocumentVersion);
  return {
    documentId: document.id,
    name: document.name,
    content: chosen.content,
    versionId: chosen.versionId,
    version: chosen.version,
    versions: versions.map(({ content: _content, ...version }) => ({ ...version, dateCreated: version.dateCreated.toISOString() })),
  };
}

export async function createDocument(ctx: SignedInContext, input: { name: string; content: string }) {
  const [existing] = await ctx.db.select({ id: documents.id }).from(documents).where(sql`lower(${documents.name}) = lower(${input.name})`);
  if (existing) throw validationError({ name: [`A document named '${input.name}' already exists.`] });
  const documentId = await ctx.db.transaction(async (tx) => {
    const [document] = await tx.insert(documents).values({ name: input.name }).returning();
    const [version] = await tx.insert(documentVersions).values({ documentId: document.id, version: 1, content: input.content, createdByUserId: ctx.caller.userId }).returning();
    await writeAudit(tx, ctx, { entityType: 'Document', entityId: document.id, actionType: 'Create', after: { name: document.name, versionId: version.id } });
    return document.id;
  });
  return getDocument(ctx, documentId);
}

export async function updateDocument(ctx: SignedInContext, documentId: number, input: { name: string; content: string }) {
  const [document] = await ctx.db.select().from(documents).where(eq(documents.id, documentId));
  if (!document) throw notFound('Document not found.');
  const [clash] = await ctx.db.select({ id: documents.id }).from(documents).where(and(sql`lower(${documents.name}) = lower(${input.name})`, sql`${documents.id} <> ${documentId}`));
  if (clash) throw validationError({ name: [`A document named '${input.name}' already exists.`] });
  await ctx.db.transaction(async (tx) => {
    const [{ latest }] = await tx.select({ latest: max(documentVersions.version) }).from(documentVersions).where(eq(documentVersions.documentId, documentId));
    const [version] = await tx.insert(documentVersions).values({ documentId, version: (latest ?? 0) + 1, content: input.content, createdByUserId: ctx.caller.userId }).returning();
    await tx.update(documents).set({ name: input.name, dateUpdated: new Date() }).where(eq(documents.id, documentId));
    await writeAudit(tx, ctx, { entityType: 'Document', entityId: documentId, actionType: 'Update', before: { name: document.name }, after: { name: input.name, versionId: version.id } });
  });
  return getDocument(ctx, documentId);
}
