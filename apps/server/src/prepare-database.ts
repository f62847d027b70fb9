// What a process does to a database before it serves from it: the schema's migrations and reference rows
// (db/client.ts), then the job queue's tables and queues (platform/jobs.ts). The process start runs it (run-server.ts,
// create-admin.ts, the test set-up, the benchmarks) inside the start-up lock, so the database client needs no queue.
import type { Database } from './db/client.ts';
import { installJobQueue } from './platform/jobs.ts';

export async function prepareDatabase(database: Database): Promise<void> {
  await database.migrate();
  await installJobQueue(database.db);
}
