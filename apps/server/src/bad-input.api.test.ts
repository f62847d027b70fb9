// The bad-input sweep (issue 20): every route in the OpenAPI document, every parameter and body field given hostile values,
// for an anonymous caller and a provider staff member. No answer may be a 5xx, and no refused (4xx) answer may have
// changed a row. Routes join by themselves: the document is read at run time and unknown shapes get generic probes.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { UserRole } from '@registry/contracts';
import { users } from './db/schema/index.ts';
import { queryRows } from './db/client.ts';
import { hashPassword } from './platform/passwords.ts';
import { TEST_PASSWORD, startTestApp, type TestApp } from '../test/harness.ts';
import { groupByName, makeAdmin } from '../test/factories.ts';
import { type Operation, type Probe, probesFor } from '../test/bad-input-probes.ts';

let t: TestApp;
let staff: { id: number; userName: string };
beforeAll(async () => {
  // A limit no sweep reaches, so every probe meets validation rather than the attempt limit.
  t = await startTestApp({ rateLimitPerMinute: 1_000_000 });
  const root = await groupByName(t.database.db, 'PetDNA Registry');
  staff = await makeAdmin(t.database.db, {
    roleId: UserRole.BioPetLabAdmin,
    groupId: root.id,
    userName: 'sweep.staff',
  });
  await installChangeCounter();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Tables whose rows count attempts, so a refused sign-in must change them. */
const ATTEMPT_TABLES = ['auth_throttles', 'login_attempts'];

/**
 * Counts every committed row change in every table (a row trigger per table bumps one counter, in the same
 * transaction, so a rolled-back change does not count). Reading it before and after a request is the row check.
 */
async function installChangeCounter() {
  const db = t.database.db;
  await db.execute(sql`create table sweep_row_changes (id int primary key, changes bigint not null)`);
  await db.execute(sql`insert into sweep_row_changes values (1, 0)`);
  await db.execute(sql`create function sweep_count_change() returns trigger language plpgsql as $$
    begin update sweep_row_changes set changes = changes + 1 where id = 1; return null; end $$`);
  const tables = (await db.execute(sql`select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sweep_row_changes'`)) as unknown as
    { rows: { table_name: string }[] } | { table_name: string }[];
  const names = (Array.isArray(tables) ? tables : tables.rows)
    .map((row) => row.table_name)
    .filter((name) => !ATTEMPT_TABLES.includes(name));
  expect(names.length).toBeGreaterThan(10);
  for (const name of names) {
    await db.execute(
      sql.raw(
        `create trigger sweep_count after insert or update or delete on "${name}" for each row execute function sweep_count_change()`,
      ),
    );
  }
}
/**
 * Waits until the job queue has no due job waiting or running: a probe that was carried out may have queued work (a
 * rerun of all no-matches, a match run) whose rows would otherwise be counted against the next, refused probe.
 */
async function jobsSettled() {
  for (let waited = 0; waited < 60_000; waited += 100) {
    const [row] = await queryRows<{ due: number }>(
      t.database.db,
      sql`select count(*)::int as due from pgboss.job
          where state in ('created', 'retry', 'active') and start_after <= now()`,
    );
    if (row.due === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
async function rowChanges(): Promise<number> {
  const [row] = await t.database.db.select({ changes: sql<string>`changes` }).from(sql`sweep_row_changes`);
  return Number(row.changes);
}

/** The staff token, signed in again (with the test password restored) when a probe ended the session. */
let staffToken: string | null = null;
async function currentStaffToken(): Promise<string> {
  if (staffToken && (await t.call('GET', '/api/v1/account/userinfo', { token: staffToken })).status === 200)
    return staffToken;
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(TEST_PASSWORD), isActive: true, roleId: UserRole.BioPetLabAdmin })
    .where(eq(users.id, staff.id));
  staffToken = await t.login(staff.userName);
  return staffToken;
}

type Finding = { caller: string; probe: string; status: number; body: string };

async function send(probe: Probe, token: string | null) {
  const headers: Record<string, string> = { ...probe.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await t.app.inject({
    method: probe.method,
    url: probe.url,
    headers,
    ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
  });
  return { status: response.statusCode, body: response.body };
}

test('no bad input gives a 5xx or changes a row when refused, signed out or signed in as provider staff', async () => {
  const started = Date.now();
  const document = (await t.call('GET', '/api/docs/json')).body as { paths: Record<string, Record<string, Operation>> };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ ...operation, path, method: method.toUpperCase() })),
  );
  expect(operations.length).toBeGreaterThan(50);

  // The row check sees a change: a refused-looking probe that did write would be caught.
  const counted = await rowChanges();
  await t.call('POST', '/api/v1/account/updateuserinfo', {
    token: await currentStaffToken(),
    body: { firstName: 'Sweep', lastName: 'Staff', email: 'sweep.staff@test.example' },
  });
  expect(await rowChanges()).toBeGreaterThan(counted);

  const serverErrors: Finding[] = [];
  const statuses = { anonymous: new Map<number, number>(), staff: new Map<number, number>() };
  const refusedButChanged: Finding[] = [];
  let requests = 0;
  for (const operation of operations) {
    const probes = probesFor(operation);
    // Only a mutation can change rows; reads skip the two counter reads per request.
    const checkRows = operation.method !== 'GET';
    const operationStarted = Date.now();
    for (const caller of ['anonymous', 'staff'] as const) {
      const token = caller === 'staff' ? await currentStaffToken() : null;
      for (const probe of probes) {
        if (checkRows) await jobsSettled();
        const before = checkRows ? await rowChanges() : 0;
        const answer = await send(probe, token);
        requests++;
        statuses[caller].set(answer.status, (statuses[caller].get(answer.status) ?? 0) + 1);
        const finding = {
          caller,
          probe: `${probe.method} ${probe.url.slice(0, 160)} [${probe.label}]`,
          status: answer.status,
          body: answer.body.slice(0, 200),
        };
        if (answer.status >= 500) serverErrors.push(finding);
        else if (checkRows && answer.status >= 400 && (await rowChanges()) !== before) refusedButChanged.push(finding);
      }
    }
    if (process.env.SWEEP_VERBOSE)
      console.info(
        `${operation.method} ${operation.path}: ${probes.length} probes x 2, ${Date.now() - operationStarted} ms`,
      );
  }
  console.info(
    `bad-input sweep: ${operations.length} operations, ${requests} requests in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  expect(serverErrors).toEqual([]);
  // The staff probes reached the handlers: most were not turned away at the door, and some were carried out.
  const staffTotal = [...statuses.staff.values()].reduce((sum, count) => sum + count, 0);
  expect(statuses.staff.get(401) ?? 0).toBeLessThan(staffTotal / 10);
  expect(statuses.staff.get(200) ?? 0).toBeGreaterThan(100);
  expect(refusedButChanged).toEqual([]);
}, 600_000);
