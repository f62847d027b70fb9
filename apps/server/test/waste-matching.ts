// Test support for waste matching: a property with an adjacent one and a far one, owners and dogs with known genotypes,
// waste samples left by known dogs, a GeneMapper plate of them uploaded and approved through the lab's own calls, and a
// wait for the queued match runs.
import { eq, sql } from 'drizzle-orm';
import {
  ISAG_2006_CANINE,
  alleleText,
  createPopulation,
  exportGeneMapper,
  plateWells,
  type DnaProfile,
  type ExportSample,
} from '@registry/genetics';
import { GroupTypes, UserRole } from '@registry/contracts';
import { queryRows } from '../src/db/client.ts';
import { adjacentProperties, petOwnerGroups, pets, wasteSamples } from '../src/db/schema/index.ts';
import { groupByName, makeAdmin, makeGroup, makePetOwner } from './factories.ts';
import type { TestApp } from './harness.ts';
import { plateUpload } from './plate-upload.ts';

let serial = 1_000_000 + Math.floor(Math.random() * 7_000_000);
export const newSampleNumber = (prefix: 'DN' | 'TD') => `${prefix}${String(++serial).padStart(7, '0')}`;

export type Scenario = Awaited<ReturnType<typeof makeScenario>>;

/**
 * Property P (with property manager), adjacent property Q, far property R. Dogs: two of P's residents, one of Q, one
 * whose owner moved out of P, one of R (and 20 more of R's, leaving no waste), and two unknown dogs (not registered).
 * Waste samples on P from each: `sources`
 * maps each waste sample number to the dog key that left it.
 */
export async function makeScenario(t: TestApp, seed: number) {
  const db = t.database.db;
  const firm = await groupByName(db, 'Harbor Property Management');
  const [P, Q, R] = await Promise.all(
    ['P', 'Q', 'R'].map((k) =>
      makeGroup(db, { parentId: firm.id, groupType: GroupTypes.Property, name: `Match ${k} ${seed}` }),
    ),
  );
  const [lo, hi] = P.id < Q.id ? [P.id, Q.id] : [Q.id, P.id];
  await db.insert(adjacentProperties).values({ propertyId: lo, adjacentPropertyId: hi });
  const manager = await makeAdmin(db, { roleId: UserRole.PropertyManager, groupId: P.id, isPrimary: true });
  const owners = {
    p: await makePetOwner(db, { groupId: P.id }),
    q: await makePetOwner(db, { groupId: Q.id }),
    moved: await makePetOwner(db, { groupId: P.id }),
    r: await makePetOwner(db, { groupId: R.id }),
  };
  await db
    .update(petOwnerGroups)
    .set({ moveOutDate: new Date() })
    .where(eq(petOwnerGroups.petOwnerId, owners.moved.id));

  const pop = createPopulation(ISAG_2006_CANINE, seed);
  const dogs: Record<string, { profile: DnaProfile; sampleNumber: string; ownerId: number | null }> = {
    a1: { profile: pop.dog(), sampleNumber: newSampleNumber('DN'), ownerId: owners.p.id },
    a2: { profile: pop.dog(), sampleNumber: newSampleNumber('DN'), ownerId: owners.p.id },
    b: { profile: pop.dog(), sampleNumber: newSampleNumber('DN'), ownerId: owners.q.id },
    m: { profile: pop.dog(), sampleNumber: newSampleNumber('DN'), ownerId: owners.moved.id },
    r: { profile: pop.dog(), sampleNumber: newSampleNumber('DN'), ownerId: owners.r.id },
    u1: { profile: pop.dog(), sampleNumber: newSampleNumber('DN'), ownerId: null },
    u2: { profile: pop.dog(), sampleNumber: newSampleNumber('DN'), ownerId: null },
  };
  const plan: [string, number][] = [
    ['a1', 2],
    ['a2', 1],
    ['b', 1],
    ['m', 1],
    ['r', 1],
    ['u1', 3],
    ['u2', 2],
  ];
  const sources = new Map<string, string>();
  const wastes: ExportSample[] = [];
  for (const [key, count] of plan)
    for (let i = 0; i < count; i++) {
      const sampleNumber = newSampleNumber('TD');
      sources.set(sampleNumber, key);
      wastes.push({
        sampleName: sampleNumber,
        profile: pop.wasteFrom(dogs[key].profile, { offLadderRate: 0, dropoutRate: 0.02, missingRate: 0.02 }),
      });
    }
  // A registry of some size behind the scenario's dogs (the far property's): a match must be rare in the registry's
  // own allele frequencies, and a handful of typed dogs cannot show that (docs/genetics.md, the match threshold).
  const background = Array.from({ length: 20 }, () => ({
    profile: pop.dog(),
    sampleNumber: newSampleNumber('DN'),
    ownerId: owners.r.id,
  }));
  for (const [key, dog] of [...Object.entries(dogs), ...background.map((d, i) => [`background ${i}`, d] as const)])
    if (dog.ownerId !== null)
      await db.insert(pets).values({ name: `Dog ${key}`, sampleNumber: dog.sampleNumber, petOwnerId: dog.ownerId });
  const wasteIds = new Map<string, number>();
  for (const sampleNumber of sources.keys()) {
    const [row] = await db.insert(wasteSamples).values({ sampleNumber, propertyId: P.id }).returning();
    wasteIds.set(sampleNumber, row.id);
  }
  // Registered dogs first (one plate), then the waste samples (another), as a lab would receive them.
  const registered = [...Object.values(dogs), ...background].filter((d) => d.ownerId !== null);
  await uploadAndApprove(
    t,
    registered.map((d) => ({ sampleName: d.sampleNumber, profile: d.profile })),
    `dogs-${seed}`,
    pop,
  );
  await uploadAndApprove(t, wastes, `waste-${seed}`, pop);
  return { P, Q, R, manager, owners, dogs, sources, wasteIds, pop };
}

/** Uploads the samples as one plate (with ladder and controls) and approves every passing profile on it. */
export async function uploadAndApprove(
  t: TestApp,
  samples: ExportSample[],
  plateName: string,
  pop: ReturnType<typeof createPopulation>,
) {
  const plateId = await uploadPlate(t, samples, plateName, pop);
  const approve = await t.call('POST', '/api/v1/dnaprocessing/approveallpassingonplate', {
    token: await t.login('lab.admin'),
    body: { plateId, includeUpdated: true },
  });
  if (approve.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approve.body)}`);
  return plateId;
}

/**
 * The GeneMapper export of one 96-well plate of the samples, after the allelic ladder and the positive and negative
 * controls the lab's checks look for; `dottedHeadersAndNA` writes the older export's headers and empty calls.
 */
export function geneMapperPlate(
  samples: ExportSample[],
  plateName: string,
  pop: ReturnType<typeof createPopulation>,
  options: { dottedHeadersAndNA?: boolean } = {},
) {
  const panel = ISAG_2006_CANINE;
  const wells = plateWells(96);
  const ladder: string[][] = panel.markers.map(() => []);
  for (const d of pop.distributions) ladder[d.marker] = d.alleles.map(alleleText);
  const all: ExportSample[] = [
    { sampleName: 'Allelic Ladder', alleles: ladder },
    { sampleName: 'POS CTRL', profile: pop.dog() },
    { sampleName: 'NEG CTRL', profile: { panel, codes: new Uint16Array(panel.markers.length * 2) } },
    ...samples,
  ].map((s, i) => ({ ...s, well: wells[i], runName: `Run_${plateName}` }));
  return exportGeneMapper(panel, all, { runName: `Run_${plateName}`, ...options });
}

/** Uploads the samples as one plate (with ladder and controls); its profiles wait for the lab's review. */
export async function uploadPlate(
  t: TestApp,
  samples: ExportSample[],
  plateName: string,
  pop: ReturnType<typeof createPopulation>,
): Promise<number> {
  const lab = await t.login('lab.admin');
  const upload = await t.call('POST', '/api/v1/genemapperfileupload/postnewplate', {
    token: lab,
    ...plateUpload(
      geneMapperPlate(samples, plateName, pop),
      { panelId: ISAG_2006_CANINE.id, overrideControlsValidation: true },
      `${plateName}.txt`,
    ),
  });
  if (upload.status !== 200) throw new Error(`plate upload failed: ${JSON.stringify(upload.body)}`);
  return upload.body.plateId as number;
}

export type StoredRun = {
  sampleNumber: string;
  resultSetId: number;
  status: string;
  matchedSampleNumber: string | null;
  isAdjacentPropertyMatch: boolean;
  isMoveOut: boolean;
  globalResultsCount: number;
  runs: number;
};

/** Waits until every listed waste sample has at least `runs` stored match runs; answers each one's latest. */
export async function waitForRuns(t: TestApp, sampleNumbers: string[], runs = 1, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const rows = await queryRows<StoredRun>(
      t.database.db,
      sql`select w.sample_number as "sampleNumber", s.id as "resultSetId", l.status, l.matched_sample_number as "matchedSampleNumber",
            l.is_adjacent_property_match as "isAdjacentPropertyMatch", l.is_move_out as "isMoveOut",
            l.global_results_count as "globalResultsCount",
            (select count(*)::int from waste_match_results r where r.result_set_id = s.id) as runs
          from waste_result_sets s join waste_samples w on w.id = s.waste_sample_id
          join lateral (select * from waste_match_results r where r.result_set_id = s.id order by r.id desc limit 1) l on true
          where w.sample_number in ${sql.raw(`(${sampleNumbers.map((n) => `'${n}'`).join(',')})`)}`,
    );
    if (rows.length === sampleNumbers.length && rows.every((r) => r.runs >= runs))
      return new Map(rows.map((r) => [r.sampleNumber, r]));
    if (Date.now() > until) {
      const jobs = await queryRows(
        t.database.db,
        sql`select state, output::text from pgboss.job where name = 'waste-match'`,
      );
      const sets = await queryRows(t.database.db, sql`select count(*)::int as n from waste_result_sets`);
      throw new Error(
        `match runs not done: ${rows.length}/${sampleNumbers.length}; sets ${JSON.stringify(sets)}; jobs ${JSON.stringify(jobs).slice(0, 1500)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export type MatchedScenario = Awaited<ReturnType<typeof matchedScenario>>;

/**
 * The scenario after its first match runs, where the result tests start: each waste sample's latest run, the lab
 * admin's and P's property manager's tokens, and each dog's waste samples and their result sets by the dog's key.
 */
export async function matchedScenario(t: TestApp, seed: number) {
  const s = await makeScenario(t, seed);
  const runs = await waitForRuns(t, [...s.sources.keys()]);
  const lab = await t.login('lab.admin');
  const managerToken = await t.login(s.manager.userName);
  const numbersOf = (key: string) => [...s.sources].filter(([, k]) => k === key).map(([n]) => n);
  const setOf = (key: string, i = 0) => runs.get(numbersOf(key)[i])!.resultSetId;
  return { ...s, runs, lab, managerToken, numbersOf, setOf };
}
