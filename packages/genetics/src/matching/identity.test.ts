import { describe, expect, it } from 'vitest';
import { ISAG_2006_CANINE } from '../panels.ts';
import { createPopulation } from '../population/generator.ts';
import { type DnaProfile, encodeProfile } from '../profile.ts';
import { PooPrintsMatchRunResult, identifyWasteSampleByScan } from './identity.ts';

const panel = ISAG_2006_CANINE;
const pop = createPopulation(panel, 42);
const dogs = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, profile: pop.dog() }));
const clean = { dropoutRate: 0, missingRate: 0, offLadderRate: 0 };

function withMarkers(from: DnaProfile, edit: (codes: Uint16Array, m: number, i: number) => void): DnaProfile {
  const codes = from.codes.slice();
  panel.typingMarkers.forEach((m, i) => edit(codes, m, i));
  return { panel, codes };
}

describe('identity run result', () => {
  it('Match: exactly one dog agrees on every compared marker', () => {
    const r = identifyWasteSampleByScan(pop.wasteFrom(dogs[9].profile, clean), dogs);
    expect(r.result).toBe(PooPrintsMatchRunResult.Match);
    expect(r.matches.map((m) => m.id)).toEqual([10]);
  });

  it('Match tolerates dropout up to the setting, then Inconclusive', () => {
    const dog = dogs[3].profile;
    let dropped = 0;
    const waste = withMarkers(dog, (c, m) => {
      if (c[m * 2] !== c[m * 2 + 1] && dropped < 3) {
        c[m * 2 + 1] = c[m * 2];
        dropped++;
      }
    });
    expect(identifyWasteSampleByScan(waste, dogs, { matchMaxDropoutMarkers: 3 }).result).toBe('Match');
    const r = identifyWasteSampleByScan(waste, dogs, { matchMaxDropoutMarkers: 2 });
    expect(r.result).toBe('Inconclusive');
    expect(r.nearMatches[0]).toMatchObject({ id: 4, dropout: 3, mismatching: 0 });
  });

  it('dropout is one-sided: a waste allele the dog lacks is a mismatch, not dropout', () => {
    const dog = dogs[11].profile;
    const hets = panel.typingMarkers.filter((m) => dog.codes[m * 2] !== dog.codes[m * 2 + 1]);
    const homs = panel.typingMarkers.filter((m) => dog.codes[m * 2] === dog.codes[m * 2 + 1]);
    // The waste sample lost one allele of a heterozygous dog: still a match.
    const lost = dog.codes.slice();
    lost[hets[0] * 2 + 1] = lost[hets[0] * 2];
    const ok = identifyWasteSampleByScan({ panel, codes: lost }, dogs);
    expect(ok.result).toBe('Match');
    expect(ok.matches[0]).toMatchObject({ id: 12, dropout: 1, mismatching: 0 });
    // The waste sample shows an extra allele at two homozygous markers of the dog: never this dog's sample.
    const extra = dog.codes.slice();
    for (const m of homs.slice(0, 2)) extra[m * 2 + 1] = extra[m * 2] + 20;
    expect(homs.length).toBeGreaterThanOrEqual(2);
    const r = identifyWasteSampleByScan({ panel, codes: extra }, dogs);
    expect(r.matches).toEqual([]);
    expect(r.nearMatches.find((h) => h.id === 12)).toBeUndefined();
    // One extra allele is one mismatching marker: review, not a match.
    const one = dog.codes.slice();
    one[homs[0] * 2 + 1] = one[homs[0] * 2] + 20;
    const near = identifyWasteSampleByScan({ panel, codes: one }, dogs);
    expect(near.result).toBe('Inconclusive');
    expect(near.nearMatches[0]).toMatchObject({ id: 12, mismatching: 1, dropout: 0 });
  });

  it('MultipleMatch when two dogs agree (a re-registered dog)', () => {
    const twins = [...dogs, { id: 999, profile: dogs[5].profile }];
    const r = identifyWasteSampleByScan(pop.wasteFrom(dogs[5].profile, clean), twins);
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
    expect(identifyWasteSampleByScan(swap(1), dogs).result).toBe('Inconclusive');
    expect(identifyWasteSampleByScan(swap(2), dogs).result).toBe('NoMatch');
    expect(identifyWasteSampleByScan(swap(2), dogs, { inconclusiveMaxMismatchMarkers: 2 }).result).toBe('Inconclusive');
  });

  it('Inconclusive, not NoMatch, for a dog that agrees everywhere but shares too few markers, when configured', () => {
    const gappy = (n: number) =>
      withMarkers(dogs[11].profile, (c, m, i) => {
        if (i < n) c.fill(0, m * 2, m * 2 + 2);
      });
    const waste = pop.wasteFrom(dogs[11].profile, clean);
    const others = dogs.filter((d) => d.id !== 12);
    const r = identifyWasteSampleByScan(waste, [...others, { id: 12, profile: gappy(8) }], {
      inconclusiveMinimumComparedMarkers: 12,
    });
    expect(identifyWasteSampleByScan(waste, [...others, { id: 12, profile: gappy(8) }]).result).toBe('NoMatch');
    expect(r.result).toBe('Inconclusive');
    expect(r.nearMatches[0]).toMatchObject({ id: 12, compared: 13, mismatching: 0 });
    expect(
      identifyWasteSampleByScan(waste, [...others, { id: 12, profile: gappy(10) }], {
        inconclusiveMinimumComparedMarkers: 12,
      }).result,
    ).toBe('NoMatch');
    expect(
      identifyWasteSampleByScan(waste, [...others, { id: 12, profile: gappy(10) }], {
        inconclusiveMinimumComparedMarkers: 11,
      }).result,
    ).toBe('Inconclusive');
  });

  it('Fail below the panel minimum of called markers, even for the right dog', () => {
    const waste = withMarkers(dogs[0].profile, (c, m, i) => {
      if (i >= panel.minimumMarkers - 1) c.fill(0, m * 2, m * 2 + 2);
    });
    const r = identifyWasteSampleByScan(waste, dogs);
    expect(r).toMatchObject({ result: 'Fail', calledMarkers: panel.minimumMarkers - 1, matches: [] });
  });

  it('NonCanine for peaks off the canine size ranges', () => {
    const r = identifyWasteSampleByScan(pop.wrongSpecies(), dogs);
    expect(r.result).toBe('NonCanine');
    expect(r.species.wrongSpecies).toBe(true);
    const sparseButCanine = encodeProfile(panel, { AHT121: '90 92' });
    expect(identifyWasteSampleByScan(sparseButCanine, dogs).result).toBe('Fail');
  });

  it('NoMatch for a stranger', () => {
    expect(identifyWasteSampleByScan(pop.wasteFrom(pop.dog()), dogs).result).toBe('NoMatch');
  });
});
