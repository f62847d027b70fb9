// LISTEN on a PostgreSQL channel over a connection of its own (a pooled one would be handed to other work), for the
// job queue's wake-ups and the session cache's invalidations. Reconnects with backoff when the connection is lost.
import pg from 'pg';

/** The LISTEN statement of a channel, its name quoted (for the hubs that keep a listening connection of their own). */
export const listenStatement = (channel: string) => `LISTEN "${channel.replaceAll('"', '""')}"`;

export type ListenHandlers = {
  onNotification: (payload: string) => void;
  /** The connection was lost: notifications may be missed until onReconnect. */
  onLost?: () => void;
  /** Listening again after a loss; whatever was committed meanwhile went unannounced. */
  onReconnect?: () => void;
};

/** Starts listening (rejects when the first connection fails) and answers a handle that stops it. */
export async function listenOnOwnConnection(pool: pg.Pool, channel: string, handlers: ListenHandlers) {
  let closed = false;
  let current: pg.Client | null = null;
  let attempt = 0;
  const connect = async () => {
    const client = new pg.Client({ ...pool.options, keepAlive: true });
    client.on('notification', (message) => handlers.onNotification(message.payload ?? ''));
    const lost = () => {
      if (current !== client || closed) return;
      current = null;
      client.removeAllListeners();
      client.on('error', () => undefined);
      client.end().catch(() => undefined);
      handlers.onLost?.();
      const backoff = Math.min(30_000, 1000 * 2 ** Math.min(attempt++, 5));
      setTimeout(() => void reconnect(), backoff).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    current = client;
    await client.connect();
    await client.query(listenStatement(channel));
    attempt = 0;
    return client;
  };
  const reconnect = async () => {
    if (closed) return;
    try {
      await connect();
      handlers.onReconnect?.();
    } catch {
      current?.emit('end');
    }
  };
  try {
    await connect();
  } catch (error) {
    // Set by connect() before it failed (TypeScript cannot see the assignment inside the closure).
    const client = current as pg.Client | null;
    current = null;
    client?.removeAllListeners();
    client?.on('error', () => undefined);
    await client?.end().catch(() => undefined);
    throw error;
  }
  return {
    close: async () => {
      closed = true;
      const client = current;
      current = null;
      client?.removeAllListeners();
      client?.on('error', () => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}
