import { describe, expect, it } from 'vitest';
import { ALLELE_OL } from '../alleles.ts';
import { ISAG_2006_CANINE } from '../panels.ts';
import { createPopulation } from '../population/generator.ts';
import { type DnaProfile, encodeProfile } from '../profile.ts';
import { MarkerComparison, compareWasteWithDog } from './compare.ts';
import {
  type DogProfileRecord,
  type IdentitySettings,
  MATCH_THRESHOLD_FACTOR,
  PooPrintsMatchRunResult,
  identifyWasteSampleByScan,
} from './identity.ts';
import { estimateAlleleFrequencies, matchStatistics } from './statistics.ts';

const panel = ISAG_2006_CANINE;
const pop = createPopulation(panel, 42);
const dogs = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, profile: pop.dog() }));
const clean = { dropoutRate: 0, missingRate: 0, offLadderRate: 0 };
const evidence = {
  alleleFrequencies: estimateAlleleFrequencies(
    panel,
    dogs.map((d) => d.profile),
  ),
  registrySize: 200,
};

/** The scan against the registry of the 200 dogs (their frequencies and size), over the dogs given. */
function identify(waste: DnaProfile, candidates: DogProfileRecord[], settings: Partial<IdentitySettings> = {}) {
  return identifyWasteSampleByScan(waste, candidates, { ...evidence, ...settings });
}

/** Waste sample of a dog with an OL call at the given typing markers (positions in typingMarkers). */
function withOffLadder(from: DnaProfile, at: number[]): DnaProfile {
  return withMarkers(from, (c, m, i) => {
    if (at.includes(i)) c[m * 2 + 1] = ALLELE_OL;
  });
}

function withMarkers(from: DnaProfile, edit: (codes: Uint16Array, m: number, i: number) => void): DnaProfile {
  const codes = from.codes.slice();
  panel.typingMarkers.forEach((m, i) => edit(codes, m, i));
  return { panel, codes };
}

describe('identity run result', () => {
  it('Match: exactly one dog agrees on every compared marker', () => {
    const r = identify(pop.wasteFrom(dogs[9].profile, clean), dogs);
    expect(r.result).toBe(PooPrintsMatchRunResult.Match);
    expect(r.matches.map((m) => m.id)).toEqual([10]);
  });

  it('many dropout-consistent markers still give a Match when the match probability is below the threshold', () => {
    const dog = dogs[3].profile;
    let dropped = 0;
    const waste = withMarkers(dog, (c, m) => {
      if (c[m * 2] !== c[m * 2 + 1] && dropped < 8) {
        c[m * 2 + 1] = c[m * 2];
        dropped++;
      }
    });
    const r = identify(waste, dogs);
    expect(r.result).toBe('Match');
    expect(r.matches).toHaveLength(1);
    expect(r.matches[0]).toMatchObject({ id: 4, dropout: 8, mismatching: 0 });
    const stats = matchStatistics(waste, dog, evidence.alleleFrequencies, { registrySize: 200 });
    expect(r.matches[0].randomMatchProbability).toBe(stats.randomMatchProbability);
    expect(r.matchProbabilityThreshold).toBe(1 / (200 * MATCH_THRESHOLD_FACTOR));
  });

  it('the threshold decides: just below it a Match, at or just above it Inconclusive', () => {
    const dog = dogs[3].profile;
    const waste = pop.wasteFrom(dog, { dropoutRate: 0.3, missingRate: 0.1, offLadderRate: 0 });
    const rmp = matchStatistics(waste, dog, evidence.alleleFrequencies).randomMatchProbability;
    const below = identify(waste, dogs, { matchProbabilityThreshold: rmp * (1 + 1e-9) });
    expect(below.result).toBe('Match');
    expect(below.matches.map((m) => m.id)).toEqual([4]);
    for (const threshold of [rmp, rmp * (1 - 1e-9)]) {
      const above = identify(waste, dogs, { matchProbabilityThreshold: threshold });
      expect(above.result).toBe('Inconclusive');
      expect(above.matches).toEqual([]);
      expect(above.nearMatches[0]).toMatchObject({ id: 4, mismatching: 0, randomMatchProbability: rmp });
    }
  });

  it('the default threshold is one in (registry size times a million): a larger registry needs stronger evidence', () => {
    const dog = dogs[3].profile;
    const waste = pop.wasteFrom(dog, { dropoutRate: 0.3, missingRate: 0.1, offLadderRate: 0 });
    const rmp = matchStatistics(waste, dog, evidence.alleleFrequencies).randomMatchProbability;
    const fits = Math.floor(1 / (rmp * MATCH_THRESHOLD_FACTOR));
    const at = (registrySize: number) =>
      identifyWasteSampleByScan(waste, dogs, { alleleFrequencies: evidence.alleleFrequencies, registrySize });
    expect(at(fits).result).toBe('Match');
    expect(at(fits * 2 + 2).result).toBe('Inconclusive');
  });

  it('an off-ladder call in the waste sample is not compared: one, two or three of them still Match the right dog', () => {
    const dog = dogs[20].profile;
    for (const at of [[0], [0, 5], [0, 5, 9]]) {
      const r = identify(withOffLadder(dog, at), dogs);
      expect(r.result).toBe('Match');
      expect(r.matches).toHaveLength(1);
      expect(r.matches[0]).toMatchObject({ id: 21, compared: 21 - at.length, mismatching: 0, offLadder: at.length });
      expect(r.offLadderMarkers).toEqual(at.map((i) => panel.markers[panel.typingMarkers[i]].name));
    }
  });

  it("an off-ladder call in the dog's profile is not compared either", () => {
    const dog = withOffLadder(dogs[30].profile, [2, 7]);
    const registry = dogs.map((d) => (d.id === 31 ? { id: 31, profile: dog } : d));
    const waste = pop.wasteFrom(dogs[30].profile, clean);
    const r = identify(waste, registry);
    expect(r.result).toBe('Match');
    expect(r.matches[0]).toMatchObject({ id: 31, compared: 19, offLadder: 2, mismatching: 0 });
    expect(r.offLadderMarkers).toEqual([]);
    const per = compareWasteWithDog(waste, dog).markers;
    expect(per.filter((m) => m.result === MarkerComparison.NotComparedOffLadder).map((m) => m.marker)).toEqual(
      [2, 7].map((i) => panel.markers[panel.typingMarkers[i]].name),
    );
    const stats = matchStatistics(waste, dog, evidence.alleleFrequencies);
    expect(stats.offLadderMarkers).toEqual(per.filter((m) => m.result === 'NotComparedOffLadder').map((m) => m.marker));
    expect(stats.markersUsed).toBe(19);
  });

  it('an off-ladder call where the dog shows another allele is not a mismatch', () => {
    const dog = dogs[40].profile;
    const waste = withMarkers(dog, (c, m, i) => {
      if (i < 2) {
        c[m * 2] = 600; // an allele the dog lacks, read next to an off-ladder peak
        c[m * 2 + 1] = ALLELE_OL;
      }
    });
    const r = identify(waste, dogs);
    expect(r.result).toBe('Match');
    expect(r.matches[0]).toMatchObject({ id: 41, mismatching: 0, offLadder: 2 });
  });

  it('Inconclusive when a second dog agrees as well, however weakly: the evidence does not single out one dog', () => {
    const dog = dogs[50].profile;
    const waste = pop.wasteFrom(dog, clean);
    // The same dog registered again with most markers missing: it agrees on 15 markers, far less strongly.
    const sparse = withMarkers(dog, (c, m, i) => {
      if (i >= 15) c.fill(0, m * 2, m * 2 + 2);
    });
    const strong = matchStatistics(waste, dog, evidence.alleleFrequencies).randomMatchProbability;
    const weak = matchStatistics(waste, sparse, evidence.alleleFrequencies).randomMatchProbability;
    const threshold = Math.sqrt(strong * weak); // between the two
    const r = identify(waste, [...dogs, { id: 500, profile: sparse }], { matchProbabilityThreshold: threshold });
    expect(r.result).toBe('Inconclusive');
    expect(r.matches.map((m) => m.id)).toEqual([51]);
    expect(r.nearMatches[0]).toMatchObject({ id: 500, mismatching: 0, compared: 15 });
    expect(identify(waste, [...dogs, { id: 500, profile: sparse }]).result).toBe('MultipleMatch');
  });

  it('dropout is one-sided: a waste allele the dog lacks is a mismatch, not dropout', () => {
    const dog = dogs[11].profile;
    const hets = panel.typingMarkers.filter((m) => dog.codes[m * 2] !== dog.codes[m * 2 + 1]);
    const homs = panel.typingMarkers.filter((m) => dog.codes[m * 2] === dog.codes[m * 2 + 1]);
    // The waste sample lost one allele of a heterozygous dog: still a match.
    const lost = dog.codes.slice();
    lost[hets[0] * 2 + 1] = lost[hets[0] * 2];
    const ok = identify({ panel, codes: lost }, dogs);
    expect(ok.result).toBe('Match');
    expect(ok.matches[0]).toMatchObject({ id: 12, dropout: 1, mismatching: 0 });
    // The waste sample shows an extra allele at two homozygous markers of the dog: never this dog's sample.
    const extra = dog.codes.slice();
    for (const m of homs.slice(0, 2)) extra[m * 2 + 1] = extra[m * 2] + 20;
    expect(homs.length).toBeGreaterThanOrEqual(2);
    const r = identify({ panel, codes: extra }, dogs);
    expect(r.matches).toEqual([]);
    expect(r.nearMatches.find((h) => h.id === 12)).toBeUndefined();
    // One extra allele is one mismatching marker: review, not a match.
    const one = dog.codes.slice();
    one[homs[0] * 2 + 1] = one[homs[0] * 2] + 20;
    const near = identify({ panel, codes: one }, dogs);
    expect(near.result).toBe('Inconclusive');
    expect(near.nearMatches[0]).toMatchObject({ id: 12, mismatching: 1, dropout: 0 });
  });

  it('MultipleMatch when two dogs agree (a re-registered dog)', () => {
    const twins = [...dogs, { id: 999, profile: dogs[5].profile }];
    const r = identify(pop.wasteFrom(dogs[5].profile, clean), twins);
    expect(r.result).toBe('MultipleMatch');
    expect(r.matches.map((m) => m.id)).toEqual([6, 999]);
  });

  it('Inconclusive with one mismatching marker, NoMatch with two', () => {
    const dog = dogs[7].profile;
    const other = pop.dog();
    const swap = (n: number) =>
      withMarkers(dog, (c, m, i) => {
        if (i < n && (c[m * 2] !== other.codes[m * 2] || c[m * 2 + 1] !== other.codes[m * 2 + 1])) {
          c[m * 2] = 600;
          c[m * 2 + 1] = 600;
        }
      });
    expect(identify(swap(1), dogs).result).toBe('Inconclusive');
    expect(identify(swap(2), dogs).result).toBe('NoMatch');
    expect(identify(swap(2), dogs, { inconclusiveMaxMismatchMarkers: 2 }).result).toBe('Inconclusive');
  });

  it('Inconclusive, not NoMatch, for a dog that agrees everywhere but shares too few markers, when configured', () => {
    const gappy = (n: number) =>
      withMarkers(dogs[11].profile, (c, m, i) => {
        if (i < n) c.fill(0, m * 2, m * 2 + 2);
      });
    const waste = pop.wasteFrom(dogs[11].profile, clean);
    const others = dogs.filter((d) => d.id !== 12);
    const r = identify(waste, [...others, { id: 12, profile: gappy(8) }], {
      inconclusiveMinimumComparedMarkers: 12,
    });
    expect(identify(waste, [...others, { id: 12, profile: gappy(8) }]).result).toBe('NoMatch');
    expect(r.result).toBe('Inconclusive');
    expect(r.nearMatches[0]).toMatchObject({ id: 12, compared: 13, mismatching: 0 });
    expect(
      identify(waste, [...others, { id: 12, profile: gappy(10) }], {
        inconclusiveMinimumComparedMarkers: 12,
      }).result,
    ).toBe('NoMatch');
    expect(
      identify(waste, [...others, { id: 12, profile: gappy(10) }], {
        inconclusiveMinimumComparedMarkers: 11,
      }).result,
    ).toBe('Inconclusive');
  });

  it('Fail below the panel minimum of called markers, even for the right dog', () => {
    const waste = withMarkers(dogs[0].profile, (c, m, i) => {
      if (i >= panel.minimumMarkers - 1) c.fill(0, m * 2, m * 2 + 2);
    });
    const r = identify(waste, dogs);
    expect(r).toMatchObject({ result: 'Fail', calledMarkers: panel.minimumMarkers - 1, matches: [] });
  });

  it('NonCanine for peaks off the canine size ranges', () => {
    const r = identify(pop.wrongSpecies(), dogs);
    expect(r.result).toBe('NonCanine');
    expect(r.species.wrongSpecies).toBe(true);
    const sparseButCanine = encodeProfile(panel, { AHT121: '90 92' });
    expect(identify(sparseButCanine, dogs).result).toBe('Fail');
  });

  it('NoMatch for a stranger', () => {
    expect(identify(pop.wasteFrom(pop.dog()), dogs).result).toBe('NoMatch');
  });
});
