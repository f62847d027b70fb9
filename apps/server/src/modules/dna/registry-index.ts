// The registry index: one engine ProfileIndex per panel of every approved pet profile, kept by each API process.
// Loaded in the background at start-up (the server answers meanwhile; searches wait for it). Kept current across
// processes by a version counter: every change appends to dna_index_changes in its own transaction, and before each
// search a process applies the entries after the last one it saw (docs/decisions/lab.md, "The registry index").
import { ProfileIndex, type Panel } from '@registry/genetics';
import type { Db } from '../../db/client.ts';
import type { Services } from '../../platform/context.ts';
import * as q from './dna.queries.ts';
import { panels, profileFromCodes } from './panels.ts';

type Registry = {
  indexes: Map<string, ProfileIndex>;
  sampleNumbers: Map<number, string>;
  appliedSeq: number;
  ready: boolean;
  loading: Promise<void> | null;
  catchingUp: Promise<void> | null;
  loadMs: number;
  /** The longest stretch of the start-up load without a yield to the event loop (wall clock and CPU time). */
  longestStretch: { wallMs: number; cpuMs: number };
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
      longestStretch: { wallMs: 0, cpuMs: 0 },
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

/** Rows read per query while loading. */
const LOAD_BATCH = 5_000;
/** Slots of index-building work between two yields to the event loop (milliseconds of work, not seconds). */
const BUILD_STEP = 5_000;

/** Lets queued requests and timers run (the server answers while the index loads). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Times each stretch of work done without yielding: the longest, wall clock and the process's CPU time. */
function stretchTimer() {
  let wallStart = performance.now();
  let cpuStart = process.cpuUsage();
  const longest = { wallMs: 0, cpuMs: 0 };
  return {
    longest,
    start() {
      wallStart = performance.now();
      cpuStart = process.cpuUsage();
    },
    stop() {
      const cpu = process.cpuUsage(cpuStart);
      longest.wallMs = Math.max(longest.wallMs, performance.now() - wallStart);
      longest.cpuMs = Math.max(longest.cpuMs, (cpu.user + cpu.system) / 1000);
    },
  };
}

async function load(db: Db, r: Registry) {
  const started = performance.now();
  const stretch = stretchTimer();
  // Changes logged from here on are applied after the load; applying one twice is harmless (it rereads the profile).
  const fromSeq = await q.latestIndexChange(db);
  // Per panel: the ids and the codes of each batch, packed as the index stores them (no array per profile kept).
  const byPanel = new Map<string, { panel: Panel; ids: number[]; chunks: Uint16Array[] }>();
  let afterId = 0;
  for (;;) {
    const batch = await q.approvedPetProfilesAfter(db, afterId, LOAD_BATCH);
    stretch.start();
    const packed = new Map<string, { panel: Panel; ids: number[]; codes: number[][] }>();
    for (const row of batch) {
      const panel = panels.get(row.panelId);
      if (!panel) continue;
      let entry = packed.get(row.panelId);
      if (!entry) packed.set(row.panelId, (entry = { panel, ids: [], codes: [] }));
      entry.ids.push(row.id);
      entry.codes.push(row.codes);
      r.sampleNumbers.set(row.id, row.sampleNumber);
    }
    for (const [panelId, entry] of packed) {
      const width = entry.panel.markers.length * 2;
      let kept = byPanel.get(panelId);
      if (!kept) byPanel.set(panelId, (kept = { panel: entry.panel, ids: [], chunks: [] }));
      const chunk = new Uint16Array(entry.ids.length * width);
      entry.codes.forEach((c, i) => {
        for (let k = 0; k < width && k < c.length; k++) chunk[i * width + k] = c[k];
      });
      for (const id of entry.ids) kept.ids.push(id);
      kept.chunks.push(chunk);
    }
    stretch.stop();
    if (batch.length < LOAD_BATCH) break;
    afterId = batch[batch.length - 1].id;
    await yieldToEventLoop();
  }
  for (const [panelId, { panel, ids, chunks }] of byPanel) {
    await yieldToEventLoop();
    stretch.start();
    const codes = new Uint16Array(ids.length * panel.markers.length * 2);
    let offset = 0;
    for (const chunk of chunks) {
      codes.set(chunk, offset);
      offset += chunk.length;
    }
    chunks.length = 0;
    stretch.stop();
    // The build runs in steps with a yield between them: no single stretch blocks the server for long.
    const steps = ProfileIndex.buildFromCodes(panel, ids, codes, {}, BUILD_STEP);
    for (;;) {
      await yieldToEventLoop();
      stretch.start();
      const step = steps.next();
      stretch.stop();
      if (step.done) {
        r.indexes.set(panelId, step.value);
        break;
      }
    }
  }
  r.appliedSeq = fromSeq;
  r.ready = true;
  r.loadMs = performance.now() - started;
  r.longestStretch = stretch.longest;
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

/**
 * The change log as other modules follow it (the duplicate clusters keep themselves current the way the index does):
 * the last entry's number, and the entries after a number (at most 10,000, oldest first).
 */
export const latestIndexChange = (db: Db) => q.latestIndexChange(db);
export const indexChangesAfter = (db: Db, seq: number) => q.indexChangesAfter(db, seq);

export function registryStatus(config: object) {
  const r = registryOf(config);
  return {
    ready: r.ready,
    version: r.appliedSeq,
    panels: [...r.indexes.entries()].map(([panelId, index]) => ({ panelId, size: index.size })),
    loadMs: r.loadMs,
  };
}

/** How the start-up load went: its time and its longest stretch without a yield (the benchmark prints them). */
export function registryLoadReport(config: object) {
  const r = registryOf(config);
  return { loadMs: r.loadMs, longestStretch: r.longestStretch };
}
