// An in-process S3-compatible server (s3rver) on 127.0.0.1, so the S3 files store is tested over real HTTP with real SigV4 checks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { AwsClient } from 'aws4fetch';
import type { FilesS3Config } from '../src/config.ts';

/** s3rver's one built-in key pair: it checks every signed request against this secret. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  /** Settings for a files store in the test bucket, with keys the server accepts unless overridden. */
  settings(overrides?: Partial<FilesS3Config>): FilesS3Config;
  /** Raw, signed access behind the store's back: plant an object or look at what the store wrote. */
  getObject(key: string): Promise<{ status: number; contentType: string | null; body: Buffer }>;
  putObject(key: string, body: Buffer | string): Promise<void>;
  /** Every key in the test bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
};

export async function startS3Server(bucket = 'registry-files'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const raw = new AwsClient({
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    service: 's3',
    region: 'us-east-1',
    retries: 0,
  });
  const url = (key: string) => `${endpoint}/${bucket}/${key}`;
  return {
    endpoint,
    bucket,
    settings: (overrides = {}) => ({
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      prefix: '',
      ...overrides,
    }),
    async getObject(key) {
      const response = await raw.fetch(url(key));
      return {
        status: response.status,
        contentType: response.headers.get('content-type'),
        body: Buffer.from(await response.arrayBuffer()),
      };
    },
    async putObject(key, body) {
      const response = await raw.fetch(url(key), { method: 'PUT', body });
      if (!response.ok) throw new Error(`test S3 server refused ${key}: ${response.status} ${await response.text()}`);
    },
    async keys() {
      const response = await raw.fetch(`${endpoint}/${bucket}?list-type=2`);
      const xml = await response.text();
      if (!response.ok) throw new Error(`test S3 server refused the listing: ${response.status} ${xml}`);
      return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]).sort();
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
