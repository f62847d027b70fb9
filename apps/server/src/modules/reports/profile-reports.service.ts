// The profile reports under /reports: duplicate dogs and gender mismatches for a picked group. The rules here are the
// report's (right, picker types, scope, sorting, paging, export columns); the data comes through the duplicatedogs
// module's service, which owns the clusters and the profile reads.
import type { z } from 'zod';
import {
  DuplicateReviewFilter,
  Gender,
  PROFILE_REPORT_GROUP_TYPES,
  REPORT_MESSAGES,
  type DuplicateDogReportItem,
  type GenderMismatchItem,
  type duplicateDogReportQuery,
  type genderMismatchQuery,
} from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { validationError } from '../../platform/errors.ts';
import { arrayBatches, fileTimestamp, type ExportColumn, type ExportSpec } from '../../platform/exports.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import * as duplicates from '../duplicatedogs/duplicatedogs.service.ts';

async function pickedGroup(ctx: SignedInContext, groupId: number) {
  assertCan(ctx, 'report.view');
  const group = await loadGroupInScope(ctx, groupId);
  if (!(PROFILE_REPORT_GROUP_TYPES as readonly number[]).includes(group.groupType))
    throw validationError({ groupId: [REPORT_MESSAGES.noValidGroups] }, REPORT_MESSAGES.noValidGroups);
  return group;
}
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const fileName = (report: string, groupName: string) => `${report}_${groupName}_${fileTimestamp()}`;
const GENDER_NAME: Record<number, string> = {
  [Gender.Unknown]: 'Unknown',
  [Gender.Male]: 'Male',
  [Gender.Female]: 'Female',
};

// --- Duplicate dogs ---
type DuplicateQuery = Omit<z.output<typeof duplicateDogReportQuery>, 'page' | 'pageSize'>;

async function duplicateRows(ctx: SignedInContext, query: DuplicateQuery) {
  const group = await pickedGroup(ctx, query.groupId);
  const review = query.reviewStatus ?? DuplicateReviewFilter.All;
  const clusters = await duplicates.clustersUnderGroup(ctx, {
    groupPath: group.path,
    reviewed: review === DuplicateReviewFilter.All ? undefined : review === DuplicateReviewFilter.Reviewed,
    sampleNumber: query.sampleNumber,
  });
  const rows: DuplicateDogReportItem[] = clusters.map((c) => ({
    ...c,
    dateReviewed: iso(c.dateReviewed),
    members: c.members.map((m) => ({ ...m, approvalDate: iso(m.approvalDate) })),
  }));
  const latest = (r: DuplicateDogReportItem) =>
    r.members.reduce((max, m) => (m.approvalDate && m.approvalDate > max ? m.approvalDate : max), '');
  const key = {
    clusterId: (r: DuplicateDogReportItem) => r.clusterId,
    members: (r: DuplicateDogReportItem) => r.members.length + r.membersOutsideGroup,
    approvalDate: latest,
  }[query.orderBy];
  const sign = query.ascending === false ? -1 : 1;
  rows.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : a.clusterId - b.clusterId) * sign;
  });
  return { group, rows };
}

export async function duplicateDogsReport(ctx: SignedInContext, query: z.output<typeof duplicateDogReportQuery>) {
  const { rows } = await duplicateRows(ctx, query);
  const start = (query.page - 1) * query.pageSize;
  return { totalRecords: rows.length, data: rows.slice(start, start + query.pageSize) };
}

type DuplicateLine = { cluster: DuplicateDogReportItem; member: DuplicateDogReportItem['members'][number] };
const DUPLICATE_COLUMNS: ExportColumn<DuplicateLine>[] = [
  { header: 'Cluster Id', type: 'integer', value: (r) => r.cluster.clusterId },
  { header: 'Status', value: (r) => (r.cluster.reviewed ? 'Reviewed' : 'Unreviewed') },
  { header: 'Sample Number', value: (r) => r.member.sampleNumber },
  { header: 'Pet Name', value: (r) => r.member.petName },
  { header: 'Gender', value: (r) => (r.member.gender === null ? null : GENDER_NAME[r.member.gender]) },
  { header: 'Property', width: 30, value: (r) => r.member.propertyName },
  { header: 'Approval Date', type: 'date', value: (r) => r.member.approvalDate },
  { header: 'Dogs Outside Group', type: 'integer', value: (r) => r.cluster.membersOutsideGroup },
  { header: 'Reviewed By', value: (r) => r.cluster.reviewedBy },
  { header: 'Date Reviewed', type: 'date', value: (r) => r.cluster.dateReviewed },
];

/** One line per dog under the group, clusters in the report's order. */
export async function duplicateDogsExport(
  ctx: SignedInContext,
  query: DuplicateQuery,
): Promise<ExportSpec<DuplicateLine>> {
  const { group, rows } = await duplicateRows(ctx, query);
  const lines = rows.flatMap((cluster) => cluster.members.map((member) => ({ cluster, member })));
  return {
    fileName: fileName('Duplicate_Dog_Report', group.name),
    sheetName: 'Duplicate Dogs',
    columns: DUPLICATE_COLUMNS,
    totalRows: lines.length,
    batches: arrayBatches(lines),
  };
}

// --- Gender mismatch ---
type MismatchQuery = Omit<z.output<typeof genderMismatchQuery>, 'page' | 'pageSize'>;

async function mismatchInput(ctx: SignedInContext, query: MismatchQuery) {
  const group = await pickedGroup(ctx, query.groupId);
  return {
    group,
    filter: { groupPath: group.path, sampleNumber: query.sampleNumber, recordedGender: query.recordedGender },
    order: { orderBy: query.orderBy, ascending: query.ascending !== false },
  };
}
const mismatchView = (r: Awaited<ReturnType<typeof duplicates.genderMismatchesUnder>>[number]): GenderMismatchItem => ({
  ...r,
  dateApproved: iso(r.dateApproved),
});

export async function genderMismatchReport(ctx: SignedInContext, query: z.output<typeof genderMismatchQuery>) {
  const { filter, order } = await mismatchInput(ctx, query);
  const [totalRecords, rows] = await Promise.all([
    duplicates.countGenderMismatchesUnder(ctx, filter),
    duplicates.genderMismatchesUnder(ctx, filter, order, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    }),
  ]);
  return { totalRecords, data: rows.map(mismatchView) };
}

const MISMATCH_COLUMNS: ExportColumn<GenderMismatchItem>[] = [
  { header: 'Sample Number', value: (r) => r.sampleNumber },
  { header: 'Pet Name', value: (r) => r.petName },
  { header: 'Owner', width: 25, value: (r) => r.ownerName },
  { header: 'Property', width: 30, value: (r) => r.propertyName },
  { header: 'Recorded Gender', value: (r) => GENDER_NAME[r.recordedGender] ?? 'Unknown' },
  { header: 'DNA Gender', value: (r) => r.dnaSex },
  { header: 'Approval Date', type: 'date', value: (r) => r.dateApproved },
];

/** Offset batches in the report's order (a report of mismatches is small: one per wrongly recorded dog). */
export async function genderMismatchExport(
  ctx: SignedInContext,
  query: MismatchQuery,
): Promise<ExportSpec<GenderMismatchItem>> {
  const { group, filter, order } = await mismatchInput(ctx, query);
  const totalRows = await duplicates.countGenderMismatchesUnder(ctx, filter);
  async function* batches() {
    for (let offset = 0; offset < totalRows; offset += 1000) {
      const rows = await duplicates.genderMismatchesUnder(ctx, filter, order, { offset, limit: 1000 });
      if (rows.length) yield rows.map(mismatchView);
      if (rows.length < 1000) return;
    }
  }
  return {
    fileName: fileName('Gender_Mismatch_Report', group.name),
    sheetName: 'Gender Mismatch',
    columns: MISMATCH_COLUMNS,
    totalRows,
    batches: batches(),
  };
}
