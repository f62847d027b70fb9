// A subscriber's HTTP endpoint on 127.0.0.1 for the webhook tests (the app's testing switch admits it): it keeps every
// delivery as received and can answer 500 a few times before 200, and the documented signature recipe checks them.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Delivery = { headers: http.IncomingHttpHeaders; body: string };

export type WebhookReceiver = {
  url: string;
  received: Delivery[];
  /** Answers 500 to the next `times` deliveries, then 200 again. */
  failNext(times: number): void;
  close(): Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Delivery[] = [];
  let failuresLeft = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      if (failuresLeft > 0) {
        failuresLeft--;
        response.writeHead(500).end('not today');
      } else response.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    failNext: (times) => void (failuresLeft = times),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The documented recipe (docs/integrations.md): HMAC-SHA256 of "<timestamp>.<body>", hex, after "v1=". */
export function signatureVerifies(secret: string, delivery: Delivery): boolean {
  const timestamp = String(delivery.headers['x-registry-timestamp']);
  const expected = crypto.createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex');
  const given = String(delivery.headers['x-registry-signature']).replace(/^v1=/, '');
  return given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
