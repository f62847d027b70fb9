// Relatives through the API on generated litters: a registered puppy's dam and sire come out as possible parents and its
// littermates as possible full siblings (similar profiles, relatives mode); an unregistered puppy's waste samples in a
// no-match cluster find the same family among the registered dogs; bad input and access.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Gender, SampleType } from '@registry/contracts';
import { Sex, type DnaProfile } from '@registry/genetics';
import { dnaPlates, dnaProfiles, noMatchCandidates, noMatchClusters, wasteResultSets } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makePetOwner, makeWasteSample } from '../../../test/factories.ts';
import { TEST_PANEL, registerDogs, testPopulation } from '../../../test/registered-dogs.ts';

let t: TestApp;
let lab: string;
const population = testPopulation(4242);
let family: { dam: string; sire: string; puppies: string[] };
let unregisteredPuppy: DnaProfile;
let oakRidgeId: number;

beforeAll(async () => {
  t = await startTestApp();
  lab = await t.login('lab.admin');
  const db = t.database.db;
  oakRidgeId = (await groupByName(db, 'Oak Ridge Apartments')).id;
  const resident = await makePetOwner(db, { groupId: oakRidgeId });
  const dam = population.dog(Sex.Female);
  const sire = population.dog(Sex.Male);
  const puppies = population.litter(dam, sire, 4);
  unregisteredPuppy = puppies[3];
  const rows = await registerDogs(db, [
    ...Array.from({ length: 60 }, () => ({ profile: population.dog() })),
    { profile: dam, name: 'Dam', gender: Gender.Female },
    { profile: sire, name: 'Sire', gender: Gender.Male },
    // The third puppy lives at Oak Ridge.
    ...puppies
      .slice(0, 3)
      .map((profile, i) => ({ profile, name: `Puppy ${i + 1}`, ownerId: i === 2 ? resident.id : null })),
  ]);
  const [d, s, ...p] = rows.slice(60).map((r) => r.sampleNumber);
  family = { dam: d, sire: s, puppies: p };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = lab) => t.call('GET', url, { token });
type Relative = {
  sampleNumber: string;
  petName: string | null;
  relationship: string;
  likelihoodRatio: number;
  comparedMarkers: number;
  excludingMarkers: number;
};
const numbers = (list: Relative[]) => list.map((r) => r.sampleNumber);

/** Asserts the family's places in the two groups: parents first among parent/offspring, littermates as siblings. */
function expectFamily(body: { parentOffspring: Relative[]; fullSiblings: Relative[] }, littermates: string[]) {
  expect(numbers(body.parentOffspring).slice(0, 2).sort()).toEqual([family.dam, family.sire].sort());
  for (const parent of body.parentOffspring.slice(0, 2)) {
    expect(parent.relationship).toBe('ParentOffspring');
    expect(parent.likelihoodRatio).toBeGreaterThan(1000);
    expect(parent.excludingMarkers).toBe(0);
    expect(['Dam', 'Sire']).toContain(parent.petName);
  }
  const kin = new Set([family.dam, family.sire, ...family.puppies]);
  // Every littermate is listed (as a sibling, or as a possible parent/offspring when it shares an allele everywhere),
  // and the littermates found as siblings rank above every unrelated dog there.
  const listed = [...numbers(body.parentOffspring), ...numbers(body.fullSiblings)];
  for (const n of littermates) expect(listed).toContain(n);
  const siblings = numbers(body.fullSiblings);
  expect(siblings.filter((n) => littermates.includes(n)).length).toBeGreaterThan(0);
  const firstStranger = siblings.findIndex((n) => !kin.has(n));
  const strangerRank = firstStranger >= 0 ? firstStranger : siblings.length;
  const found = littermates.filter((n) => siblings.includes(n));
  expect(found.every((n) => siblings.indexOf(n) < strangerRank)).toBe(true);
  for (const r of [...body.parentOffspring, ...body.fullSiblings]) expect(r.likelihoodRatio).toBeGreaterThan(1);
}

describe('GET /skunkworks/getrelativednaprofiles', () => {
  test("a puppy's dam and sire are possible parents and its littermates possible full siblings", async () => {
    // At the default thresholds the family is not found at all (relatives share alleles, not whole genotypes).
    const thresholds = await get(`/api/v1/skunkworks/getsimilardnaprofiles?samplenumber=${family.puppies[0]}`);
    expect(thresholds.status).toBe(200);
    const similar = thresholds.body.similar.map((r: { sampleNumber: string }) => r.sampleNumber);
    for (const n of [family.dam, family.sire, ...family.puppies.slice(1)]) expect(similar).not.toContain(n);
    const res = await get(`/api/v1/skunkworks/getrelativednaprofiles?samplenumber=${family.puppies[0]}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sampleNumber: family.puppies[0],
      theta: 0,
      minimumLikelihoodRatio: 1,
      limit: 50,
      maxExcludingMarkers: 0,
    });
    expectFamily(res.body, family.puppies.slice(1));
    expect(numbers([...res.body.parentOffspring, ...res.body.fullSiblings])).not.toContain(family.puppies[0]);
    expect(res.body.parentOffspring[0].comparedMarkers).toBe(TEST_PANEL.typingMarkers.length);
    // Ranked by ratio, highest first.
    const ratios = res.body.parentOffspring.map((r: Relative) => r.likelihoodRatio);
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
  });

  test('from a parent: its puppies are possible offspring; a property narrows the candidates', async () => {
    const res = await get(`/api/v1/skunkworks/getrelativednaprofiles?samplenumber=${family.dam}`);
    expect(res.status).toBe(200);
    expect(numbers(res.body.parentOffspring).slice(0, 3).sort()).toEqual([...family.puppies].sort());
    // Only the third puppy of the family lives at Oak Ridge, and no other registered dog.
    const there = await get(
      `/api/v1/skunkworks/getrelativednaprofiles?samplenumber=${family.dam}&propertyId=${oakRidgeId}`,
    );
    expect(there.status).toBe(200);
    expect(numbers(there.body.parentOffspring)).toEqual([family.puppies[2]]);
    expect(there.body.fullSiblings).toEqual([]);
  });

  test('bad input and access', async () => {
    const url = '/api/v1/skunkworks/getrelativednaprofiles';
    expect((await get(url)).status).toBe(400);
    expect((await get(`${url}?samplenumber=TD1234567`)).status).toBe(400);
    const bad = await get(`${url}?samplenumber=${family.dam}&maxexcludingmarkers=9`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('maxexcludingmarkers');
    expect((await get(`${url}?samplenumber=${family.dam}&maxexcludingmarkers=one`)).status).toBe(400);
    const none = await get(`${url}?samplenumber=DN0000001`);
    expect(none.status).toBe(400);
    expect(none.body.exceptionMessage).toBe('DN0000001 has no approved DNA profile.');
    expect((await get(`${url}?samplenumber=${family.dam}&propertyId=999999`)).status).toBe(404);
    expect((await get(`${url}?samplenumber=${family.dam}&propertyId=abc`)).status).toBe(400);
    expect((await get(`${url}?samplenumber=${family.dam}`, await t.login('property.manager'))).status).toBe(403);
    expect((await t.call('GET', `${url}?samplenumber=${family.dam}`)).status).toBe(401);
  });
});

/** A no-match cluster holding waste samples (profiles on a fresh plate) of the given profiles. */
let plateSerial = 0;
async function clusterOf(profiles: DnaProfile[]) {
  const db = t.database.db;
  const [plate] = await db
    .insert(dnaPlates)
    .values({
      plateName: `relatives-${process.pid}-${++plateSerial}`,
      fileName: 'synthetic.txt',
      filePath: 'none',
      panelId: TEST_PANEL.id,
      plateSize: 96,
      layout: 'long',
      controlsPassed: true,
    })
    .returning();
  const [cluster] = await db.insert(noMatchClusters).values({ panelId: TEST_PANEL.id }).returning();
  const samples: string[] = [];
  for (const profile of profiles) {
    const sample = await makeWasteSample(db, oakRidgeId);
    const [waste] = await db
      .insert(dnaProfiles)
      .values({
        plateId: plate.id,
        sampleNumber: sample.sampleNumber,
        sampleType: SampleType.WasteSample,
        panelId: TEST_PANEL.id,
        codes: Array.from(profile.codes),
        result: 'Pass',
      })
      .returning();
    const [set] = await db
      .insert(wasteResultSets)
      .values({ wasteSampleId: sample.id, readyForMatching: true, wasteDnaProfileId: waste.id })
      .returning();
    await db
      .insert(noMatchCandidates)
      .values({ clusterId: cluster.id, wasteSampleId: sample.id, resultSetId: set.id, dnaProfileId: waste.id });
    samples.push(sample.sampleNumber);
  }
  return { clusterId: cluster.id, samples };
}

describe('GET /nomatchclusters/relatives', () => {
  test("an unknown dog's cluster finds its registered dam, sire and littermates", async () => {
    // Two waste samples of the unregistered puppy: a degraded one and a complete one (the representative).
    const degraded = population.wasteFrom(unregisteredPuppy, { missingRate: 0.3, offLadderRate: 0 });
    const whole = population.wasteFrom(unregisteredPuppy, { missingRate: 0, dropoutRate: 0, offLadderRate: 0 });
    const { clusterId, samples } = await clusterOf([degraded, whole]);
    const res = await get(`/api/v1/nomatchclusters/relatives?id=${clusterId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      clusterId,
      sampleNumber: samples[1],
      calledMarkers: TEST_PANEL.typingMarkers.length,
      maxExcludingMarkers: 1,
    });
    expectFamily(res.body, family.puppies);
    const strict = await get(`/api/v1/nomatchclusters/relatives?id=${clusterId}&maxexcludingmarkers=0`);
    expect(strict.body.maxExcludingMarkers).toBe(0);
    for (const r of strict.body.parentOffspring) expect(r.excludingMarkers).toBe(0);
  });

  test('bad input, a cluster without a usable profile, and access', async () => {
    const url = '/api/v1/nomatchclusters/relatives';
    expect((await get(url)).status).toBe(400);
    expect((await get(`${url}?id=abc`)).status).toBe(400);
    expect((await get(`${url}?id=-3`)).status).toBe(400);
    expect((await get(`${url}?id=999999999`)).status).toBe(404);
    const { clusterId } = await clusterOf([
      { panel: TEST_PANEL, codes: new Uint16Array(TEST_PANEL.markers.length * 2) },
    ]);
    const empty = await get(`${url}?id=${clusterId}`);
    expect(empty.status).toBe(400);
    expect(empty.body.exceptionMessage).toBe('This cluster has no waste profile to compare.');
    expect((await get(`${url}?id=${clusterId}&maxexcludingmarkers=4`)).status).toBe(400);
    expect((await get(`${url}?id=${clusterId}`, await t.login('property.manager'))).status).toBe(403);
    expect((await t.call('GET', `${url}?id=${clusterId}`)).status).toBe(401);
  });
});
