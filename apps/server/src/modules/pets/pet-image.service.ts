// A pet's photo: under 4,000,000 bytes, an image by its bytes, kept in the files store; a new upload replaces (and
// deletes) the old file once the change commits.
import { PetMessages } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { storedFileUrl } from '../../platform/files.ts';
import type { UploadedFile } from '../../platform/multipart.ts';
import { replaceStoredImage } from '../../platform/stored-images.ts';
import { loadPet } from './pets.service.ts';
import * as q from './pets.queries.ts';

export async function uploadPetImage(
  ctx: SignedInContext,
  petId: number,
  /** Reads the uploaded file; called once the pet is known to be within the caller's reach. */
  readFile: () => Promise<UploadedFile>,
) {
  await loadPet(ctx, petId);
  const name = await replaceStoredImage(ctx, await readFile(), async (tx, txCtx, imagePath) => {
    const before = await q.lockPet(tx, petId);
    if (!before) throw notFound(PetMessages.petNotFound);
    await q.updatePet(tx, petId, { imagePath, updatedByUserId: txCtx.caller.userId });
    await writeAudit(tx, txCtx, {
      entityType: 'PetImage',
      entityId: petId,
      actionType: 'Update',
      before: { imagePath: before.imagePath },
      after: { imagePath },
    });
    return before.imagePath;
  });
  return { imageUrl: storedFileUrl(name!) };
}
