// The live stream (GET /notifications/stream): server-sent events, authenticated by the caller's session like every call.
// On connect and after every change for the caller it sends `event: unread` with { unreadCount, latest }. Comment lines
// keep proxies from closing an idle stream; each one also checks the session, so a signed-out session's stream ends.
// A stream lives at most STREAM_LIFETIME_MS, then ends with a retry hint and the client reconnects.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignedInContext } from '../../platform/context.ts';
import { bearerToken } from '../../platform/http.ts';
import { resolveCaller } from '../../platform/session.ts';
import type { NotificationHub } from './notification-hub.ts';
import { streamSnapshot } from './notifications.service.ts';

export type StreamRegistry = Set<() => void>;

const HEARTBEAT_MS = 25_000;
const STREAM_LIFETIME_MS = 10 * 60_000;
const RETRY_MS = 3000;

const eventText = (data: unknown) => `event: unread\ndata: ${JSON.stringify(data)}\n\n`;

const wantsEventStream = (request: FastifyRequest) =>
  (request.headers.accept ?? '').toLowerCase().includes('text/event-stream');

export async function openNotificationStream(
  ctx: SignedInContext,
  request: FastifyRequest,
  reply: FastifyReply,
  hub: NotificationHub,
  streams: StreamRegistry,
): Promise<FastifyReply> {
  const first = eventText(await streamSnapshot(ctx));
  const headers = {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  };
  // A plain request (no event-stream Accept header) gets the current state and the end: nothing waits forever on it.
  if (!wantsEventStream(request)) return reply.headers(headers).send(first);

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { ...headers, connection: 'keep-alive' });
  raw.write(`retry: ${RETRY_MS}\n\n${first}`);
  let lastEvent = first;

  let ended = false;
  let sending = Promise.resolve();
  const token = bearerToken(request);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe?.();
    streams.delete(end);
    raw.end();
  };
  const send = (work: () => Promise<string | null>) => {
    sending = sending.then(async () => {
      if (ended) return;
      try {
        const text = await work();
        if (text === null) end();
        // An event equal to the last one tells nothing new (a catch-up that found no change).
        else if (!ended && text !== lastEvent) {
          raw.write(text);
          if (text.startsWith('event:')) lastEvent = text;
        }
      } catch {
        end();
      }
    });
  };
  const sessionAlive = async () => token !== null && (await resolveCaller(ctx.db, token)) !== null;
  const heartbeat = setInterval(() => send(async () => ((await sessionAlive()) ? ': ping\n\n' : null)), HEARTBEAT_MS);
  const lifetime = setTimeout(end, STREAM_LIFETIME_MS);
  streams.add(end);
  raw.on('close', end);
  let unsubscribe: (() => void) | null = null;
  try {
    unsubscribe = await hub.subscribe(ctx.caller.userId, () =>
      send(async () => ((await sessionAlive()) ? eventText(await streamSnapshot(ctx)) : null)),
    );
    if (ended) unsubscribe();
    // What happened between the first snapshot and listening is not lost.
    else send(async () => eventText(await streamSnapshot(ctx)));
  } catch {
    end();
  }
  return reply;
}
