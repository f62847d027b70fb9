// The duplicate dog report (clusters of registered dogs whose approved profiles are the same dog, reviewed or pending),
// the similar DNA profiles tool and the gender-mismatch report: the lab's views over the registry index.
import type { z } from 'zod';
import { compareProfiles, profileEntries, type DnaProfile } from '@registry/genetics';
import {
  DUPLICATE_MESSAGES,
  DuplicateClusterOrdering,
  DuplicateClusterStatus,
  Gender,
  type DuplicateClusterView,
  type duplicateReportQuery,
  type similarProfilesQuery,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused } from '../../platform/errors.ts';
import { csvCell } from '../../platform/exports.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { profileFromCodes, requirePanel } from '../dna/panels.ts';
import { currentIndex } from '../dna/registry-index.ts';
import { findSimilarProfiles } from '@registry/genetics';
import { duplicateClusters, memberKey, type Cluster } from './duplicate-clusters.ts';
import * as q from './duplicatedogs.queries.ts';

const clusterNotFound = () => notFound(DUPLICATE_MESSAGES.clusterNotFound);

/** Sample numbers of every cluster member, from the index (no database read). */
async function sampleNumbersOf(ctx: SignedInContext, clusters: Cluster[]) {
  const out = new Map<number, string>();
  const byPanel = new Map<string, Cluster[]>();
  for (const c of clusters) byPanel.set(c.panelId, [...(byPanel.get(c.panelId) ?? []), c]);
  for (const [panelId, list] of byPanel) {
    const panel = requirePanel(panelId);
    const { sampleNumberOf } = await currentIndex(ctx, panel);
    for (const c of list) for (const id of c.ids) out.set(id, sampleNumberOf(id));
  }
  return out;
}

async function clusterViews(ctx: SignedInContext, clusters: Cluster[], sampleNumberFilter?: string) {
  const ids = clusters.flatMap((c) => c.ids);
  const profiles = new Map((await q.profilesByIds(ctx.db, ids)).map((p) => [p.id, p]));
  const petRows = await q.petsWithGroup(ctx.db, [...new Set([...profiles.values()].map((p) => p.sampleNumber))]);
  const petsByNumber = new Map(petRows.map((p) => [p.sampleNumber, p]));
  const reviews = new Map(
    (
      await q.reviewsByKeys(
        ctx.db,
        clusters.map((c) => memberKey(c.ids)),
      )
    ).map((r) => [r.memberKey, r]),
  );
  const filter = sampleNumberFilter?.toUpperCase();
  return clusters.map((c): DuplicateClusterView => {
    const review = reviews.get(memberKey(c.ids));
    const status = review ? DuplicateClusterStatus.Approved : DuplicateClusterStatus.Pending;
    return {
      id: c.id,
      status,
      reviewedBy: review?.reviewedByName ?? null,
      dateReviewed: review?.dateReviewed ?? null,
      candidates: c.ids.map((id) => {
        const p = profiles.get(id);
        const pet = p ? petsByNumber.get(p.sampleNumber) : undefined;
        const panel = p ? requirePanel(p.panelId) : null;
        return {
          sampleNumber: p?.sampleNumber ?? '',
          petId: pet?.id ?? null,
          petName: pet?.name ?? null,
          gender: pet?.gender ?? null,
          alleles:
            p && panel
              ? profileEntries(profileFromCodes(panel, p.codes)).map((e) => ({
                  definitionName: e.marker,
                  alleleA: e.alleleA,
                  alleleB: e.alleleB,
                }))
              : [],
          status,
          approvalDate: p?.dateApproved ?? null,
          propertyCollectedFrom: pet?.groupId ? { id: pet.groupId, name: pet.groupName ?? '' } : null,
          associatedClusterId: c.id,
          associatedDnaProfileId: id,
          sampleId: pet?.id ?? null,
          isFiltered: Boolean(filter && p?.sampleNumber.includes(filter)),
        };
      }),
    };
  });
}

export async function duplicateReport(ctx: SignedInContext, query: z.output<typeof duplicateReportQuery>) {
  assertCan(ctx, 'dna.view');
  let clusters = await duplicateClusters(ctx);
  const wantPending = query.showPendingFilter === true;
  const wantApproved = query.showApprovedFilter === true;
  if (wantPending !== wantApproved) {
    const reviewed = await q.allReviewedKeys(ctx.db);
    clusters = clusters.filter((c) => reviewed.has(memberKey(c.ids)) === wantApproved);
  }
  if (query.sampleNumberFilter || query.groupId) {
    const numbers = await sampleNumbersOf(ctx, clusters);
    const filter = query.sampleNumberFilter?.toUpperCase();
    if (filter) clusters = clusters.filter((c) => c.ids.some((id) => numbers.get(id)?.includes(filter)));
    if (query.groupId) {
      const group = await loadGroupInScope(ctx, query.groupId);
      const inGroup = await q.sampleNumbersUnderGroup(
        ctx.db,
        [...new Set(clusters.flatMap((c) => c.ids.map((id) => numbers.get(id) ?? '')))],
        group.path,
      );
      clusters = clusters.filter((c) => c.ids.some((id) => inGroup.has(numbers.get(id) ?? '')));
    }
  }
  clusters = await orderClusters(ctx, clusters, query.orderBy ?? DuplicateClusterOrdering.None, query.ascending);
  const page = clusters.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  return { totalRecords: clusters.length, data: await clusterViews(ctx, page, query.sampleNumberFilter) };
}

/**
 * The cluster orderings (spec 3 §3): by number of candidates, by the lowest sample number, or by the first property
 * (by name) a candidate's owner lives at; clusters without one come last. Ties keep the clusters' own order.
 */
async function orderClusters(ctx: SignedInContext, clusters: Cluster[], orderBy: number, ascending = true) {
  if (orderBy === DuplicateClusterOrdering.None) return ascending ? clusters : [...clusters].reverse();
  let keyOf: (c: Cluster) => string | number | null;
  if (orderBy === DuplicateClusterOrdering.NumberOfCandidates) keyOf = (c) => c.ids.length;
  else {
    const numbers = await sampleNumbersOf(ctx, clusters);
    const lowest = (values: (string | null | undefined)[]) =>
      values.filter((v): v is string => Boolean(v)).sort()[0] ?? null;
    if (orderBy === DuplicateClusterOrdering.SampleNumber) keyOf = (c) => lowest(c.ids.map((id) => numbers.get(id)));
    else {
      const pets = await q.petsWithGroup(ctx.db, [...new Set([...numbers.values()])]);
      const property = new Map(pets.map((p) => [p.sampleNumber, p.groupName]));
      keyOf = (c) => lowest(c.ids.map((id) => property.get(numbers.get(id) ?? '')));
    }
  }
  const direction = ascending ? 1 : -1;
  return clusters
    .map((cluster, index) => ({ cluster, index, key: keyOf(cluster) }))
    .sort((a, b) => {
      if (a.key === b.key) return a.index - b.index;
      if (a.key === null) return 1;
      if (b.key === null) return -1;
      return (a.key < b.key ? -1 : 1) * direction;
    })
    .map(({ cluster }) => cluster);
}

async function findCluster(ctx: SignedInContext, id: number) {
  const cluster = (await duplicateClusters(ctx)).find((c) => c.id === id);
  if (!cluster) throw clusterNotFound();
  return cluster;
}

export async function clusterSummary(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'dna.view');
  const [view] = await clusterViews(ctx, [await findCluster(ctx, id)]);
  return view;
}

/** The clusters holding the sample's approved profile (none when it has no duplicate). */
export async function clustersForCandidate(ctx: SignedInContext, sampleNumber: string) {
  assertCan(ctx, 'dna.view');
  const profile = await q.approvedProfileOf(ctx.db, sampleNumber.toUpperCase());
  if (!profile) return [];
  const clusters = (await duplicateClusters(ctx)).filter((c) => c.ids.includes(profile.id));
  return clusterViews(ctx, clusters, sampleNumber);
}

export async function setReviewed(ctx: SignedInContext, id: number, reviewed: boolean) {
  assertCan(ctx, 'duplicates.review');
  const cluster = await findCluster(ctx, id);
  const key = memberKey(cluster.ids);
  await withTransaction(ctx, async (tx) => {
    if (reviewed) await q.upsertReview(tx, key, ctx.caller.userId, ctx.caller.fullName);
    else await q.deleteReview(tx, key);
    await writeAudit(tx, ctx, {
      entityType: 'DuplicateDogCluster',
      entityId: cluster.id,
      actionType: reviewed ? 'MarkReviewed' : 'ReturnToPending',
      after: { members: cluster.ids, status: reviewed ? 'Approved' : 'Pending' },
    });
  });
  const [view] = await clusterViews(ctx, [cluster]);
  return view;
}

/** The file and its data rows (the header row not counted), which the browser confirms over 1,000 before saving. */
const csv = (rows: (string | number | null | undefined)[][]) => ({
  text: rows.map((r) => r.map((cell) => csvCell(cell)).join(',')).join('\r\n') + '\r\n',
  rows: rows.length - 1,
});

export async function duplicateReportCsv(ctx: SignedInContext, groupId?: number) {
  assertCan(ctx, 'dna.view');
  const { data } = await duplicateReport(ctx, { page: 1, pageSize: 1_000_000, groupId });
  const rows: (string | number | null)[][] = [
    ['ClusterId', 'Status', 'SampleNumber', 'PetName', 'Property', 'ApprovalDate', 'ReviewedBy', 'DateReviewed'],
  ];
  for (const c of data)
    for (const m of c.candidates)
      rows.push([
        c.id,
        c.status === DuplicateClusterStatus.Approved ? 'Reviewed' : 'Unreviewed',
        m.sampleNumber,
        m.petName,
        m.propertyCollectedFrom?.name ?? null,
        m.approvalDate ? m.approvalDate.toISOString().slice(0, 10) : null,
        c.reviewedBy,
        c.dateReviewed ? c.dateReviewed.toISOString().slice(0, 10) : null,
      ]);
  return csv(rows);
}

const genotype = (profile: DnaProfile, marker: number) => {
  const entry = profileEntries({ panel: profile.panel, codes: profile.codes.slice(marker * 2, marker * 2 + 2) });
  return entry.length ? `${entry[0].alleleA}/${entry[0].alleleB}` : '';
};

export async function similarProfiles(ctx: SignedInContext, query: z.output<typeof similarProfilesQuery>) {
  assertCan(ctx, 'dna.view');
  const sampleNumber = query.samplenumber.toUpperCase();
  const stored = await q.approvedProfileOf(ctx.db, sampleNumber);
  if (!stored) throw refused(DUPLICATE_MESSAGES.noApprovedProfile(sampleNumber));
  const panel = requirePanel(stored.panelId);
  const profile = profileFromCodes(panel, stored.codes);
  const subset = query.propertyId
    ? await q.approvedProfileIdsUnderGroup(ctx.db, (await loadGroupInScope(ctx, query.propertyId)).path)
    : undefined;
  const { index, sampleNumberOf } = await currentIndex(ctx, panel);
  const hits = findSimilarProfiles(index, profile, {
    minimumMatchingMarkerThreshold: query.minimummatchingmarkerthreshold,
    maximumFailingMarkerThreshold: query.maximumfailingmarkerthreshold,
    excludeId: stored.id,
    subset,
  }).slice(0, 500);
  const numbers = hits.map((h) => sampleNumberOf(h.id));
  const petsByNumber = new Map((await q.petsWithGroup(ctx.db, numbers)).map((p) => [p.sampleNumber, p]));
  return {
    sampleNumber,
    dnaProfileId: stored.id,
    similar: hits.map((hit, i) => {
      const other = index.profileOf(hit.id)!;
      const comparison = compareProfiles(profile, other);
      const pairs = (wanted: (result: string) => boolean) =>
        panel.typingMarkers
          .map((m, k) => ({ m, result: comparison.markers[k].result }))
          .filter((x) => wanted(x.result))
          .map(({ m }) => ({
            marker: panel.markers[m].name,
            query: genotype(profile, m),
            candidate: genotype(other, m),
          }));
      const pet = petsByNumber.get(numbers[i]);
      return {
        sampleNumber: numbers[i],
        petId: pet?.id ?? null,
        petName: pet?.name ?? null,
        dnaProfileId: hit.id,
        matchingMarkerCount: hit.matching,
        failingMarkerCount: hit.failing,
        matchingMarkers: pairs((r) => r === 'Match'),
        failingMarkers: pairs((r) => r === 'Mismatch' || r === 'DropoutConsistent'),
      };
    }),
  };
}

const GENDER_NAME: Record<number, string> = {
  [Gender.Unknown]: 'Unknown',
  [Gender.Male]: 'Male',
  [Gender.Female]: 'Female',
};

export async function genderMismatchCsv(ctx: SignedInContext) {
  assertCan(ctx, 'dna.view');
  const rows = await q.genderMismatches(ctx.db);
  return csv([
    ['SampleNumber', 'PetId', 'PetName', 'Owner', 'RecordedGender', 'DnaGender', 'ApprovalDate'],
    ...rows.map((r) => [
      r.sampleNumber,
      r.petId,
      r.petName,
      r.ownerUserName ? [r.ownerFirstName, r.ownerLastName].filter(Boolean).join(' ') || r.ownerUserName : null,
      GENDER_NAME[r.recordedGender] ?? 'Unknown',
      r.dnaSex,
      r.dateApproved ? r.dateApproved.toISOString().slice(0, 10) : null,
    ]),
  ]);
}

// --- For the reports under /reports: the reports service checks report.view and the group's scope, then reads here.

export type GroupClusterFilter = { groupPath: string; reviewed?: boolean; sampleNumber?: string };

/**
 * The duplicate clusters with at least one dog under the group, each with its dogs under the group described and the
 * others only counted (they may lie outside the caller's scope). The caller has checked the right and the scope.
 */
export async function clustersUnderGroup(ctx: SignedInContext, filter: GroupClusterFilter) {
  let clusters = await duplicateClusters(ctx);
  if (filter.reviewed !== undefined) {
    const reviewed = await q.allReviewedKeys(ctx.db);
    clusters = clusters.filter((c) => reviewed.has(memberKey(c.ids)) === filter.reviewed);
  }
  const numbers = await sampleNumbersOf(ctx, clusters);
  const inGroup = await q.sampleNumbersUnderGroup(
    ctx.db,
    [...new Set(clusters.flatMap((c) => c.ids.map((id) => numbers.get(id) ?? '')))],
    filter.groupPath,
  );
  const wanted = filter.sampleNumber?.toUpperCase();
  const members = (c: Cluster) => c.ids.filter((id) => inGroup.has(numbers.get(id) ?? ''));
  clusters = clusters.filter((c) => {
    const own = members(c);
    return own.length > 0 && (!wanted || own.some((id) => numbers.get(id)?.includes(wanted)));
  });
  const ownIds = clusters.flatMap(members);
  const profiles = new Map((await q.profilesByIds(ctx.db, ownIds)).map((p) => [p.id, p]));
  const pets = new Map(
    (await q.petsWithGroup(ctx.db, [...new Set(ownIds.map((id) => numbers.get(id) ?? ''))])).map((p) => [
      p.sampleNumber,
      p,
    ]),
  );
  const reviews = new Map(
    (
      await q.reviewsByKeys(
        ctx.db,
        clusters.map((c) => memberKey(c.ids)),
      )
    ).map((r) => [r.memberKey, r]),
  );
  return clusters.map((c) => {
    const review = reviews.get(memberKey(c.ids));
    const own = members(c);
    return {
      clusterId: c.id,
      reviewed: review !== undefined,
      reviewedBy: review?.reviewedByName ?? null,
      dateReviewed: review?.dateReviewed ?? null,
      members: own.map((id) => {
        const sampleNumber = numbers.get(id) ?? '';
        const pet = pets.get(sampleNumber);
        return {
          sampleNumber,
          petId: pet?.id ?? null,
          petName: pet?.name ?? null,
          gender: pet?.gender ?? null,
          propertyName: pet?.groupName ?? null,
          approvalDate: profiles.get(id)?.dateApproved ?? null,
        };
      }),
      membersOutsideGroup: c.ids.length - own.length,
    };
  });
}

/** One page of the gender mismatches under the group, and their count. The caller has checked right and scope. */
export async function genderMismatchesUnder(
  ctx: SignedInContext,
  filter: q.GenderMismatchFilter,
  order: { orderBy: q.GenderMismatchOrder; ascending: boolean },
  window: { offset: number; limit: number },
) {
  const rows = await q.genderMismatchesUnder(ctx.db, filter, order, window);
  return rows.map((r) => ({
    petId: r.petId,
    sampleNumber: r.sampleNumber,
    petName: r.petName,
    ownerName: [r.ownerFirstName, r.ownerLastName].filter(Boolean).join(' ') || r.ownerUserName || null,
    propertyName: r.propertyName,
    recordedGender: r.recordedGender,
    dnaSex: r.dnaSex,
    dateApproved: r.dateApproved,
  }));
}

export const countGenderMismatchesUnder = (ctx: SignedInContext, filter: q.GenderMismatchFilter) =>
  q.countGenderMismatchesUnder(ctx.db, filter);
