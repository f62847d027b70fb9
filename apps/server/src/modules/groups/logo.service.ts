// A group's certificate logo: one per group, kept in the files store; a new upload replaces (and deletes) the old file.
import { assertCan } from '../../platform/rights.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { storedFileUrl } from '../../platform/files.ts';
import type { UploadedFile } from '../../platform/multipart.ts';
import { replaceStoredImage } from '../../platform/stored-images.ts';
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
  const name = await replaceStoredImage(ctx, await readFile(), async (tx, txCtx, logoPath) => {
    const previous = (await q.findGroupForUpdate(tx, group.id))?.logoPath ?? null;
    await q.updateGroup(tx, group.id, { logoPath });
    await writeAudit(tx, txCtx, {
      entityType: 'GroupLogo',
      entityId: group.id,
      actionType: 'Update',
      before: { logoPath: previous },
      after: { logoPath },
    });
    return previous;
  });
  return { logoUrl: storedFileUrl(name!) };
}
