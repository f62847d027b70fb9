// Uploads stop reading at their limit and answer at once, on a real socket: a body declared larger is refused before
// it is read, one streamed without a length (chunked) is refused where it passes the limit, and either way the
// connection closes instead of draining the rest.
// The GeneMapper upload's `model` part is read whether it comes as text or as application/json.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Messages } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { groupByName } from '../../test/factories.ts';
import { syntheticLabPlate } from '../modules/dna/synthetic-plate.ts';
import { pets } from '../db/schema/community.ts';

let t: TestApp;
let port: number;
let staff: string;
let oakRidge: number;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  staff = await t.login('lab.admin');
  oakRidge = (await groupByName(t.database.db, 'Oak Ridge Apartments')).id;
});
afterAll(async () => {
  await t?.close();
});

const BOUNDARY = '----limit';
const fileHead = (field = 'file') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;

/** Opens a multipart upload; `send` writes more of the body; the answer is what came back when the server closed. */
function openUpload(path: string, headers: string) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', () => undefined);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${staff}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n${headers}\r\n`,
  );
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed, answer: () => answer };
}

test('a plate upload declaring 1 GB is refused at once, its body unread', async () => {
  const started = Date.now();
  const upload = openUpload('/api/v1/genemapperfileupload/postnewplate', 'Content-Length: 1073741824\r\n');
  upload.socket.write(fileHead());
  await upload.closed;
  expect(Date.now() - started).toBeLessThan(5000);
  expect(upload.answer()).toMatch(/^HTTP\/1\.1 400/);
  expect(upload.answer()).toContain('The file is over 20 MB.');
  expect(upload.answer().toLowerCase()).toContain('connection: close');
});

test('a logo declaring more than its 2 MB limit gets the spec message at once', async () => {
  const upload = openUpload(`/api/v1/logoupload/postnewlogo/${oakRidge}`, 'Content-Length: 3000000\r\n');
  upload.socket.write(fileHead());
  await upload.closed;
  expect(upload.answer()).toMatch(/^HTTP\/1\.1 400/);
  expect(upload.answer()).toContain(Messages.logoTooLarge);
});

test('the model part sent as application/json is read like text', async () => {
  const plate = syntheticLabPlate({ seed: 381, firstNumber: 3810000 });
  const body = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="model"\r\nContent-Type: application/json\r\n\r\n` +
      `${JSON.stringify({ panelId: 'isag-2006-canine' })}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="Json part.txt"\r\nContent-Type: text/plain\r\n\r\n` +
      `${plate.text}\r\n--${BOUNDARY}--\r\n`,
  );
  const response = await t.call('POST', '/api/v1/genemapperfileupload/postnewplate', {
    token: staff,
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(response.status).toBe(200);
  expect(response.body.plateName).toBe('Json part');
});

/**
 * Streams a file of zeros in chunks (no Content-Length) to 1 MB past the limit and then holds the body open: a server
 * that reads to the body's end would never answer. Returns what came back within 15 s.
 */
async function chunkedUpload(path: string, limit: number) {
  const upload = openUpload(path, 'Transfer-Encoding: chunked\r\n');
  const frame = (data: Buffer | string) => {
    const bytes = Buffer.from(data);
    return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
  };
  const state = { open: true };
  void upload.closed.then(() => (state.open = false));
  upload.socket.write(frame(fileHead()));
  const chunk = frame(Buffer.alloc(64 * 1024));
  for (let sent = 0; state.open && sent < limit + 1024 * 1024; sent += 64 * 1024) {
    if (!upload.socket.write(chunk)) {
      await Promise.race([new Promise((resolve) => upload.socket.once('drain', resolve)), upload.closed]);
    }
  }
  const timedOut = await Promise.race([
    upload.closed.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 15_000)),
  ]);
  upload.socket.destroy();
  return { answer: upload.answer(), timedOut };
}

describe('a chunked upload (no Content-Length) over the limit is answered where it passes it, not at its end', () => {
  const anyPet = async () => (await t.database.db.select({ id: pets.id }).from(pets).limit(1))[0].id;
  const routes: { name: string; path: () => Promise<string>; limit: number; message: string }[] = [
    {
      name: 'plate upload',
      path: async () => '/api/v1/genemapperfileupload/postnewplate',
      limit: 20 * 1024 * 1024,
      message: 'The file is over 20 MB.',
    },
    {
      name: 'logo',
      path: async () => `/api/v1/logoupload/postnewlogo/${oakRidge}`,
      limit: 2_000_000,
      message: Messages.logoTooLarge,
    },
    {
      name: 'pet image',
      path: async () => `/api/v1/petimageupload/post/${await anyPet()}`,
      limit: 4_000_000,
      message: 'File must be under 4mb.',
    },
    {
      name: "pre-registered dog's image",
      path: async () => '/api/v1/dogs/1/1/image',
      limit: 4_000_000,
      message: 'File must be under 4mb.',
    },
    {
      name: 'promotion codes',
      path: async () => '/api/v1/ecommercepromotioncodes/importcodes?productId=1',
      limit: 5_000_000,
      message: 'The file is too large.',
    },
    {
      name: "providers' promotion codes",
      path: async () => '/api/v1/petownerassignedpromotioncodes/importcodes?provider=1',
      limit: 5_000_000,
      message: 'The file is too large.',
    },
  ];
  test.each(routes)('$name', async ({ path, limit, message }) => {
    const { answer, timedOut } = await chunkedUpload(await path(), limit);
    expect(timedOut).toBe(false);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain(message);
    expect(answer.toLowerCase()).toContain('connection: close');
  });
});
