// No-match clusters (spec 3 §4 "Clusters", §7 "No-match clusters"): the lab tool's filtered list, a cluster's summary,
// the clusters a candidate may move to, the candidate actions (approve, approve as single, deny, move, approve selected,
// approve all single) and the approved-only report with its export.
import type { z } from 'zod';
import { profileEntries } from '@registry/genetics';
import {
  GroupTypes,
  NO_MATCH_MESSAGES as M,
  NoMatchCandidateStatus as Status,
  usDateBounds,
  type CandidateKey,
  type NoMatchClusterView,
  type eligibleClustersQuery,
  type noMatchClustersQuery,
  type noMatchFilterBody,
  type noMatchReportQuery,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused } from '../../platform/errors.ts';
import { arrayBatches, type ExportColumn, type ExportSpec, fileTimestamp } from '../../platform/exports.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { panels, profileFromCodes } from '../dna/panels.ts';
import * as q from './nomatchclusters.queries.ts';

const clusterNotFound = () => notFound(M.clusterNotFound);
const candidateNotFound = () => notFound(M.candidateNotFound);
const ORDERS: q.ClusterOrder[] = ['none', 'candidates', 'sampleNumber', 'property', 'dateApproved', 'status'];
const ALL = { page: 1, pageSize: 100_000, order: 'none' as const, ascending: true };

const clusterStatus = (statuses: number[]) =>
  statuses.includes(Status.Pending)
    ? Status.Pending
    : statuses.includes(Status.Approved)
      ? Status.Approved
      : Status.Denied;

/** The views of these clusters in this order; `keep` narrows the candidates shown (the report shows approved ones). */
async function clusterViews(
  ctx: SignedInContext,
  ids: number[],
  options: { sampleNumberFilter?: string; keep?: (c: q.CandidateRecord) => boolean } = {},
): Promise<NoMatchClusterView[]> {
  const rows = await q.candidatesOfClusters(ctx.db, ids);
  const byCluster = new Map<number, q.CandidateRecord[]>();
  for (const r of rows) byCluster.set(r.clusterId, [...(byCluster.get(r.clusterId) ?? []), r]);
  const filter = options.sampleNumberFilter?.toUpperCase();
  return ids.map((id) => {
    const all = byCluster.get(id) ?? [];
    const shown = options.keep ? all.filter(options.keep) : all;
    return {
      id,
      status: clusterStatus(all.map((c) => c.status)),
      numberOfCandidates: all.length,
      candidates: shown.map((c) => {
        const panel = panels.get(c.panelId);
        return {
          sampleNumber: c.sampleNumber,
          alleles: panel
            ? profileEntries(profileFromCodes(panel, c.codes)).map((e) => ({
                definitionName: e.marker,
                alleleA: e.alleleA,
                alleleB: e.alleleB,
              }))
            : [],
          status: c.status,
          approvalDate: c.dateApproved,
          propertyCollectedFrom: c.propertyId !== null ? { id: c.propertyId, name: c.propertyName ?? '' } : null,
          associatedClusterId: c.clusterId,
          associatedDnaProfileId: c.dnaProfileId,
          sampleId: c.wasteSampleId,
          matchResultSetId: c.resultSetId,
          dateCollected: c.dateCollected,
          placedBy: c.placedBy,
          selected: false,
          isFiltered: Boolean(filter && c.sampleNumber.includes(filter)),
        };
      }),
    };
  });
}

type FilterInput = z.output<typeof noMatchFilterBody>;

async function filterOf(ctx: SignedInContext, query: FilterInput): Promise<q.ClusterFilter> {
  const statuses = [
    query.showPendingFilter ? Status.Pending : null,
    query.showApprovedFilter ? Status.Approved : null,
    query.showDeniedFilter ? Status.Denied : null,
  ].filter((s): s is 0 | 1 | 2 => s !== null);
  const zone = ctx.config.labTimeZone;
  return {
    groupPath: query.groupId ? (await loadGroupInScope(ctx, query.groupId)).path : undefined,
    sampleNumber: query.sampleNumberFilter || undefined,
    statuses,
    repeatedOnly: query.showRepeatedFilter === true,
    approvedFrom: query.approvalDateStartFilter ? usDateBounds(query.approvalDateStartFilter, zone)?.start : undefined,
    approvedTo: query.approvalDateEndFilter ? usDateBounds(query.approvalDateEndFilter, zone)?.end : undefined,
  };
}

export async function listClusters(ctx: SignedInContext, query: z.output<typeof noMatchClustersQuery>) {
  assertCan(ctx, 'noMatchCluster.view');
  const { ids, total } = await q.searchClusters(ctx.db, await filterOf(ctx, query), {
    page: query.page,
    pageSize: query.pageSize,
    order: ORDERS[query.orderBy ?? 0] ?? 'none',
    ascending: query.ascending ?? true,
  });
  return { totalRecords: total, data: await clusterViews(ctx, ids, { sampleNumberFilter: query.sampleNumberFilter }) };
}

async function loadCluster(ctx: SignedInContext, id: number) {
  const cluster = await q.findCluster(ctx.db, id);
  if (!cluster) throw clusterNotFound();
  return cluster;
}

export async function clusterSummary(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'noMatchCluster.view');
  await loadCluster(ctx, id);
  const [view] = await clusterViews(ctx, [id]);
  return view;
}

/** The other clusters of the candidate's panel, found by sample number (spec 3 §5: the screen searches only then). */
export async function eligibleClusters(ctx: SignedInContext, query: z.output<typeof eligibleClustersQuery>) {
  assertCan(ctx, 'noMatchCluster.view');
  const candidate = await q.findCandidate(ctx.db, query.candidateClusterId, query.candidateDnaProfileId);
  if (!candidate) throw candidateNotFound();
  const cluster = await loadCluster(ctx, candidate.clusterId);
  const { ids, total } = await q.searchClusters(
    ctx.db,
    { sampleNumber: query.sampleNumberFilter || undefined, excludeClusterId: cluster.id, panelId: cluster.panelId },
    { page: query.page, pageSize: query.pageSize, order: 'sampleNumber', ascending: true },
  );
  return { totalRecords: total, data: await clusterViews(ctx, ids, { sampleNumberFilter: query.sampleNumberFilter }) };
}

async function loadCandidate(ctx: SignedInContext, key: CandidateKey) {
  const candidate = await q.findCandidate(ctx.db, key.associatedClusterId, key.associatedDnaProfileId);
  if (!candidate) throw candidateNotFound();
  return candidate;
}

type Candidate = { id: number; clusterId: number; wasteSampleId: number; status: number };

async function setStatus(ctx: SignedInContext, list: Candidate[], status: number, action: string) {
  if (list.length === 0) return;
  await withTransaction(ctx, async (tx) => {
    await q.updateCandidates(
      tx,
      list.map((c) => c.id),
      {
        status,
        dateApproved: status === Status.Approved ? new Date() : null,
        reviewedById: ctx.caller.userId,
      },
    );
    await writeAudit(tx, ctx, {
      entityType: 'NoMatchCandidate',
      entityId: list.length === 1 ? list[0].id : null,
      actionType: action,
      before: list.map((c) => ({ clusterId: c.clusterId, wasteSampleId: c.wasteSampleId, status: c.status })),
      after: { status },
    });
  });
}

export async function approveCandidate(ctx: SignedInContext, key: CandidateKey) {
  assertCan(ctx, 'noMatchCluster.manage');
  const candidate = await loadCandidate(ctx, key);
  await setStatus(ctx, [candidate], Status.Approved, 'Approve');
  return clusterSummary(ctx, candidate.clusterId);
}

export async function denyCandidate(ctx: SignedInContext, key: CandidateKey) {
  assertCan(ctx, 'noMatchCluster.manage');
  const candidate = await loadCandidate(ctx, key);
  await setStatus(ctx, [candidate], Status.Denied, 'Deny');
  return clusterSummary(ctx, candidate.clusterId);
}

/** Moves the candidate into the cluster (a source cluster left empty goes); optionally approves it there. */
async function moveTo(
  ctx: SignedInContext,
  candidate: Candidate,
  destinationId: number,
  approve: boolean,
  action: string,
) {
  await withTransaction(ctx, async (tx) => {
    await q.updateCandidates(tx, [candidate.id], {
      clusterId: destinationId,
      placedBy: 'Lab',
      ...(approve ? { status: Status.Approved, dateApproved: new Date(), reviewedById: ctx.caller.userId } : {}),
    });
    await q.deleteEmptyClusters(tx, [candidate.clusterId]);
    await writeAudit(tx, ctx, {
      entityType: 'NoMatchCandidate',
      entityId: candidate.id,
      actionType: action,
      before: { clusterId: candidate.clusterId, status: candidate.status },
      after: { clusterId: destinationId, status: approve ? Status.Approved : candidate.status },
    });
  });
}

/** Approves the candidate as a cluster of its own (split out of its cluster when it shares it). */
export async function approveCandidateAsSingle(ctx: SignedInContext, key: CandidateKey) {
  assertCan(ctx, 'noMatchCluster.manage');
  const candidate = await loadCandidate(ctx, key);
  if ((await q.clusterSize(ctx.db, candidate.clusterId)) === 1) {
    await setStatus(ctx, [candidate], Status.Approved, 'ApproveAsSingle');
    return clusterSummary(ctx, candidate.clusterId);
  }
  const source = await loadCluster(ctx, candidate.clusterId);
  const single = await withTransaction(ctx, async (tx, txCtx) => {
    const created = await q.insertCluster(tx, source.panelId);
    await moveTo(txCtx, candidate, created.id, true, 'ApproveAsSingle');
    return created;
  });
  return clusterSummary(ctx, single.id);
}

export async function moveCandidate(
  ctx: SignedInContext,
  body: { candidateKey: CandidateKey; destinationClusterId: number; approveAfterMove: boolean },
) {
  assertCan(ctx, 'noMatchCluster.manage');
  const candidate = await loadCandidate(ctx, body.candidateKey);
  const destination = await loadCluster(ctx, body.destinationClusterId);
  const source = await loadCluster(ctx, candidate.clusterId);
  if (destination.id === source.id) throw refused(M.sameCluster);
  if (destination.panelId !== source.panelId) throw clusterNotFound();
  await moveTo(ctx, candidate, destination.id, body.approveAfterMove, 'Move');
  return clusterSummary(ctx, destination.id);
}

export async function approveSelected(ctx: SignedInContext, keys: CandidateKey[]) {
  assertCan(ctx, 'noMatchCluster.manage');
  const found: Candidate[] = [];
  for (const key of keys) {
    const candidate = await q.findCandidate(ctx.db, key.associatedClusterId, key.associatedDnaProfileId);
    if (candidate && candidate.status !== Status.Approved && !found.some((c) => c.id === candidate.id))
      found.push(candidate);
  }
  await setStatus(ctx, found, Status.Approved, 'Approve');
  return { count: found.length, message: M.approvedSuccessfully };
}

/** Approves the candidate of every single-candidate cluster the current filter shows. */
export async function approveSingles(ctx: SignedInContext, filter: FilterInput) {
  assertCan(ctx, 'noMatchCluster.manage');
  const { ids } = await q.searchClusters(ctx.db, { ...(await filterOf(ctx, filter)), singlesOnly: true }, ALL);
  const list = (await q.candidatesOfClusters(ctx.db, ids)).filter((c) => c.status !== Status.Approved);
  await setStatus(ctx, list, Status.Approved, 'ApproveSingle');
  return { count: list.length, message: M.approvedSuccessfully };
}

// --- The report: approved clusters only ---
export async function approvedClusters(ctx: SignedInContext, query: z.output<typeof noMatchReportQuery>) {
  assertCan(ctx, 'noMatchCluster.view');
  if (query.showDeniedFilter || query.showPendingFilter) throw refused(M.approvedOnly);
  const filter: q.ClusterFilter = {
    statuses: [Status.Approved],
    groupPath: query.groupId ? (await loadGroupInScope(ctx, query.groupId)).path : undefined,
  };
  const { ids, total } = await q.searchClusters(ctx.db, filter, {
    page: query.page,
    pageSize: query.pageSize,
    order: 'none',
    ascending: true,
  });
  return {
    totalRecords: total,
    data: await clusterViews(ctx, ids, { keep: (c) => c.status === Status.Approved }),
  };
}

type ReportRow = { clusterId: number; candidates: number; candidate: NoMatchClusterView['candidates'][number] };
const REPORT_COLUMNS: ExportColumn<ReportRow>[] = [
  { header: 'Cluster Id', type: 'integer', value: (r) => r.clusterId },
  { header: 'Sample Number', value: (r) => r.candidate.sampleNumber },
  { header: 'Property', width: 30, value: (r) => r.candidate.propertyCollectedFrom?.name ?? null },
  { header: 'Date Collected', type: 'date', value: (r) => r.candidate.dateCollected },
  { header: 'Approval Date', type: 'date', value: (r) => r.candidate.approvalDate },
  { header: 'Samples In Cluster', type: 'integer', value: (r) => r.candidates },
];

/** The approved clusters of a property as CSV or XLSX (spec 3 §5: the cluster CSV is for a property only). */
export async function approvedClustersExport(ctx: SignedInContext, groupId: number): Promise<ExportSpec<ReportRow>> {
  assertCan(ctx, 'noMatchCluster.view');
  const group = await loadGroupInScope(ctx, groupId);
  if (group.groupType !== GroupTypes.Property) throw refused(M.propertyOnly);
  const { data } = await approvedClusters(ctx, { page: 1, pageSize: 100_000, groupId });
  const rows = data.flatMap((c) =>
    c.candidates.map((candidate) => ({ clusterId: c.id, candidates: c.candidates.length, candidate })),
  );
  return {
    fileName: `NoMatchClusters_${group.name}_${fileTimestamp()}`,
    sheetName: 'No-match clusters',
    columns: REPORT_COLUMNS,
    totalRows: rows.length,
    batches: arrayBatches(rows),
  };
}
