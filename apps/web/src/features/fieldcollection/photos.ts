// Photos as the phone takes them: kept as taken when they fit the upload limit; a larger one is re-encoded as a JPEG
// (at most 3000 px on its long side) so it can be sent at all. The server keeps what it receives unchanged.
import { PHOTO_MAX_BYTES } from '@registry/contracts/uploads';

export async function fitPhoto(file: File): Promise<Blob> {
  if (file.size < PHOTO_MAX_BYTES && /^image\/(jpeg|png)$/.test(file.type)) return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 3000 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.88, 0.75, 0.6]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size < PHOTO_MAX_BYTES) return blob;
  }
  throw new Error('The photo is too large to send.');
}
