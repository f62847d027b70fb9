// Waste matching as a lab meets it: field-degraded waste samples (dropout, missing markers, off-ladder calls), a litter
// registered beside its dam and sire, a waste plate saved as UTF-16 with dotted headers, and dogs whose profiles are
// approved only after their waste was matched. Every result is judged against the dog that is known to have left it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISAG_2006_CANINE, createPopulation, toUtf16le, type DnaProfile, type ExportSample } from '@registry/genetics';
import { GroupTypes } from '@registry/contracts';
import { adjacentProperties, pets, wasteSamples } from '../../db/schema/index.ts';
import { groupByName, makeGroup, makePetOwner } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { plateUpload } from '../../../test/plate-upload.ts';
import { geneMapperPlate, waitForRuns } from '../../../test/waste-matching.ts';

const SEED = 3203;
// Field rates: about four in ten waste samples carry an off-ladder call somewhere, one heterozygous marker in eight
// drops an allele, one marker in twelve gives nothing.
const FIELD = { dropoutRate: 0.12, missingRate: 0.08, offLadderRate: 0.025 };

let t: TestApp;
let serial = 2_000_000 + Math.floor(Math.random() * 7_000_000);
const number = (prefix: 'DN' | 'TD') => `${prefix}${String(++serial).padStart(7, '0')}`;

type Dog = { key: string; profile: DnaProfile; sampleNumber: string; ownerId: number | null; late: boolean };
const dogs: Dog[] = [];
/** Waste sample number → the key of the dog that left it. */
const sources = new Map<string, string>();

/** Setup calls must succeed; a failure names the call's answer. */
function ok(response: { status: number; body: unknown }) {
  if (response.status !== 200) throw new Error(`${response.status}: ${JSON.stringify(response.body)}`);
}

async function upload(samples: ExportSample[], name: string, pop: ReturnType<typeof createPopulation>, utf16 = false) {
  const text = geneMapperPlate(samples, name, pop, { dottedHeadersAndNA: utf16 });
  const lab = await t.login('lab.admin');
  const response = await t.call('POST', '/api/v1/genemapperfileupload/postnewplate', {
    token: lab,
    ...plateUpload(
      utf16 ? Buffer.from(toUtf16le(text)) : text,
      { panelId: ISAG_2006_CANINE.id, overrideControlsValidation: true },
      `${name}.txt`,
    ),
  });
  ok(response);
  const approve = await t.call('POST', '/api/v1/dnaprocessing/approveallpassingonplate', {
    token: lab,
    body: { plateId: response.body.plateId, includeUpdated: true },
  });
  ok(approve);
  // Off-ladder calls send a profile to Pending; the analyst looks at them and approves them too.
  const pending = await t.call(
    'GET',
    `/api/v1/dnaprocessing?plateId=${response.body.plateId}&result=Pending&pageSize=200`,
    { token: lab },
  );
  ok(pending);
  const ids = (pending.body.data as { dnaProfileId: number }[]).map((p) => p.dnaProfileId);
  if (ids.length) {
    const reviewed = await t.call('POST', '/api/v1/dnaprocessing/updatednaprofilesstatus', {
      token: lab,
      body: { dnaProfileIds: ids, labStatus: 400 },
    });
    ok(reviewed);
  }
}

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const firm = await groupByName(db, 'Harbor Property Management');
  const P = await makeGroup(db, { parentId: firm.id, groupType: GroupTypes.Property, name: `Field P ${SEED}` });
  const Q = await makeGroup(db, { parentId: firm.id, groupType: GroupTypes.Property, name: `Field Q ${SEED}` });
  const [lo, hi] = P.id < Q.id ? [P.id, Q.id] : [Q.id, P.id];
  await db.insert(adjacentProperties).values({ propertyId: lo, adjacentPropertyId: hi });
  const pop = createPopulation(ISAG_2006_CANINE, SEED);
  const ownerP = await makePetOwner(db, { groupId: P.id });
  const ownerQ = await makePetOwner(db, { groupId: Q.id });
  const add = (key: string, profile: DnaProfile, ownerId: number | null, late = false) =>
    dogs.push({ key, profile, sampleNumber: number('DN'), ownerId, late });
  // A litter lives on P with its dam and sire: the puppies share an allele with each parent at every marker.
  const dam = pop.dog();
  const sire = pop.dog();
  add('dam', dam, ownerP.id);
  add('sire', sire, ownerP.id);
  pop.litter(dam, sire, 4).forEach((puppy, i) => add(`puppy${i}`, puppy, ownerP.id, i === 3));
  for (let i = 0; i < 20; i++) add(`p${i}`, pop.dog(), ownerP.id, i < 3);
  for (let i = 0; i < 5; i++) add(`q${i}`, pop.dog(), ownerQ.id);
  for (let i = 0; i < 6; i++) add(`unknown${i}`, pop.dog(), null);

  const wastes: ExportSample[] = [];
  for (const dog of dogs) {
    const count = dog.key.startsWith('q') ? 2 : dog.key.startsWith('puppy') ? 2 : 1;
    for (let i = 0; i < count; i++) {
      const sampleNumber = number('TD');
      sources.set(sampleNumber, dog.key);
      wastes.push({ sampleName: sampleNumber, profile: pop.wasteFrom(dog.profile, FIELD) });
    }
  }
  for (const dog of dogs)
    if (dog.ownerId !== null)
      await db.insert(pets).values({ name: `Dog ${dog.key}`, sampleNumber: dog.sampleNumber, petOwnerId: dog.ownerId });
  for (const sampleNumber of sources.keys()) await db.insert(wasteSamples).values({ sampleNumber, propertyId: P.id });
  const asSample = (d: Dog): ExportSample => ({ sampleName: d.sampleNumber, profile: d.profile });
  await upload(dogs.filter((d) => d.ownerId !== null && !d.late).map(asSample), `field-dogs-${SEED}`, pop);
  await upload(wastes, `field-waste-${SEED}`, pop, true);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const dogOf = (key: string) => dogs.find((d) => d.key === key)!;

describe('field-degraded waste plates', () => {
  it('names the right dog for at least 9 in 10 waste samples of registered dogs, and never a wrong one', async () => {
    const runs = await waitForRuns(t, [...sources.keys()], 1, 30_000);
    const registered = [...sources].filter(([, key]) => dogOf(key).ownerId !== null && !dogOf(key).late);
    const right = registered.filter(([n, key]) => {
      const run = runs.get(n)!;
      return run.status === 'Match' && run.matchedSampleNumber === dogOf(key).sampleNumber;
    });
    const wrong = [...runs].filter(
      ([n, run]) => run.matchedSampleNumber !== null && run.matchedSampleNumber !== dogOf(sources.get(n)!).sampleNumber,
    );
    expect(wrong).toEqual([]);
    expect(right.length / registered.length).toBeGreaterThanOrEqual(0.9);
    // A registered dog's waste is never sent a NoMatch letter.
    expect(registered.filter(([n]) => runs.get(n)!.status === 'NoMatch')).toEqual([]);
    const unknown = [...sources].filter(([, key]) => dogOf(key).ownerId === null);
    expect(unknown.map(([n]) => runs.get(n)!.status).filter((s) => s !== 'NoMatch' && s !== 'Fail')).toEqual([]);
  });

  it('matches the waste of dogs whose profiles are approved later, as new runs', async () => {
    const late = dogs.filter((d) => d.late);
    const lateWaste = [...sources].filter(([, key]) => dogOf(key).late).map(([n]) => n);
    const before = await waitForRuns(t, lateWaste, 1, 30_000);
    expect([...before.values()].every((r) => r.status !== 'Match')).toBe(true);
    await upload(
      late.map((d) => ({ sampleName: d.sampleNumber, profile: d.profile })),
      `field-late-${SEED}`,
      createPopulation(ISAG_2006_CANINE, SEED + 1),
    );
    const after = await waitForRuns(t, lateWaste, 2, 30_000);
    const named = lateWaste.filter((n) => {
      const run = after.get(n)!;
      return run.status === 'Match' && run.matchedSampleNumber === dogOf(sources.get(n)!).sampleNumber;
    });
    expect(named.length / lateWaste.length).toBeGreaterThanOrEqual(0.8);
  });
});
