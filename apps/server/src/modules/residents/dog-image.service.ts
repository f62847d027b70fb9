// A pre-registered dog's photo: uploaded by the resident right after pre-registering (or by an admin of the property),
// kept in the files store; the pet made on approval takes it over. A new photo replaces (and deletes) the old file.
import { can } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { afterCommit, withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { filesStoreFor } from '../../platform/files.ts';
import type { UploadedFile } from '../../platform/multipart.ts';
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
  const file = await readFile();
  const files = filesStoreFor(ctx.config);
  const name = await files.put(file.content, file.type);
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
