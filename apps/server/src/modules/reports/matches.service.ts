// The TD report (pets matched by approved waste results: by pet sample number, or over a group and a date range) and
// the no-match-to-match report (reruns that turned a no-match into a match), each with its counts per month.
import type { z } from 'zod';
import {
  REPORT_MESSAGES,
  type noMatchToMatchFilterQuery,
  type noMatchToMatchQuery,
  type tdReportFilterQuery,
  type tdReportQuery,
} from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { validationError } from '../../platform/errors.ts';
import { keysetBatches, type ExportColumn, type ExportSpec } from '../../platform/exports.ts';
import { assertCan } from '../../platform/rights.ts';
import * as q from './matches.queries.ts';
import { endOfDay, fileName, iso, reportGroup, window } from './reports.service.ts';

// --- TD report ---
type TdFilterQuery = z.output<typeof tdReportFilterQuery>;

/** The picked group (TD picker types, in scope) or, for a pet asked by number alone, the caller's own scope. */
async function tdFilter(ctx: SignedInContext, query: TdFilterQuery) {
  assertCan(ctx, 'report.view');
  const sampleNumber = query.sampleNumberFilter || query.sampleNumber;
  const base = { sampleNumber, start: query.startDate, end: endOfDay(query.endDate) };
  if (query.groupId !== undefined) {
    const group = await reportGroup(ctx, query.groupId, 'tdAudit');
    return { label: group.name, filter: { ...base, scope: { groupPath: group.path } } };
  }
  if (!sampleNumber) throw validationError({ groupId: [REPORT_MESSAGES.noValidGroups] }, REPORT_MESSAGES.noValidGroups);
  return { label: sampleNumber, filter: { ...base, scope: { caller: ctx.caller } } };
}

const tdView = (r: q.TdReportDbRow) => ({
  ...r,
  dateCreated: iso(r.dateCreated)!,
  matchResults: r.matchResults.map((m) => ({
    wasteSampleNumber: m.wasteSampleNumber,
    dateMatched: iso(m.dateMatched),
  })),
});

export async function tdReport(ctx: SignedInContext, query: z.output<typeof tdReportQuery>) {
  const { filter } = await tdFilter(ctx, query);
  const [totalRecords, rows] = await Promise.all([
    q.countTdReport(ctx.db, filter),
    q.tdReportRows(ctx.db, filter, window(query.page, query.pageSize), query),
  ]);
  return { totalRecords, data: rows.map(tdView) };
}

export async function tdReportChart(ctx: SignedInContext, query: TdFilterQuery) {
  const { filter } = await tdFilter(ctx, query);
  return { points: await q.tdReportChart(ctx.db, filter) };
}

const TD_COLUMNS: ExportColumn<q.TdReportDbRow>[] = [
  { header: 'Sample Number', value: (r) => r.sampleNumber },
  { header: 'Pet Name', value: (r) => r.petName },
  { header: 'Match Count', type: 'integer', value: (r) => r.matchCount },
  { header: 'Date Created', type: 'date', value: (r) => r.dateCreated },
  { header: 'Pet Owner User Name', value: (r) => r.petOwnerUsername },
  { header: 'Pet Owner', width: 25, value: (r) => r.petOwnerFullName },
  { header: 'Waste Samples', width: 40, value: (r) => r.matchResults.map((m) => m.wasteSampleNumber).join(' ') },
];

export async function tdReportExport(ctx: SignedInContext, query: TdFilterQuery): Promise<ExportSpec<q.TdReportDbRow>> {
  const { label, filter } = await tdFilter(ctx, query);
  return {
    fileName: fileName('TD_Report', label),
    sheetName: 'TD Report',
    columns: TD_COLUMNS,
    totalRows: await q.countTdReport(ctx.db, filter),
    batches: keysetBatches<q.TdReportDbRow, { id: number }>(
      (after, limit) => q.tdReportRows(ctx.db, filter, { after, limit }),
      (r) => ({ id: r.id }),
    ),
  };
}

// --- No-match to match ---
type NmtmFilterQuery = z.output<typeof noMatchToMatchFilterQuery>;

async function nmtmFilter(ctx: SignedInContext, query: NmtmFilterQuery) {
  const group = await reportGroup(ctx, query.groupId, 'noMatchToMatch');
  return { group, filter: { rootPath: group.path, start: query.startDate, end: endOfDay(query.endDate) } };
}

const nmtmView = (r: q.NoMatchToMatchDbRow) => ({ ...r, dateOfChange: iso(r.dateOfChange)! });

export async function noMatchToMatch(ctx: SignedInContext, query: z.output<typeof noMatchToMatchQuery>) {
  const { filter } = await nmtmFilter(ctx, query);
  const [totalRecords, rows] = await Promise.all([
    q.countNoMatchToMatch(ctx.db, filter),
    q.noMatchToMatchRows(ctx.db, filter, window(query.page, query.pageSize), query),
  ]);
  return { totalRecords, data: rows.map(nmtmView) };
}

export async function noMatchToMatchChart(ctx: SignedInContext, query: NmtmFilterQuery) {
  const { filter } = await nmtmFilter(ctx, query);
  return { points: await q.noMatchToMatchChart(ctx.db, filter) };
}

const NMTM_COLUMNS: ExportColumn<q.NoMatchToMatchDbRow>[] = [
  { header: 'Waste Sample Number', value: (r) => r.wasteSampleNumber },
  { header: 'Property', width: 30, value: (r) => r.propertyName },
  { header: 'Distributor', width: 25, value: (r) => r.distributor },
  { header: 'Date Collected', type: 'date', value: (r) => r.dateCollected },
  { header: 'Earlier Result', value: (r) => r.earlierResult },
  { header: 'New Result', value: (r) => r.newResult },
  { header: 'Date Of Change', type: 'date', value: (r) => r.dateOfChange },
  { header: 'Matched Sample Number', value: (r) => r.matchedSampleNumber },
  { header: 'Matched Pet', value: (r) => r.matchedPetName },
  { header: 'Pet Owner', width: 25, value: (r) => r.petOwnerName },
  { header: 'Approved', type: 'boolean', value: (r) => r.isApproved },
];

export async function noMatchToMatchExport(
  ctx: SignedInContext,
  query: NmtmFilterQuery,
): Promise<ExportSpec<q.NoMatchToMatchDbRow>> {
  const { group, filter } = await nmtmFilter(ctx, query);
  return {
    fileName: fileName('No_Match_To_Match_Report', group.name),
    sheetName: 'No Match To Match',
    columns: NMTM_COLUMNS,
    totalRows: await q.countNoMatchToMatch(ctx.db, filter),
    batches: keysetBatches<q.NoMatchToMatchDbRow, { id: number }>(
      (after, limit) => q.noMatchToMatchRows(ctx.db, filter, { after, limit }),
      (r) => ({ id: r.id }),
    ),
  };
}
