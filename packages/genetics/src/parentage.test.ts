import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alleleFrequency, estimateAlleleFrequencies } from './matching/statistics.ts';
import { CANINE_FORENSIC_STRBASE, ISAG_2006_CANINE, ISAG_FELINE } from './panels.ts';
import { ParentageMatchRunResult, evaluateParentage, parentageStatistics } from './parentage.ts';
import { createPopulation } from './population/generator.ts';
import { Sex, encodeProfile } from './profile.ts';

const panels = [ISAG_2006_CANINE, CANINE_FORENSIC_STRBASE];

describe('parentage', () => {
  it('every litter is Certified against its true parents, and swapping dam and sire changes nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom(...panels), fc.integer({ min: 1, max: 8 }), (seed, panel, size) => {
        const pop = createPopulation(panel, seed);
        const dam = pop.dog(Sex.Female);
        const sire = pop.dog(Sex.Male);
        const freqs = estimateAlleleFrequencies(panel, Array.from({ length: 50 }, () => pop.dog()));
        for (const puppy of pop.litter(dam, sire, size)) {
          const r = evaluateParentage(puppy, dam, sire, {}, freqs);
          expect(r.result).toBe(ParentageMatchRunResult.Certified);
          expect(r.failedMarkers).toBe(0);
          const swapped = evaluateParentage(puppy, sire, dam, {}, freqs);
          expect(swapped.result).toBe(r.result);
          expect(swapped.markers).toEqual(r.markers);
          expect(swapped.statistics?.combinedParentageIndex).toBeCloseTo(r.statistics?.combinedParentageIndex ?? 0, 6);
          expect(r.statistics?.combinedPaternityIndex).toBeGreaterThan(1);
          expect(r.statistics?.combinedExclusionProbability).toBeGreaterThan(0.99);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('unrelated trios are Disqualified in at least 99% of cases', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom(...panels, ISAG_FELINE), (seed, panel) => {
        const pop = createPopulation(panel, seed);
        const trials = 400;
        let disqualified = 0;
        for (let i = 0; i < trials; i++) {
          if (evaluateParentage(pop.dog(), pop.dog(), pop.dog()).result === ParentageMatchRunResult.Disqualified) disqualified++;
        }
        expect(disqualified / trials).toBeGreaterThanOrEqual(0.99);
      }),
      { numRuns: 20 },
    );
  });

  it('one failing marker is a possible mutation (Inconclusive), two disqualify, skips do not count', () => {
    const panel = ISAG_FELINE;
    const full = (a: string) => Object.fromEntries(panel.typingMarkers.map((m) => [panel.markers[m].name, a]));
    const dam = encodeProfile(panel, full('100 102'));
    const sire = encodeProfile(panel, full('104 106'));
    const puppy = encodeProfile(panel, full('100 104'));
    expect(evaluateParentage(puppy, dam, sire).result).toBe('Certified');
    const one = encodeProfile(panel, { ...full('100 104'), FCA069: '100 108' });
    expect(evaluateParentage(one, dam, sire)).toMatchObject({ result: 'Inconclusive', failedMarkers: 1, testedMarkers: 9 });
    const two = encodeProfile(panel, { ...full('100 104'), FCA069: '100 108', FCA075: '110' });
    expect(evaluateParentage(two, dam, sire).result).toBe('Disqualified');
    const gaps = encodeProfile(panel, { ...full('100 104'), FCA069: [], FCA075: '?', FCA105: 'OL 100' });
    const r = evaluateParentage(gaps, dam, sire);
    expect(r.markers.slice(0, 3).map((m) => m.result)).toEqual(['Skip', 'Skip', 'Fail']);
    expect(r).toMatchObject({ result: 'Inconclusive', testedMarkers: 7, skippedMarkers: 2 });
    // Too few tested markers without any failure is Inconclusive too.
    expect(evaluateParentage(encodeProfile(panel, { FCA069: '100 104' }), dam, sire).result).toBe('Inconclusive');
  });

  it('paternity index follows the trio formula', () => {
    const panel = ISAG_FELINE;
    const pop = createPopulation(panel, 1);
    const freqs = estimateAlleleFrequencies(panel, Array.from({ length: 400 }, () => pop.dog()));
    const m = panel.typingMarkers[0];
    const name = panel.markers[m].name;
    const [a, b] = [...freqs.frequencies[m].keys()].sort((x, y) => x - y);
    const ta = String(a / 10);
    const tb = String(b / 10);
    // Dam a/a, sire a/b, puppy a/b: the paternal allele is b; PI = 0.5 / p(b).
    const s = parentageStatistics(encodeProfile(panel, { [name]: `${ta} ${tb}` }), encodeProfile(panel, { [name]: ta }), encodeProfile(panel, { [name]: `${ta} ${tb}` }), freqs);
    const pb = alleleFrequency(freqs, m, b);
    const pa = alleleFrequency(freqs, m, a);
    expect(s.combinedPaternityIndex).toBeCloseTo(0.5 / pb, 8);
    expect(s.combinedParentageIndex).toBeCloseTo(0.5 / (2 * pa * pb), 8);
    expect(s.combinedExclusionProbability).toBeCloseTo((1 - pb) ** 2, 8);
  });
});
