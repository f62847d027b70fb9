// Image screening for the PDFs: only a PNG or JPEG whose structure holds together and whose size is sane reaches
// pdfkit. pdfkit inflates a PNG's pixels when the document ends, outside any try, so a damaged or enormous image there
// would fail the process rather than the document; anything else (SVG, GIF, HTML dressed as an image) is left out.
import zlib from 'node:zlib';

/** Larger images are left out: a logo or a signature never needs more, and decoding one costs width x height x 4. */
const MAX_IMAGE_SIDE = 4096;
const MAX_IMAGE_PIXELS = 8_000_000;

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
/** Bytes per pixel times 8, by PNG colour type, at bit depth 8 (gray, -, RGB, palette, gray+alpha, -, RGBA). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function screenPng(image: Buffer): boolean {
  if (image.length < 8 + 25 || !image.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  if (image.readUInt32BE(8) !== 13 || image.toString('latin1', 12, 16) !== 'IHDR') return false;
  const width = image.readUInt32BE(16);
  const height = image.readUInt32BE(20);
  const bitDepth = image[24];
  const colorType = image[25];
  if (!width || !height || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS)
    return false;
  if (!BIT_DEPTHS[colorType]?.includes(bitDepth) || image[26] !== 0 || image[27] !== 0 || image[28] > 1) return false;
  const data: Buffer[] = [];
  let palette = false;
  let ended = false;
  for (let at = 8; at + 12 <= image.length;) {
    const length = image.readUInt32BE(at);
    const type = image.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > image.length) return false;
    const body = image.subarray(at + 4, at + 8 + length);
    if (zlib.crc32(body) !== image.readUInt32BE(at + 8 + length)) return false;
    if (type === 'IDAT') data.push(image.subarray(at + 8, at + 8 + length));
    if (type === 'PLTE') palette = true;
    if (type === 'IEND') {
      ended = true;
      break;
    }
    at += 12 + length;
  }
  if (!ended || data.length === 0 || (colorType === 3 && !palette)) return false;
  // The filtered rows: one filter byte per row plus the row's bytes (interlacing adds a little; allow for it).
  const rowBytes = Math.ceil((width * CHANNELS[colorType] * bitDepth) / 8);
  const expected = height * (rowBytes + 1);
  try {
    const pixels = zlib.inflateSync(Buffer.concat(data), { maxOutputLength: expected * 2 + 1024 });
    return pixels.length >= expected;
  } catch {
    return false;
  }
}

function screenJpeg(image: Buffer): boolean {
  if (image.length < 4 || image[0] !== 0xff || image[1] !== 0xd8) return false;
  for (let at = 2; at + 4 <= image.length;) {
    if (image[at] !== 0xff) return false;
    const marker = image[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = image.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > image.length) return false;
    // Start of frame (baseline, extended, progressive): precision, height, width, components.
    if (marker >= 0xc0 && marker <= 0xc2) {
      if (length < 8) return false;
      const height = image.readUInt16BE(at + 5);
      const width = image.readUInt16BE(at + 7);
      const components = image[at + 9];
      return (
        width > 0 &&
        height > 0 &&
        width <= MAX_IMAGE_SIDE &&
        height <= MAX_IMAGE_SIDE &&
        [1, 3, 4].includes(components) &&
        image.includes(Buffer.from([0xff, 0xd9]), at)
      );
    }
    at += 2 + length;
  }
  return false;
}

/** The image when pdfkit may draw it, else null (never throws). */
export function screenImage(image: Buffer | null | undefined): Buffer | null {
  if (!image || image.length === 0) return null;
  try {
    return screenPng(image) || screenJpeg(image) ? image : null;
  } catch {
    return null;
  }
}
