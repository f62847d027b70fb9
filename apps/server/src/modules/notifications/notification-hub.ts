// Live delivery of notifications to the open event streams. Each database (its driver client) has one hub. On a PostgreSQL
// server the news travels by NOTIFY on one channel, so every API process on that server hears it (each holds one LISTEN
// connection while it has streams open); on embedded PGlite there is one process and the hub delivers in it.
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { listenStatement } from '../../db/listen.ts';
import { notifyChannel } from './notifications.queries.ts';

const NOTIFICATION_CHANNEL = 'registry_notifications';
/** NOTIFY payloads stop at 8000 bytes: user ids go in chunks well under it. */
const IDS_PER_PAYLOAD = 500;
const RECONNECT_MS = 1000;

/** Called with nothing: something changed for this user (or the hub reconnected and news may have been missed). */
export type HubListener = () => void;

export class NotificationHub {
  private readonly listeners = new Map<number, Set<HubListener>>();
  private listenClient: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private users = 0;
  private closed = false;

  private readonly pgConfig: pg.ClientConfig | null;

  constructor(pgConfig: pg.ClientConfig | null) {
    this.pgConfig = pgConfig;
  }

  /** One more app uses the hub; `release` when it closes (the LISTEN connection ends with the last). */
  retain(): void {
    this.users++;
    this.closed = false;
  }

  async release(): Promise<void> {
    this.users = Math.max(0, this.users - 1);
    if (this.users > 0) return;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.listenClient;
    this.listenClient = null;
    this.starting = null;
    await client?.end().catch(() => undefined);
  }

  /** Listens for `userId`'s news; resolves once the hub hears the server, so nothing published after is missed. */
  async subscribe(userId: number, listener: HubListener): Promise<() => void> {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    const unsubscribe = () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
    try {
      await this.ensureListening();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** Tells this process's streams of these users that something changed. */
  deliver(userIds: Iterable<number>): void {
    for (const userId of new Set(userIds)) for (const listener of this.listeners.get(userId) ?? []) listener();
  }

  get listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  private everyone(): void {
    for (const set of this.listeners.values()) for (const listener of set) listener();
  }

  private ensureListening(): Promise<void> {
    if (!this.pgConfig || this.closed) return Promise.resolve();
    if (this.listenClient) return Promise.resolve();
    this.starting ??= this.connect().finally(() => (this.starting = null));
    return this.starting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.pgConfig!);
    const lost = () => {
      if (this.listenClient !== client) return;
      this.listenClient = null;
      client.end().catch(() => undefined);
      if (this.closed || this.listeners.size === 0) return;
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        this.ensureListening()
          .then(() => this.everyone())
          .catch(() => lost());
      }, RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel !== NOTIFICATION_CHANNEL || !message.payload) return;
      try {
        const ids = JSON.parse(message.payload) as unknown;
        if (Array.isArray(ids)) this.deliver(ids.filter((value): value is number => Number.isInteger(value)));
      } catch {
        // Not ours: ignore.
      }
    });
    await client.connect();
    await client.query(listenStatement(NOTIFICATION_CHANNEL));
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listenClient = client;
  }
}

const hubs = new WeakMap<object, NotificationHub>();

/** The driver's client under a drizzle database: the pg Pool on a server, the PGlite instance when embedded. */
const driverClient = (db: Db): object => (db as unknown as { $client: object }).$client;

export function hubFor(db: Db): NotificationHub {
  const client = driverClient(db);
  let hub = hubs.get(client);
  if (!hub) {
    hub = new NotificationHub(client instanceof pg.Pool ? { ...(client.options as pg.ClientConfig) } : null);
    hubs.set(client, hub);
  }
  return hub;
}

/** After commit: every process's streams of these users hear that something changed. */
export async function publishToUsers(db: Db, userIds: readonly number[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  if (driverClient(db) instanceof pg.Pool) {
    for (let start = 0; start < unique.length; start += IDS_PER_PAYLOAD) {
      const payload = JSON.stringify(unique.slice(start, start + IDS_PER_PAYLOAD));
      await notifyChannel(db, NOTIFICATION_CHANNEL, payload);
    }
    return;
  }
  hubFor(db).deliver(unique);
}
