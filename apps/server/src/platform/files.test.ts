// The files store keeps files under random names, serves them back with their type, and refuses names that are not its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { contentTypeOf, deleteStoredFile, isStoredFileName, readStoredFile, storeFile, storedFileUrl } from './files.ts';

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-test-'));
afterAll(() => fs.rmSync(filesDir, { recursive: true, force: true }));

test('stores, reads back and deletes a file under a random name', async () => {
  const name = await storeFile({ filesDir }, Buffer.from('png bytes'), 'image/png');
  expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
  expect(contentTypeOf(name)).toBe('image/png');
  expect(storedFileUrl(name)).toBe(`/api/v1/files/${name}`);
  expect((await readStoredFile({ filesDir }, name))?.toString()).toBe('png bytes');
  const other = await storeFile({ filesDir }, Buffer.from('x'), 'image/png');
  expect(other).not.toBe(name);
  await deleteStoredFile({ filesDir }, name);
  expect(await readStoredFile({ filesDir }, name)).toBeNull();
  expect(fs.existsSync(path.join(filesDir, other))).toBe(true);
});

test('names that are not stored names are never read or deleted', async () => {
  fs.writeFileSync(path.join(filesDir, 'secret.txt'), 'keep');
  expect(isStoredFileName('../secret.txt')).toBe(false);
  expect(isStoredFileName('secret.txt')).toBe(false);
  expect(await readStoredFile({ filesDir }, '../secret.txt')).toBeNull();
  await deleteStoredFile({ filesDir }, 'secret.txt');
  expect(fs.readFileSync(path.join(filesDir, 'secret.txt'), 'utf8')).toBe('keep');
  expect(contentTypeOf('abc.unknown')).toBe('application/octet-stream');
});
