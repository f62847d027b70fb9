// The pets a plate names, read with their owner's group: each pet's parentage flag follows its own owner's latest
// current group, not the latest membership of anyone (a property resident's dog whose sample was reswabbed is not a
// parentage dog because a breeder joined a parentage group after them).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pets } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makePetOwner } from '../../../test/factories.ts';
import { newSampleNumber } from '../../../test/waste-matching.ts';
import { petsBySampleNumbers } from './dna.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

test("each pet's parentage flag is its own owner's", async () => {
  const db = t.database.db;
  const resident = await makePetOwner(db, { groupId: (await groupByName(db, 'Oak Ridge Apartments')).id });
  const [residentDog, breederDog] = [newSampleNumber('DN'), newSampleNumber('DN')];
  await db.insert(pets).values({ name: 'Resident dog', sampleNumber: residentDog, petOwnerId: resident.id });
  // The breeder joins the parentage group after the resident joined the property.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const breeder = await makePetOwner(db, { groupId: (await groupByName(db, 'Lone Star Breeders Club')).id });
  await db.insert(pets).values({ name: 'Breeder dog', sampleNumber: breederDog, petOwnerId: breeder.id });
  const read = await petsBySampleNumbers(db, [residentDog, breederDog]);
  const flagOf = (n: string) => read.find((p) => p.sampleNumber === n)?.inParentageGroup;
  expect(flagOf(residentDog)).toBe(false);
  expect(flagOf(breederDog)).toBe(true);
});
