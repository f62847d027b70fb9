// Parentage and duplicate-dog benchmark on the PostgreSQL server (issue 16): BENCH_DOGS approved pet profiles (default
// 1,000,000) from the engine's generator, every 1,000th registered twice, and a litter with its dam and sire. Measured
// through the service layer: one parentage test (target p99 < 50 ms), similar profiles against the registry (< 100 ms),
// the duplicate report's first page (< 50 ms) and approving one profile with the clusters brought current (< 50 ms),
// each beside a plain baseline in the same process (the read and engine call without the index, a full scan, a plain
// SQL grouping, the bare write).
// Run: npm run bench:parentage -w apps/server   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
import { sql } from 'drizzle-orm';
import {
  ISAG_2006_CANINE,
  Sex,
  createPopulation,
  evaluateParentage,
  findSimilarProfilesByScan,
  type DnaProfile,
} from '@registry/genetics';
import { DnaProfileLabStatus, Gender, SampleCustomerStatus, SampleType } from '@registry/contracts';
import { queryRows, type Db } from '../src/db/client.ts';
import { dnaIndexChanges, dnaPlates, dnaProfiles, pets } from '../src/db/schema/index.ts';
import { duplicateClusters } from '../src/modules/duplicatedogs/duplicate-clusters.ts';
import { duplicateReport, similarProfiles } from '../src/modules/duplicatedogs/duplicatedogs.service.ts';
import { executeTest } from '../src/modules/parentage/parentage.service.ts';
import { profileFromCodes } from '../src/modules/dna/panels.ts';
import { benchContext, exec, runCases, withBenchDatabase, type BenchCase } from './harness.ts';

const DOGS = Number(process.env.BENCH_DOGS ?? 1_000_000);
const BATCH = 2_000;
const panel = ISAG_2006_CANINE;
const dn = (n: number) => `DN${String(n).padStart(7, '0')}`;

async function insertProfiles(db: Db, plateId: number, rows: { sampleNumber: string; codes: Uint16Array }[]) {
  const inserted = await db
    .insert(dnaProfiles)
    .values(
      rows.map((r) => ({
        plateId,
        sampleNumber: r.sampleNumber,
        sampleType: SampleType.Pet,
        panelId: panel.id,
        codes: Array.from(r.codes),
        result: 'Pass',
        labStatus: DnaProfileLabStatus.Approved,
        dateApproved: new Date(),
      })),
    )
    .returning({ id: dnaProfiles.id });
  return inserted.map((r) => r.id);
}

await withBenchDatabase('parentage', async (database, databaseUrl) => {
  const db = database.db;
  const pop = createPopulation(panel, 2016);
  const [plate] = await db
    .insert(dnaPlates)
    .values({
      plateName: 'bench',
      fileName: 'bench.txt',
      filePath: 'none',
      panelId: panel.id,
      plateSize: 96,
      layout: 'long',
      controlsPassed: true,
    })
    .returning();
  const started = performance.now();
  const sample: DnaProfile[] = [];
  let serial = 1;
  for (let done = 0; done < DOGS; done += BATCH) {
    const rows: { sampleNumber: string; codes: Uint16Array }[] = [];
    for (let i = 0; i < Math.min(BATCH, DOGS - done); i++) {
      const dog = pop.dog();
      rows.push({ sampleNumber: dn(serial++), codes: dog.codes });
      if ((done + i) % 1000 === 0) rows.push({ sampleNumber: dn(serial++), codes: dog.codes });
      if (sample.length < 2000) sample.push(dog);
    }
    await insertProfiles(db, plate.id, rows);
  }
  const dam = pop.dog(Sex.Female);
  const sire = pop.dog(Sex.Male);
  const [puppy] = pop.litter(dam, sire, 1);
  const trio = [dn(serial++), dn(serial++), dn(serial++)];
  await insertProfiles(db, plate.id, [
    { sampleNumber: trio[0], codes: puppy.codes },
    { sampleNumber: trio[1], codes: dam.codes },
    { sampleNumber: trio[2], codes: sire.codes },
  ]);
  await db.insert(pets).values(
    trio.map((sampleNumber, i) => ({
      name: ['Puppy', 'Dam', 'Sire'][i],
      sampleNumber,
      isParentage: true,
      gender: [Gender.Unknown, Gender.Female, Gender.Male][i],
      customerFacingStatus: SampleCustomerStatus.DnaProcessingComplete,
    })),
  );
  console.log(`Loaded ${DOGS.toLocaleString()} dogs in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  // Statistics as autovacuum would have them after such a load (the planner otherwise takes the table for a few rows).
  await exec(db, 'analyze');

  const [labUser] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (user_name, role_id) values ('bench.lab', 0) returning id`,
  );
  const ctx = benchContext(db, databaseUrl, { userId: labUser.id, userName: 'bench.lab', roleId: 0 });
  const warm = performance.now();
  await duplicateClusters(ctx);
  console.log(`Registry index and duplicate clusters ready in ${((performance.now() - warm) / 1000).toFixed(1)} s`);

  const queryDog = dn(1);
  const loadAll = async () =>
    (
      await queryRows<{ id: number; codes: number[] }>(
        db,
        sql`select id, codes from dna_profiles where lab_status = ${DnaProfileLabStatus.Approved} and sample_type = 0`,
      )
    ).map((r) => ({ id: r.id, profile: profileFromCodes(panel, r.codes) }));
  const everyone = await loadAll();
  const queryProfile = everyone[0].profile;

  let extra = 0;
  const approveOne = async (withClusters: boolean) => {
    // A second swab of a registered dog, approved and logged for the index (as the lab's approval does).
    const dog = sample[extra++ % sample.length];
    const [id] = await insertProfiles(db, plate.id, [{ sampleNumber: dn(9_000_000 + extra), codes: dog.codes }]);
    await db.insert(dnaIndexChanges).values({ dnaProfileId: id });
    if (withClusters) await duplicateClusters(ctx);
  };

  const cases: BenchCase[] = [
    {
      bench: 'parentage.executeTest',
      n: DOGS,
      run: () => executeTest(ctx, { puppy: trio[0], dam: trio[1], sire: trio[2] }),
      baseline: async () => {
        const rows = await queryRows<{ codes: number[] }>(
          db,
          sql`select codes from dna_profiles where sample_number in (${trio[0]}, ${trio[1]}, ${trio[2]}) order by sample_number`,
        );
        return evaluateParentage(
          ...(rows.map((r) => profileFromCodes(panel, r.codes)) as [DnaProfile, DnaProfile, DnaProfile]),
        );
      },
    },
    {
      bench: 'duplicatedogs.similarProfiles',
      n: DOGS,
      run: () =>
        similarProfiles(ctx, {
          samplenumber: queryDog,
          minimummatchingmarkerthreshold: 6,
          maximumfailingmarkerthreshold: 0,
        }),
      baseline: async () => findSimilarProfilesByScan(queryProfile, everyone, { excludeId: everyone[0].id }),
    },
    {
      bench: 'duplicatedogs.reportFirstPage',
      n: DOGS,
      run: () => duplicateReport(ctx, { page: 1, pageSize: 10 }),
      baseline: () =>
        queryRows(
          db,
          sql`select codes, array_agg(sample_number) from dna_profiles where lab_status = ${DnaProfileLabStatus.Approved}
            group by codes having count(*) > 1 limit 10`,
        ),
    },
    {
      bench: 'duplicatedogs.approveOneAndUpdate',
      n: DOGS,
      run: () => approveOne(true),
      baseline: () => approveOne(false),
    },
  ];
  const results = await runCases(cases);
  const targets: Record<string, number> = {
    'parentage.executeTest': 50,
    'duplicatedogs.similarProfiles': 100,
    'duplicatedogs.reportFirstPage': 50,
    'duplicatedogs.approveOneAndUpdate': 50,
  };
  const over = results.filter((r) => r.p99 >= targets[r.bench]);
  if (over.length) console.log(`\nOver target: ${over.map((r) => r.bench).join(', ')}`);
});
