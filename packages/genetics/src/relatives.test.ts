import { describe, expect, it } from 'vitest';
import { ALLELE_OL } from './alleles.ts';
import { ProfileIndex } from './profile-index/profile-index.ts';
import { alleleFrequency, estimateAlleleFrequencies } from './matching/statistics.ts';
import { ISAG_2006_CANINE } from './panels.ts';
import { createPopulation } from './population/generator.ts';
import { type DnaProfile, Sex, encodeProfile, setGenotype } from './profile.ts';
import { Relationship, duoExclusionPower, findRelatives, relativeLikelihoods } from './relatives.ts';

const panel = ISAG_2006_CANINE;
const typing = panel.typingMarkers;

/** A registry of unrelated dogs plus families: each family a dam, a sire and a litter of four. */
function registry(seed: number, unrelated: number, families: number) {
  const pop = createPopulation(panel, seed);
  const index = new ProfileIndex(panel);
  let next = 1;
  const add = (p: DnaProfile) => {
    const id = next++;
    index.upsert(id, p);
    return id;
  };
  for (let i = 0; i < unrelated; i++) add(pop.dog());
  const list = Array.from({ length: families }, () => {
    const dam = pop.dog(Sex.Female);
    const sire = pop.dog(Sex.Male);
    const puppies = pop.litter(dam, sire, 4);
    return { dam: add(dam), sire: add(sire), puppies: puppies.map(add), profiles: { dam, sire, puppies } };
  });
  return { pop, index, families: list };
}

/** Two-marker profile on the ISAG panel: the first two typing markers set, the rest no call. */
function pair(first: [string, string], second: [string, string] | null = null): DnaProfile {
  const names = typing.map((m) => panel.markers[m].name);
  return encodeProfile(panel, { [names[0]]: first, ...(second ? { [names[1]]: second } : {}) });
}

describe('relative likelihood ratios', () => {
  const pop = createPopulation(panel, 7);
  const freqs = estimateAlleleFrequencies(
    panel,
    Array.from({ length: 400 }, () => pop.dog()),
  );
  const m = typing[0];
  const p = (allele: string) => alleleFrequency(freqs, m, Math.round(Number(allele) * 10));
  // Two alleles seen in the population at the first marker.
  const [a, b, c] = [...freqs.frequencies[m].keys()].sort((x, y) => x - y).map((code) => String(code / 10));

  it('follows the standard single-parent index and kinship index per marker (θ = 0)', () => {
    const cases: [[string, string], [string, string], number, number][] = [
      // child, alleged parent, parent–offspring LR, full-sibling LR = 1/4 + 1/2·T1 + 1/4·T2
      [[a, a], [a, a], 1 / p(a), 0.25 + 0.5 / p(a) + 0.25 / (p(a) * p(a))],
      [
        [a, b],
        [a, b],
        (p(a) + p(b)) / (4 * p(a) * p(b)),
        0.25 + (0.5 * (p(a) + p(b))) / (4 * p(a) * p(b)) + 0.25 / (2 * p(a) * p(b)),
      ],
      [[a, b], [a, a], 1 / (2 * p(a)), 0.25 + 0.5 / (2 * p(a))],
      [[a, a], [a, b], 1 / (2 * p(a)), 0.25 + 0.5 / (2 * p(a))],
      [[a, b], [a, c], 1 / (4 * p(a)), 0.25 + 0.5 / (4 * p(a))],
      // No allele shared: excluding, the mutation allowance μ over the marker's one-parent exclusion power.
      [[a, b], [c, c], panel.mutationRate / duoExclusionPower(freqs, m), 0.25],
    ];
    for (const [child, parent, po, fs] of cases) {
      const r = relativeLikelihoods(pair(child), pair(parent), freqs, panel.mutationRate);
      expect(r.comparedMarkers).toBe(1);
      expect(r.excludingMarkers).toBe(child.some((x) => parent.includes(x)) ? 0 : 1);
      expect(r.parentOffspring).toBeCloseTo(po, 10);
      expect(r.fullSiblings).toBeCloseTo(fs, 10);
      // Symmetric: the same ratio whichever profile is the query.
      const back = relativeLikelihoods(pair(parent), pair(child), freqs, panel.mutationRate);
      expect(back.parentOffspring).toBeCloseTo(r.parentOffspring, 10);
      expect(back.fullSiblings).toBeCloseTo(r.fullSiblings, 10);
    }
  });

  it('multiplies the markers and never compares an OL allele', () => {
    const two = relativeLikelihoods(pair([a, b], [a, a]), pair([a, c], [a, a]), freqs);
    const m2 = typing[1];
    const pa2 = alleleFrequency(freqs, m2, Math.round(Number(a) * 10));
    expect(two.comparedMarkers).toBe(2);
    expect(two.parentOffspring).toBeCloseTo((1 / (4 * p(a))) * (1 / pa2), 10);
    const ol = pair([a, b], [a, a]);
    setGenotype(ol, m2, Math.round(Number(a) * 10), ALLELE_OL);
    const withOl = relativeLikelihoods(ol, pair([a, c], [a, a]), freqs);
    expect(withOl.comparedMarkers).toBe(1);
    expect(withOl.excludingMarkers).toBe(0);
    expect(withOl.parentOffspring).toBeCloseTo(1 / (4 * p(a)), 10);
  });

  it('gives the one-parent exclusion power of two equal alleles (1/8)', () => {
    const two = {
      panelId: panel.id,
      typed: [1],
      frequencies: [
        new Map([
          [100, 0.5],
          [110, 0.5],
        ]),
      ],
    };
    expect(duoExclusionPower(two, 0)).toBeCloseTo(0.125, 12);
  });
});

describe('findRelatives', () => {
  it("finds a puppy's dam and sire as possible parents and its littermates as full siblings, above unrelated dogs", () => {
    const { index, families } = registry(20261126, 3000, 12);
    let littermates = 0;
    let listed = 0;
    let aboveStrangers = 0;
    for (const family of families) {
      const puppy = family.puppies[0];
      const r = findRelatives(index, index.profileOf(puppy)!, { excludeId: puppy });
      // Both parents are found, ranked first, with a high ratio, no excluding marker and every marker compared.
      expect(
        r.parentOffspring
          .slice(0, 2)
          .map((h) => h.id)
          .sort(),
      ).toEqual([family.dam, family.sire].sort());
      for (const h of r.parentOffspring.slice(0, 2)) {
        expect(h.likelihoodRatio).toBeGreaterThan(1e5);
        expect(h.excludingMarkers).toBe(0);
        expect(h.comparedMarkers).toBe(typing.length);
        expect(h.relationship).toBe(Relationship.ParentOffspring);
      }
      const kin = new Set([family.dam, family.sire, ...family.puppies]);
      // Unrelated dogs listed as possible parents rank below both true parents.
      for (const h of r.parentOffspring.filter((x) => !kin.has(x.id)))
        expect(h.likelihoodRatio).toBeLessThan(r.parentOffspring[1].likelihoodRatio);
      const sibIds = r.fullSiblings.map((h) => h.id);
      const firstStranger = sibIds.findIndex((id) => !kin.has(id));
      for (const id of family.puppies.slice(1)) {
        littermates++;
        const at = sibIds.indexOf(id);
        if (at >= 0) listed++;
        if (at >= 0 && (firstStranger < 0 || at < firstStranger)) aboveStrangers++;
      }
    }
    // Full siblings share half their alleles on average, with a wide spread: over 21 markers nearly every littermate
    // is listed, and most rank above every unrelated dog (a sibling's ratio can fall to tens, a stranger's reach
    // hundreds in a registry of thousands).
    expect(listed / littermates).toBeGreaterThan(0.9);
    expect(aboveStrangers / littermates).toBeGreaterThan(0.75);
  });

  it('excludes almost every unrelated dog from parent–offspring', () => {
    const { pop, index } = registry(99, 5000, 0);
    let listed = 0;
    for (let i = 0; i < 20; i++) listed += findRelatives(index, pop.dog(), { limit: 10_000 }).parentOffspring.length;
    // Sharing an allele at all 21 markers by chance is rare: well under one in a thousand per pair.
    expect(listed / (20 * 5000)).toBeLessThan(0.001);
  });

  it('keeps the limit, the ratio floor, the subset and the minimum of compared markers', () => {
    const { index, families } = registry(5, 500, 3);
    const puppy = families[0].puppies[0];
    const query = index.profileOf(puppy)!;
    const all = findRelatives(index, query, { excludeId: puppy, minimumLikelihoodRatio: 0 });
    expect(all.parentOffspring.length + all.fullSiblings.length).toBeGreaterThan(2);
    expect(findRelatives(index, query, { excludeId: puppy, limit: 1 }).parentOffspring).toHaveLength(1);
    const high = findRelatives(index, query, { excludeId: puppy, minimumLikelihoodRatio: 1e6 });
    for (const h of [...high.parentOffspring, ...high.fullSiblings]) expect(h.likelihoodRatio).toBeGreaterThan(1e6);
    const subset = findRelatives(index, query, { subset: new Set([families[0].dam]) });
    expect(subset.parentOffspring.map((h) => h.id)).toEqual([families[0].dam]);
    expect(subset.fullSiblings).toEqual([]);
    const none = findRelatives(index, query, { excludeId: puppy, minimumComparedMarkers: typing.length + 1 });
    expect(none.parentOffspring).toEqual([]);
    // The query itself (identical at every marker) is the same dog, never a relative.
    const self = findRelatives(index, query, { minimumLikelihoodRatio: 0 });
    expect([...self.parentOffspring, ...self.fullSiblings].some((h) => h.id === puppy)).toBe(false);
  });

  it('allows excluding markers only up to maxExcludingMarkers, each costing the mutation allowance', () => {
    const { index, families } = registry(11, 200, 1);
    const { dam } = families[0];
    const puppy = families[0].profiles.puppies[0];
    const mutated: DnaProfile = { panel, codes: puppy.codes.slice() };
    // Give the puppy alleles at one marker that the dam lacks: one excluding marker against her.
    const m = typing[3];
    const damCodes = index.profileOf(dam)!.codes;
    const foreign = [...index.alleleFrequencies().frequencies[m].keys()].filter(
      (x) => x !== damCodes[m * 2] && x !== damCodes[m * 2 + 1],
    );
    setGenotype(mutated, m, foreign[0], foreign[0]);
    const strict = findRelatives(index, mutated, { subset: new Set([dam]) });
    expect(strict.parentOffspring).toEqual([]);
    const allowing = findRelatives(index, mutated, { subset: new Set([dam]), maxExcludingMarkers: 1 });
    const intact = findRelatives(index, puppy, { subset: new Set([dam]) });
    expect(allowing.parentOffspring).toHaveLength(1);
    expect(allowing.parentOffspring[0].excludingMarkers).toBe(1);
    expect(allowing.parentOffspring[0].likelihoodRatio).toBeLessThan(intact.parentOffspring[0].likelihoodRatio);
  });

  it('treats an OL call at a marker like a no call', () => {
    const { index, families } = registry(3, 100, 1);
    const puppy = families[0].profiles.puppies[0];
    const withOl: DnaProfile = { panel, codes: puppy.codes.slice() };
    setGenotype(withOl, typing[0], ALLELE_OL, ALLELE_OL);
    setGenotype(withOl, typing[1], withOl.codes[typing[1] * 2], ALLELE_OL);
    const r = findRelatives(index, withOl, { subset: new Set([families[0].dam]) });
    expect(r.parentOffspring).toHaveLength(1);
    expect(r.parentOffspring[0].comparedMarkers).toBe(typing.length - 2);
    expect(r.parentOffspring[0].excludingMarkers).toBe(0);
  });
});
