// The S3 files store against a real S3-compatible server on 127.0.0.1: what it writes, and clear errors (never a silent
// "not found") for wrong keys, a missing bucket or an unreachable endpoint.
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startS3Server, type S3TestServer } from '../../test/s3.ts';
import { createS3FilesStore, ObjectStorageError } from './files-s3.ts';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

test('objects are written under the prefix with the content type of their extension', async () => {
  const store = createS3FilesStore(s3.settings({ prefix: 'logos/' }));
  const name = await store.put(Buffer.from('<svg/>'), 'image/svg+xml');
  expect(name).toMatch(/^[0-9a-f]{32}\.svg$/);
  const object = await s3.getObject(`logos/${name}`);
  expect(object.status).toBe(200);
  expect(object.contentType).toBe('image/svg+xml');
  expect(object.body.toString()).toBe('<svg/>');
  expect(await s3.keys()).toContain(`logos/${name}`);
});

test('a wrong secret key fails every call with the S3 error and the settings to check, and changes nothing', async () => {
  const good = createS3FilesStore(s3.settings());
  const name = await good.put(Buffer.from('kept'), 'image/png');
  const wrong = createS3FilesStore(s3.settings({ secretAccessKey: 'not-the-secret' }));
  const clear =
    /refused to .*: SignatureDoesNotMatch \(The request signature we calculated does not match.*\)\. Check FILES_S3_ACCESS_KEY_ID, FILES_S3_SECRET_ACCESS_KEY/;
  await expect(wrong.put(Buffer.from('x'), 'image/png')).rejects.toThrow(clear);
  // A refused read must not look like a missing file (which the API would answer with 404).
  await expect(wrong.read(name)).rejects.toThrow(ObjectStorageError);
  await expect(wrong.read(name)).rejects.toThrow(clear);
  await expect(wrong.delete(name)).rejects.toThrow(clear);
  await expect(wrong.check()).rejects.toThrow(clear);
  expect((await good.read(name))?.toString()).toBe('kept');
  expect((await s3.keys()).filter((key) => !key.includes('/'))).toEqual([name]);
  expect((await wrong.put(Buffer.from('x'), 'image/png').catch((error: Error) => error.message)) ?? '').not.toContain(
    'not-the-secret',
  );
});

test('an unknown access key id is named in the error', async () => {
  const store = createS3FilesStore(s3.settings({ accessKeyId: 'NOBODY' }));
  await expect(store.check()).rejects.toThrow(/InvalidAccessKeyId.*Check FILES_S3_ACCESS_KEY_ID/);
});

test('a bucket that does not exist is an error for every call, not an empty store', async () => {
  const store = createS3FilesStore(s3.settings({ bucket: 'no-such-bucket' }));
  const clear =
    /bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+\) refused to .*: NoSuchBucket.*Check FILES_S3_BUCKET/;
  await expect(store.check()).rejects.toThrow(clear);
  await expect(store.put(Buffer.from('x'), 'image/png')).rejects.toThrow(clear);
  await expect(store.read('0123456789abcdef0123456789abcdef.png')).rejects.toThrow(clear);
  await expect(store.delete('0123456789abcdef0123456789abcdef.png')).rejects.toThrow(clear);
});

test('an endpoint nobody answers at fails with the address and the setting to check', async () => {
  // A port that was free a moment ago: connecting to it is refused at once.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const store = createS3FilesStore(s3.settings({ endpoint: `http://127.0.0.1:${port}` }));
  await expect(store.read('0123456789abcdef0123456789abcdef.png')).rejects.toThrow(
    new RegExp(`at http://127\\.0\\.0\\.1:${port}\\) cannot be reached: .*ECONNREFUSED.*Check FILES_S3_ENDPOINT`),
  );
});
