// One delivery attempt (issue 42): the body signed with HMAC-SHA256 over "<timestamp>.<body>" under the subscription's
// secret, POSTed to the checked address with short timeouts and no redirect followed. The answer's status, duration and
// first bytes are what the delivery log keeps. docs/integrations.md gives receivers the verification recipe.
import type dns from 'node:dns';
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_HEADERS } from '@registry/contracts';
import type { Config } from '../../config.ts';
import { checkWebhookAddress } from './webhook-address.ts';

/** The whole attempt (connect, send, answer) must finish within this. */
const TIMEOUT_MS = 10_000;
/** The log keeps this much of the receiver's answer. */
const EXCERPT_BYTES = 500;

export type AttemptOutcome = {
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
};

/** The signature header's value: `v1=` and the hex HMAC-SHA256 of "<timestamp>.<body>" under the secret. */
function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export async function deliverOnce(
  config: Pick<Config, 'webhooksAllowPrivateAddresses' | 'brandName'>,
  target: { url: string; secret: string },
  message: { event: string; eventId: string; body: string },
): Promise<AttemptOutcome> {
  const started = Date.now();
  const failed = (error: string, statusCode: number | null = null, excerpt: string | null = null): AttemptOutcome => ({
    succeeded: false,
    statusCode,
    durationMs: Date.now() - started,
    responseExcerpt: excerpt,
    error,
  });
  // Checked again at every delivery: the host may now resolve elsewhere (DNS rebinding).
  const check = await checkWebhookAddress(config, target.url);
  if (!check.ok) return failed(check.problem);
  const { url, address, family } = check.checked;
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': `${config.brandName} webhooks`,
    'content-length': String(Buffer.byteLength(message.body)),
    [WEBHOOK_HEADERS.event.toLowerCase()]: message.event,
    [WEBHOOK_HEADERS.delivery.toLowerCase()]: message.eventId,
    [WEBHOOK_HEADERS.timestamp.toLowerCase()]: String(timestamp),
    [WEBHOOK_HEADERS.signature.toLowerCase()]: signWebhook(target.secret, timestamp, message.body),
  };
  return new Promise<AttemptOutcome>((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers,
        timeout: TIMEOUT_MS,
        // Connect to the address that was checked, not to whatever a second lookup would answer.
        lookup: (_host, options, callback) => {
          // Node asks for every address (all: true) or for one; the callback's shape follows the question.
          if (options.all) (callback as (e: null, a: dns.LookupAddress[]) => void)(null, [{ address, family }]);
          else (callback as (e: null, a: string, f: number) => void)(null, address, family);
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < EXCERPT_BYTES) chunks.push(chunk.subarray(0, EXCERPT_BYTES - kept));
          kept += chunk.length;
          if (kept >= EXCERPT_BYTES) response.destroy();
        });
        const finish = () => {
          const statusCode = response.statusCode ?? null;
          const excerpt = Buffer.concat(chunks).toString('utf8') || null;
          const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
          // A redirect is an answer, not a place to go: it is logged and counts as a failure.
          resolve({
            succeeded: ok,
            statusCode,
            durationMs: Date.now() - started,
            responseExcerpt: excerpt,
            error: ok ? null : statusCode && statusCode >= 300 && statusCode < 400 ? 'Redirect not followed.' : null,
          });
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    const guard = setTimeout(() => request.destroy(new Error('Timed out.')), TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error('Timed out.')));
    request.on('error', (error) => {
      clearTimeout(guard);
      resolve(failed(error.message === 'Timed out.' ? 'Timed out.' : `Could not connect: ${error.message}`));
    });
    request.on('close', () => clearTimeout(guard));
    request.end(message.body);
  });
}
