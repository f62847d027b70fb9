// The background job queue: pg-boss 12 on the app's own database, embedded PGlite or the PostgreSQL server alike.
// One queue per app (keyed by its configuration object, as the registry index and files store are), started when the
// app is ready and stopped when it closes. Services enqueue through `enqueue(ctx, name, payload)`: inside an open
// transaction the job is written by that transaction (pg-boss joins it through its drizzle adapter), so it exists only
// if the change commits; outside one it is sent at once. Workers are registered by name before the app starts.
// Workers are woken by PostgreSQL's LISTEN/NOTIFY the moment a job is committed; polling remains only as a slow backstop
// (delayed jobs, retries, a listener that is reconnecting), so an idle server sends next to no statements.
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type Job } from 'pg-boss';
type DrizzleTx = Parameters<typeof fromDrizzle>[0];
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { listenOnOwnConnection } from '../db/listen.ts';
import type { Db } from '../db/client.ts';
import { afterCommit, type Services } from './context.ts';

/** The queues this application uses; each is created when the queue starts. */
const JOB_NAMES = [
  'waste-match',
  'waste-retro-match',
  'rerun-no-matches',
  'send-email',
  'violation-reminder',
  'webhook-deliver',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export type JobHandler = (payload: Record<string, unknown>, job: { id: string; services: Services }) => Promise<void>;

type Queue = {
  boss: PgBoss;
  started: Promise<void> | null;
  /** Set once start() has finished: until then a transaction cannot wait for it (on PGlite it holds the one connection). */
  ready: boolean;
  stopped: boolean;
};

const queues = new WeakMap<object, Queue>();
const handlers = new Map<JobName, JobHandler>();

/** Registers the worker of a queue (a module does this once, at import time of its jobs file). */
export function defineJob(name: JobName, handler: JobHandler): void {
  handlers.set(name, handler);
}

/** pg-boss's database adapter over the driver behind a drizzle database (PGlite instance or node-postgres pool). */
/** pg-boss's database adapter over the app's own connection (exported for its test). */
export function bossDatabase(db: Db) {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (isPglite(client)) return { db: fromPglite(client), backend: 'pglite' as const };
  const pool = client;
  return {
    db: {
      executeSql: async (text: string, values?: unknown[]) => {
        // A statement list (pg-boss's queue statistics pass) answers one result per statement: their rows, joined.
        const result = (await pool.query(text, values as unknown[])) as pg.QueryResult | pg.QueryResult[];
        return { rows: Array.isArray(result) ? result.flatMap((each) => each.rows) : result.rows };
      },
      listen: (channel: string, onNotification: (payload: string) => void, onReconnect: () => void) =>
        listenOnOwnConnection(pool, channel, { onNotification, onReconnect }),
    },
    backend: 'postgres' as const,
  };
}

const isPglite = (client: unknown): client is PGlite =>
  typeof (client as { exec?: unknown }).exec === 'function' &&
  typeof (client as { dumpDataDir?: unknown }).dumpDataDir === 'function';

function newBoss(db: Db, options: { supervise: boolean; migrate: boolean }) {
  const { db: adapter, backend } = bossDatabase(db);
  return new PgBoss({
    db: adapter,
    backend,
    schema: 'pgboss',
    supervise: options.supervise,
    schedule: false,
    migrate: options.migrate,
    // Only the working queue listens (install-time queues send nothing and stop at once).
    useListenNotify: options.supervise,
  });
}

/**
 * Installs (or upgrades) pg-boss's schema and this app's queues: run by the process start right after the migrations
 * (prepare-database.ts), so a started app (and every test copy of the prepared database) finds them in place.
 */
export async function installJobQueue(db: Db): Promise<void> {
  const boss = newBoss(db, { supervise: false, migrate: true });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    for (const name of JOB_NAMES) {
      const queue = await boss.getQueue(name);
      if (!queue) await boss.createQueue(name, { notify: true });
      else if (!queue.notify) await boss.updateQueue(name, { notify: true });
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/** Starts the app's queue and its workers (idempotent). */
export function startJobQueue(services: Services, log: (error: unknown) => void = () => undefined): Promise<void> {
  const queue = queueOf(services);
  queue.started ??= (async () => {
    // The schema and queues were installed with the migrations.
    await queue.boss.start();
    queue.ready = true;
    for (const [name, handler] of handlers) {
      // Half a second while the listener is not up (the old polling), two seconds as the backstop once it is.
      const polling = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 2 };
      await queue.boss.work(name, { ...polling, batchSize: 1 }, async (jobs: Job<object>[]) => {
        for (const job of jobs)
          await handler(job.data as Record<string, unknown>, { id: job.id, services }).catch((error: unknown) => {
            log(error);
            throw error;
          });
      });
    }
  })();
  queue.boss.on('error', log);
  return queue.started;
}

/** Stops the workers (waiting briefly for a job in flight) and the queue; the database stays open. */
export async function stopJobQueue(config: object): Promise<void> {
  const queue = queues.get(config);
  if (!queue?.started || queue.stopped) return;
  queue.stopped = true;
  await queue.started.catch(() => undefined);
  await queue.boss.stop({ graceful: true, close: false, timeout: 5_000 });
}

function queueOf(services: Pick<Services, 'db' | 'config'>): Queue {
  let queue = queues.get(services.config);
  if (!queue) {
    queue = {
      boss: newBoss(services.db, { supervise: true, migrate: false }),
      started: null,
      ready: false,
      stopped: false,
    };
    queues.set(services.config, queue);
  }
  return queue;
}

type EnqueueContext = Pick<Services, 'db' | 'config'> & { transaction?: unknown };

/** The app's queue, made on the database outside any open transaction (a queue kept on a finished one would fail). */
const queueFor = (ctx: EnqueueContext) =>
  queueOf({ db: (ctx.transaction as { outerDb?: Db } | undefined)?.outerDb ?? ctx.db, config: ctx.config });

/**
 * Queues a job. Inside a transaction (`ctx.transaction` set) the job row is written by that transaction, so it runs only
 * once the change commits and never for a rollback. Returns the job's id.
 */
export async function enqueue(
  ctx: EnqueueContext,
  name: JobName,
  payload: Record<string, unknown>,
  options: {
    singletonKey?: string;
    retryLimit?: number;
    /** Seconds before the job may run (and between retries, doubling with retryBackoff). */
    startAfterSeconds?: number;
    retryDelaySeconds?: number;
    retryBackoff?: boolean;
  } = {},
): Promise<string | null> {
  const queue = queueFor(ctx);
  const send = {
    retryLimit: options.retryLimit ?? 2,
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.startAfterSeconds !== undefined ? { startAfter: options.startAfterSeconds } : {}),
    ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
    ...(options.retryBackoff ? { retryBackoff: true, retryDelayMax: 6 * 3600 } : {}),
  };
  if (ctx.transaction && queue.ready)
    return queue.boss.send(name, payload, { ...send, db: fromDrizzle(ctx.db as unknown as DrizzleTx, sql) });
  if (ctx.transaction) {
    // The queue is still starting: send once the change commits (nothing for a rollback) rather than wait for the
    // start inside the transaction, which on PGlite holds the connection the start needs.
    await afterCommit(ctx as Parameters<typeof afterCommit>[0], async () => {
      await startedOf(queue);
      await queue.boss.send(name, payload, send);
    });
    return null;
  }
  await startedOf(queue);
  return queue.boss.send(name, payload, send);
}

/** enqueue for several jobs of one queue: one multi-row insert (inside a transaction, written by it, as enqueue). */
export async function enqueueMany(
  ctx: EnqueueContext,
  name: JobName,
  payloads: Record<string, unknown>[],
  options: {
    retryLimit?: number;
    /** The jobs' ids (uuids) in payload order, chosen by the caller to delete or cancel them later. */
    ids?: string[];
    startAfterSeconds?: number;
    retryDelaySeconds?: number;
    retryBackoff?: boolean;
  } = {},
): Promise<void> {
  if (payloads.length === 0) return;
  const queue = queueFor(ctx);
  const jobs = payloads.map((data, i) => ({
    data,
    retryLimit: options.retryLimit ?? 2,
    ...(options.ids ? { id: options.ids[i] } : {}),
    ...(options.startAfterSeconds !== undefined ? { startAfter: options.startAfterSeconds } : {}),
    ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
    ...(options.retryBackoff ? { retryBackoff: true, retryDelayMax: 6 * 3600 } : {}),
  }));
  if (ctx.transaction && queue.ready) {
    await queue.boss.insert(name, jobs, { db: fromDrizzle(ctx.db as unknown as DrizzleTx, sql) });
    return;
  }
  if (ctx.transaction) {
    await afterCommit(ctx as Parameters<typeof afterCommit>[0], async () => {
      await startedOf(queue);
      await queue.boss.insert(name, jobs);
    });
    return;
  }
  await startedOf(queue);
  await queue.boss.insert(name, jobs);
}

const startedOf = (queue: Queue) => {
  if (!queue.started) throw new Error('The job queue has not been started (the app is not ready).');
  return queue.started;
};

/** Resolves once the app's queue has started (tests wait for it before queueing inside a transaction). */
export const jobQueueStarted = (ctx: Pick<Services, 'db' | 'config'>): Promise<void> => startedOf(queueOf(ctx));

/** Whether the app's queue has started (contexts built by hand, e.g. start-up seeding, have none). */
export const jobQueueReady = (ctx: Pick<Services, 'config'>): boolean => queues.get(ctx.config)?.ready === true;

/** Whether a job could be sent now: the queue is started, or starting (a send waits for it). */
export const jobQueueStarting = (ctx: Pick<Services, 'config'>): boolean =>
  Boolean(queues.get(ctx.config)?.started) && !queues.get(ctx.config)?.stopped;

/** Removes jobs that are no longer needed (mails delivered by their first attempt), in one statement. */
export async function deleteJobs(ctx: Pick<Services, 'db' | 'config'>, name: JobName, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const queue = queueOf(ctx);
  await startedOf(queue);
  await queue.boss.deleteJob(name, ids);
}

/** Removes a job that is no longer needed (a mail delivered by its first attempt). */
export async function deleteJob(ctx: Pick<Services, 'db' | 'config'>, name: JobName, id: string): Promise<void> {
  const queue = queueOf(ctx);
  await startedOf(queue);
  await queue.boss.deleteJob(name, id);
}

/** Cancels a queued or running job (a running handler sees it through its own progress record). */
export async function cancelJob(ctx: Pick<Services, 'db' | 'config'>, name: JobName, id: string): Promise<void> {
  const queue = queueOf(ctx);
  await startedOf(queue);
  await queue.boss.cancel(name, id);
}

/** A job's state as pg-boss keeps it (created, retry, active, completed, cancelled, failed), or null. */
export async function jobState(ctx: Pick<Services, 'db' | 'config'>, name: JobName, id: string) {
  const queue = queueOf(ctx);
  await startedOf(queue);
  const [job] = await queue.boss.findJobs(name, { id });
  return job ? { state: job.state, output: job.output ?? null } : null;
}
