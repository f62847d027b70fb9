// Documents with versions (policies and agreements residents accept): every save adds a version, old versions stay readable.
import { Messages } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import type { Db } from '../../db/client.ts';
import * as q from './documents.queries.ts';

export async function listDocuments(ctx: SignedInContext) {
  const rows = await q.documentList(ctx.db);
  return rows.map((row) => ({
    ...row,
    dateUpdated: row.dateUpdated.toISOString(),
    currentVersionId: row.currentVersionId ?? null,
  }));
}

export async function getDocument(ctx: SignedInContext, documentId: number, versionId?: number) {
  const document = await q.findDocument(ctx.db, documentId);
  if (!document) throw notFound('Document not found.');
  const versions = await q.versionsOf(ctx.db, documentId);
  const chosen = versionId ? versions.find((version) => version.versionId === versionId) : versions[0];
  if (!chosen) throw notFound(Messages.failedToLoadDocumentVersion);
  return {
    documentId: document.id,
    name: document.name,
    content: chosen.content,
    versionId: chosen.versionId,
    version: chosen.version,
    versions: versions.map(({ content: _content, ...version }) => ({
      ...version,
      dateCreated: version.dateCreated.toISOString(),
    })),
  };
}

export async function createDocument(ctx: SignedInContext, input: { name: string; content: string }) {
  if (await q.documentNamed(ctx.db, input.name, null))
    throw validationError({ name: [`A document named '${input.name}' already exists.`] });
  const documentId = await withTransaction(ctx, async (tx) => {
    const document = await q.insertDocument(tx, input.name);
    const version = await q.insertNextVersion(tx, document.id, input.content, ctx.caller.userId);
    await writeAudit(tx, ctx, {
      entityType: 'Document',
      entityId: document.id,
      actionType: 'Create',
      after: { name: document.name, versionId: version.id },
    });
    return document.id;
  });
  return getDocument(ctx, documentId);
}

export async function updateDocument(
  ctx: SignedInContext,
  documentId: number,
  input: { name: string; content: string },
) {
  const document = await q.findDocument(ctx.db, documentId);
  if (!document) throw notFound('Document not found.');
  if (await q.documentNamed(ctx.db, input.name, documentId))
    throw validationError({ name: [`A document named '${input.name}' already exists.`] });
  await withTransaction(ctx, async (tx) => {
    const version = await q.insertNextVersion(tx, documentId, input.content, ctx.caller.userId);
    await q.renameDocument(tx, documentId, input.name);
    await writeAudit(tx, ctx, {
      entityType: 'Document',
      entityId: documentId,
      actionType: 'Update',
      before: { name: document.name },
      after: { name: input.name, versionId: version.id },
    });
  });
  return getDocument(ctx, documentId);
}

/** The current version of each document that exists, in the order asked (the public pre-registration reads 1 to 4). */
export async function currentDocumentVersions(db: Db, documentIds: number[]) {
  const found = [];
  for (const documentId of documentIds) {
    const document = await q.findDocument(db, documentId);
    const [latest] = document ? await q.versionsOf(db, documentId) : [];
    if (document && latest)
      found.push({
        documentId,
        versionId: latest.versionId,
        version: latest.version,
        name: document.name,
        content: latest.content,
      });
  }
  return found;
}
