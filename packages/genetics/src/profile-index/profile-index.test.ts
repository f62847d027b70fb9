import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DogProfileRecord,
  type ScanIdentitySettings,
  PooPrintsMatchRunResult,
  identifyWasteSampleByScan,
} from '../matching/identity.ts';
import { estimateAlleleFrequencies } from '../matching/statistics.ts';
import { ALLELE_OL } from '../alleles.ts';
import { CANINE_FORENSIC_STRBASE, ISAG_2006_CANINE } from '../panels.ts';
import { createPopulation } from '../population/generator.ts';
import { type DnaProfile, calledMarkerCount } from '../profile.ts';
import { clusterPairs, findDuplicatePairs, findDuplicatePairsByScan } from './duplicates.ts';
import { AgreeMode, ProfileIndex } from './profile-index.ts';
import { compareWasteWithDog, countComparison } from '../matching/compare.ts';
import { findSimilarProfiles, findSimilarProfilesByScan, identifyWasteSample } from './search.ts';

const panel = ISAG_2006_CANINE;

/** A population with close relatives and repeated dogs so near matches and duplicates actually occur. */
function population(
  seed: number,
  size: number,
  usePairs = seed % 2 === 0,
  missingRate = 0.1,
): { records: DogProfileRecord[]; index: ProfileIndex; pop: ReturnType<typeof createPopulation> } {
  const pop = createPopulation(panel, seed);
  const records: DogProfileRecord[] = [];
  for (let i = 0; i < size; i++) {
    let profile: DnaProfile;
    const r = pop.random.next();
    if (records.length > 2 && r < 0.15)
      profile = pop.wasteFrom(pop.random.pick(records).profile, {
        dropoutRate: 0.05,
        missingRate,
        offLadderRate: 0.05,
      });
    else if (records.length > 2 && r < 0.25)
      profile = pop.litter(pop.random.pick(records).profile, pop.random.pick(records).profile, 1)[0];
    else if (records.length > 2 && r < 0.45) profile = mutant(pop, pop.random.pick(records).profile);
    else profile = pop.dog();
    records.push({ id: 1000 + i * 3, profile });
  }
  // Few direct checks, so the searches' no-call cut-offs are exercised on small populations too.
  const index = new ProfileIndex(panel, 8, { scanFallback: false, usePairs, directChecks: seed % 3 });
  for (const r of records) index.upsert(r.id, r.profile);
  return { records, index, pop };
}

/**
 * A copy of a dog with a few markers replaced by random genotypes (lands near every threshold), and sometimes an
 * off-ladder call (OL must count as not compared on the indexed side too).
 */
function mutant(pop: ReturnType<typeof createPopulation>, from: DnaProfile): DnaProfile {
  const other = pop.dog();
  const codes = from.codes.slice();
  const changes = pop.random.int(9);
  for (let k = 0; k < changes; k++) {
    const m = pop.random.pick(panel.typingMarkers);
    codes[m * 2] = other.codes[m * 2];
    codes[m * 2 + 1] = other.codes[m * 2 + 1];
  }
  for (let k = pop.random.int(4) - 1; k > 0; k--) codes[pop.random.pick(panel.typingMarkers) * 2 + 1] = ALLELE_OL;
  return { panel, codes };
}

/** The scan's evidence computed apart from the index: the frequencies and size of the records. */
function scanSettings(records: DogProfileRecord[], settings: object = {}): ScanIdentitySettings {
  return {
    ...settings,
    alleleFrequencies: estimateAlleleFrequencies(
      panel,
      records.map((r) => r.profile),
    ),
    registrySize: records.length,
  };
}

const settingsArb = fc.record({
  minimumComparedMarkers: fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 21 })),
  inconclusiveMinimumComparedMarkers: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 21 })),
  // The default, or thresholds across the match probabilities of 5 to 21 agreeing markers.
  matchProbabilityThreshold: fc.oneof(
    fc.constant(null),
    fc.integer({ min: 3, max: 26 }).map((k) => 10 ** -k),
  ),
  theta: fc.constantFrom(null, 0, 0.03),
  inconclusiveMaxMismatchMarkers: fc.integer({ min: 0, max: 4 }),
  inconclusiveMaxDropoutMarkers: fc.integer({ min: 0, max: 6 }),
});

describe('profile index', () => {
  it('identity search returns exactly what the plain scan returns', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        settingsArb,
        fc.integer({ min: -1, max: 4 }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (seed, settings, below, rate) => {
          const { records, index, pop } = population(seed, 300);
          for (let q = 0; q < 8; q++) {
            const source = pop.random.chance(0.8) ? pop.random.pick(records).profile : pop.dog();
            const waste = pop.wasteFrom(source, { dropoutRate: rate, missingRate: rate / 2, offLadderRate: rate / 3 });
            // Thresholds just under the waste sample's called markers put dogs right on the boundary.
            const minimumComparedMarkers =
              settings.minimumComparedMarkers ?? Math.max(1, calledMarkerCount(waste) - below);
            const s = { ...settings, minimumComparedMarkers };
            expect(identifyWasteSample(index, waste, s)).toEqual(
              identifyWasteSampleByScan(waste, records, scanSettings(records, s)),
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('similar-profiles search returns exactly what the plain scan returns, within a subset too', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: -1, max: 9 }),
        fc.integer({ min: 0, max: 5 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(0, 0.02, 0.3),
        (seed, below, maxFailing, dropoutFails, useSubset, missingRate) => {
          // Few or many profiles with no calls: the search takes its full-profile shortcut or not.
          const { records, index, pop } = population(seed, 250, seed % 2 === 0, missingRate);
          for (let q = 0; q < 6; q++) {
            // Half the queries come from a profile with no calls, so such profiles are among the answers.
            const gappy = records.filter((r) => calledMarkerCount(r.profile) < 21);
            const source = pop.random.pick(q % 2 && gappy.length ? gappy : records);
            const query = pop.wasteFrom(source.profile, { dropoutRate: 0.1, missingRate: 0.05, offLadderRate: 0.05 });
            // A large subset goes through the posting lists, a tiny one (one property's dogs) is compared directly.
            const share = q % 2 ? 0.3 : 0.005;
            const subset = useSubset
              ? new Set([source.id, ...records.filter(() => pop.random.chance(share)).map((r) => r.id)])
              : undefined;
            // 9 stands for the screen's default threshold of 6; otherwise just under the query's called markers.
            const minMatching = below === 9 ? 6 : Math.max(0, calledMarkerCount(query) - below);
            const options = {
              minimumMatchingMarkerThreshold: minMatching,
              maximumFailingMarkerThreshold: maxFailing,
              dropoutCountsAsFailing: dropoutFails,
              subset,
            };
            expect(findSimilarProfiles(index, query, options)).toEqual(
              findSimilarProfilesByScan(query, records, options),
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('stays equal to the scan through updates and removals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const { records, index, pop } = population(seed, 200);
        const live = new Map(records.map((r) => [r.id, r.profile]));
        for (let step = 0; step < 60; step++) {
          const ids = [...live.keys()];
          const id = pop.random.pick(ids);
          const action = pop.random.int(3);
          if (action === 0) {
            index.remove(id);
            live.delete(id);
          } else if (action === 1) {
            const p = pop.wasteFrom(pop.random.pick([...live.values()]), { missingRate: 0.05 });
            index.upsert(id, p);
            live.set(id, p);
          } else {
            const p = pop.dog();
            index.upsert(id + 1, p);
            live.set(id + 1, p);
          }
        }
        expect(index.size).toBe(live.size);
        const current = [...live].map(([id, profile]) => ({ id, profile }));
        for (let q = 0; q < 5; q++) {
          const waste = pop.wasteFrom(pop.random.pick(current).profile);
          expect(identifyWasteSample(index, waste)).toEqual(
            identifyWasteSampleByScan(waste, current, scanSettings(current)),
          );
          expect(findSimilarProfiles(index, waste)).toEqual(findSimilarProfilesByScan(waste, current));
        }
        expect(findDuplicatePairs(index)).toEqual(findDuplicatePairsByScan(current));
      }),
      { numRuns: 15 },
    );
  });

  it('agreeingSlots returns exactly the profiles agreeing on enough markers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: -1, max: 8 }),
        fc.constantFrom(AgreeMode.Exact, AgreeMode.Consistent, AgreeMode.OneSided),
        (seed, below, mode) => {
          const { records, index, pop } = population(seed, 200, true);
          const single = population(seed, 200, false).index;
          for (let q = 0; q < 5; q++) {
            const query = pop.wasteFrom(pop.random.pick(records).profile, {
              dropoutRate: 0.2,
              missingRate: 0.1,
              offLadderRate: 0.05,
            });
            const minAgree = calledMarkerCount(query) - below;
            const expected = records
              .filter((r) => {
                const c =
                  mode === AgreeMode.OneSided
                    ? compareWasteWithDog(query, r.profile)
                    : countComparison(query, r.profile);
                return c.matching + (mode === AgreeMode.Exact ? 0 : c.dropout) >= minAgree;
              })
              .map((r) => r.id)
              .sort((a, b) => a - b);
            for (const ix of [index, single]) {
              const got = [...ix.agreeingSlots(query, minAgree, mode)]
                .map((slot) => ix.idAt(slot))
                .sort((a, b) => a - b);
              expect(got).toEqual(expected);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a bulk load answers like profiles added one by one', () => {
    const { records, index, pop } = population(21, 300);
    const codes = new Uint16Array(records.length * index.stride);
    records.forEach((r, i) => codes.set(r.profile.codes, i * index.stride));
    const bulk = ProfileIndex.fromCodes(
      panel,
      records.map((r) => r.id),
      codes,
      { scanFallback: false },
    );
    expect(bulk.size).toBe(records.length);
    expect(bulk.alleleFrequencies()).toEqual(index.alleleFrequencies());
    for (let q = 0; q < 10; q++) {
      const waste = pop.wasteFrom(pop.random.pick(records).profile);
      expect(identifyWasteSample(bulk, waste)).toEqual(identifyWasteSample(index, waste));
    }
    bulk.upsert(1, pop.dog());
    expect(bulk.size).toBe(records.length + 1);
    expect(() => ProfileIndex.fromCodes(panel, [1, 1], new Uint16Array(2 * index.stride))).toThrow(/repeated/);
  });

  it('a stepped bulk load pauses many times and builds the same index as the one-pass load', () => {
    const { records, index, pop } = population(22, 300);
    const codes = new Uint16Array(records.length * index.stride);
    records.forEach((r, i) => codes.set(r.profile.codes, i * index.stride));
    const ids = records.map((r) => r.id);
    const steps = ProfileIndex.buildFromCodes(panel, ids, codes, { scanFallback: false }, 50);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    const stepped = step.value;
    // 300 slots, 50 a step: the first pass alone pauses 6 times; the marker and pair passes add more.
    expect(pauses).toBeGreaterThan(20);
    const once = ProfileIndex.fromCodes(panel, ids, codes, { scanFallback: false });
    expect(stepped.size).toBe(once.size);
    expect(stepped.alleleFrequencies()).toEqual(once.alleleFrequencies());
    for (let q = 0; q < 10; q++) {
      const waste = pop.wasteFrom(pop.random.pick(records).profile);
      expect(identifyWasteSample(stepped, waste)).toEqual(identifyWasteSample(once, waste));
      expect(findSimilarProfiles(stepped, waste)).toEqual(findSimilarProfiles(once, waste));
    }
  });

  it('finds the one dog that left a waste sample', () => {
    const { records, index, pop } = population(7, 500);
    const dog = records[123];
    const waste = pop.wasteFrom(dog.profile, { dropoutRate: 0, missingRate: 0, offLadderRate: 0 });
    const result = identifyWasteSample(index, waste);
    // Repeated dogs in this population may also match; the true dog must be among the matches.
    expect(result.matches.map((m) => m.id)).toContain(dog.id);
    const stranger = createPopulation(panel, 99).dog();
    expect(identifyWasteSample(index, stranger).result).toBe(PooPrintsMatchRunResult.NoMatch);
  });

  it('rejects profiles of another panel', () => {
    const index = new ProfileIndex(panel);
    expect(() => index.upsert(1, createPopulation(CANINE_FORENSIC_STRBASE, 1).dog())).toThrow(/panel/);
  });
});

describe('duplicate dogs', () => {
  it('index pairs equal the all-pairs scan for any tolerance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 5, max: 21 }),
        (seed, maxDiff, minCompared) => {
          const { records, index } = population(seed, 200);
          const settings = { maxDifferingMarkers: maxDiff, minimumComparedMarkers: minCompared };
          expect(findDuplicatePairs(index, settings)).toEqual(findDuplicatePairsByScan(records, settings));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('groups pairs into clusters', () => {
    const pair = (a: number, b: number) => ({
      a,
      b,
      compared: 20,
      matching: 20,
      dropout: 0,
      mismatching: 0,
      offLadder: 0,
    });
    const clusters = clusterPairs([pair(1, 2), pair(3, 4), pair(2, 5), pair(8, 9)]);
    expect(clusters.map((c) => c.ids)).toEqual([
      [1, 2, 5],
      [3, 4],
      [8, 9],
    ]);
    expect(clusters[0].pairs).toHaveLength(2);
  });
});
