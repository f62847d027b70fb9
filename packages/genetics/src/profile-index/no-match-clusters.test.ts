import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countComparison } from '../matching/compare.ts';
import { ISAG_2006_CANINE } from '../panels.ts';
import { createPopulation } from '../population/generator.ts';
import type { DnaProfile } from '../profile.ts';
import { NoMatchClusters } from './no-match-clusters.ts';

const panel = ISAG_2006_CANINE;

describe('no-match clusters', () => {
  it('grow as samples arrive, merge, and split when a member leaves', () => {
    const pop = createPopulation(panel, 11);
    const [a, b] = [pop.dog(), pop.dog()];
    const clusters = new NoMatchClusters(panel);
    const light = { dropoutRate: 0.05, missingRate: 0.05, offLadderRate: 0 };
    expect(clusters.add(1, pop.wasteFrom(a, light)).ids).toEqual([1]);
    expect(clusters.add(2, pop.wasteFrom(b, light)).ids).toEqual([2]);
    expect(clusters.add(3, pop.wasteFrom(a, light))).toEqual({ clusterId: 1, ids: [1, 3], mergedClusterIds: [] });
    // A sample consistent with both (a's alleles where it overlaps b's missing markers is impossible) is not forced in.
    expect(clusters.add(4, pop.wasteFrom(b, light)).clusterId).toBe(2);
    expect(clusters.clusters().map((c) => c.ids)).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(clusters.remove(1)).toEqual([{ clusterId: 3, ids: [3] }]);
    expect(clusters.clusters().map((c) => c.ids)).toEqual([[2, 4], [3]]);
  });

  it('always equal the connected components of the sample-to-sample links, through adds and removes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const pop = createPopulation(panel, seed);
        const dogs = Array.from({ length: 6 }, () => pop.dog());
        const clusters = new NoMatchClusters(panel, { minimumComparedMarkers: 12 });
        const live = new Map<number, DnaProfile>();
        for (let step = 0; step < 40; step++) {
          if (live.size > 3 && pop.random.chance(0.25)) {
            const id = pop.random.pick([...live.keys()]);
            clusters.remove(id);
            live.delete(id);
          } else {
            const waste = pop.wasteFrom(pop.random.pick(dogs), {
              dropoutRate: 0.15,
              missingRate: 0.3,
              offLadderRate: 0.02,
            });
            clusters.add(step, waste);
            live.set(step, waste);
          }
        }
        const ids = [...live.keys()];
        const linked = (a: number, b: number) => {
          const c = countComparison(live.get(a) as DnaProfile, live.get(b) as DnaProfile);
          return c.compared >= 12 && c.mismatching === 0 && c.dropout <= 4;
        };
        const component = new Map<number, number>();
        for (const start of ids) {
          if (component.has(start)) continue;
          const stack = [start];
          component.set(start, start);
          while (stack.length) {
            const x = stack.pop() as number;
            for (const y of ids)
              if (!component.has(y) && linked(x, y)) {
                component.set(y, start);
                stack.push(y);
              }
          }
        }
        const expected = new Set(
          [...new Set(component.values())].map((root) =>
            JSON.stringify(ids.filter((i) => component.get(i) === root).sort((a, b) => a - b)),
          ),
        );
        const got = new Set(clusters.clusters().map((c) => JSON.stringify([...c.ids].sort((a, b) => a - b))));
        expect(got).toEqual(expected);
        for (const c of clusters.clusters()) expect(c.clusterId).toBe(Math.min(...c.ids));
      }),
      { numRuns: 40 },
    );
  });

  it('merges two clusters when a sample links them', () => {
    const pop = createPopulation(panel, 12);
    const dog = pop.dog();
    const typing = panel.typingMarkers;
    // Two halves of one dog do not overlap enough to link; the whole dog links both.
    const half = (from: number, to: number) => {
      const w = pop.wasteFrom(dog, { dropoutRate: 0, missingRate: 0, offLadderRate: 0 });
      typing.forEach((m, i) => {
        if (i < from || i >= to) w.codes.fill(0, m * 2, m * 2 + 2);
      });
      return w;
    };
    const clusters = new NoMatchClusters(panel, { minimumComparedMarkers: 8 });
    clusters.add(10, half(0, 10));
    clusters.add(20, half(11, 21));
    expect(clusters.clusters()).toHaveLength(2);
    const change = clusters.add(30, dog);
    expect(change).toEqual({ clusterId: 10, ids: [10, 20, 30], mergedClusterIds: [20] });
  });
});
