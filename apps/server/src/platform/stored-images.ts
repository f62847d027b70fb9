// An image a record points at (a group's or the lab's logo, a signature, a pet's or a pre-registered dog's photo), kept
// in the files store: the new file is stored before the record changes, the one it replaces is deleted only after the
// change commits (a failure never leaves the record without its file), and the new one is deleted if the change fails.
import type { Db } from '../db/client.ts';
import { afterCommit, withTransaction, type SignedInContext } from './context.ts';
import { filesStoreFor } from './files.ts';
import { ImageDecodeError, resizedJpeg } from './image-resize.ts';
import type { UploadedFile } from './multipart.ts';
import { uploadRefused } from './uploads.ts';

/**
 * Stores `image` (or none, to remove the record's image) under the type its bytes show and runs `record` in one
 * transaction: it points the record at the new name, writes the audit entry, and answers the name it replaced.
 * Answers the new name.
 */
export async function replaceStoredImage(
  ctx: SignedInContext,
  image: UploadedFile | null,
  record: (tx: Db, txCtx: SignedInContext, name: string | null) => Promise<string | null>,
): Promise<string | null> {
  const files = filesStoreFor(ctx.config);
  const name = image ? await files.put(image.content, image.type) : null;
  try {
    await withTransaction(ctx, async (tx, txCtx) => {
      const previous = await record(tx, txCtx, name);
      // Failing to delete the old file only leaves an unused file, and must not undo the committed change.
      if (previous && previous !== name) await afterCommit(txCtx, () => files.delete(previous).catch(() => undefined));
    });
  } catch (error) {
    if (name) await files.delete(name);
    throw error;
  }
  return name;
}

/**
 * The resized JPEG copy of an uploaded photo (at most 1024 px on its long side), to store instead of the original: the
 * whole image is decoded, so a file that only starts like a JPEG or PNG is refused naming its part, and the copy carries
 * none of the original's metadata (a phone's location).
 */
export function photoCopy(file: UploadedFile, part: string): UploadedFile {
  try {
    return { content: resizedJpeg(file.content, file.type).content, fileName: file.fileName, type: 'image/jpeg' };
  } catch (error) {
    if (error instanceof ImageDecodeError) throw uploadRefused(part, 'The photo could not be read as an image.');
    throw error;
  }
}
