import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alleleFrequency, estimateAlleleFrequencies } from './matching/statistics.ts';
import { CANINE_FORENSIC_STRBASE, ISAG_2006_CANINE, ISAG_FELINE } from './panels.ts';
import {
  ParentageMatchRunResult,
  ParentageRefused,
  evaluateParentage,
  meanExclusionPower,
  parentageStatistics,
} from './parentage.ts';
import { createPopulation } from './population/generator.ts';
import { Sex, encodeProfile } from './profile.ts';

const panels = [ISAG_2006_CANINE, CANINE_FORENSIC_STRBASE];
// Hand-written genotypes below ignore the feline size ranges: the validation refusal has its own test.
const unchecked = { overrideValidation: true };

describe('parentage', () => {
  it('every litter is Certified against its true parents, and swapping dam and sire changes nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom(...panels),
        fc.integer({ min: 1, max: 8 }),
        (seed, panel, size) => {
          const pop = createPopulation(panel, seed);
          const dam = pop.dog(Sex.Female);
          const sire = pop.dog(Sex.Male);
          const freqs = estimateAlleleFrequencies(
            panel,
            Array.from({ length: 50 }, () => pop.dog()),
          );
          for (const puppy of pop.litter(dam, sire, size)) {
            const r = evaluateParentage(puppy, dam, sire, {}, freqs);
            expect(r.result).toBe(ParentageMatchRunResult.Certified);
            expect(r.failedMarkers).toBe(0);
            const swapped = evaluateParentage(puppy, sire, dam, {}, freqs);
            expect(swapped.result).toBe(r.result);
            expect(swapped.markers).toEqual(r.markers);
            expect(swapped.statistics?.combinedParentageIndex).toBeCloseTo(
              r.statistics?.combinedParentageIndex ?? 0,
              6,
            );
            expect(r.statistics?.combinedPaternityIndex).toBeGreaterThan(1);
            expect(r.statistics?.combinedExclusionProbability).toBeGreaterThan(0.99);
          }
        },
      ),
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
          if (evaluateParentage(pop.dog(), pop.dog(), pop.dog()).result === ParentageMatchRunResult.Disqualified)
            disqualified++;
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
    expect(evaluateParentage(puppy, dam, sire, unchecked).result).toBe('Certified');
    const one = encodeProfile(panel, { ...full('100 104'), FCA069: '100 108' });
    expect(evaluateParentage(one, dam, sire, unchecked)).toMatchObject({
      result: 'Inconclusive',
      failedMarkers: 1,
      testedMarkers: 9,
    });
    const two = encodeProfile(panel, { ...full('100 104'), FCA069: '100 108', FCA075: '110' });
    expect(evaluateParentage(two, dam, sire, unchecked).result).toBe('Disqualified');
    const gaps = encodeProfile(panel, { ...full('100 104'), FCA069: [], FCA075: '?', FCA105: 'OL 100' });
    const r = evaluateParentage(gaps, dam, sire, unchecked);
    expect(r.markers.slice(0, 3).map((m) => m.result)).toEqual(['Skip', 'Skip', 'Skip']);
    expect(r).toMatchObject({ result: 'Inconclusive', testedMarkers: 6, skippedMarkers: 3, failedMarkers: 0 });
    // An off-ladder call in a parent is not tested either, and a true trio with one stays Certified.
    const olDam = encodeProfile(panel, { ...full('100 102'), FCA069: 'OL 102' });
    const withOl = evaluateParentage(puppy, olDam, sire, unchecked);
    expect(withOl).toMatchObject({ result: 'Certified', skippedMarkers: 1, failedMarkers: 0 });
    // Too few tested markers without any failure is Inconclusive too.
    const sparse = encodeProfile(panel, { FCA069: '100 104' });
    expect(evaluateParentage(sparse, dam, sire, { overrideValidation: true }).result).toBe('Inconclusive');
  });

  it('refuses profiles that failed validation unless the caller overrides', () => {
    const panel = ISAG_FELINE;
    const full = (a: string) => Object.fromEntries(panel.typingMarkers.map((m) => [panel.markers[m].name, a]));
    const dam = encodeProfile(panel, full('100 102'));
    const sire = encodeProfile(panel, full('104 106'));
    const sparse = encodeProfile(panel, { FCA069: '100 104' });
    expect(() => evaluateParentage(sparse, dam, sire)).toThrow(ParentageRefused);
    expect(() => evaluateParentage(sparse, dam, sire)).toThrow(
      /the puppy's profile failed validation \(MarkerQuantityNotSufficient/,
    );
    const pop = createPopulation(panel, 8);
    const [d, r] = [pop.dog(), pop.dog()];
    const puppy = pop.litter(d, r, 1)[0];
    const failed = { sire: { result: 'Fail', failReasons: ['AggregatedMarkersDiffer'] } };
    expect(() => evaluateParentage(puppy, d, r, { validations: failed })).toThrow(
      /the sire's profile failed validation \(AggregatedMarkersDiffer\)/,
    );
    expect(evaluateParentage(puppy, d, r).result).toBe('Certified');
    expect(evaluateParentage(puppy, d, r, { validations: failed, overrideValidation: true }).result).toBe('Certified');
  });

  it('an excluding marker gives index 0, or μ over the mean exclusion power for a single-step exclusion', () => {
    const panel = ISAG_FELINE;
    const pop = createPopulation(panel, 3);
    const freqs = estimateAlleleFrequencies(
      panel,
      Array.from({ length: 300 }, () => pop.dog()),
    );
    const m = panel.typingMarkers[0];
    const alleles = [...freqs.frequencies[m].keys()].sort((x, y) => x - y);
    const full = (g: string) => Object.fromEntries(panel.typingMarkers.map((k) => [panel.markers[k].name, g]));
    const t = (c: number) => String(c / 10);
    const [a, b, c] = [alleles[2], alleles[3], alleles[4]];
    const dam = encodeProfile(panel, { ...full('100 102'), FCA069: `${t(a)} ${t(a)}` });
    const sire = encodeProfile(panel, { ...full('104 106'), FCA069: `${t(b)} ${t(b)}` });
    // Puppy FCA069 a, c: c is one 2-bp repeat step above the sire's b.
    const stepped = encodeProfile(panel, { ...full('100 104'), FCA069: `${t(a)} ${t(c)}` });
    const r = evaluateParentage(stepped, dam, sire, unchecked, freqs);
    expect(r.result).toBe('Inconclusive');
    const power = meanExclusionPower(freqs, m);
    // Independent mean exclusion power (mother known) by enumerating mother, child and a random man.
    const f = [...freqs.frequencies[m].entries()];
    let pe = 0;
    for (const [m1, q1] of f)
      for (const [m2, q2] of f)
        for (const [pa, qp] of f) {
          const pChild = q1 * q2 * qp * 0.5; // mother (m1, m2), she passes m1 or m2 (each 1/2), father passes pa
          for (const passed of [m1, m2]) {
            const child = [passed, pa];
            // A random man is excluded when he carries neither allele that could be paternal given the mother.
            const possible = new Set<number>();
            if (child[0] === m1 || child[0] === m2) possible.add(child[1]);
            if (child[1] === m1 || child[1] === m2) possible.add(child[0]);
            let carry = 0;
            for (const x of possible) carry += freqs.frequencies[m].get(x) ?? 0;
            pe += pChild * (1 - carry) ** 2;
          }
        }
    expect(power).toBeCloseTo(pe, 10);
    expect(r.statistics?.excludingMarkers).toEqual([
      { marker: 'FCA069', index: panel.mutationRate / power, singleStep: true },
    ]);
    // Far from any parental allele: index 0, so the combined indices are 0.
    const far = encodeProfile(panel, { ...full('100 104'), FCA069: `${t(a)} ${t(alleles[alleles.length - 1])}` });
    const z = evaluateParentage(far, dam, sire, unchecked, freqs).statistics;
    expect(z?.excludingMarkers[0]).toMatchObject({ index: 0, singleStep: false });
    expect(z?.combinedPaternityIndex).toBe(0);
    // The exclusion probability counts the failing marker too: higher than over the passing markers alone.
    const passingOnly = parentageStatistics(encodeProfile(panel, { ...full('100 104'), FCA069: [] }), dam, sire, freqs);
    expect(z?.combinedExclusionProbability).toBeGreaterThan(passingOnly.combinedExclusionProbability);
  });

  it('paternity index follows the trio formula', () => {
    const panel = ISAG_FELINE;
    const pop = createPopulation(panel, 1);
    const freqs = estimateAlleleFrequencies(
      panel,
      Array.from({ length: 400 }, () => pop.dog()),
    );
    const m = panel.typingMarkers[0];
    const name = panel.markers[m].name;
    const [a, b] = [...freqs.frequencies[m].keys()].sort((x, y) => x - y);
    const ta = String(a / 10);
    const tb = String(b / 10);
    // Dam a/a, sire a/b, puppy a/b: the paternal allele is b; PI = 0.5 / p(b).
    const s = parentageStatistics(
      encodeProfile(panel, { [name]: `${ta} ${tb}` }),
      encodeProfile(panel, { [name]: ta }),
      encodeProfile(panel, { [name]: `${ta} ${tb}` }),
      freqs,
    );
    const pb = alleleFrequency(freqs, m, b);
    const pa = alleleFrequency(freqs, m, a);
    expect(s.combinedPaternityIndex).toBeCloseTo(0.5 / pb, 8);
    expect(s.combinedParentageIndex).toBeCloseTo(0.5 / (2 * pa * pb), 8);
    expect(s.combinedExclusionProbability).toBeCloseTo((1 - pb) ** 2, 8);
  });
});
