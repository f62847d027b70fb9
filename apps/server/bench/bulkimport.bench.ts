// Bulk resident import benchmark on the PostgreSQL server (issue 18): a file of BENCH_IMPORT_ROWS rows (default
// 10,000; budget under 30 s) over 100 properties, each row a resident with a dog, imported through the service in the
// browser's batches of 500, each row in its own transaction with its natural-key lock and audit entries. Beside it in
// the same process: a plain baseline inserting the same residents and dogs row by row (autocommit, no rules, no lock,
// no audit). Then the same file again (the re-run of an interrupted import: every row found, nothing added).
// Run: node apps/server/bench/bulkimport.bench.ts   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { BULK_IMPORT_BATCH_MAX, GroupTypes, type ImportResidentRow } from '@registry/contracts';
import { users } from '../src/db/schema/index.ts';
import { insertGroup } from '../src/modules/groups/groups.queries.ts';
import { importResidents } from '../src/modules/bulkimport/bulkimport.service.ts';
import { benchContext, withBenchDatabase } from './harness.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const PROPERTIES = 100;

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

await withBenchDatabase('bench_bulkimport', async (database, url) => {
  const db = database.db;
  const root = await insertGroup(db, { name: 'Bench Root', groupType: GroupTypes.HierarchyRoot, parentId: null });
  const properties = [];
  for (let i = 0; i < PROPERTIES; i++)
    properties.push(
      await insertGroup(db, { name: `Bench Property ${i}`, groupType: GroupTypes.Property, parentId: root.id }),
    );
  const [staff] = await db
    .insert(users)
    .values({ userName: 'bench.staff', firstName: 'Bench', lastName: 'Staff', roleId: 0, isActive: true })
    .returning();
  const ctx = benchContext(db, url, { userId: staff!.id, userName: 'bench.staff', roleId: 0 });

  const rows: ImportResidentRow[] = Array.from({ length: ROWS }, (_, i) => ({
    rowNumber: i + 2,
    PropertyName: `Bench Property ${i % PROPERTIES}`,
    FirstName: `First${i}`,
    LastName: `Last${i}`,
    Email: `resident${i}@bench.example`,
    City: 'Austin',
    State: 'TX',
    Country: 'US',
    PetName: `Dog${i}`,
    DogGender: i % 2 ? 'Male' : 'Female',
  }));
  const run = async () => {
    let imported = 0;
    for (let i = 0; i < rows.length; i += BULK_IMPORT_BATCH_MAX)
      imported += (await importResidents(ctx, rows.slice(i, i + BULK_IMPORT_BATCH_MAX))).filter(
        (r) => r.imported,
      ).length;
    return imported;
  };

  let start = process.hrtime.bigint();
  const imported = await run();
  const importSeconds = seconds(start);
  if (imported !== ROWS) throw new Error(`imported ${imported} of ${ROWS}`);

  start = process.hrtime.bigint();
  await run();
  const rerunSeconds = seconds(start);
  const counts = await db.execute(
    sql`select (select count(*) from pre_registered_residents)::int as residents, (select count(*) from pre_registered_dogs)::int as dogs`,
  );
  const [count] = (Array.isArray(counts) ? counts : (counts as { rows: unknown[] }).rows) as {
    residents: number;
    dogs: number;
  }[];
  if (count!.residents !== ROWS || count!.dogs !== ROWS) throw new Error(`re-run duplicated: ${JSON.stringify(count)}`);

  // Baseline: the same residents and dogs, one plain insert each in autocommit, under other names.
  start = process.hrtime.bigint();
  for (const [i, row] of rows.entries()) {
    const groupId = properties[i % PROPERTIES]!.id;
    const inserted = await db.execute(sql`insert into pre_registered_residents (group_id, first_name, last_name, email,
      has_dogs, pet_species) values (${groupId}, ${row.FirstName}, ${`Base${i}`}, ${`base${i}@bench.example`}, true, 2)
      returning id`);
    const [resident] = (Array.isArray(inserted) ? inserted : (inserted as { rows: unknown[] }).rows) as {
      id: number;
    }[];
    await db.execute(
      sql`insert into pre_registered_dogs (resident_id, name, gender) values (${resident!.id}, ${row.PetName}, 1)`,
    );
  }
  const baseSeconds = seconds(start);

  console.log(
    `\nMachine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, load ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}, Node ${process.version}, PostgreSQL server, ${ROWS} rows over ${PROPERTIES} properties\n`,
  );
  const line = (bench: string, s: number) =>
    console.log(
      `${bench.padEnd(28)}${s.toFixed(2).padStart(9)} s${(ROWS / s).toFixed(0).padStart(9)} rows/s${(s / baseSeconds).toFixed(2).padStart(8)}`,
    );
  line('import (new rows)', importSeconds);
  line('import again (all found)', rerunSeconds);
  line('baseline plain inserts', baseSeconds);
  console.log(
    JSON.stringify({
      bench: 'bulkimport',
      rows: ROWS,
      import_s: Math.round(importSeconds * 100) / 100,
      rerun_s: Math.round(rerunSeconds * 100) / 100,
      baseline_s: Math.round(baseSeconds * 100) / 100,
      ratio: Math.round((importSeconds / baseSeconds) * 100) / 100,
    }),
  );
});
