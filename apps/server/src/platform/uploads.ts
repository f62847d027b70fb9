// What an uploaded file really is, read from its first bytes: the client's declared type is never trusted (an HTML or
// SVG file sent as image/png would otherwise be stored and served as what it claims). The upload reader
// (platform/multipart.ts) checks every image upload with it, against the kinds its endpoint declares.
import { Messages } from '@registry/contracts';
import { HttpError } from './errors.ts';

/** File signatures ("magic numbers") at offset 0 unless given; WebP is a RIFF container whose form type says WEBP. */
const SIGNATURES: { type: string; bytes: number[]; offset?: number; also?: { bytes: number[]; offset: number } }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
  { type: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46], also: { bytes: [0x57, 0x45, 0x42, 0x50], offset: 8 } },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

const startsWith = (content: Buffer, bytes: number[], offset = 0) =>
  content.length >= offset + bytes.length && bytes.every((byte, i) => content[offset + i] === byte);

/** The content type the bytes show, or null when they match no known signature (SVG, HTML and text never do). */
export function detectFileType(content: Buffer): string | null {
  for (const signature of SIGNATURES) {
    if (
      startsWith(content, signature.bytes, signature.offset) &&
      (!signature.also || startsWith(content, signature.also.bytes, signature.also.offset))
    ) {
      return signature.type;
    }
  }
  return null;
}

/** A refused upload: 400 with the spec's wording as message and exceptionMessage, and under the part it concerns. */
export const uploadRefused = (part: string, message: string) =>
  new HttpError(400, { message, exceptionMessage: message, modelState: { [part]: [message] } });

/**
 * The detected type of an upload when it is one of `accepted`, else a 400 naming the file. A file that claims to be
 * an image but is not one of the accepted kinds (an SVG, HTML dressed as PNG) is told which kinds are; anything else
 * gets `notAcceptedMessage`.
 */
export function acceptedUploadType(
  file: { content: Buffer; mimetype: string },
  accepted: readonly string[],
  notAcceptedMessage: string,
  part = 'file',
): string {
  const detected = detectFileType(file.content);
  if (detected && accepted.includes(detected)) return detected;
  const claimsImage = file.mimetype.toLowerCase().startsWith('image/') || detected?.startsWith('image/');
  const message =
    claimsImage && accepted.every((type) => type.startsWith('image/'))
      ? Messages.imageTypeNotAccepted
      : notAcceptedMessage;
  throw uploadRefused(part, message);
}
