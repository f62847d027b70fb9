import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLELE_OL } from '../alleles.ts';
import { ISAG_2006_CANINE, ISAG_FELINE } from '../panels.ts';
import { createPopulation } from '../population/generator.ts';
import { encodeProfile } from '../profile.ts';
import {
  alleleFrequency,
  carrierProbability,
  estimateAlleleFrequencies,
  genotypeProbability,
  matchStatistics,
  twoSignificantFigures,
} from './statistics.ts';

const panel = ISAG_FELINE;

// A second, plain implementation of NRC II (1996) equations 4.10a and 4.10b, written from the book, sharing no code
// with the engine: heterozygote 2[θ+(1−θ)p][θ+(1−θ)q] / [(1+θ)(1+2θ)], homozygote [2θ+(1−θ)p][3θ+(1−θ)p] / [(1+θ)(1+2θ)].
function nrc410Het(p: number, q: number, t: number): number {
  return (2 * (t + (1 - t) * p) * (t + (1 - t) * q)) / ((1 + t) * (1 + 2 * t));
}
function nrc410Hom(p: number, t: number): number {
  return ((2 * t + (1 - t) * p) * (3 * t + (1 - t) * p)) / ((1 + t) * (1 + 2 * t));
}
// Another dog carries w given this dog is (w, x): 1 − Pr(first allele not w | w, x) · Pr(second not w | w, x, first).
function carrier(p: number, t: number): number {
  const first = 1 - (t + (1 - t) * p) / (1 + t);
  const second = 1 - (t + (1 - t) * p) / (1 + 2 * t);
  return 1 - first * second;
}

describe('match statistics', () => {
  // 10 cats typed at FCA069: alleles 100 x8, 102 x6, 104 x4, 106 x2 (2N = 20).
  const population = [
    '100 100',
    '100 102',
    '100 102',
    '100 104',
    '100 106',
    '100 100',
    '102 102',
    '102 104',
    '104 106',
    '102 104',
  ].map((g) => encodeProfile(panel, { FCA069: g }));
  const freqs = estimateAlleleFrequencies(panel, population);

  it('estimates frequencies with the 5/2N floor', () => {
    expect(alleleFrequency(freqs, 0, 1000)).toBeCloseTo(8 / 20);
    expect(alleleFrequency(freqs, 0, 1040)).toBeCloseTo(5 / 20); // observed 4/20, floored at 5/20
    expect(alleleFrequency(freqs, 0, 1200)).toBeCloseTo(5 / 20); // unseen
    expect(alleleFrequency(freqs, 1, 1000)).toBe(1); // nobody typed: no evidential weight
  });

  it('textbook cases: θ = 0 is the product rule, and 4.10 with θ', () => {
    expect(genotypeProbability(freqs, 0, 1000, 1000, 0)).toBeCloseTo(0.4 * 0.4, 14);
    expect(genotypeProbability(freqs, 0, 1000, 1020, 0)).toBeCloseTo(2 * 0.4 * 0.3, 14);
    expect(carrierProbability(freqs, 0, 1000, 0)).toBeCloseTo(1 - 0.6 * 0.6, 14);
    // Homozygote p = 0.4, θ = 0.05: (0.1 + 0.38)(0.15 + 0.38) / (1.05 · 1.1) = 0.2544 / 1.155.
    expect(genotypeProbability(freqs, 0, 1000, 1000, 0.05)).toBeCloseTo(0.2544 / 1.155, 12);
    // Heterozygote p = 0.4, q = 0.3, θ = 0.05: 2 (0.05 + 0.38)(0.05 + 0.285) / 1.155.
    expect(genotypeProbability(freqs, 0, 1000, 1020, 0.05)).toBeCloseTo((2 * 0.43 * 0.335) / 1.155, 12);
    // θ only ever makes the match more likely (more conservative) than the product rule.
    expect(genotypeProbability(freqs, 0, 1000, 1020, 0.05)).toBeGreaterThan(2 * 0.4 * 0.3);
  });

  it('agrees marker by marker with an independent 4.10 on generated profiles', () => {
    const canine = ISAG_2006_CANINE;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom(0, 0.01, 0.03, 0.05, 0.1), (seed, theta) => {
        const pop = createPopulation(canine, seed);
        const stored = Array.from({ length: 60 }, () => pop.dog());
        const f = estimateAlleleFrequencies(canine, stored);
        const dog = stored[7];
        const waste = pop.wasteFrom(dog, { dropoutRate: 0.2, missingRate: 0.1, offLadderRate: 0.05 });
        const stats = matchStatistics(waste, dog, f, { theta });
        let product = 1;
        const left: string[] = [];
        const byMarker = new Map(stats.markers.map((m) => [m.marker, m.probability]));
        for (const m of canine.typingMarkers) {
          const [w1, w2, d1, d2] = [waste.codes[m * 2], waste.codes[m * 2 + 1], dog.codes[m * 2], dog.codes[m * 2 + 1]];
          const name = canine.markers[m].name;
          if (w2 === 0 || w1 === ALLELE_OL || w2 === ALLELE_OL || d1 === ALLELE_OL || d2 === ALLELE_OL) {
            left.push(name);
            continue;
          }
          const freq = (a: number) => {
            const n = f.typed[m];
            return Math.max(f.frequencies[m].get(a) ?? 0, 5 / (2 * n));
          };
          let expected: number;
          if (w1 === d1 && w2 === d2)
            expected = w1 === w2 ? nrc410Hom(freq(w1), theta) : nrc410Het(freq(w1), freq(w2), theta);
          else if (w1 === w2 && (d1 === w1 || d2 === w1)) expected = carrier(freq(w1), theta);
          else {
            left.push(name);
            continue;
          }
          expect(byMarker.get(name)).toBeCloseTo(Math.min(1, expected), 12);
          product *= Math.min(1, expected);
        }
        expect(left.filter((n) => byMarker.has(n))).toEqual([]);
        expect(stats.randomMatchProbability / product).toBeCloseTo(1, 9);
        expect(stats.theta).toBe(theta);
      }),
      { numRuns: 60 },
    );
  });

  it('uses the panel theta by default and names the formula', () => {
    const dog = encodeProfile(panel, { FCA069: '100 102' });
    const s = matchStatistics(dog, dog, freqs);
    expect(s.theta).toBe(panel.theta);
    expect(panel.theta).toBe(0.05);
    expect(s.formula).toMatch(/NRC II 4\.10/);
    expect(s.randomMatchProbability).toBeCloseTo(nrc410Het(0.4, 0.3, 0.05), 12);
  });

  it('leaves a marker with an OL allele out of the product and says so', () => {
    const dog = encodeProfile(panel, { FCA069: '100 102', FCA075: '110 OL' });
    const waste = encodeProfile(panel, { FCA069: '100 102', FCA075: '110' });
    const typed = [...population, encodeProfile(panel, { FCA075: '110 112' })];
    const s = matchStatistics(waste, dog, estimateAlleleFrequencies(panel, typed), { theta: 0 });
    expect(s.markers.map((m) => m.marker)).toEqual(['FCA069']);
    expect(s.offLadderMarkers).toEqual(['FCA075']);
    expect(s.offLadder).toBe('marker left out');
  });

  it('names the markers not compared, off-ladder and no call, on either side', () => {
    const dog = encodeProfile(panel, {
      FCA069: '100 102',
      FCA075: '110 OL',
      FCA105: '120 122',
      FCA149: '130 132',
      FCA220: '140',
    });
    const waste = encodeProfile(panel, {
      FCA069: '100 102',
      FCA075: '114', // an allele the dog lacks, but the dog's call there is off-ladder: not compared
      FCA105: '126 OL',
      FCA220: '140',
      FCA229: '150 152',
    });
    const s = matchStatistics(waste, dog, freqs);
    expect(s.markers.map((m) => m.marker)).toEqual(['FCA069', 'FCA220']);
    expect(s.offLadderMarkers).toEqual(['FCA075', 'FCA105']);
    expect(s.noCallMarkers).toEqual(['FCA149', 'FCA229', 'FCA310', 'FCA441', 'FCA678']);
  });

  it('counts only one-sided agreement: a waste allele the dog lacks adds nothing', () => {
    const dog = encodeProfile(panel, { FCA069: '100 100' });
    const waste = encodeProfile(panel, { FCA069: '100 102' });
    expect(matchStatistics(waste, dog, freqs).markers).toEqual([]);
    const dropout = matchStatistics(
      encodeProfile(panel, { FCA069: '100' }),
      encodeProfile(panel, { FCA069: '100 102' }),
      freqs,
      { theta: 0 },
    );
    expect(dropout.markers).toEqual([
      { marker: 'FCA069', comparison: 'DropoutConsistent', probability: expect.closeTo(0.64, 12) },
    ]);
  });

  it('prints 1 in N to two significant figures, and "more than" above the ceiling', () => {
    expect(twoSignificantFigures(4_712_345)).toBe(4_700_000);
    expect(twoSignificantFigures(98.7)).toBe(98);
    expect(twoSignificantFigures(1.93e21)).toBe(1.9e21);
    const dog = encodeProfile(panel, { FCA069: '100 102' });
    const s = matchStatistics(dog, dog, freqs, { theta: 0 });
    // 1 / 0.24 = 4.1666...
    expect(s.oneIn).toBe(4);
    expect(s.oneInText).toBe('1 in 4');
    const canine = ISAG_2006_CANINE;
    const pop = createPopulation(canine, 5);
    const stored = Array.from({ length: 200 }, () => pop.dog());
    const f = estimateAlleleFrequencies(canine, stored);
    const full = matchStatistics(stored[0], stored[0], f, { registrySize: 1000 });
    expect(full.ceiling).toBe(1e12);
    expect(full.likelihoodRatio).toBeGreaterThan(1e12);
    expect(full.aboveCeiling).toBe(true);
    expect(full.oneInText).toBe('more than 1 in 1,000,000,000,000');
    const lowered = matchStatistics(stored[0], stored[0], f, { registrySize: 1000, ceilingFactor: 1e40 });
    expect(lowered.aboveCeiling).toBe(false);
    expect(lowered.oneInText).toMatch(/^1 in \d{1,3}(,\d{3})+$/);
    expect(lowered.oneInText.slice(5).replace(/,/g, '').replace(/0+$/, '').length).toBeLessThanOrEqual(2);
    expect(Number(lowered.oneInText.slice(5).replace(/,/g, ''))).toBeLessThanOrEqual(lowered.likelihoodRatio);
    expect(() => matchStatistics(dog, dog, freqs, { theta: 1 })).toThrow(/theta/);
  });
});
