// The files store: uploaded files (logos now; pet images and GeneMapper files later) under random, unguessable names, in a
// local folder by default or in S3-compatible object storage (files-s3.ts) when the configuration names a bucket.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { isStoredFileName, newStoredName } from './file-names.ts';
import { createS3FilesStore } from './files-s3.ts';
import type { FilesStore } from './files-store.ts';

export { contentTypeOf, isStoredFileName, storedFileUrl } from './file-names.ts';
export type { FilesStore } from './files-store.ts';

export function createFolderFilesStore(filesDir: string): FilesStore {
  return {
    description: `folder ${filesDir}`,
    async put(content, contentType) {
      const name = newStoredName(contentType);
      await fs.mkdir(filesDir, { recursive: true });
      await fs.writeFile(path.join(filesDir, name), content, { flag: 'wx' });
      return name;
    },
    async read(name) {
      if (!isStoredFileName(name)) return null;
      try {
        return await fs.readFile(path.join(filesDir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(name) {
      if (!isStoredFileName(name)) return;
      await fs.rm(path.join(filesDir, name), { force: true });
    },
    async check() {
      try {
        await fs.mkdir(filesDir, { recursive: true });
        await fs.access(filesDir, fs.constants.W_OK);
      } catch (error) {
        throw new Error(
          `The files store (folder ${filesDir}) is not writable: ${(error as Error).message}. Check FILES_DIR.`,
          { cause: error },
        );
      }
    },
  };
}

/** The store the configuration names: the S3 bucket when one is configured, otherwise the local folder. */
export function createFilesStore(config: Pick<Config, 'filesDir' | 'filesS3'>): FilesStore {
  return config.filesS3 ? createS3FilesStore(config.filesS3) : createFolderFilesStore(config.filesDir);
}

// Keyed by the configuration object, so the app (which keeps one config for its life) opens its store once, and a test app
// started with other settings gets its own. Services reach it through ctx.config, which every context already carries.
const stores = new WeakMap<object, FilesStore>();

/** The one files store of a configuration: created on first use (run-server.ts does that at start-up, with check()). */
export function filesStoreFor(config: Pick<Config, 'filesDir' | 'filesS3'>): FilesStore {
  let store = stores.get(config);
  if (!store) {
    store = createFilesStore(config);
    stores.set(config, store);
  }
  return store;
}
