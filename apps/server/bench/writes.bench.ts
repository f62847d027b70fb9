// Everyday writes against plain inserts (issue 39): a resident approval (a dog owner with one dog becomes a pet owner
// with a pet), a waste sample entry and the approval of a 96-well plate's passing profiles, each through the server as
// deployed (on PostgreSQL with the demo data, loaded from a separate process as in requests.bench.ts), alternated with
// the bare baseline (bench/bare-server.ts) writing the same rows as plain INSERTs and UPDATEs in one transaction over
// Fastify and node-postgres. Every request writes a fresh row set, so each is a real write; plates are a few a round.
// Run: npm run bench:writes -w apps/server   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres;
// BENCH_SECONDS per round, default 3; BENCH_ROUNDS, default 2; BENCH_PLATES per round, default 3; BENCH_ONLY=text)
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import { pets, wasteSamples } from '../src/db/schema/index.ts';
import { uploadPlate } from '../src/modules/dna/upload.service.ts';
import { syntheticLabPlate } from '../src/modules/dna/synthetic-plate.ts';
import { ISAG_2006_CANINE } from '@registry/genetics';
import { benchContext, withBenchDatabase } from './harness.ts';
import type { LoadItem } from './load-generator.ts';
import { CONNECTIONS, TABLE_HEAD, load, loadAverage, report, startBareServer, type Measured } from './request-load.ts';
import { signIn, startBenchServer } from './server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PLATES = Number(process.env.BENCH_PLATES ?? 3);
const ONLY = process.env.BENCH_ONLY ?? '';
const PASSWORD = 'Registry#2026';
/** More items than a round can use at the bare stack's pace; unused ones are left. */
const ITEMS = Number(process.env.BENCH_WRITE_ITEMS ?? 8000);

await withBenchDatabase(
  'registry_writes_bench',
  async (database, databaseUrl) => {
    const db = database.db;
    const server = await startBenchServer(databaseUrl, { SEED_DEMO_DATA: 'true', DEMO_PASSWORD: PASSWORD });
    const bare = await startBareServer(databaseUrl);
    try {
      const [ids] = await queryRows<{ property: number; lab: number }>(
        db,
        sql`select (select id from groups where name = 'Oak Ridge Apartments') as property,
          (select id from users where user_name = 'lab.admin') as lab`,
      );
      const token = await signIn(server.baseUrl, 'lab.admin', PASSWORD);
      const headers = { authorization: `Bearer ${token}` };
      const databaseName = new URL(databaseUrl).pathname.slice(1);
      const runId = crypto.randomBytes(3).toString('hex');

      /** Residents pending approval, each with one pre-registered dog, written in one statement. */
      async function residents(count: number, tag: string) {
        return queryRows<{ resident: number; dog: number }>(
          db,
          sql`with r as (
            insert into pre_registered_residents (group_id, first_name, last_name, has_dogs, pet_species,
              dog_owner_policy_attested, status)
            select ${ids.property}, 'Bench', ${tag} || n, true, 2, true, 10 from generate_series(1, ${count}) n
            returning id)
          insert into pre_registered_dogs (resident_id, name) select id, 'Rex' from r returning resident_id as resident, id as dog`,
        );
      }

      type Batch = { path: string; items: LoadItem[]; connections?: number; method?: string };
      type WriteCase = {
        name: string;
        server: (round: number) => Promise<Batch>;
        bare: (round: number) => Promise<Batch>;
      };
      const json = (value: unknown) => JSON.stringify(value);
      const number7 = (base: number, i: number) => String(base + i).padStart(7, '0');
      const plateModel = { panelId: ISAG_2006_CANINE.id, overrideControlsValidation: false };
      const ctx = benchContext(db, databaseUrl, { userId: ids.lab, userName: 'lab.admin', roleId: 0 });
      let serial = 9_000_000;
      /** Uploaded 96-well plates whose pets and waste samples exist, their passing profiles pending approval. */
      async function plates(count: number): Promise<number[]> {
        const plateIds: number[] = [];
        for (let i = 0; i < count; i++) {
          const plate = syntheticLabPlate({ seed: serial, firstNumber: serial, size: 96 });
          serial += 96;
          await db.insert(pets).values([...plate.pets.keys()].map((sampleNumber) => ({ name: 'Bench', sampleNumber })));
          await db
            .insert(wasteSamples)
            .values([...plate.wasteSources.keys()].map((sampleNumber) => ({ sampleNumber, propertyId: ids.property })));
          const uploaded = await uploadPlate(
            ctx,
            {
              ...plateModel,
              plateName: `bench-${runId}-${serial}`,
              hasPositiveControl: true,
              hasNegativeControl: true,
            },
            { content: Buffer.from(plate.text), fileName: `b${serial}.txt` },
          );
          plateIds.push(uploaded.plateId);
        }
        return plateIds;
      }

      const cases: WriteCase[] = [
        {
          name: 'waste_sample_entry',
          server: async (round) => ({
            path: '/api/v1/wastesamples',
            items: Array.from({ length: ITEMS }, (_, i) => ({
              path: '/api/v1/wastesamples',
              body: json({
                sampleNumber: `TD${number7(1_000_000 + round * 100_000, i)}`,
                propertyCollectedFromId: ids.property,
              }),
            })),
          }),
          bare: async (round) => ({
            path: '/bare/waste-sample',
            items: Array.from({ length: ITEMS }, (_, i) => ({
              path: '/bare/waste-sample',
              body: json({
                sampleNumber: `TD${number7(5_000_000 + round * 100_000, i)}`,
                propertyId: ids.property,
                userId: ids.lab,
              }),
            })),
          }),
        },
        {
          name: 'resident_approval',
          server: async (round) => {
            const rows = await residents(1500, `S${runId}${round}-`);
            return {
              path: '',
              method: 'PUT',
              items: rows.map((row, i) => ({
                path: `/api/v1/preregresident/${row.resident}/approve`,
                body: json({
                  dogs: [
                    {
                      preRegisteredDogId: row.dog,
                      name: 'Rex',
                      sampleNumber: `DN${number7(7_000_000 + round * 100_000, i)}`,
                    },
                  ],
                  receiveEmails: false,
                }),
              })),
            };
          },
          bare: async (round) => {
            const rows = await residents(4000, `B${runId}${round}-`);
            return {
              path: '/bare/resident-approval',
              items: rows.map((row, i) => ({
                path: '/bare/resident-approval',
                body: json({
                  residentId: row.resident,
                  dogId: row.dog,
                  groupId: ids.property,
                  userId: ids.lab,
                  userName: `bench.${runId}.${round}.${i}`,
                  sampleNumber: `DN${number7(8_000_000 + round * 100_000, i)}`,
                }),
              })),
            };
          },
        },
        {
          name: 'plate_approval_96',
          server: async () => {
            const plateIds = await plates(PLATES);
            return {
              path: '',
              connections: PLATES,
              items: plateIds.map((plateId) => ({
                path: '/api/v1/dnaprocessing/approveallpassingonplate',
                body: json({ plateId }),
              })),
            };
          },
          bare: async () => {
            const plateIds = await plates(PLATES);
            return {
              path: '',
              connections: PLATES,
              items: plateIds.map((plateId) => ({
                path: '/bare/plate-approval',
                body: json({ plateId, userId: ids.lab }),
              })),
            };
          },
        },
      ];

      console.log(
        `\nWrites on PostgreSQL, ${CONNECTIONS} concurrent clients (plates: one client a plate, ${PLATES} a round), ` +
          `${ROUNDS} × ${SECONDS} s a case alternated with the bare baseline; load average ${loadAverage()}\n`,
      );
      console.log(TABLE_HEAD);
      const lines: string[] = [];
      for (const c of cases.filter((entry) => entry.name.includes(ONLY))) {
        const mine: Measured[] = [];
        const base: Measured[] = [];
        // A first round of each, not counted: JIT, plan caches and pools warm.
        for (let round = 0; round <= ROUNDS; round++) {
          const b = await c.bare(round);
          const baseRun = load(bare.baseUrl, {}, bare.pid, databaseName, { seconds: SECONDS, method: 'POST', ...b });
          const s = await c.server(round);
          const mineRun = load(server.baseUrl, headers, server.pid, databaseName, {
            seconds: SECONDS,
            method: 'POST',
            ...s,
          });
          if (round === 0) continue;
          base.push(baseRun);
          mine.push(mineRun);
        }
        lines.push(report(c.name, mine, base, { database: 'postgres', kind: 'write' }));
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
