import { describe, expect, it } from 'vitest';
import { ISAG_FELINE } from '../panels.ts';
import { encodeProfile } from '../profile.ts';
import { alleleFrequency, estimateAlleleFrequencies, genotypeProbability, matchStatistics } from './statistics.ts';

const panel = ISAG_FELINE;

describe('match statistics', () => {
  // 10 cats typed at FCA069: alleles 100 x8, 102 x6, 104 x4, 106 x2 (2N = 20).
  const population = ['100 100', '100 102', '100 102', '100 104', '100 106', '100 100', '102 102', '102 104', '104 106', '102 104'].map((g) =>
    encodeProfile(panel, { FCA069: g }),
  );
  const freqs = estimateAlleleFrequencies(panel, population);

  it('estimates frequencies with the 5/2N floor', () => {
    expect(alleleFrequency(freqs, 0, 1000)).toBeCloseTo(8 / 20);
    expect(alleleFrequency(freqs, 0, 1040)).toBeCloseTo(5 / 20); // observed 4/20, floored at 5/20
    expect(alleleFrequency(freqs, 0, 1200)).toBeCloseTo(5 / 20); // unseen
    expect(alleleFrequency(freqs, 1, 1000)).toBe(1); // nobody typed: no evidential weight
  });

  it('applies NRC II 4.1: p^2 + p(1-p)theta for homozygotes, 2pq for heterozygotes', () => {
    expect(genotypeProbability(freqs, 0, 1000, 1000, 0.03)).toBeCloseTo(0.4 * 0.4 + 0.4 * 0.6 * 0.03, 12);
    expect(genotypeProbability(freqs, 0, 1000, 1020, 0.03)).toBeCloseTo(2 * 0.4 * 0.3, 12);
  });

  it('gives the RMP, likelihood ratio and 1 in N of a match, with dropout counted as any carrier', () => {
    const dog = encodeProfile(panel, { FCA069: '100 102', FCA075: '110 114' });
    const waste = encodeProfile(panel, { FCA069: '100 102', FCA075: '110' });
    const typed = [...population, encodeProfile(panel, { FCA075: '110 112' }), encodeProfile(panel, { FCA075: '112 114' })];
    const f = estimateAlleleFrequencies(panel, typed);
    const s = matchStatistics(waste, dog, f);
    // FCA075: N = 2, floor 5/4 capped at 1, so the carrier probability is 1 and only FCA069 weighs.
    const p069 = 2 * alleleFrequency(f, 0, 1000) * alleleFrequency(f, 0, 1020);
    expect(s.randomMatchProbability).toBeCloseTo(p069, 12);
    expect(s.markers.map((m) => m.comparison)).toEqual(['Match', 'DropoutConsistent']);
    expect(s.likelihoodRatio).toBeCloseTo(1 / p069, 8);
    expect(s.oneIn).toBe(Math.floor(1 / p069));
    expect(() => matchStatistics(waste, dog, f, { theta: 1 })).toThrow(/theta/);
  });
});
