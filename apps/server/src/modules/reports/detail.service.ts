// The poo-prints detail report (its group picker's types, the Active / Inactive / both filter, the flagged columns of
// the export) and product by plate (the lab's plates: what each sample on a plate was for).
import type { z } from 'zod';
import {
  DNA_MESSAGES,
  labStatusWords,
  wordsOf,
  SampleType,
  plateNotFoundMessage,
  shownDetailColumns,
  type DetailReportRow,
  type ProductByPlateItem,
  type detailReportExportQuery,
  type detailReportQuery,
  type productByPlateQuery,
} from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/errors.ts';
import { arrayBatches, keysetBatches, type ExportColumn, type ExportSpec } from '../../platform/exports.ts';
import { assertCan } from '../../platform/rights.ts';
import { sortColumn, sortColumns } from '../../platform/sorting.ts';
import * as q from './detail.queries.ts';
import * as pq from './plate.queries.ts';
import { fileName, iso, reportGroup, window } from './reports.service.ts';

// --- Poo-prints detail ---
const detailView = (r: q.DetailDbRow): DetailReportRow => ({
  ...r,
  primaryAdminLastLogin: iso(r.primaryAdminLastLogin),
  dateCreated: iso(r.dateCreated)!,
  dateUpdated: iso(r.dateUpdated)!,
});

export async function detailReport(ctx: SignedInContext, query: z.output<typeof detailReportQuery>) {
  const group = await reportGroup(ctx, query.groupId, 'detailReport');
  const filter = { rootPath: group.path, isActive: query.isActiveFilter };
  const [totalRecords, rows] = await Promise.all([
    q.countDetail(ctx.db, filter),
    q.detailRows(ctx.db, filter, window(query.page, query.pageSize), query),
  ]);
  return { totalRecords, data: rows.map(detailView) };
}

export async function detailReportExport(
  ctx: SignedInContext,
  query: z.output<typeof detailReportExportQuery>,
): Promise<ExportSpec<q.DetailDbRow>> {
  const group = await reportGroup(ctx, query.groupId, 'detailReport');
  const filter = { rootPath: group.path, isActive: query.isActiveFilter };
  const columns: ExportColumn<q.DetailDbRow>[] = shownDetailColumns(query).map((c) => ({
    header: c.label,
    type: c.kind,
    value: (r) => r[c.key],
  }));
  return {
    fileName: fileName('PooPrints_Detail_Report', group.name),
    sheetName: 'PooPrints Detail',
    columns,
    totalRows: await q.countDetail(ctx.db, filter),
    batches: keysetBatches<q.DetailDbRow, { id: number }>(
      (after, limit) => q.detailRows(ctx.db, filter, { after, limit }),
      (r) => ({ id: r.id }),
    ),
  };
}

// --- Product by plate ---
const labStatusName = (value: number) => labStatusWords(value);
const SAMPLE_TYPES: Record<number, string> = Object.fromEntries(
  Object.entries(SampleType).map(([k, v]) => [v, wordsOf(k)]),
);

/** A pet's products (PooPrints, Parentage, PetId); a waste sample is PooPrints; a control has none. */
function productsOf(r: pq.PlateSampleRow): string {
  if (r.sampleType === SampleType.WasteSample) return 'PooPrints';
  if (r.sampleType !== SampleType.Pet) return 'Control';
  const products = [r.isPooPrints && 'PooPrints', r.isParentage && 'Parentage', r.isPetId && 'PetId'].filter(Boolean);
  return products.length ? products.join(', ') : 'None';
}

async function plateItems(ctx: SignedInContext, plateName: string) {
  assertCan(ctx, 'dna.view');
  const plate = await pq.findPlate(ctx.db, plateName);
  if (!plate)
    throw new HttpError(404, {
      message: DNA_MESSAGES.plateNotFound,
      exceptionMessage: plateNotFoundMessage(plateName),
    });
  // A plate holds at most its wells (96 or 384): one bounded read.
  const items: ProductByPlateItem[] = (await pq.plateSamples(ctx.db, plate.id)).map((r) => ({
    id: r.id,
    well: r.well,
    sampleNumber: r.sampleNumber,
    sampleType: SAMPLE_TYPES[r.sampleType] ?? String(r.sampleType),
    products: productsOf(r),
    petName: r.petName,
    petOwnerName: r.petOwnerName,
    groupName: r.groupName,
    result: r.result,
    labStatus: labStatusName(r.labStatus),
  }));
  return { plate, items };
}

const PLATE_SORTS = sortColumns<(r: ProductByPlateItem) => string>({
  well: (r) => r.well ?? '',
  sampleNumber: (r) => r.sampleNumber,
  sampleType: (r) => r.sampleType,
  products: (r) => r.products,
  petName: (r) => r.petName ?? '',
  groupName: (r) => r.groupName ?? '',
  result: (r) => r.result,
  labStatus: (r) => r.labStatus,
});

export async function productByPlate(ctx: SignedInContext, query: z.output<typeof productByPlateQuery>) {
  const { plate, items } = await plateItems(ctx, query.plateName);
  const key = sortColumn(PLATE_SORTS, query.orderBy, 'well');
  const sign = query.ascending === false ? -1 : 1;
  const sorted = [...items].sort((a, b) => sign * key(a).localeCompare(key(b), 'en', { numeric: true }) || a.id - b.id);
  const counts = new Map<string, number>();
  for (const item of items)
    for (const product of item.products.split(', ')) counts.set(product, (counts.get(product) ?? 0) + 1);
  const { offset, limit } = window(query.page, query.pageSize);
  return {
    plateName: plate.plateName,
    totalRecords: items.length,
    data: sorted.slice(offset, offset + limit),
    productCounts: [...counts].map(([product, count]) => ({ product, count })),
  };
}

const PLATE_COLUMNS: ExportColumn<ProductByPlateItem>[] = [
  { header: 'Well', value: (r) => r.well },
  { header: 'Sample Number', value: (r) => r.sampleNumber },
  { header: 'Sample Type', value: (r) => r.sampleType },
  { header: 'Products', value: (r) => r.products },
  { header: 'Pet Name', value: (r) => r.petName },
  { header: 'Pet Owner', width: 25, value: (r) => r.petOwnerName },
  { header: 'Group', width: 30, value: (r) => r.groupName },
  { header: 'Result', value: (r) => r.result },
  { header: 'Lab Status', value: (r) => r.labStatus },
];

export async function productByPlateExport(
  ctx: SignedInContext,
  plateName: string,
): Promise<ExportSpec<ProductByPlateItem>> {
  const { plate, items } = await plateItems(ctx, plateName);
  return {
    fileName: fileName('Product_By_Plate', plate.plateName),
    sheetName: 'Product By Plate',
    columns: PLATE_COLUMNS,
    totalRows: items.length,
    batches: arrayBatches(items),
  };
}
