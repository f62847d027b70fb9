// No-match clusters: waste samples that matched no dog but match each other, grouped as they arrive (incremental).
// A cluster is named by its earliest member so its id stays put while later samples join or merge into it.

import {
  type IdentitySettings, type ResolvedIdentitySettings, resolveIdentitySettings,
} from '../matching/identity.ts';
import type { Panel } from '../panels.ts';
import type { DnaProfile } from '../profile.ts';
import { ProfileIndex } from './profile-index.ts';
import { findConsistentProfiles } from './search.ts';
import { UnionFind } from './union-find.ts';

export type NoMatchClusterSettings = {
  /** Fewest markers called on both waste samples; null = the panel's minimumMarkers. */
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
  private readonly uf = new UnionFind();
  private readonly settings: ResolvedIdentitySettings;
  /** Arrival order per index slot; the cluster id is the id of the member that arrived first. */
  private readonly arrival = new Map<number, number>();
  private clock = 0;

  constructor(panel: Panel, settings: Partial<NoMatchClusterSettings> = {}) {
    this.panel = panel;
    this.index = new ProfileIndex(panel, 1024);
    const s = { ...DEFAULT_NO_MATCH_CLUSTER_SETTINGS, ...settings };
    const identity: Partial<IdentitySettings> = {
      minimumComparedMarkers: s.minimumComparedMarkers,
      matchMaxDropoutMarkers: s.maxDropoutMarkers,
      inconclusiveMaxMismatchMarkers: s.maxMismatchMarkers,
      inconclusiveMaxDropoutMarkers: s.maxDropoutMarkers,
    };
    this.settings = resolveIdentitySettings(panel, identity);
  }

  get size(): number {
    return this.index.size;
  }

  private linked(profile: DnaProfile, self: number): number[] {
    const { match, near } = findConsistentProfiles(this.index, profile, this.settings);
    return [...match, ...near].map((h) => h.id).filter((id) => id !== self);
  }

  private root(id: number): number {
    return this.uf.find(this.index.slotFor(id));
  }

  /** Members of the cluster holding `id`, by arrival. */
  members(id: number): number[] {
    const slot = this.index.slotFor(id);
    if (slot < 0) return [];
    const root = this.uf.find(slot);
    const out: number[] = [];
    for (const other of this.index.ids()) if (this.root(other) === root) out.push(other);
    return out.sort((a, b) => (this.arrival.get(a) ?? 0) - (this.arrival.get(b) ?? 0));
  }

  clusterIdOf(id: number): number | undefined {
    return this.members(id)[0];
  }

  /** Adds a waste sample that matched no dog; joins (and merges) every cluster it matches. */
  add(id: number, profile: DnaProfile): ClusterChange {
    if (this.index.has(id)) throw new Error(`waste sample ${id} is already clustered`);
    const linked = this.linked(profile, id);
    const before = new Set(linked.map((other) => this.clusterIdOf(other) as number));
    this.index.upsert(id, profile);
    this.arrival.set(id, this.clock++);
    const slot = this.index.slotFor(id);
    this.uf.reset(slot);
    for (const other of linked) this.uf.union(slot, this.index.slotFor(other));
    const ids = this.members(id);
    const clusterId = ids[0];
    before.delete(clusterId);
    return { clusterId, ids, mergedClusterIds: [...before].sort((a, b) => a - b) };
  }

  /** Removes a sample (e.g. it later matched a dog); its cluster is re-formed from the remaining links, possibly splitting. */
  remove(id: number): NoMatchCluster[] {
    const slot = this.index.slotFor(id);
    if (slot < 0) return [];
    const rest = this.members(id).filter((m) => m !== id);
    this.index.remove(id);
    this.arrival.delete(id);
    for (const m of rest) this.uf.reset(this.index.slotFor(m));
    this.uf.reset(slot);
    const restSet = new Set(rest);
    for (const m of rest) {
      const profile = this.index.profileOf(m) as DnaProfile;
      for (const other of this.linked(profile, m)) if (restSet.has(other)) this.uf.union(this.index.slotFor(m), this.index.slotFor(other));
    }
    const seen = new Set<number>();
    const out: NoMatchCluster[] = [];
    for (const m of rest) {
      if (seen.has(m)) continue;
      const ids = this.members(m);
      ids.forEach((x) => seen.add(x));
      out.push({ clusterId: ids[0], ids });
    }
    return out;
  }

  /** Every cluster, singles included, ordered by cluster id's arrival. */
  clusters(): NoMatchCluster[] {
    const byRoot = new Map<number, number[]>();
    for (const id of this.index.ids()) {
      const r = this.root(id);
      let list = byRoot.get(r);
      if (!list) byRoot.set(r, (list = []));
      list.push(id);
    }
    const order = (a: number, b: number) => (this.arrival.get(a) ?? 0) - (this.arrival.get(b) ?? 0);
    return [...byRoot.values()].map((ids) => ids.sort(order)).sort((a, b) => order(a[0], b[0])).map((ids) => ({ clusterId: ids[0], ids }));
  }
}
