// No-match clusters: waste samples that matched no dog but match each other, grouped as they arrive (incremental).
// A cluster is named by its earliest member so its id stays put while later samples join or merge into it.

import type { ComparisonCounts } from '../matching/compare.ts';
import type { Panel } from '../panels.ts';
import type { DnaProfile } from '../profile.ts';
import { ProfileIndex } from './profile-index.ts';
import { forEachConsistentCandidate } from './search.ts';
import { UnionFind } from './union-find.ts';

export type NoMatchClusterSettings = {
  /** Fewest markers compared (called on both waste samples, no OL on either); null = the panel's minimumMarkers. */
  minimumComparedMarkers: number | null;
  /** Mismatching markers allowed between two waste samples of one dog (both are degraded, so dropout is tolerated). */
  maxMismatchMarkers: number;
  /** Dropout-consistent markers allowed between two waste samples. */
  maxDropoutMarkers: number;
};

export const DEFAULT_NO_MATCH_CLUSTER_SETTINGS: NoMatchClusterSettings = Object.freeze({
  minimumComparedMarkers: null,
  maxMismatchMarkers: 0,
  maxDropoutMarkers: 4,
});

export type NoMatchCluster = { clusterId: number; ids: number[] };
export type ClusterChange = { clusterId: number; ids: number[]; mergedClusterIds: number[] };

export class NoMatchClusters {
  readonly panel: Panel;
  private readonly index: ProfileIndex;
  private readonly settings: { minimumComparedMarkers: number; maxMismatchMarkers: number; maxDropoutMarkers: number };
  /** Arrival order of each sample; a cluster is named by its member that arrived first. */
  private readonly arrival = new Map<number, number>();
  private clock = 0;
  /** Sample id to its cluster's member set; all members share one set (merged small into large). */
  private readonly clusterOf = new Map<number, Set<number>>();

  constructor(panel: Panel, settings: Partial<NoMatchClusterSettings> = {}) {
    this.panel = panel;
    this.index = new ProfileIndex(panel, 1024);
    const s = { ...DEFAULT_NO_MATCH_CLUSTER_SETTINGS, ...settings };
    for (const key of ['maxMismatchMarkers', 'maxDropoutMarkers'] as const) {
      if (!(Number.isInteger(s[key]) && s[key] >= 0))
        throw new Error(`${key} must be a whole number of markers, got ${s[key]}`);
    }
    this.settings = {
      minimumComparedMarkers: Math.max(1, s.minimumComparedMarkers ?? panel.minimumMarkers),
      maxMismatchMarkers: s.maxMismatchMarkers,
      maxDropoutMarkers: s.maxDropoutMarkers,
    };
  }

  /** Two waste samples are linked when they agree closely enough on enough compared markers (symmetric comparison). */
  private isLink(c: ComparisonCounts): boolean {
    const s = this.settings;
    return (
      c.compared >= s.minimumComparedMarkers &&
      c.mismatching <= s.maxMismatchMarkers &&
      c.dropout <= s.maxDropoutMarkers
    );
  }

  get size(): number {
    return this.index.size;
  }

  private linked(profile: DnaProfile, self: number): number[] {
    const s = this.settings;
    const bounds = {
      maxMismatch: s.maxMismatchMarkers,
      minimumAgreeing: s.minimumComparedMarkers - s.maxMismatchMarkers,
    };
    const out: number[] = [];
    forEachConsistentCandidate(this.index, profile, bounds, false, (slot, c) => {
      const id = this.index.idAt(slot);
      if (id !== self && this.isLink(c)) out.push(id);
    });
    return out;
  }

  private ordered(members: Iterable<number>): number[] {
    return [...members].sort((a, b) => (this.arrival.get(a) ?? 0) - (this.arrival.get(b) ?? 0));
  }

  private firstOf(members: Set<number>): number {
    let best = -1;
    let bestAt = Number.POSITIVE_INFINITY;
    for (const id of members) {
      const at = this.arrival.get(id) ?? 0;
      if (at < bestAt) {
        bestAt = at;
        best = id;
      }
    }
    return best;
  }

  /** Members of the cluster holding `id`, by arrival. */
  members(id: number): number[] {
    const set = this.clusterOf.get(id);
    return set ? this.ordered(set) : [];
  }

  clusterIdOf(id: number): number | undefined {
    const set = this.clusterOf.get(id);
    return set ? this.firstOf(set) : undefined;
  }

  /** Adds a waste sample that matched no dog; joins (and merges) every cluster it matches. */
  add(id: number, profile: DnaProfile): ClusterChange {
    if (this.index.has(id)) throw new Error(`waste sample ${id} is already clustered`);
    const sets = new Set(this.linked(profile, id).map((other) => this.clusterOf.get(other) as Set<number>));
    const before = [...sets].map((set) => this.firstOf(set));
    this.index.upsert(id, profile);
    this.arrival.set(id, this.clock++);
    let merged = new Set<number>([id]);
    for (const set of sets) {
      const [large, small] = set.size >= merged.size ? [set, merged] : [merged, set];
      for (const m of small) large.add(m);
      merged = large;
    }
    for (const m of merged) this.clusterOf.set(m, merged);
    const clusterId = this.firstOf(merged);
    return {
      clusterId,
      ids: this.ordered(merged),
      mergedClusterIds: before.filter((c) => c !== clusterId).sort((a, b) => a - b),
    };
  }

  /** Removes a sample (e.g. it later matched a dog); its cluster is re-formed from the remaining links, possibly splitting. */
  remove(id: number): NoMatchCluster[] {
    const set = this.clusterOf.get(id);
    if (!set) return [];
    this.index.remove(id);
    this.arrival.delete(id);
    this.clusterOf.delete(id);
    set.delete(id);
    const rest = this.ordered(set);
    const uf = new UnionFind(rest.length);
    const pos = new Map(rest.map((m, i) => [m, i]));
    for (const m of rest) {
      for (const other of this.linked(this.index.profileOf(m) as DnaProfile, m)) {
        const j = pos.get(other);
        if (j !== undefined) uf.union(pos.get(m) as number, j);
      }
    }
    const byRoot = new Map<number, Set<number>>();
    rest.forEach((m, i) => {
      const r = uf.find(i);
      let s = byRoot.get(r);
      if (!s) byRoot.set(r, (s = new Set()));
      s.add(m);
    });
    const out: NoMatchCluster[] = [];
    for (const s of byRoot.values()) {
      for (const m of s) this.clusterOf.set(m, s);
      const ids = this.ordered(s);
      out.push({ clusterId: ids[0], ids });
    }
    return out.sort((a, b) => (this.arrival.get(a.clusterId) ?? 0) - (this.arrival.get(b.clusterId) ?? 0));
  }

  /** Every cluster, singles included, ordered by the arrival of each cluster's first member. */
  clusters(): NoMatchCluster[] {
    const seen = new Set<Set<number>>();
    const out: NoMatchCluster[] = [];
    for (const set of this.clusterOf.values()) {
      if (seen.has(set)) continue;
      seen.add(set);
      const ids = this.ordered(set);
      out.push({ clusterId: ids[0], ids });
    }
    return out.sort((a, b) => (this.arrival.get(a.clusterId) ?? 0) - (this.arrival.get(b.clusterId) ?? 0));
  }
}
