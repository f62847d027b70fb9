// Real photos for the field collection tests: small JPEG and PNG images made with the same decoders the server uses,
// and the multipart body of a collection (the model part and one to three photo parts).
import crypto from 'node:crypto';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** A width × height JPEG of a colour gradient (a distinct image per seed). */
export function testJpeg(width = 64, height = 48, seed = 1): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 4 + seed * 40) % 256;
      data[i + 1] = (y * 5) % 256;
      data[i + 2] = (seed * 90) % 256;
      data[i + 3] = 255;
    }
  return Buffer.from(jpeg.encode({ width, height, data }, 90).data);
}

export function testPng(width = 32, height = 32): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(128);
  return PNG.sync.write(png);
}

export type PhotoPart = { content: Buffer; type: string; name?: string };

export function collectionBody(model: Record<string, unknown>, photos: PhotoPart[]) {
  const boundary = `----field${crypto.randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\n${JSON.stringify(model)}\r\n`),
  ];
  photos.forEach((photo, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${photo.name ?? `photo${i + 1}`}"; filename="p${i + 1}.jpg"\r\nContent-Type: ${photo.type}\r\n\r\n`,
      ),
      photo.content,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
