// The files store: uploaded files (logos now; pet images and GeneMapper files later) under config.filesDir with random,
// unguessable names. A local folder today; the same four calls can front S3-compatible storage later.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

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
const EXTENSIONS: Record<string, string> = Object.fromEntries(Object.entries(CONTENT_TYPES).map(([ext, type]) => [type, ext]));

/** Stored names are 32 hex digits and a known extension; anything else is not ours (and never a path). */
const STORED_NAME = /^[0-9a-f]{32}\.[a-z]{2,5}$/;

export const isStoredFileName = (name: string) => STORED_NAME.test(name);
export const contentTypeOf = (name: string) => CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
/** The URL the API serves a stored file at. */
export const storedFileUrl = (name: string) => `/api/v1/files/${name}`;

export async function storeFile(config: Pick<Config, 'filesDir'>, content: Buffer, contentType: string): Promise<string> {
  const name = `${crypto.randomBytes(16).toString('hex')}${EXTENSIONS[contentType.toLowerCase()] ?? '.bin'}`;
  await fs.mkdir(config.filesDir, { recursive: true });
  await fs.writeFile(path.join(config.filesDir, name), content, { flag: 'wx' });
  return name;
}

/** The content of a stored file, or null when there is none by that name. */
export async function readStoredFile(config: Pick<Config, 'filesDir'>, name: string): Promise<Buffer | null> {
  if (!isStoredFileName(name)) return null;
  try {
    return await fs.readFile(path.join(config.filesDir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function deleteStoredFile(config: Pick<Config, 'filesDir'>, name: string): Promise<void> {
  if (!isStoredFileName(name)) return;
  await fs.rm(path.join(config.filesDir, name), { force: true });
}
