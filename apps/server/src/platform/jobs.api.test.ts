// The job queue on the test database (PGlite, and the PostgreSQL server under test:api:pg): started with the app,
// a job queued inside a transaction exists only once it commits, a worker runs it, and closing the app stops the queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { withTransaction } from './context.ts';
import { bossDatabase, enqueue, jobQueueStarted, jobState } from './jobs.ts';
import { createMailer } from './mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await jobQueueStarted(services());
});
afterAll(async () => {
  await t?.close();
});

const services = () => ({
  db: t.database.db,
  config: t.config,
  mailer: createMailer({ smtpUrl: null, from: t.config.mailFrom }),
});

async function waitForState(id: string, states: string[], ms = 15_000) {
  const until = Date.now() + ms;
  for (;;) {
    const job = await jobState(services(), 'waste-match', id);
    if (job && states.includes(job.state)) return job;
    if (Date.now() > until) throw new Error(`job ${id} still ${job?.state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('job queue', () => {
  it("answers a list of statements (the queue statistics pass) with every statement's rows", async () => {
    const { db } = bossDatabase(t.database.db);
    const result = await db.executeSql('select 1 as n; select 2 as n');
    expect(result.rows).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('installs its schema with the migrations and creates the app queues', async () => {
    const rows = await queryRows<{ name: string }>(t.database.db, sql`select name from pgboss.queue order by name`);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['rerun-no-matches', 'waste-match']));
  });

  it('runs a job sent outside a transaction (the worker completes it)', async () => {
    // A result set that does not exist: the worker skips it and the job completes.
    const id = await enqueue(services(), 'waste-match', { resultSetId: 999_999 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const job = await waitForState(id!, ['completed']);
    expect(job.state).toBe('completed');
  });

  it('writes a job queued inside a transaction with that transaction: a rollback leaves none', async () => {
    await jobQueueStarted(services());
    let jobId: string | null = null;
    await expect(
      withTransaction(services(), async (_tx, txCtx) => {
        jobId = await enqueue(txCtx, 'waste-match', { resultSetId: 999_998 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobState(services(), 'waste-match', jobId!)).toBeNull();

    const committed = await withTransaction(services(), async (_tx, txCtx) =>
      enqueue(txCtx, 'waste-match', { resultSetId: 999_997 }),
    );
    expect((await waitForState(committed!, ['completed'])).state).toBe('completed');
  });
});
