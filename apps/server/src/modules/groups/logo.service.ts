// A group's certificate logo: one per group, kept in the files store; a new upload replaces (and deletes) the old file.
import { assertCan } from '../../platform/rights.ts';
import { writeAudit } from '../../platform/audit.ts';
import { afterCommit, withTransaction, type SignedInContext } from '../../platform/context.ts';
import { filesStoreFor, storedFileUrl } from '../../platform/files.ts';
import type { UploadedFile } from '../../platform/multipart.ts';
import * as q from './groups.queries.ts';
import { loadGroup } from './groups.service.ts';

export async function uploadLogo(
  ctx: SignedInContext,
  groupId: number,
  /** Reads the uploaded image; called once the group is known to be within the caller's reach. */
  readFile: () => Promise<UploadedFile>,
) {
  assertCan(ctx, 'group.edit');
  const group = await loadGroup(ctx, groupId);
  const file = await readFile();
  const files = filesStoreFor(ctx.config);
  const name = await files.put(file.content, file.type);
  try {
    await withTransaction(ctx, async (tx, txCtx) => {
      const previous = (await q.findGroupForUpdate(tx, group.id))?.logoPath ?? null;
      await q.updateGroup(tx, group.id, { logoPath: name });
      await writeAudit(tx, ctx, {
        entityType: 'GroupLogo',
        entityId: group.id,
        actionType: 'Update',
        before: { logoPath: previous },
        after: { logoPath: name },
      });
      // The previous logo goes only after the new one is committed, so a failure never leaves the group without a file;
      // failing to delete it only leaves an unused file, and must not undo (below) the committed upload.
      if (previous && previous !== name) await afterCommit(txCtx, () => files.delete(previous).catch(() => undefined));
    });
  } catch (error) {
    await files.delete(name);
    throw error;
  }
  return { logoUrl: storedFileUrl(name) };
}
