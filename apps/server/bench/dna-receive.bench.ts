// GeneMapper upload of a 96-well plate whose 60 registered pets (each with an owner in a property, so letters and
// notifications go out) move to "DNA sample received", beside the same upload where no pet changes (its pets are
// received already), run alternately in the same process; and the pets' status change alone, one pet at a time
// (setSampleStatus, as the upload did before) against the set-based change it does now (setSampleStatuses).
// Run: npm run bench:dna-receive -w apps/server   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
import os from 'node:os';
import { inArray, sql } from 'drizzle-orm';
import { ISAG_2006_CANINE } from '@registry/genetics';
import { SampleCustomerStatus, UserRole } from '@registry/contracts';
import { queryRows } from '../src/db/client.ts';
import { groups, petOwnerGroups, pets, users, wasteSamples } from '../src/db/schema/index.ts';
import { withTransaction } from '../src/platform/context.ts';
import { startJobQueue, stopJobQueue } from '../src/platform/jobs.ts';
import { petSampleStore } from '../src/modules/pets/pet-sample-store.ts';
import { setSampleStatus, setSampleStatuses } from '../src/modules/samples/samples.service.ts';
import { syntheticLabPlate } from '../src/modules/dna/synthetic-plate.ts';
import { uploadPlate } from '../src/modules/dna/upload.service.ts';
import { benchContext, countStatements, withBenchDatabase } from './harness.ts';

const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 5);
const MOVING_PETS = 60;
const panel = ISAG_2006_CANINE;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), max: sorted[sorted.length - 1] };
};
const print = (bench: string, ms: number, base: number, target: number, note: string) =>
  console.log(
    JSON.stringify({
      bench,
      ms: Math.round(ms * 10) / 10,
      baseline_ms: Math.round(base * 10) / 10,
      ratio: Math.round((ms / base) * 100) / 100,
      target_ms: target,
      note,
    }),
  );

await withBenchDatabase('registry_dna_receive_bench', async (database, databaseUrl) => {
  const db = database.db;
  const [staff] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (user_name, role_id) values ('bench.lab', 0) returning id`,
  );
  const ctx = benchContext(db, databaseUrl, { userId: staff.id, userName: 'bench.lab', roleId: 0 });
  await startJobQueue(ctx);
  const [property] = await db.insert(groups).values({ name: 'Bench property', groupType: 4, path: '/' }).returning();
  await db.execute(sql`update groups set path = ${`/${property.id}/`} where id = ${property.id}`);

  let serial = 1_000_000;
  let ownerSerial = 0;
  /** A plate whose first 60 pet samples are registered pets (owner with e-mail, in the property) at `status`. */
  async function plateFor(status: number) {
    const plate = syntheticLabPlate({ seed: serial, firstNumber: serial, size: 96 });
    serial += 96;
    const numbers = [...plate.pets.keys()].slice(0, MOVING_PETS);
    const owners = await db
      .insert(users)
      .values(
        numbers.map(() => {
          const userName = `bench.owner.${++ownerSerial}`;
          return { userName, email: `${userName}@bench.example`, roleId: UserRole.PetOwner, firstName: 'Bench' };
        }),
      )
      .returning({ id: users.id });
    await db.insert(petOwnerGroups).values(owners.map((o) => ({ petOwnerId: o.id, groupId: property.id })));
    await db.insert(pets).values(
      numbers.map((sampleNumber, i) => ({
        name: 'Bench',
        sampleNumber,
        petOwnerId: owners[i].id,
        customerFacingStatus: status,
      })),
    );
    await db
      .insert(wasteSamples)
      .values([...plate.wasteSources.keys()].map((sampleNumber) => ({ sampleNumber, propertyId: property.id })));
    return { text: plate.text, numbers };
  }
  const model = {
    panelId: panel.id,
    overrideControlsValidation: false,
    hasPositiveControl: true,
    hasNegativeControl: true,
  };

  // The statements one upload moving 60 pets sends (BEGIN and COMMIT included), beside one where no pet changes.
  const countOf = async (status: number, name: string) => {
    const plate = await plateFor(status);
    return (
      await countStatements(() =>
        uploadPlate(ctx, { ...model, plateName: name }, { content: Buffer.from(plate.text), fileName: `${name}.txt` }),
      )
    ).statements;
  };
  const statements = {
    moving: await countOf(SampleCustomerStatus.ProfileCreated, 'count-moving'),
    still: await countOf(SampleCustomerStatus.DnaSampleReceived, 'count-still'),
  };
  console.log(JSON.stringify({ bench: 'dna.upload.96.receive60.statements', ...statements }));

  // Alternately: an upload moving 60 pets, then one whose pets are received already (no pet changes).
  const moving: number[] = [];
  const still: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const [times, status] of [
      [moving, SampleCustomerStatus.ProfileCreated],
      [still, SampleCustomerStatus.DnaSampleReceived],
    ] as const) {
      const plate = await plateFor(status);
      const start = performance.now();
      const result = await uploadPlate(
        ctx,
        { ...model, plateName: `receive-${status}-${i}` },
        { content: Buffer.from(plate.text), fileName: `r${status}-${i}.txt` },
      );
      times.push(performance.now() - start);
      if (result.profileCount !== 93) throw new Error(`expected 93 profiles, got ${result.profileCount}`);
      const moved = await db
        .select({ status: pets.customerFacingStatus })
        .from(pets)
        .where(inArray(pets.sampleNumber, plate.numbers));
      if (moved.some((p) => p.status !== SampleCustomerStatus.DnaSampleReceived))
        throw new Error('a pet was not moved to DnaSampleReceived');
    }
  }
  const m = summary(moving);
  const s = summary(still);
  print(
    'dna.upload.96.receive60',
    m.p50,
    s.p50,
    1000,
    `max ${m.max.toFixed(0)} ms; baseline: the same upload with no pet changing (p50 ${s.p50.toFixed(0)}, max ${s.max.toFixed(0)} ms)`,
  );

  // The status change alone for 60 pets: one at a time (as before) against set-based (now), alternately.
  const perPet: number[] = [];
  const setBased: number[] = [];
  const records = async () => {
    const plate = await plateFor(SampleCustomerStatus.ProfileCreated);
    const rows = await db
      .select({ id: pets.id, sampleNumber: pets.sampleNumber, isFlagged: pets.isFlagged })
      .from(pets)
      .where(inArray(pets.sampleNumber, plate.numbers));
    return rows.map((r) => ({ ...r, customerFacingStatus: SampleCustomerStatus.ProfileCreated }));
  };
  for (let i = 0; i < RUNS; i++) {
    const a = await records();
    let start = performance.now();
    await withTransaction(ctx, async (_tx, txCtx) => {
      for (const pet of a)
        await setSampleStatus(txCtx, petSampleStore, pet, SampleCustomerStatus.DnaSampleReceived, 'dnaPlateUploaded');
    });
    perPet.push(performance.now() - start);
    const b = await records();
    start = performance.now();
    await withTransaction(ctx, (_tx, txCtx) =>
      setSampleStatuses(txCtx, petSampleStore, b, SampleCustomerStatus.DnaSampleReceived, 'dnaPlateUploaded'),
    );
    setBased.push(performance.now() - start);
  }
  const one = summary(perPet);
  const all = summary(setBased);
  print(
    'dna.receive60.setBased',
    all.p50,
    one.p50,
    300,
    `max ${all.max.toFixed(0)} ms; baseline: the same 60 pets one at a time (max ${one.max.toFixed(0)} ms)`,
  );
  console.log(`${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}; ${RUNS} runs each`);
  await stopJobQueue(ctx.config);
});
