// Everyday requests against the bare stack (issue 39): the server process as deployed, on PostgreSQL with the demo data,
// loaded by 20 concurrent keep-alive clients from a separate process, each case alternated with the baseline (Fastify
// and node-postgres answering with two indexed queries, bench/bare-server.ts) in the same run, so the ratio holds on a
// busy machine even when the absolute figures do not. Prints a table and one JSON line per case.
// Run: npm run bench:requests -w apps/server   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres;
// BENCH_EMBEDDED=1 for the server on embedded PGlite; BENCH_SECONDS per round, default 3; BENCH_ROUNDS, default 3; BENCH_CONNECTIONS, default 20; BENCH_ONLY=text runs the
// cases whose name holds the text)
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { withBenchDatabase } from './harness.ts';
import { CONNECTIONS, TABLE_HEAD, load, loadAverage, report, startBareServer, type Measured } from './request-load.ts';
import { signIn, startBenchServer } from './server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PASSWORD = 'Registry#2026';

type RequestCase = { name: string; path: string; token: string };

await withBenchDatabase(
  'registry_requests_bench',
  async (database, databaseUrl) => {
    // BENCH_EMBEDDED=1: the server on its embedded PGlite (the default install; its database work is then the server
    // process's own CPU). The baseline stays on PostgreSQL, given the same demo data so that its rows exist.
    const embedded = process.env.BENCH_EMBEDDED === '1';
    const demo = { SEED_DEMO_DATA: 'true', DEMO_PASSWORD: PASSWORD };
    const server = await startBenchServer(databaseUrl, embedded ? { ...demo, DATABASE_URL: '' } : demo);
    if (embedded) await seedDemoData(database.db, PASSWORD);
    const bare = await startBareServer(databaseUrl);
    try {
      const [ids] = await queryRows<{
        root: number;
        property: number;
        owner: number;
        manager: number;
        resident: number;
      }>(
        database.db,
        sql`select (select id from groups where group_type = 0 order by id limit 1) as root,
          (select id from groups where name = 'Oak Ridge Apartments') as property,
          (select id from users where user_name = 'pet.owner') as owner,
          (select id from users where user_name = 'property.manager') as manager,
          (select id from pre_registered_residents order by id limit 1) as resident`,
      );
      const manager = await signIn(server.baseUrl, 'property.manager', PASSWORD);
      const labAdmin = await signIn(server.baseUrl, 'lab.admin', PASSWORD);
      const cases: RequestCase[] = [
        { name: 'userinfo', path: '/api/v1/account/userinfo', token: manager },
        {
          name: 'residents_page_25',
          path: `/api/v1/groups/${ids.property}/residents?page=1&pageSize=25`,
          token: manager,
        },
        { name: 'group_details', path: `/api/v1/group/${ids.property}`, token: manager },
        { name: 'pet_owner_details', path: `/api/v1/petowner/${ids.owner}`, token: labAdmin },
        { name: 'root_dashboard', path: `/api/v1/groupdashboard?groupId=${ids.root}`, token: labAdmin },
      ];
      const bareUrl = `${bare.baseUrl}/bare?userId=${ids.manager}&groupId=${ids.property}`;
      const databaseName = new URL(databaseUrl).pathname.slice(1);
      const loadBare = () => load(bareUrl, {}, bare.pid, databaseName, { seconds: SECONDS });
      const loadCase = (c: RequestCase) =>
        load(`${server.baseUrl}${c.path}`, { authorization: `Bearer ${c.token}` }, server.pid, databaseName, {
          seconds: SECONDS,
        });
      // Warm both (JIT, plan caches, connection pools) before anything is counted.
      loadBare();
      for (const c of cases) loadCase(c);

      console.log(
        `\nRequests on ${embedded ? 'embedded PGlite' : 'PostgreSQL'}, ${CONNECTIONS} concurrent clients, ${ROUNDS} × ${SECONDS} s a case alternated with the bare baseline; load average ${loadAverage()}\n`,
      );
      console.log(TABLE_HEAD);
      const lines: string[] = [];
      for (const c of cases.filter((entry) => entry.name.includes(process.env.BENCH_ONLY ?? ''))) {
        const mine: Measured[] = [];
        const base: Measured[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          base.push(loadBare());
          mine.push(loadCase(c));
        }
        lines.push(report(c.name, mine, base, { database: embedded ? 'pglite' : 'postgres' }));
      }
      console.log(`\nload average at the end ${loadAverage()}\n`);
      for (const line of lines) console.log(line);
    } finally {
      bare.stop();
      await server.stop();
    }
  },
  { poolSize: 2 },
);
