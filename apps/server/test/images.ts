// Images for the document tests: a real small PNG and JPEG-like header, and hostile ones (a truncated PNG, an SVG with a
// script, a PNG whose header claims 20,000 x 20,000 pixels, a PNG whose pixels would inflate far past its size).
import zlib from 'node:zlib';

function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
  return out;
}

const SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');

/** An RGB PNG of the given size, every pixel one grey. */
export function png(width = 2, height = 2, grey = 90): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, grey)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG cut off in the middle of its pixel data. */
export const truncatedPng = () => {
  const whole = png(40, 40);
  return whole.subarray(0, whole.length - 30);
};

/** An SVG that would run a script where it is opened. */
export const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
      '<script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
  );

/** A PNG whose header claims 20,000 x 20,000 pixels (1.6 GB to decode) with a small valid deflate stream behind it. */
export function hugePng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small PNG (100 x 100) whose compressed pixels inflate to far more than 100 x 100 needs (a decompression bomb). */
export function bombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100, 0);
  header.writeUInt32BE(100, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(50 * 1024 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
