// The resized copy of an uploaded photo that screens and documents show (the original stays as it was sent). Decoding
// the whole image also screens it: a file that only starts like a JPEG or PNG fails here and is refused as not an image.
// Pure JavaScript decoders (jpeg-js, pngjs): no native build, the same on every machine.
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** Pixels past which a photo is refused rather than decoded (a 48 MP phone camera is 48; memory stays bounded). */
const MAX_MEGAPIXELS = 64;

type Rgba = { width: number; height: number; data: Uint8Array };

export class ImageDecodeError extends Error {}

function decode(content: Buffer, type: string): Rgba {
  try {
    if (type === 'image/jpeg') {
      const image = jpeg.decode(content, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_MEGAPIXELS,
        maxMemoryUsageInMB: 1024,
      });
      return { width: image.width, height: image.height, data: image.data };
    }
    if (type === 'image/png') {
      const image = PNG.sync.read(content);
      if (image.width * image.height > MAX_MEGAPIXELS * 1_000_000) throw new Error('too large');
      return { width: image.width, height: image.height, data: new Uint8Array(image.data) };
    }
  } catch (error) {
    throw new ImageDecodeError(error instanceof Error ? error.message : 'undecodable');
  }
  throw new ImageDecodeError(`no decoder for ${type}`);
}

/** Averages each box of source pixels into one (a box filter), flattening transparency onto white. */
function shrink(image: Rgba, maxSide: number): Rgba {
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y / scale);
    const y1 = Math.max(y0 + 1, Math.min(image.height, Math.floor((y + 1) / scale)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x / scale);
      const x1 = Math.max(x0 + 1, Math.min(image.width, Math.floor((x + 1) / scale)));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let sy = y0; sy < y1; sy++)
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * image.width + sx) * 4;
          const alpha = image.data[i + 3] / 255;
          r += image.data[i] * alpha + 255 * (1 - alpha);
          g += image.data[i + 1] * alpha + 255 * (1 - alpha);
          b += image.data[i + 2] * alpha + 255 * (1 - alpha);
          n++;
        }
      const o = (y * width + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}

/**
 * A JPEG copy of the image at most `maxSide` pixels on its long side (never enlarged). Throws ImageDecodeError for
 * content that does not decode as the type its bytes claim.
 */
export function resizedJpeg(
  content: Buffer,
  type: string,
  maxSide = 1024,
): { content: Buffer; width: number; height: number } {
  const small = shrink(decode(content, type), maxSide);
  return { content: Buffer.from(jpeg.encode(small, 82).data), width: small.width, height: small.height };
}
