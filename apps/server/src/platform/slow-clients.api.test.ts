// Slow and vanishing clients: a body trickled in is cut at the request time limit (as slow headers are), and a client
// that hangs up mid-body is logged as that, at info level, never as "database unavailable".
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let port: number;
const logs: { level: number; msg: string }[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  t = await startTestApp({ requestTimeoutSeconds: 2 }, { logger: { level: 'info', stream } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/** Sends the headers and the start of a body that claims to be longer, and reports how the connection ends. */
function startBody(path: string) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', () => undefined);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`,
  );
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed, answer: () => answer };
}

test('a body that does not arrive within the limit is cut with 408', async () => {
  const started = Date.now();
  const slow = startBody('/api/v1/account/forgotpassword');
  // Trickles a byte a second: never idle, never done.
  const trickle = setInterval(() => slow.socket.write(' '), 1000);
  await slow.closed;
  clearInterval(trickle);
  const elapsed = Date.now() - started;
  expect(elapsed).toBeGreaterThanOrEqual(1900);
  expect(elapsed).toBeLessThan(10_000);
  expect(slow.answer()).toMatch(/^HTTP\/1\.1 408/);
});

test('a client hanging up mid-body is logged as such at info level, not as an outage', async () => {
  const gone = startBody('/api/v1/account/forgotpassword');
  await new Promise((resolve) => setTimeout(resolve, 200));
  gone.socket.destroy();
  await expect.poll(() => logs.some((line) => line.msg.includes('client closed the request'))).toBe(true);
  const line = logs.find((entry) => entry.msg.includes('client closed the request'))!;
  expect(line.level).toBe(30);
  expect(logs.filter((entry) => entry.msg === 'database unavailable' || entry.level >= 40)).toEqual([]);
});
