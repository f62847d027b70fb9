// Names of stored files: 32 random hex digits and an extension that fixes the content type, the same in every files store.
import crypto from 'node:crypto';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.tif': 'image/tiff',
  '.avif': 'image/avif',
};
const EXTENSIONS: Record<string, string> = Object.fromEntries(
  Object.entries(CONTENT_TYPES).map(([ext, type]) => [type, ext]),
);

/** Stored names are 32 hex digits and a known extension; anything else is not ours (and never a path or an object key). */
const STORED_NAME = /^[0-9a-f]{32}\.[a-z]{2,5}$/;

export const isStoredFileName = (name: string) => STORED_NAME.test(name);
export const contentTypeOf = (name: string) =>
  CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
/** The URL the API serves a stored file at. */
export const storedFileUrl = (name: string) => `/api/v1/files/${name}`;
/** A fresh random name whose extension records the content type (128 random bits: unguessable, never colliding). */
export const newStoredName = (contentType: string) =>
  `${crypto.randomBytes(16).toString('hex')}${EXTENSIONS[contentType.toLowerCase()] ?? '.bin'}`;
