import { describe, expect, it } from 'vitest';
import { ALLELE_OL } from '../alleles.ts';
import { ProfileIndex } from '../profile-index/profile-index.ts';
import { identifyWasteSample } from '../profile-index/search.ts';
import { ISAG_2006_CANINE } from '../panels.ts';
import { type Degradation, createPopulation } from '../population/generator.ts';
import type { DnaProfile } from '../profile.ts';
import {
  type DogProfileRecord,
  type IdentityResult,
  PooPrintsMatchRunResult,
  identifyWasteSampleByScan,
} from './identity.ts';

const panel = ISAG_2006_CANINE;
const pop = createPopulation(panel, 20261126);

type Property = { dogs: DogProfileRecord[]; unregistered: DnaProfile[] };

// Registered dogs of the properties, then a background registry of unrelated dogs elsewhere.
let nextId = 1;
const registry: DogProfileRecord[] = [];
function register(profile: DnaProfile, property: Property): void {
  // A reference profile sometimes carries an off-ladder call of its own.
  if (pop.random.chance(0.03)) profile.codes[pop.random.pick(panel.typingMarkers) * 2 + 1] = ALLELE_OL;
  const record = { id: nextId++, profile };
  property.dogs.push(record);
  registry.push(record);
}

// 60 properties: a few unrelated dogs each, and on every other one a litter with its dam and sire registered beside
// the puppies (littermates are the closest profiles a waste sample meets); one puppy of each litter stays unregistered.
const properties: Property[] = [];
for (let p = 0; p < 60; p++) {
  const property: Property = { dogs: [], unregistered: [pop.dog()] };
  for (let k = 1 + pop.random.int(6); k > 0; k--) register(pop.dog(), property);
  if (p % 2 === 0) {
    const dam = pop.dog();
    const sire = pop.dog();
    const [unregistered, ...puppies] = pop.litter(dam, sire, 3 + pop.random.int(4));
    property.unregistered.push(unregistered);
    for (const profile of [dam, sire, ...puppies]) register(profile, property);
  }
  properties.push(property);
}
const elsewhere: Property = { dogs: [], unregistered: [] };
for (let k = 0; k < 3000; k++) register(pop.dog(), elsewhere);

const index = new ProfileIndex(panel);
for (const r of registry) index.upsert(r.id, r.profile);
const evidence = { alleleFrequencies: index.alleleFrequencies(), registrySize: index.size };

// Waste samples as the field plates show them: most lightly degraded, some heavily; off-ladder calls in about a third.
const LEVELS: Degradation[] = [
  { dropoutRate: 0.04, missingRate: 0.03, offLadderRate: 0.01 },
  { dropoutRate: 0.1, missingRate: 0.06, offLadderRate: 0.025 },
  { dropoutRate: 0.2, missingRate: 0.1, offLadderRate: 0.04 },
];
const degraded = (dog: DnaProfile) => pop.wasteFrom(dog, LEVELS[pop.random.int(LEVELS.length)]);

/** The match run as the server makes it: the property's dogs, weighed with the whole registry's evidence. */
const propertyRun = (waste: DnaProfile, property: Property) =>
  identifyWasteSampleByScan(waste, property.dogs, evidence);

const names = (r: IdentityResult) => r.matches.map((m) => m.id);

describe('identity accuracy on a realistic registry (littermates and parents on one property)', () => {
  it('names the right dog for at least 90 % of waste samples of registered dogs, and never a wrong dog', () => {
    let samples = 0;
    let right = 0;
    let withOffLadder = 0;
    const wrong: string[] = [];
    for (let n = 0; n < 400; n++) {
      const property = pop.random.pick(properties);
      const dog = pop.random.pick(property.dogs);
      const waste = degraded(dog.profile);
      samples++;
      if (panel.typingMarkers.some((m) => waste.codes[m * 2 + 1] === ALLELE_OL)) withOffLadder++;
      const run = propertyRun(waste, property);
      const global = identifyWasteSample(index, waste);
      for (const r of [run, global]) {
        const wrongMatch = r.result === PooPrintsMatchRunResult.Match && names(r)[0] !== dog.id;
        const wrongMultiple = r.result === PooPrintsMatchRunResult.MultipleMatch && !names(r).includes(dog.id);
        if (wrongMatch || wrongMultiple) wrong.push(`${r.result} ${names(r).join(',')} for dog ${dog.id}`);
      }
      if (run.result === PooPrintsMatchRunResult.Match) right++;
    }
    expect(wrong).toEqual([]);
    expect(withOffLadder / samples).toBeGreaterThan(0.2);
    expect(right / samples).toBeGreaterThanOrEqual(0.9);
  });

  it('never gives a Match for waste of an unregistered dog, littermates of registered puppies included', () => {
    let littermates = 0;
    for (const property of properties) {
      for (const [k, dog] of property.unregistered.entries()) {
        if (k > 0) littermates++;
        for (let n = 0; n < 3; n++) {
          const waste = degraded(dog);
          for (const r of [propertyRun(waste, property), identifyWasteSample(index, waste)]) {
            expect(r.result).not.toBe(PooPrintsMatchRunResult.Match);
            expect(r.result).not.toBe(PooPrintsMatchRunResult.MultipleMatch);
          }
        }
      }
    }
    expect(littermates).toBe(30);
  });
});
