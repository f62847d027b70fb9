// A pre-registered dog's photo: uploaded by the resident right after pre-registering (or by an admin of the property),
// kept in the files store; the pet made on approval takes it over. A new photo replaces (and deletes) the old file.
import { can } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/multipart.ts';
import { replaceStoredImage } from '../../platform/stored-images.ts';
import * as q from './residents.queries.ts';
import { dogView, loadResident, residentNotFound } from './residents.service.ts';

export async function uploadDogImage(
  ctx: SignedInContext,
  residentId: number,
  dogId: number,
  /** Reads the uploaded photo; called once the dog is known to be within the caller's reach. */
  readFile: () => Promise<UploadedFile>,
) {
  const row = await loadResident(ctx, residentId);
  if (row.resident.userId !== ctx.caller.userId && !can(ctx.caller.roleId, 'resident.edit')) throw residentNotFound();
  const dog = (await q.dogsOf(ctx.db, residentId)).find((each) => each.id === dogId);
  if (!dog) throw notFound('Dog not found.');
  let updated: Awaited<ReturnType<typeof q.setDogImage>> | undefined;
  await replaceStoredImage(ctx, await readFile(), async (tx, txCtx, imagePath) => {
    updated = await q.setDogImage(tx, dogId, imagePath!);
    await writeAudit(tx, txCtx, {
      entityType: 'PreRegisteredDog',
      entityId: dogId,
      actionType: 'UpdateImage',
      before: { imagePath: dog.imagePath },
      after: { imagePath },
    });
    return dog.imagePath;
  });
  return dogView(updated!);
}
