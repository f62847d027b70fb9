// Sample reports (spec 3 §3, §5, §7 "Reports", §9): product by plate, the TD report and no-match to match, the last two
// with their counts over time for a chart.
import { z } from 'zod';
import { id, pagedResponse, pagingQuery, textField } from './common.ts';
import { reportDate } from './reports.ts';

const format = z.enum(['csv', 'xlsx']).default('csv');
const withoutPaging = { page: true, pageSize: true, orderBy: true, ascending: true } as const;

// --- Counts over time (the TD and no-match-to-match charts) ---
export const reportChartPoint = z.object({ period: z.string(), count: z.number().int() });
export const reportChart = z.object({ points: z.array(reportChartPoint) });
export type ReportChartPoint = z.output<typeof reportChartPoint>;

// --- Product by plate ---
export const productByPlateQuery = pagingQuery.extend({ plateName: textField(100).trim().min(1) });
export const productByPlateExportQuery = productByPlateQuery.omit(withoutPaging).extend({ format });
export const productByPlateItem = z.object({
  id: z.number().int(),
  well: z.string().nullable(),
  sampleNumber: z.string(),
  sampleType: z.string(),
  products: z.string(),
  petName: z.string().nullable(),
  petOwnerName: z.string().nullable(),
  groupName: z.string().nullable(),
  result: z.string(),
  labStatus: z.string(),
});
export const productByPlatePage = pagedResponse(productByPlateItem).extend({
  plateName: z.string(),
  productCounts: z.array(z.object({ product: z.string(), count: z.number().int() })),
});
export type ProductByPlateItem = z.output<typeof productByPlateItem>;

// --- TD report ---
/** By pet sample number, or over a group (TD picker types) and a date range of the matches' approval. */
/**
 * The TD report's parameters as spec 1 §7 names them (groupId, sampleNumberFilter, startDate, endDate); spec 3 §7's
 * `sampleNumber` (a pet asked by number alone) is kept and means the same as sampleNumberFilter.
 */
export const tdReportQuery = pagingQuery.extend({
  groupId: id.optional(),
  sampleNumberFilter: textField(20).trim().toUpperCase().optional(),
  sampleNumber: textField(20).trim().toUpperCase().optional(),
  startDate: reportDate.optional(),
  endDate: reportDate.optional(),
});
export const tdReportFilterQuery = tdReportQuery.omit(withoutPaging);
export const tdReportExportQuery = tdReportFilterQuery.extend({ format });
export const tdReportItem = z.object({
  id: z.number().int(),
  sampleNumber: z.string().nullable(),
  petName: z.string(),
  matchCount: z.number().int(),
  dateCreated: z.string(),
  petOwnerUsername: z.string().nullable(),
  petOwnerFullName: z.string().nullable(),
  matchResults: z.array(z.object({ wasteSampleNumber: z.string(), dateMatched: z.string().nullable() })),
});
export const tdReportPage = pagedResponse(tdReportItem);
export type TdReportItem = z.output<typeof tdReportItem>;

// --- No-match to match ---
export const noMatchToMatchQuery = pagingQuery.extend({
  groupId: id,
  startDate: reportDate.optional(),
  endDate: reportDate.optional(),
});
export const noMatchToMatchFilterQuery = noMatchToMatchQuery.omit(withoutPaging);
export const noMatchToMatchExportQuery = noMatchToMatchFilterQuery.extend({ format });
export const noMatchToMatchItem = z.object({
  id: z.number().int(),
  wasteSampleNumber: z.string(),
  propertyName: z.string().nullable(),
  distributor: z.string().nullable(),
  dateCollected: z.string().nullable(),
  earlierResult: z.string(),
  newResult: z.string(),
  dateOfChange: z.string(),
  matchedSampleNumber: z.string().nullable(),
  matchedPetName: z.string().nullable(),
  petOwnerName: z.string().nullable(),
  isApproved: z.boolean(),
});
export const noMatchToMatchPage = pagedResponse(noMatchToMatchItem);
export type NoMatchToMatchItem = z.output<typeof noMatchToMatchItem>;
