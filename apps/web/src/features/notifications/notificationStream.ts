// The live notification stream: server-sent events read through the client's openStream (so the session's bearer token
// goes in a header, never in a URL), reconnecting after the server's retry time. Each `unread` event refreshes the notification queries.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints } from '@registry/contracts/endpoints/notifications';
import { openStream } from '../../lib/client';
import { getToken } from '../../lib/tokenStorage';
import { notificationKeys, refreshNotifications, type RecentNotifications } from './notifications.api';

type UnreadEvent = { unreadCount: number; latest?: { id: number } };

/** Splits the stream into events; returns the `unread` events' data and the unparsed rest. */
export function parseEvents(buffer: string): { events: UnreadEvent[]; rest: string; retryMs: number | null } {
  const events: UnreadEvent[] = [];
  let retryMs: number | null = null;
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const lines = block.split('\n');
    const retry = lines.find((line) => line.startsWith('retry:'));
    if (retry) retryMs = Number(retry.slice(6).trim()) || null;
    if (!lines.includes('event: unread')) continue;
    const data = lines
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    try {
      events.push(JSON.parse(data) as UnreadEvent);
    } catch {
      // A broken event: the next one brings the state again.
    }
  }
  return { events, rest, retryMs };
}

/** Keeps one stream open while signed in; `onLatest` hears each notification that arrived while it was open. */
export function useNotificationStream(enabled: boolean, onLatest?: (id: number) => void) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let retryMs = 3000;
    let newestSeen: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      const token = getToken();
      if (!token || controller.signal.aborted) return;
      try {
        const response = await openStream(notificationEndpoints.stream, {}, controller.signal);
        // Signed out (401) or refused: no retry; the app's own calls take the user to sign in.
        if (response.status === 401 || response.status === 403 || !response.body) return;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          buffer += decoder.decode(chunk.value, { stream: true });
          const parsed = parseEvents(buffer);
          buffer = parsed.rest;
          if (parsed.retryMs) retryMs = parsed.retryMs;
          for (const event of parsed.events) {
            qc.setQueryData<RecentNotifications>(notificationKeys.recent(), (old) =>
              old ? { ...old, unreadCount: event.unreadCount } : old,
            );
            void refreshNotifications(qc);
            const latest = event.latest?.id ?? null;
            if (latest !== null && newestSeen !== null && latest > newestSeen) onLatest?.(latest);
            if (latest !== null && (newestSeen === null || latest > newestSeen)) newestSeen = latest;
            if (newestSeen === null) newestSeen = 0;
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void connect(), retryMs);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [enabled, qc, onLatest]);
}
