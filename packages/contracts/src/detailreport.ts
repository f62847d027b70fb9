// The poo-prints detail report (spec 3 §2 /reports/pooprintsdetail and pooprintsdetailresult, §3 "Reports"): the
// properties under the picked group with their admin, addresses and counts. Its request carries one show-column flag
// per column (45); the result page and the export show only the flagged columns.
import { z } from 'zod';
import { id, pagedResponse, pagingQuery, queryBoolean, textField } from './common.ts';

type ColumnKind = 'text' | 'integer' | 'date' | 'boolean';
const column = <K extends string>(key: K, label: string, kind: ColumnKind = 'text') => ({ key, label, kind });

/** Every column of the detail report, in the order the result shows them; `show<Key>` is its request flag. */
export const DETAIL_REPORT_COLUMNS = [
  column('name', 'Property Name'),
  column('id', 'Property Id', 'integer'),
  column('parentName', 'Distributor'),
  column('managementCompany', 'Management Company'),
  column('primaryAdminName', 'Primary Admin'),
  column('primaryAdminPhone', 'Primary Admin Phone'),
  column('primaryAdminLastLogin', 'Primary Admin Last Login', 'date'),
  column('nearestContactEmail', 'Nearest Contact Email'),
  column('groupEmail', 'Property Email'),
  column('groupPhone', 'Property Phone'),
  column('website', 'Website'),
  column('propertyType', 'Property Type'),
  column('numberOfUnits', 'Number Of Units', 'integer'),
  column('orderFormUrl', 'Order Form Url'),
  column('isActive', 'Active', 'boolean'),
  column('dateCreated', 'Date Created', 'date'),
  column('dateUpdated', 'Date Updated', 'date'),
  column('mailingAddressLine1', 'Mailing Address'),
  column('mailingAddressLine2', 'Mailing Address 2'),
  column('mailingCity', 'Mailing City'),
  column('mailingState', 'Mailing State'),
  column('mailingPostalCode', 'Mailing Postal Code'),
  column('mailingCountry', 'Mailing Country'),
  column('propertyAddressLine1', 'Property Address'),
  column('propertyAddressLine2', 'Property Address 2'),
  column('propertyCity', 'Property City'),
  column('propertyState', 'Property State'),
  column('propertyPostalCode', 'Property Postal Code'),
  column('propertyCountry', 'Property Country'),
  column('residentCount', 'Residents', 'integer'),
  column('dogOwnerCount', 'Dog Owners', 'integer'),
  column('dogCount', 'Dogs', 'integer'),
  column('nonDogOwnerCount', 'Non-Dog Owners', 'integer'),
  column('wasteSampleCount', 'Waste Samples', 'integer'),
  column('matchCount', 'Match', 'integer'),
  column('noMatchCount', 'No Match', 'integer'),
  column('failCount', 'Fail', 'integer'),
  column('inconclusiveCount', 'Inconclusive', 'integer'),
  column('nonCanineCount', 'Non-Canine', 'integer'),
  column('profileCreatedCount', 'Profile Created', 'integer'),
  column('sampleReceivedCount', 'Sample Received', 'integer'),
  column('processing2ndSwabCount', 'Processing 2nd Swab', 'integer'),
  column('reswabRequestedCount', 'Reswab Requested', 'integer'),
  column('processingCompleteCount', 'Processing Complete', 'integer'),
  column('incompleteProfileCount', 'Incomplete Profile', 'integer'),
] as const;
export type DetailReportColumn = (typeof DETAIL_REPORT_COLUMNS)[number];
export type DetailReportKey = DetailReportColumn['key'];
export type DetailShowFlag = `show${Capitalize<DetailReportKey>}`;
export const detailShowFlag = <K extends DetailReportKey>(key: K) =>
  `show${key[0]!.toUpperCase()}${key.slice(1)}` as `show${Capitalize<K>}`;
/** The columns shown by default on the request form (the rest are one click away). */
export const DETAIL_REPORT_DEFAULT_COLUMNS: readonly DetailReportKey[] = [
  'name',
  'parentName',
  'managementCompany',
  'primaryAdminName',
  'numberOfUnits',
  'isActive',
  'residentCount',
  'dogCount',
  'wasteSampleCount',
  'matchCount',
  'noMatchCount',
];

/** Spec 3 §9: the status filter (default Active); the request sends isActiveFilter true, false or nothing (both). */
export const DETAIL_STATUS_FILTERS = [
  { label: 'Active', value: true },
  { label: 'Inactive', value: false },
  { label: 'Active & Inactive', value: null },
] as const;

const showFlags = Object.fromEntries(
  DETAIL_REPORT_COLUMNS.map((c) => [detailShowFlag(c.key), queryBoolean.optional()]),
) as { [K in DetailShowFlag]: z.ZodOptional<typeof queryBoolean> };

export const detailReportQuery = pagingQuery.extend({
  groupId: id,
  groupName: textField(200).optional(),
  isActiveFilter: queryBoolean.optional(),
  ...showFlags,
});
export const detailReportExportQuery = detailReportQuery
  .omit({ page: true, pageSize: true, orderBy: true, ascending: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

const text = z.string().nullable();
const count = z.number().int();
export const detailReportRow = z.object({
  id: z.number().int(),
  name: z.string(),
  parentName: text,
  managementCompany: text,
  primaryAdminName: text,
  primaryAdminPhone: text,
  primaryAdminLastLogin: text,
  nearestContactEmail: text,
  groupEmail: text,
  groupPhone: text,
  website: text,
  propertyType: text,
  numberOfUnits: z.number().int().nullable(),
  orderFormUrl: text,
  isActive: z.boolean(),
  dateCreated: z.string(),
  dateUpdated: z.string(),
  mailingAddressLine1: text,
  mailingAddressLine2: text,
  mailingCity: text,
  mailingState: text,
  mailingPostalCode: text,
  mailingCountry: text,
  propertyAddressLine1: text,
  propertyAddressLine2: text,
  propertyCity: text,
  propertyState: text,
  propertyPostalCode: text,
  propertyCountry: text,
  residentCount: count,
  dogOwnerCount: count,
  dogCount: count,
  nonDogOwnerCount: count,
  wasteSampleCount: count,
  matchCount: count,
  noMatchCount: count,
  failCount: count,
  inconclusiveCount: count,
  nonCanineCount: count,
  profileCreatedCount: count,
  sampleReceivedCount: count,
  processing2ndSwabCount: count,
  reswabRequestedCount: count,
  processingCompleteCount: count,
  incompleteProfileCount: count,
});
export const detailReportPage = pagedResponse(detailReportRow);
export type DetailReportRow = z.output<typeof detailReportRow>;

/** The flagged columns of a request, in report order; none flagged shows the default columns. */
export function shownDetailColumns(flags: Partial<Record<DetailShowFlag, boolean | undefined>>): DetailReportColumn[] {
  const shown = DETAIL_REPORT_COLUMNS.filter((c) => flags[detailShowFlag(c.key)] === true);
  return shown.length > 0 ? shown : DETAIL_REPORT_COLUMNS.filter((c) => DETAIL_REPORT_DEFAULT_COLUMNS.includes(c.key));
}
