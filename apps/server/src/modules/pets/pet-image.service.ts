// A pet's photo: under 4,000,000 bytes, an image by its bytes, kept in the files store; a new upload replaces (and
// deletes) the old file once the change commits.
import { PetMessages } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { afterCommit, withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { filesStoreFor, storedFileUrl } from '../../platform/files.ts';
import type { UploadedFile } from '../../platform/multipart.ts';
import { loadPet } from './pets.service.ts';
import * as q from './pets.queries.ts';

export async function uploadPetImage(
  ctx: SignedInContext,
  petId: number,
  /** Reads the uploaded file; called once the pet is known to be within the caller's reach. */
  readFile: () => Promise<UploadedFile>,
) {
  await loadPet(ctx, petId);
  const file = await readFile();
  const files = filesStoreFor(ctx.config);
  const name = await files.put(file.content, file.type);
  try {
    await withTransaction(ctx, async (tx, txCtx) => {
      const before = await q.lockPet(tx, petId);
      if (!before) throw notFound(PetMessages.petNotFound);
      await q.updatePet(tx, petId, { imagePath: name, updatedByUserId: txCtx.caller.userId });
      await writeAudit(tx, txCtx, {
        entityType: 'PetImage',
        entityId: petId,
        actionType: 'Update',
        before: { imagePath: before.imagePath },
        after: { imagePath: name },
      });
      const previous = before.imagePath;
      if (previous && previous !== name) await afterCommit(txCtx, () => files.delete(previous).catch(() => undefined));
    });
  } catch (error) {
    await files.delete(name);
    throw error;
  }
  return { imageUrl: storedFileUrl(name) };
}
