// Reads a notification event stream with a real HTTP client (fetch), as the browser's client does.
import type { NotificationEvent } from '@registry/contracts';

export async function openEventStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/notifications/stream`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;

  async function readMore(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no event within the time')), timeoutMs);
    });
    try {
      const chunk = await Promise.race([reader.read(), timeout]);
      if (chunk.done) done = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** The next `unread` event's data. */
    async next(timeoutMs = 5000): Promise<NotificationEvent> {
      for (;;) {
        const boundary = buffer.indexOf('\n\n');
        if (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const lines = block.split('\n');
          if (!lines.includes('event: unread')) continue;
          const data = lines.find((line) => line.startsWith('data: '));
          if (data) return JSON.parse(data.slice(6)) as NotificationEvent;
          continue;
        }
        if (done) throw new Error('the stream ended');
        await readMore(timeoutMs);
      }
    },
    /** Resolves true once the server ends the stream. */
    async ended(timeoutMs = 5000): Promise<boolean> {
      while (!done) await readMore(timeoutMs);
      return true;
    },
    close: () => controller.abort(),
  };
}
