// Duplicate dogs: every pair of profiles that agree within a tolerance, found by hashing disjoint marker groups
// (pigeonhole: a pair differing on few markers is identical on at least one whole group), then grouped by union-find.

import {
  CMP_DROPOUT,
  CMP_MISMATCH,
  type ComparisonCounts,
  compareCodes,
  countCodes,
  isComparable,
} from '../matching/compare.ts';
import type { DogProfileRecord } from '../matching/identity.ts';
import type { Panel } from '../panels.ts';
import { AgreeMode, ProfileIndex } from './profile-index.ts';
import { UnionFind } from './union-find.ts';

export type DuplicateSettings = {
  /** Most markers that may differ (mismatch or dropout-consistent) between two profiles of the same dog. */
  maxDifferingMarkers: number;
  /** Fewest markers called on both; null = the panel's minimumMarkers. */
  minimumComparedMarkers: number | null;
};

export const DEFAULT_DUPLICATE_SETTINGS: DuplicateSettings = Object.freeze({
  maxDifferingMarkers: 2,
  minimumComparedMarkers: null,
});

export type DuplicatePair = ComparisonCounts & { a: number; b: number };
export type DuplicateCluster = { ids: number[]; pairs: DuplicatePair[] };

type Resolved = { maxDiffering: number; minCompared: number };

function resolve(panel: Panel, settings: Partial<DuplicateSettings>): Resolved {
  const s = { ...DEFAULT_DUPLICATE_SETTINGS, ...settings };
  if (!(Number.isInteger(s.maxDifferingMarkers) && s.maxDifferingMarkers >= 0))
    throw new Error('maxDifferingMarkers must be a whole number');
  return {
    maxDiffering: s.maxDifferingMarkers,
    minCompared: Math.max(1, s.minimumComparedMarkers ?? panel.minimumMarkers),
  };
}

function isDuplicate(c: ComparisonCounts, r: Resolved): boolean {
  return c.compared >= r.minCompared && c.mismatching + c.dropout <= r.maxDiffering;
}

function orderPair(a: number, b: number, c: ComparisonCounts): DuplicatePair {
  return a < b ? { a, b, ...c } : { a: b, b: a, ...c };
}

/** Reference: compares every pair. Quadratic, for tests and the benchmark baseline. */
export function findDuplicatePairsByScan(
  profiles: readonly DogProfileRecord[],
  settings: Partial<DuplicateSettings> = {},
): DuplicatePair[] {
  if (profiles.length === 0) return [];
  const panel = profiles[0].profile.panel;
  const r = resolve(panel, settings);
  const out: DuplicatePair[] = [];
  for (let i = 0; i < profiles.length; i++) {
    for (let j = i + 1; j < profiles.length; j++) {
      const c = countCodes(profiles[i].profile.codes, 0, profiles[j].profile.codes, 0, panel.typingMarkers);
      if (isDuplicate(c, r)) out.push(orderPair(profiles[i].id, profiles[j].id, c));
    }
  }
  return sortPairs(out);
}

function sortPairs(pairs: DuplicatePair[]): DuplicatePair[] {
  return pairs.sort((x, y) => x.a - y.a || x.b - y.b);
}

/** Splits the typing markers into groups of at least four (fewer would make random collisions swamp the buckets). */
export function markerGroups(typing: readonly number[]): number[][] {
  const g = Math.max(1, Math.floor(typing.length / 4));
  const groups: number[][] = Array.from({ length: g }, () => []);
  typing.forEach((m, i) => groups[i % g].push(m));
  return groups;
}

/** All duplicate pairs among the profiles held by the index; equals findDuplicatePairsByScan. */
export function findDuplicatePairs(index: ProfileIndex, settings: Partial<DuplicateSettings> = {}): DuplicatePair[] {
  const panel = index.panel;
  const r = resolve(panel, settings);
  const groups = markerGroups(panel.typingMarkers);
  const G = groups.length;
  // A pair within t differences is identical on some group where both are fully called whenever
  // t + tainted(x) + tainted(y) < G (a group is "tainted" for a profile with a no call or an OL call in it: neither is
  // compared). Those pairs come from the
  // group buckets; pairs with tainted(x) + tainted(y) >= T0 = G - t are found by candidate searches instead.
  const t0 = G - r.maxDiffering;
  const codes = index.codes;
  const stride = index.stride;
  const n = index.slotCount;
  if (n > 4194304) throw new Error('duplicate search supports up to 4,194,304 profile slots per panel');
  const tainted = new Uint8Array(n);
  const groupComplete = groups.map(() => new Uint8Array(n));
  for (let slot = 0; slot < n; slot++) {
    if (!index.isLive(slot)) continue;
    const base = slot * stride;
    groups.forEach((group, g) => {
      let complete = 1;
      for (const m of group) if (!isComparable(codes[base + m * 2 + 1])) complete = 0;
      groupComplete[g][slot] = complete;
      if (!complete) tainted[slot]++;
    });
  }
  const pairs: DuplicatePair[] = [];
  const typing = panel.typingMarkers;
  const sameGroup = (x: number, y: number, group: readonly number[]) => {
    for (const m of group) {
      const i = m * 2;
      if (codes[x * stride + i] !== codes[y * stride + i] || codes[x * stride + i + 1] !== codes[y * stride + i + 1])
        return false;
    }
    return true;
  };
  // Random bucket collisions differ on most other markers: stop counting at the first difference too many.
  const tooDifferent = (x: number, y: number) => {
    let differing = 0;
    for (const m of typing) {
      const i = m * 2;
      const c = compareCodes(
        codes[x * stride + i],
        codes[x * stride + i + 1],
        codes[y * stride + i],
        codes[y * stride + i + 1],
      );
      if ((c === CMP_MISMATCH || c === CMP_DROPOUT) && ++differing > r.maxDiffering) return true;
    }
    return false;
  };
  for (let g = 0; g < G; g++) {
    const group = groups[g];
    const keys = new Float64Array(n);
    let count = 0;
    for (let slot = 0; slot < n; slot++) {
      if (t0 <= 0 || !index.isLive(slot) || !groupComplete[g][slot] || tainted[slot] >= t0) continue;
      let h = 0x811c9dc5;
      const base = slot * stride;
      for (const m of group) {
        h = Math.imul(h ^ codes[base + m * 2], 0x01000193);
        h = Math.imul(h ^ codes[base + m * 2 + 1], 0x01000193);
      }
      keys[count++] = (h >>> 1) * 4194304 + slot; // 31-bit hash, 22-bit slot: exact in a double
    }
    const sorted = keys.subarray(0, count).sort();
    for (let i = 0; i < sorted.length;) {
      const hash = Math.floor(sorted[i] / 4194304);
      let j = i + 1;
      while (j < sorted.length && Math.floor(sorted[j] / 4194304) === hash) j++;
      for (let x = i; x < j; x++) {
        const sx = sorted[x] % 4194304;
        for (let y = x + 1; y < j; y++) {
          const sy = sorted[y] % 4194304;
          if (tainted[sx] + tainted[sy] >= t0 || !sameGroup(sx, sy, group)) continue;
          let seenEarlier = false;
          for (let e = 0; e < g && !seenEarlier; e++)
            seenEarlier = groupComplete[e][sx] === 1 && groupComplete[e][sy] === 1 && sameGroup(sx, sy, groups[e]);
          if (seenEarlier || tooDifferent(sx, sy)) continue;
          const c = countCodes(codes, sx * stride, codes, sy * stride, typing);
          if (isDuplicate(c, r)) pairs.push(orderPair(index.idAt(sx), index.idAt(sy), c));
        }
      }
      i = j;
    }
  }
  // Pairs the buckets cannot guarantee. A duplicate has at least minCompared - maxDiffering identical markers.
  const minAgree = r.minCompared - r.maxDiffering;
  const check = (x: number, y: number) => {
    if (tooDifferent(x, y)) return;
    const c = countCodes(codes, x * stride, codes, y * stride, typing);
    if (isDuplicate(c, r)) pairs.push(orderPair(index.idAt(x), index.idAt(y), c));
  };
  const queryOf = (slot: number) => ({ panel, codes: codes.subarray(slot * stride, (slot + 1) * stride) });
  // Profiles tainted in t0 or more groups: searched against everything (few: they miss markers all over the panel).
  for (let x = 0; x < n; x++) {
    if (!index.isLive(x) || tainted[x] < Math.max(t0, 0)) continue;
    for (const y of index.agreeingSlots(queryOf(x), minAgree, AgreeMode.Exact)) {
      if (y !== x && (tainted[y] < t0 || x < y)) check(x, y);
    }
  }
  // Both tainted, each below t0, together at least t0: both have no-calls, so a small index of the gappy profiles will do.
  const gappy: number[] = [];
  for (let slot = 0; slot < n; slot++)
    if (index.isLive(slot) && tainted[slot] > 0 && tainted[slot] < t0) gappy.push(slot);
  if (gappy.length > 1 && t0 >= 2) {
    const gappyCodes = new Uint16Array(gappy.length * stride);
    gappy.forEach((slot, i) => gappyCodes.set(codes.subarray(slot * stride, (slot + 1) * stride), i * stride));
    const small = ProfileIndex.fromCodes(panel, gappy, gappyCodes);
    for (const x of gappy) {
      for (const j of small.agreeingSlots(queryOf(x), minAgree, AgreeMode.Exact)) {
        const y = gappy[j];
        if (x < y && tainted[x] + tainted[y] >= t0) check(x, y);
      }
    }
  }
  return sortPairs(pairs);
}

/** Groups pairs into clusters (connected components), largest first; each cluster lists its ids and pairs. */
export function clusterPairs(pairs: readonly DuplicatePair[]): DuplicateCluster[] {
  const slotOf = new Map<number, number>();
  const idOf: number[] = [];
  const slot = (id: number) => {
    let s = slotOf.get(id);
    if (s === undefined) {
      s = idOf.length;
      slotOf.set(id, s);
      idOf.push(id);
    }
    return s;
  };
  const uf = new UnionFind(pairs.length * 2 + 1);
  for (const p of pairs) uf.union(slot(p.a), slot(p.b));
  const byRoot = new Map<number, DuplicateCluster>();
  for (let s = 0; s < idOf.length; s++) {
    const root = uf.find(s);
    let c = byRoot.get(root);
    if (!c) byRoot.set(root, (c = { ids: [], pairs: [] }));
    c.ids.push(idOf[s]);
  }
  for (const p of pairs) byRoot.get(uf.find(slotOf.get(p.a) as number))?.pairs.push(p);
  const clusters = [...byRoot.values()];
  for (const c of clusters) c.ids.sort((a, b) => a - b);
  return clusters.sort((x, y) => y.ids.length - x.ids.length || x.ids[0] - y.ids[0]);
}
