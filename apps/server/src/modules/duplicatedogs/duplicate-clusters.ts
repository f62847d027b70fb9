// Duplicate dog clusters kept current: the engine's duplicate pairs over every panel's registry index, found once, then
// updated from the index change log: each changed profile loses its pairs and, while approved, gains those a search of
// the index finds (the engine's duplicate rule: at most 2 differing markers over at least the panel's minimum compared).
// Clusters are the connected components, each named by its lowest DNA profile id.
import {
  DEFAULT_DUPLICATE_SETTINGS,
  findDuplicatePairs,
  findSimilarProfiles,
  type ProfileIndex,
} from '@registry/genetics';
import type { Services } from '../../platform/context.ts';
import { panels } from '../dna/panels.ts';
import { currentIndex, indexChangesAfter, latestIndexChange } from '../dna/registry-index.ts';

export type Cluster = { id: number; ids: number[]; panelId: string };

type State = {
  edges: Map<number, Set<number>>;
  panelOf: Map<number, string>;
  seq: number;
  clusters: Cluster[] | null;
  ready: Promise<void> | null;
  updating: Promise<void> | null;
};
const states = new WeakMap<object, State>();

function stateOf(config: object): State {
  let s = states.get(config);
  if (!s)
    states.set(
      config,
      (s = { edges: new Map(), panelOf: new Map(), seq: 0, clusters: null, ready: null, updating: null }),
    );
  return s;
}

function link(s: State, a: number, b: number) {
  for (const [x, y] of [
    [a, b],
    [b, a],
  ]) {
    let set = s.edges.get(x);
    if (!set) s.edges.set(x, (set = new Set()));
    set.add(y);
  }
}
function unlink(s: State, id: number) {
  for (const other of s.edges.get(id) ?? []) {
    const set = s.edges.get(other);
    set?.delete(id);
    if (set?.size === 0) s.edges.delete(other);
  }
  s.edges.delete(id);
}

async function indexes(services: Pick<Services, 'db' | 'config'>) {
  const out: ProfileIndex[] = [];
  for (const panel of panels.list()) out.push((await currentIndex(services, panel)).index);
  return out;
}

/** The duplicates of one held profile, by a search of its panel's index. */
function duplicatesOf(index: ProfileIndex, id: number): number[] {
  const profile = index.profileOf(id);
  if (!profile) return [];
  const maxDiffering = DEFAULT_DUPLICATE_SETTINGS.maxDifferingMarkers;
  const minCompared = Math.max(1, index.panel.minimumMarkers);
  return findSimilarProfiles(index, profile, {
    minimumMatchingMarkerThreshold: Math.max(1, minCompared - maxDiffering),
    maximumFailingMarkerThreshold: maxDiffering,
    dropoutCountsAsFailing: true,
    excludeId: id,
  })
    .filter((hit) => hit.compared >= minCompared)
    .map((hit) => hit.id);
}

async function load(services: Pick<Services, 'db' | 'config'>, s: State) {
  const seq = await latestIndexChange(services.db);
  for (const index of await indexes(services)) {
    for (const pair of findDuplicatePairs(index)) {
      link(s, pair.a, pair.b);
      s.panelOf.set(pair.a, index.panel.id);
      s.panelOf.set(pair.b, index.panel.id);
    }
  }
  s.seq = seq;
  s.clusters = null;
}

async function update(services: Pick<Services, 'db' | 'config'>, s: State) {
  for (;;) {
    const changes = await indexChangesAfter(services.db, s.seq);
    if (changes.length === 0) return;
    const all = await indexes(services);
    for (const id of new Set(changes.map((c) => c.dnaProfileId))) {
      unlink(s, id);
      s.panelOf.delete(id);
      for (const index of all) {
        for (const other of duplicatesOf(index, id)) {
          link(s, id, other);
          s.panelOf.set(id, index.panel.id);
          s.panelOf.set(other, index.panel.id);
        }
      }
    }
    s.seq = changes[changes.length - 1].seq;
    s.clusters = null;
  }
}

/** Every duplicate cluster, current with the registry (lowest id first). */
export async function duplicateClusters(services: Pick<Services, 'db' | 'config'>): Promise<Cluster[]> {
  const s = stateOf(services.config);
  s.ready ??= load(services, s).catch((error: unknown) => {
    s.ready = null;
    throw error;
  });
  await s.ready;
  if ((await latestIndexChange(services.db)) > s.seq) {
    s.updating ??= update(services, s).finally(() => {
      s.updating = null;
    });
    await s.updating;
  }
  if (!s.clusters) s.clusters = components(s);
  return s.clusters;
}

function components(s: State): Cluster[] {
  const seen = new Set<number>();
  const out: Cluster[] = [];
  for (const start of s.edges.keys()) {
    if (seen.has(start)) continue;
    const ids: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const id = stack.pop()!;
      ids.push(id);
      for (const next of s.edges.get(id) ?? [])
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
    }
    ids.sort((a, b) => a - b);
    out.push({ id: ids[0], ids, panelId: s.panelOf.get(ids[0]) ?? '' });
  }
  return out.sort((a, b) => a.id - b.id);
}

/** The member key a review is stored under. */
export const memberKey = (ids: readonly number[]) => ids.join(',');
