// The files store contract, run against both stores (a local folder and S3 on an in-process server), and how the
// configuration chooses between them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, readConfig } from '../config.ts';
import { startS3Server, type S3TestServer } from '../../test/s3.ts';
import {
  contentTypeOf,
  createFilesStore,
  createFolderFilesStore,
  filesStoreFor,
  isStoredFileName,
  storedFileUrl,
  type FilesStore,
} from './files.ts';
import { createS3FilesStore } from './files-s3.ts';

/**
 * A store under test plus raw access to the space around it: the store keeps its files in `files/` (a sub-folder, or a key
 * prefix), so `plant('secret.txt')` puts a foreign file just outside it and `plant('files/secret.txt')` one inside it.
 */
type Fixture = {
  store: FilesStore;
  plant(key: string, content: string): Promise<void>;
  planted(key: string): Promise<string | null>;
  close(): Promise<void>;
};

async function folderFixture(): Promise<Fixture> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'files-test-'));
  return {
    store: createFolderFilesStore(path.join(root, 'files')),
    async plant(key, content) {
      fs.mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
      fs.writeFileSync(path.join(root, key), content);
    },
    planted: async (key) =>
      fs.existsSync(path.join(root, key)) ? fs.readFileSync(path.join(root, key), 'utf8') : null,
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

async function s3Fixture(): Promise<Fixture> {
  const s3 = await startS3Server();
  return {
    store: createS3FilesStore(s3.settings({ prefix: 'files/' })),
    plant: (key, content) => s3.putObject(key, content),
    async planted(key) {
      const object = await s3.getObject(key);
      return object.status === 200 ? object.body.toString() : null;
    },
    close: () => s3.close(),
  };
}

describe.each([
  { kind: 'local folder', start: folderFixture },
  { kind: 'S3-compatible object storage', start: s3Fixture },
])('files store contract: $kind', ({ start }) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await start();
  });
  afterAll(() => f?.close());

  test('is usable from the start: check() passes before anything is stored', async () => {
    await expect(f.store.check()).resolves.toBeUndefined();
  });

  test('stores, reads back and deletes a file under a random name; other files stay', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const name = await f.store.put(bytes, 'image/png');
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(contentTypeOf(name)).toBe('image/png');
    expect(storedFileUrl(name)).toBe(`/api/v1/files/${name}`);
    expect((await f.store.read(name))?.equals(bytes)).toBe(true);
    expect(await f.planted(`files/${name}`)).not.toBeNull();

    const other = await f.store.put(Buffer.from('gif bytes'), 'image/GIF');
    expect(other).toMatch(/^[0-9a-f]{32}\.gif$/);
    expect(other).not.toBe(name);
    await f.store.delete(name);
    expect(await f.store.read(name)).toBeNull();
    expect(await f.planted(`files/${name}`)).toBeNull();
    expect((await f.store.read(other))?.toString()).toBe('gif bytes');
  });

  test('a content type without a known extension is kept as .bin and served as octet-stream', async () => {
    const name = await f.store.put(Buffer.from('%PDF'), 'application/pdf');
    expect(name).toMatch(/^[0-9a-f]{32}\.bin$/);
    expect(contentTypeOf(name)).toBe('application/octet-stream');
    expect((await f.store.read(name))?.toString()).toBe('%PDF');
  });

  test('a well-formed name that was never stored reads as null, and deleting it is not an error', async () => {
    expect(await f.store.read('0123456789abcdef0123456789abcdef.png')).toBeNull();
    await expect(f.store.delete('0123456789abcdef0123456789abcdef.png')).resolves.toBeUndefined();
  });

  test('names that are not ours are never read or deleted, inside the store or outside it', async () => {
    await f.plant('secret.txt', 'outside');
    await f.plant('files/secret.txt', 'inside');
    await f.plant('files/0123456789ABCDEF0123456789ABCDEF.png', 'upper case');
    for (const name of [
      '../secret.txt',
      'secret.txt',
      '0123456789ABCDEF0123456789ABCDEF.png',
      '0123456789abcdef0123456789abcdef.png/../../secret.txt',
      '',
    ]) {
      expect(isStoredFileName(name)).toBe(false);
      expect(await f.store.read(name)).toBeNull();
      await f.store.delete(name);
    }
    expect(await f.planted('secret.txt')).toBe('outside');
    expect(await f.planted('files/secret.txt')).toBe('inside');
    expect(await f.planted('files/0123456789ABCDEF0123456789ABCDEF.png')).toBe('upper case');
  });
});

describe('choosing the store from the configuration', () => {
  let s3: S3TestServer;
  let filesDir: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-choice-'));
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  test('without a bucket the local folder is used; with one every file goes to the bucket and none to the folder', async () => {
    const local = readConfig({ FILES_DIR: filesDir });
    expect(local.filesS3).toBeNull();
    const localName = await createFilesStore(local).put(Buffer.from('here'), 'image/png');
    expect(fs.readdirSync(filesDir)).toEqual([localName]);

    const { port } = new URL(s3.endpoint);
    const remote = readConfig({
      FILES_DIR: filesDir,
      FILES_S3_ENDPOINT: `http://127.0.0.1:${port}/`,
      FILES_S3_BUCKET: s3.bucket,
      FILES_S3_ACCESS_KEY_ID: 'S3RVER',
      FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
      FILES_S3_PREFIX: '/registry/uploads',
    });
    expect(remote.filesS3).toEqual({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix: 'registry/uploads/',
    });
    const store = createFilesStore(remote);
    expect(store.description).toBe(`bucket "${s3.bucket}" at ${s3.endpoint} under registry/uploads/`);
    const remoteName = await store.put(Buffer.from('there'), 'image/png');
    expect(await s3.keys()).toEqual([`registry/uploads/${remoteName}`]);
    expect(fs.readdirSync(filesDir)).toEqual([localName]);
    expect(await store.read(localName)).toBeNull();
  });

  test('one store per configuration object: the app and its services share it', () => {
    const config = readConfig({ FILES_DIR: filesDir });
    expect(filesStoreFor(config)).toBe(filesStoreFor(config));
    expect(filesStoreFor(config)).not.toBe(filesStoreFor(readConfig({ FILES_DIR: filesDir })));
  });

  test('FILES_S3_REGION is used when given', () => {
    const config = readConfig({
      FILES_S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
      FILES_S3_BUCKET: 'my.bucket',
      FILES_S3_REGION: 'eu-west-1',
      FILES_S3_ACCESS_KEY_ID: 'id',
      FILES_S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.filesS3).toMatchObject({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'my.bucket',
      region: 'eu-west-1',
      prefix: '',
    });
  });

  test.each([
    [
      { FILES_S3_BUCKET: 'files' },
      'FILES_S3_BUCKET is set, so uploaded files go to S3-compatible object storage, but FILES_S3_ENDPOINT, FILES_S3_ACCESS_KEY_ID, FILES_S3_SECRET_ACCESS_KEY are missing.',
    ],
    [
      { FILES_S3_BUCKET: 'files', FILES_S3_ENDPOINT: 'http://minio:9000', FILES_S3_ACCESS_KEY_ID: 'id' },
      'but FILES_S3_SECRET_ACCESS_KEY is missing.',
    ],
    [
      { FILES_S3_ENDPOINT: 'http://minio:9000', FILES_S3_SECRET_ACCESS_KEY: 'x' },
      'FILES_S3_ENDPOINT, FILES_S3_SECRET_ACCESS_KEY are set but FILES_S3_BUCKET is not',
    ],
    [
      {
        FILES_S3_BUCKET: 'files',
        FILES_S3_ENDPOINT: 'minio:9000',
        FILES_S3_ACCESS_KEY_ID: 'id',
        FILES_S3_SECRET_ACCESS_KEY: 'x',
      },
      'FILES_S3_ENDPOINT must be an http(s) address',
    ],
    [
      {
        FILES_S3_BUCKET: 'files',
        FILES_S3_ENDPOINT: 'not a url',
        FILES_S3_ACCESS_KEY_ID: 'id',
        FILES_S3_SECRET_ACCESS_KEY: 'x',
      },
      'not "not a url"',
    ],
    [
      {
        FILES_S3_BUCKET: 'My_Files',
        FILES_S3_ENDPOINT: 'http://minio:9000',
        FILES_S3_ACCESS_KEY_ID: 'id',
        FILES_S3_SECRET_ACCESS_KEY: 'x',
      },
      'FILES_S3_BUCKET "My_Files" is not a valid bucket name',
    ],
    [
      {
        FILES_S3_BUCKET: 'files',
        FILES_S3_ENDPOINT: 'http://minio:9000',
        FILES_S3_ACCESS_KEY_ID: 'id',
        FILES_S3_SECRET_ACCESS_KEY: 'x',
        FILES_S3_PREFIX: 'a/../b',
      },
      'FILES_S3_PREFIX "a/../b" may not contain',
    ],
  ])('a half or wrong S3 configuration is refused at start-up: %j', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  test('the secret never appears in a configuration error', () => {
    expect(() =>
      readConfig({
        FILES_S3_BUCKET: 'files',
        FILES_S3_ENDPOINT: 'ftp://minio',
        FILES_S3_ACCESS_KEY_ID: 'id',
        FILES_S3_SECRET_ACCESS_KEY: 'hunter2-secret',
      }),
    ).toThrow(/^(?!.*hunter2-secret).*$/s);
  });
});
