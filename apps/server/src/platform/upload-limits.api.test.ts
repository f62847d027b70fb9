// Uploads stop reading at their limit and answer at once, on a real socket: a body declared larger is refused before
// it is read, and the connection closes instead of draining the rest.
// The GeneMapper upload's `model` part is read whether it comes as text or as application/json.
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Messages } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { groupByName } from '../../test/factories.ts';
import { syntheticLabPlate } from '../modules/dna/synthetic-plate.ts';

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
