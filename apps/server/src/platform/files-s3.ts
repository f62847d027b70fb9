// The files store on S3-compatible object storage (AWS S3, MinIO, Ceph, R2 ...): path-style requests signed with SigV4 by aws4fetch.
import crypto from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { FilesS3Config } from '../config.ts';
import { contentTypeOf, isStoredFileName, newStoredName } from './file-names.ts';
import type { FilesStore } from './files-store.ts';

/** A request to object storage failed; the message names the bucket, the S3 error code and the setting to check. */
export class ObjectStorageError extends Error {}

// An upload or a served logo should fail, not hang, when the storage stops answering.
const REQUEST_TIMEOUT_MS = 30_000;
// Never a stored name (no hex digits), so the start-up probe cannot collide with a real file.
const PROBE_NAME = '.files-store-check';

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (xml: string, tag: string) =>
  new RegExp(`<${tag}>([^<]*)</${tag}>`)
    .exec(xml)?.[1]
    ?.replace(/&(amp|lt|gt|quot|apos);/g, (_m, entity: string) => XML_ENTITIES[entity]);

export function createS3FilesStore(settings: FilesS3Config): FilesStore {
  // aws4fetch retries 5xx and 429 answers with backoff; its default of ten retries would hold a request for seconds.
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: 2,
  });
  const where = `bucket "${settings.bucket}" at ${settings.endpoint}`;
  // Path-style (endpoint/bucket/key) works with every S3-compatible server and needs no per-bucket DNS names.
  const keyPath = settings.prefix.split('/').map(encodeURIComponent).join('/');
  const objectUrl = (name: string) => `${settings.endpoint}/${encodeURIComponent(settings.bucket)}/${keyPath}${name}`;

  async function send(
    method: 'GET' | 'PUT' | 'DELETE',
    name: string,
    init: { body?: Buffer; headers?: Record<string, string> } = {},
  ) {
    try {
      return await client.fetch(objectUrl(name), {
        method,
        body: init.body,
        headers: init.headers,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const cause =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new ObjectStorageError(`The files store (${where}) cannot be reached: ${cause}. Check FILES_S3_ENDPOINT.`, {
        cause: error,
      });
    }
  }

  /** The error for an answer we cannot use, with the S3 error code from its XML body and the setting that likely causes it. */
  function failure(response: Response, body: string, action: string) {
    const code = xmlText(body, 'Code') ?? `HTTP ${response.status}`;
    const detail = xmlText(body, 'Message');
    const hint =
      code === 'NoSuchBucket'
        ? ' Check FILES_S3_BUCKET: the bucket must exist.'
        : response.status === 403
          ? " Check FILES_S3_ACCESS_KEY_ID, FILES_S3_SECRET_ACCESS_KEY, FILES_S3_REGION and the key's permissions on the bucket."
          : '';
    return new ObjectStorageError(
      `The files store (${where}) refused to ${action}: ${code}${detail ? ` (${detail})` : ''}.${hint}`,
    );
  }

  /** GET of one object: its content, null when the key is absent, an error for anything else (a 403 is never "absent"). */
  async function getObject(name: string): Promise<Buffer | null> {
    const response = await send('GET', name);
    if (response.ok) return Buffer.from(await response.arrayBuffer());
    const body = await response.text();
    // A missing bucket also answers 404; that is a misconfiguration, not a missing file.
    if (response.status === 404 && xmlText(body, 'Code') !== 'NoSuchBucket') return null;
    throw failure(response, body, `read ${name}`);
  }

  return {
    description: `${where}${settings.prefix ? ` under ${settings.prefix}` : ''}`,
    async put(content, contentType) {
      const name = newStoredName(contentType);
      const response = await send('PUT', name, {
        body: content,
        headers: {
          'content-type': contentTypeOf(name),
          // Signing the payload hash (aws4fetch's default for S3 is UNSIGNED-PAYLOAD) lets the server reject altered bytes.
          'x-amz-content-sha256': crypto.createHash('sha256').update(content).digest('hex'),
        },
      });
      if (!response.ok) throw failure(response, await response.text(), `store ${name}`);
      await response.body?.cancel();
      return name;
    },
    async read(name) {
      return isStoredFileName(name) ? getObject(name) : null;
    },
    async delete(name) {
      if (!isStoredFileName(name)) return;
      const response = await send('DELETE', name);
      const body = await response.text();
      if (response.ok || (response.status === 404 && xmlText(body, 'Code') !== 'NoSuchBucket')) return;
      throw failure(response, body, `delete ${name}`);
    },
    async check() {
      // Reading an absent key proves the endpoint, the bucket, the keys and the read permission without writing anything.
      await getObject(PROBE_NAME);
    },
  };
}
