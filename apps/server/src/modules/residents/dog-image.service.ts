// A pre-registered dog's photo: uploaded by the resident right after pre-registering (or by an admin of the property),
// kept in the files store; the pet made on approval takes it over. A new photo replaces (and deletes) the old file.
import { DOG_IMAGE_MAX_BYTES, DOG_IMAGE_TOO_LARGE, Messages, can } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { afterCommit, withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused } from '../../platform/errors.ts';
import { filesStoreFor } from '../../platform/files.ts';
import { IMAGE_TYPES, acceptedUploadType } from '../../platform/uploads.ts';
import * as q from './residents.queries.ts';
import { dogView, loadResident, residentNotFound } from './residents.service.ts';

export async function uploadDogImage(
  ctx: SignedInContext,
  residentId: number,
  dogId: number,
  file: { content: Buffer; mimetype: string } | null,
) {
  const row = await loadResident(ctx, residentId);
  if (row.resident.userId !== ctx.caller.userId && !can(ctx.caller.roleId, 'resident.edit')) throw residentNotFound();
  const dog = (await q.dogsOf(ctx.db, residentId)).find((each) => each.id === dogId);
  if (!dog) throw notFound('Dog not found.');
  if (!file || file.content.length === 0) throw refused('Please select a file.');
  if (file.content.length >= DOG_IMAGE_MAX_BYTES) throw refused(DOG_IMAGE_TOO_LARGE);
  const type = acceptedUploadType(file, IMAGE_TYPES, Messages.imageTypeNotAccepted);
  const files = filesStoreFor(ctx.config);
  const name = await files.put(file.content, type);
  try {
    const updated = await withTransaction(ctx, async (tx, txCtx) => {
      const after = await q.setDogImage(tx, dogId, name);
      await writeAudit(tx, ctx, {
        entityType: 'PreRegisteredDog',
        entityId: dogId,
        actionType: 'UpdateImage',
        before: { imagePath: dog.imagePath },
        after: { imagePath: name },
      });
      if (dog.imagePath && dog.imagePath !== name) {
        const previous = dog.imagePath;
        await afterCommit(txCtx, () => files.delete(previous).catch(() => undefined));
      }
      return after;
    });
    return dogView(updated);
  } catch (error) {
    await files.delete(name);
    throw error;
  }
}
