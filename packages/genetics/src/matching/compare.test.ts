import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ISAG_2006_CANINE } from '../panels.ts';
import { createPopulation } from '../population/generator.ts';
import { encodeProfile } from '../profile.ts';
import { MarkerComparison, compareProfiles, compareWasteWithDog, countComparison } from './compare.ts';

const panel = ISAG_2006_CANINE;

describe('marker comparison', () => {
  const cases: [string, string, string][] = [
    ['12 14', '12 14', MarkerComparison.Match],
    ['12 12', '12', MarkerComparison.Match],
    ['12', '12 14', MarkerComparison.DropoutConsistent],
    ['12 14', '14', MarkerComparison.DropoutConsistent],
    ['12 14', '12 16', MarkerComparison.Mismatch],
    ['12', '14', MarkerComparison.Mismatch],
    ['OL 12', 'OL 12', MarkerComparison.NotComparedOffLadder],
    ['OL', 'OL', MarkerComparison.NotComparedOffLadder],
    ['OL 12', '12', MarkerComparison.NotComparedOffLadder],
    ['12', 'OL 12', MarkerComparison.NotComparedOffLadder],
    ['OL', '12 OL', MarkerComparison.NotComparedOffLadder],
    ['OL 16', '12 14', MarkerComparison.NotComparedOffLadder],
    ['OL', '', MarkerComparison.NotCompared],
    ['', '12 14', MarkerComparison.NotCompared],
    ['? 12', '12 14', MarkerComparison.NotCompared],
    ['9.3 10', '9.3 10', MarkerComparison.Match],
    ['220', '220 224', MarkerComparison.DropoutConsistent],
  ];
  it.each(cases)('%s against %s is %s', (a, b, expected) => {
    const pa = encodeProfile(panel, { AHT121: a });
    const pb = encodeProfile(panel, { AHT121: b });
    expect(compareProfiles(pa, pb).markers[0]).toEqual({ marker: 'AHT121', result: expected });
  });

  // One-sided: the waste sample may lose one of the dog's alleles, never show one the dog lacks.
  const oneSided: [string, string, string][] = [
    ['12 14', '12 14', MarkerComparison.Match], // het waste, het dog
    ['12', '12', MarkerComparison.Match], // hom waste, hom dog
    ['12', '12 14', MarkerComparison.DropoutConsistent], // hom waste shows one of a het dog's alleles
    ['14', '12 14', MarkerComparison.DropoutConsistent],
    ['12 14', '12', MarkerComparison.Mismatch], // het waste shows 14, which the hom dog lacks
    ['12 14', '14', MarkerComparison.Mismatch],
    ['12', '14', MarkerComparison.Mismatch], // hom against a different hom
    ['16', '12 14', MarkerComparison.Mismatch], // hom waste allele absent from a het dog
    ['12 16', '12 14', MarkerComparison.Mismatch], // het against a different het
    ['12 OL', '12', MarkerComparison.NotComparedOffLadder], // OL in the waste sample
    ['16 OL', '12 14', MarkerComparison.NotComparedOffLadder],
    ['OL', '12 14', MarkerComparison.NotComparedOffLadder],
    ['12', '12 OL', MarkerComparison.NotComparedOffLadder], // OL in the dog
    ['16', '12 OL', MarkerComparison.NotComparedOffLadder],
    ['12 14', 'OL', MarkerComparison.NotComparedOffLadder],
    ['OL', 'OL 12', MarkerComparison.NotComparedOffLadder],
    ['OL', '', MarkerComparison.NotCompared],
    ['', '12 14', MarkerComparison.NotCompared],
    ['12', '', MarkerComparison.NotCompared],
  ];
  it.each(oneSided)('waste %s against dog %s is %s', (w, d, expected) => {
    const waste = encodeProfile(panel, { AHT121: w });
    const dog = encodeProfile(panel, { AHT121: d });
    const c = compareWasteWithDog(waste, dog);
    expect(c.markers[0]).toEqual({ marker: 'AHT121', result: expected });
    const notCompared = expected === MarkerComparison.NotCompared || expected === MarkerComparison.NotComparedOffLadder;
    expect(c.compared).toBe(notCompared ? 0 : 1);
    expect(c.offLadder).toBe(expected === MarkerComparison.NotComparedOffLadder ? 1 : 0);
  });

  it('an off-ladder call is neither a match nor a mismatch, either way round and in either comparison', () => {
    const dog = encodeProfile(panel, { AHT121: '12 14', AHT137: '20 22', AHTh130: '30' });
    const waste = encodeProfile(panel, { AHT121: '12 OL', AHT137: '20 22', AHTh130: '30' });
    for (const c of [
      compareWasteWithDog(waste, dog),
      compareWasteWithDog(dog, waste),
      compareProfiles(waste, dog),
      compareProfiles(dog, waste),
    ]) {
      expect(c).toMatchObject({ compared: 2, matching: 2, dropout: 0, mismatching: 0, offLadder: 1 });
      expect(c.markers.slice(0, 3).map((m) => m.result)).toEqual([
        MarkerComparison.NotComparedOffLadder,
        MarkerComparison.Match,
        MarkerComparison.Match,
      ]);
    }
  });

  it('a profile matches itself on every called marker', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const pop = createPopulation(panel, seed);
        const dog = pop.dog();
        const c = countComparison(dog, dog);
        expect(c).toEqual({ compared: 21, matching: 21, dropout: 0, mismatching: 0, offLadder: 0 });
        const waste = pop.wasteFrom(dog, { offLadderRate: 0 });
        const w = countComparison(waste, waste);
        expect(w.matching).toBe(w.compared);
      }),
      { numRuns: 100 },
    );
  });

  it('comparison is symmetric', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.boolean(), (seed, related) => {
        const pop = createPopulation(panel, seed);
        const a = pop.dog();
        const b = related ? pop.wasteFrom(a, { dropoutRate: 0.3, missingRate: 0.2, offLadderRate: 0.1 }) : pop.dog();
        expect(compareProfiles(a, b)).toEqual(compareProfiles(b, a));
      }),
      { numRuns: 200 },
    );
  });
});
