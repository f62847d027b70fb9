// The registry index: one engine ProfileIndex per panel of every approved pet profile, kept by each API process.
// Loaded in the background at start-up (the server answers meanwhile; searches wait for it). Kept current across
// processes by a version counter: every change appends to dna_index_changes in its own transaction, and before each
// search a process applies the entries after the last one it saw (docs/decisions.md, "DNA lab").
import { ProfileIndex, type Panel } from '@registry/genetics';
import type { Db } from '../../db/client.ts';
import type { Services } from '../../platform/context.ts';
import * as q from './dna.queries.ts';
import { panels, profileFromCodes } from './panels.ts';

const LOAD_BATCH = 20_000;

type Registry = {
  indexes: Map<string, ProfileIndex>;
  sampleNumbers: Map<number, string>;
  appliedSeq: number;
  ready: boolean;
  loading: Promise<void> | null;
  catchingUp: Promise<void> | null;
  loadMs: number;
};

// One registry per app (keyed by its configuration object, as the files store is), so two apps in one test process
// behave as two API processes.
const registries = new WeakMap<object, Registry>();

function registryOf(config: object): Registry {
  let r = registries.get(config);
  if (!r) {
    r = {
      indexes: new Map(),
      sampleNumbers: new Map(),
      appliedSeq: 0,
      ready: false,
      loading: null,
      catchingUp: null,
      loadMs: 0,
    };
    registries.set(config, r);
  }
  return r;
}

function indexOf(r: Registry, panel: Panel): ProfileIndex {
  let index = r.indexes.get(panel.id);
  if (!index) r.indexes.set(panel.id, (index = new ProfileIndex(panel)));
  return index;
}

/** Starts loading the index in the background (idempotent). */
export function startRegistryIndex(services: Pick<Services, 'db' | 'config'>): Promise<void> {
  const r = registryOf(services.config);
  r.loading ??= load(services.db, r).catch((error: unknown) => {
    r.loading = null;
    throw error;
  });
  return r.loading;
}

async function load(db: Db, r: Registry) {
  const started = performance.now();
  // Changes logged from here on are applied after the load; applying one twice is harmless (it rereads the profile).
  const fromSeq = await q.latestIndexChange(db);
  const byPanel = new Map<string, { ids: number[]; codes: number[][] }>();
  let afterId = 0;
  for (;;) {
    const batch = await q.approvedPetProfilesAfter(db, afterId, LOAD_BATCH);
    for (const row of batch) {
      let entry = byPanel.get(row.panelId);
      if (!entry) byPanel.set(row.panelId, (entry = { ids: [], codes: [] }));
      entry.ids.push(row.id);
      entry.codes.push(row.codes);
      r.sampleNumbers.set(row.id, row.sampleNumber);
    }
    if (batch.length < LOAD_BATCH) break;
    afterId = batch[batch.length - 1].id;
    // Let requests in between batches: the server answers while the index loads.
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (const [panelId, entry] of byPanel) {
    const panel = panels.get(panelId);
    if (!panel) continue;
    const width = panel.markers.length * 2;
    const codes = new Uint16Array(entry.ids.length * width);
    entry.codes.forEach((c, i) => {
      for (let k = 0; k < width && k < c.length; k++) codes[i * width + k] = c[k];
    });
    r.indexes.set(panelId, ProfileIndex.fromCodes(panel, entry.ids, codes));
  }
  r.appliedSeq = fromSeq;
  r.ready = true;
  r.loadMs = performance.now() - started;
  await catchUp(db, r);
}

async function catchUp(db: Db, r: Registry): Promise<void> {
  if (r.catchingUp) return r.catchingUp;
  r.catchingUp = (async () => {
    for (;;) {
      const changes = await q.indexChangesAfter(db, r.appliedSeq);
      if (changes.length === 0) return;
      const ids = [...new Set(changes.map((c) => c.dnaProfileId))];
      const rows = await q.indexableProfiles(db, ids);
      const seen = new Set<number>();
      for (const row of rows) {
        seen.add(row.id);
        const panel = panels.get(row.panelId);
        if (!panel) continue;
        if (row.indexable) {
          indexOf(r, panel).upsert(row.id, profileFromCodes(panel, row.codes));
          r.sampleNumbers.set(row.id, row.sampleNumber);
        } else {
          r.indexes.get(row.panelId)?.remove(row.id);
          r.sampleNumbers.delete(row.id);
        }
      }
      for (const id of ids) if (!seen.has(id)) for (const index of r.indexes.values()) index.remove(id);
      r.appliedSeq = changes[changes.length - 1].seq;
    }
  })().finally(() => {
    r.catchingUp = null;
  });
  return r.catchingUp;
}

/** The current index of a panel: waits for the start-up load, then applies changes made by any process since. */
export async function currentIndex(services: Pick<Services, 'db' | 'config'>, panel: Panel) {
  const r = registryOf(services.config);
  await startRegistryIndex(services);
  if ((await q.latestIndexChange(services.db)) > r.appliedSeq) await catchUp(services.db, r);
  return { index: indexOf(r, panel), sampleNumberOf: (id: number) => r.sampleNumbers.get(id) ?? '' };
}

/** Applies the changes this process just committed (called after commit), so its own index is current at once. */
export async function refreshRegistryIndex(services: Pick<Services, 'db' | 'config'>): Promise<void> {
  const r = registryOf(services.config);
  if (!r.ready) return;
  await catchUp(services.db, r);
}

export function registryStatus(config: object) {
  const r = registryOf(config);
  return {
    ready: r.ready,
    version: r.appliedSeq,
    panels: [...r.indexes.entries()].map(([panelId, index]) => ({ panelId, size: index.size })),
    loadMs: r.loadMs,
  };
}
