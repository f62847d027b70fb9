// Keeps the no-match clusters current (docs/decisions/waste-matching.md "No-match clusters"): called in the transaction
// that stores a match run or changes a result's approval. A waste sample is a candidate while its latest run is NoMatch
// and its approved result, if any, is NoMatch too; it joins the cluster of the unknown dog its profile links to (the
// engine's incremental NoMatchClusters), and leaves when a rerun or an approval makes it something else.
import { NoMatchClusters } from '@registry/genetics';
import type { Db } from '../../db/client.ts';
import { panels, profileFromCodes } from '../dna/panels.ts';
import * as q from './nomatchclusters.queries.ts';

const NO_MATCH = 'NoMatch';

/**
 * The clustering engine of each panel, holding the stored candidates by row id (with the profile each was added with).
 * A caller that syncs many batches (a rerun of all no-matches) keeps one across them, so each batch adds only what is
 * new instead of rebuilding the engine from every candidate; each sync first brings it in line with the stored
 * candidates (others' changes between batches included; a candidate's codes re-saved by the lab during the run are
 * not seen until the next run). Without one, each sync builds its own.
 */
export type ClusterEngines = Map<string, { engine: NoMatchClusters; profileOf: Map<number, number> }>;

const isNoMatch = (s: q.SetState) =>
  s.latestStatus === NO_MATCH && (s.approvedStatus === null || s.approvedStatus === NO_MATCH);

/** Brings the candidates of these result sets in line with their results. */
export async function syncNoMatchCandidates(
  db: Db,
  resultSetIds: number[],
  engines: ClusterEngines = new Map(),
): Promise<void> {
  const ids = [...new Set(resultSetIds)];
  if (ids.length === 0) return;
  await q.lockClusters(db);
  const states = await q.setStates(db, ids);
  const existing = new Map(
    (
      await q.candidatesOfSamples(
        db,
        states.map((s) => s.wasteSampleId),
      )
    ).map((c) => [c.wasteSampleId, c]),
  );
  const leaving = states.filter((s) => !isNoMatch(s) && existing.has(s.wasteSampleId));
  if (leaving.length) {
    const rows = leaving.map((s) => existing.get(s.wasteSampleId)!);
    await q.deleteCandidates(
      db,
      rows.map((c) => c.id),
    );
    await q.deleteEmptyClusters(db, [...new Set(rows.map((c) => c.clusterId))]);
  }
  const joining = states.filter(
    (s) => isNoMatch(s) && !existing.has(s.wasteSampleId) && s.dnaProfileId !== null && s.codes && s.panelId,
  );
  const byPanel = new Map<string, q.SetState[]>();
  for (const s of joining) byPanel.set(s.panelId!, [...(byPanel.get(s.panelId!) ?? []), s]);
  for (const [panelId, list] of byPanel) await addToClusters(db, panelId, list, engines);
}

type Placed = { clusterId: number; status: number; placedBy: string; candidateId: number };
type NewCandidate = Parameters<typeof q.insertCandidates>[1][number];

/**
 * Adds new no-match samples of one panel: the engine holds the stored candidates (built, or a kept one brought in line
 * with them), each new sample is added to it, and the sample joins the stored cluster holding most of the engine
 * cluster's other members (a new cluster when none). Stored clusters the engine joins with it are merged into that one while the lab has not touched them (every
 * candidate pending and placed by the engine); a cluster the lab reviewed or arranged is left as it is.
 */
async function addToClusters(db: Db, panelId: string, list: q.SetState[], engines: ClusterEngines) {
  const panel = panels.get(panelId);
  if (!panel) return;
  let kept = engines.get(panelId);
  if (!kept) engines.set(panelId, (kept = { engine: new NoMatchClusters(panel), profileOf: new Map() }));
  const { engine, profileOf } = kept;
  const stored = await q.candidatePlacesOfPanel(db, panelId);
  const current = new Map(stored.map((c) => [c.id, c]));
  for (const [id, profileId] of profileOf)
    if (current.get(id)?.dnaProfileId !== profileId) {
      engine.remove(id);
      profileOf.delete(id);
    }
  for (const c of await q.codesOfCandidates(
    db,
    stored.filter((c) => !profileOf.has(c.id)).map((c) => c.id),
  )) {
    engine.add(c.id, profileFromCodes(panel, c.codes));
    profileOf.set(c.id, current.get(c.id)!.dnaProfileId);
  }
  const placed = new Map<number, Placed>();
  for (const c of stored)
    placed.set(c.id, { clusterId: c.clusterId, status: c.status, placedBy: c.placedBy, candidateId: c.id });
  const ids = await q.nextIds(db, 'no_match_candidates', list.length);
  // New clusters and candidates are written together at the end (or before a merge, which updates stored rows).
  const freeClusterIds = await q.nextIds(db, 'no_match_clusters', list.length);
  const pending = { clusters: [] as { id: number; panelId: string }[], candidates: [] as NewCandidate[] };
  const flush = async () => {
    await q.insertClusters(db, pending.clusters.splice(0));
    await q.insertCandidates(db, pending.candidates.splice(0));
  };
  for (const [k, s] of list.entries()) {
    const engineId = ids[k];
    const change = engine.add(engineId, profileFromCodes(panel, s.codes!));
    const others = change.ids.filter((id) => id !== engineId).map((id) => placed.get(id)!);
    const counts = new Map<number, number>();
    for (const o of others) counts.set(o.clusterId, (counts.get(o.clusterId) ?? 0) + 1);
    const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    let clusterId: number;
    if (ranked.length) clusterId = ranked[0][0];
    else {
      clusterId = freeClusterIds.shift()!;
      pending.clusters.push({ id: clusterId, panelId });
    }
    const untouched = (id: number) =>
      [...placed.values()].filter((p) => p.clusterId === id).every((p) => p.status === 0 && p.placedBy === 'Engine');
    const merged = ranked
      .slice(1)
      .map(([id]) => id)
      .filter(untouched);
    if (merged.length) {
      await flush();
      const moving = [...placed.values()].filter((p) => merged.includes(p.clusterId));
      await q.updateCandidates(
        db,
        moving.map((p) => p.candidateId),
        { clusterId },
      );
      for (const p of moving) p.clusterId = clusterId;
      await q.deleteEmptyClusters(db, merged);
    }
    pending.candidates.push({
      id: engineId,
      clusterId,
      wasteSampleId: s.wasteSampleId,
      resultSetId: s.resultSetId,
      dnaProfileId: s.dnaProfileId!,
    });
    placed.set(engineId, { clusterId, status: 0, placedBy: 'Engine', candidateId: engineId });
    profileOf.set(engineId, s.dnaProfileId!);
  }
  await flush();
}

/** The result sets of these match results, read before the results are deleted (for a sync after the delete). */
export const resultSetsOfResults = (db: Db, resultIds: number[]) => q.setIdsOfResults(db, resultIds);
