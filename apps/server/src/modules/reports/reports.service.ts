// The reports' rules: the group picker's allowed types (spec 3 §5), scope (a group outside it is a 404 like a missing
// one), the JSON page each screen shows and the export spec (columns, file name, keyset batches) the export streams.
import type { z } from 'zod';
import {
  PetSpecies,
  PropertyExportFilter,
  REPORT_GROUP_TYPES,
  REPORT_MESSAGES,
  registrationStatusWords,
  sampleStatusWords,
  wordsOf,
  type InventoryRow,
  type ReportPicker,
  type inventoryQuery,
  type propertyExportQuery,
  type residentRegistrationsQuery,
  type tdAuditQuery,
} from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { validationError } from '../../platform/errors.ts';
import { fileTimestamp, keysetBatches, type ExportColumn, type ExportSpec } from '../../platform/exports.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { pageWindow } from '../../platform/paging.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import * as q from './reports.queries.ts';

/** The picked group: in the caller's scope (else 404) and of a type the report's picker allows (else 400). */
export async function reportGroup(ctx: SignedInContext, groupId: number, picker: ReportPicker) {
  assertCan(ctx, 'report.view');
  const group = await loadGroupInScope(ctx, groupId);
  if (!(REPORT_GROUP_TYPES[picker] as readonly number[]).includes(group.groupType))
    throw validationError({ groupId: [REPORT_MESSAGES.noValidGroups] }, REPORT_MESSAGES.noValidGroups);
  return group;
}

/** An end date given as a day covers the whole day (spec 3 §9: end 23:59:59.999). */
export const endOfDay = (date: Date | undefined) =>
  date && date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0
    ? new Date(date.getTime() + 86_400_000 - 1)
    : date;

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
export const window = (page: number, pageSize: number) => pageWindow({ page, pageSize });
const nameOf = (value: number, values: Record<string, number>) =>
  Object.entries(values).find(([, v]) => v === value)?.[0] ?? String(value);
const speciesNames = (flags: number) =>
  Object.entries(PetSpecies)
    .filter(([name, bit]) => name !== 'None' && (flags & bit) !== 0)
    .map(([name]) => name)
    .join(', ');
export const fileName = (report: string, groupName: string) => `${report}_${groupName}_${fileTimestamp()}`;

// --- TD audit ---
type TdAuditQuery = z.output<typeof tdAuditQuery>;

const tdAuditFilter = (rootPath: string, query: Omit<TdAuditQuery, 'page' | 'pageSize'>): q.TdAuditFilter => ({
  rootPath,
  start: query.dateFilterStart,
  end: endOfDay(query.dateFilterEnd),
});

export async function tdAudit(ctx: SignedInContext, query: TdAuditQuery) {
  const group = await reportGroup(ctx, query.groupId, 'tdAudit');
  const filter = tdAuditFilter(group.path, query);
  const [totalRecords, data] = await Promise.all([
    q.countTdAudit(ctx.db, filter),
    q.tdAuditRows(ctx.db, filter, window(query.page, query.pageSize)),
  ]);
  return { totalRecords, data: data.map((r) => ({ ...r, dateCreated: iso(r.dateCreated)! })) };
}

const TD_AUDIT_COLUMNS: ExportColumn<q.TdAuditRow>[] = [
  { header: 'Sample Number', value: (r) => r.sampleNumber },
  { header: 'Collected By', value: (r) => r.collectedByName },
  { header: 'Date Created', type: 'date', value: (r) => r.dateCreated },
  { header: 'Status', value: (r) => sampleStatusWords(r.customerFacingStatus) },
  { header: 'Property Collected From', width: 30, value: (r) => r.propertyCollectedFrom },
  { header: 'Distributor', width: 25, value: (r) => r.distributor },
  { header: 'Created By User Name', value: (r) => r.createdByUserName },
  { header: 'Created By', value: (r) => r.createdByFullname },
  { header: 'Created By Email', width: 30, value: (r) => r.createdByEmail },
];

export async function tdAuditExport(
  ctx: SignedInContext,
  query: Omit<TdAuditQuery, 'page' | 'pageSize'>,
): Promise<ExportSpec<q.TdAuditRow>> {
  const group = await reportGroup(ctx, query.groupId, 'tdAudit');
  const filter = tdAuditFilter(group.path, query);
  return {
    fileName: fileName('Td_Audit_Report', group.name),
    sheetName: 'TD Audit',
    columns: TD_AUDIT_COLUMNS,
    totalRows: await q.countTdAudit(ctx.db, filter),
    batches: keysetBatches<q.TdAuditRow, { id: number }>(
      (after, limit) => q.tdAuditRows(ctx.db, filter, { after, limit }),
      (r) => ({ id: r.id }),
    ),
  };
}

// --- Inventory ---
const withFlags = (row: q.InventoryDbRow): InventoryRow => ({
  ...row,
  dnBelowThreshold: row.dnBarcodeCount < row.dnBarcodeThreshold,
  tdBelowThreshold: row.tdBarcodeCount < row.tdBarcodeThreshold,
});

export async function inventory(ctx: SignedInContext, groupId: number, query: z.output<typeof inventoryQuery>) {
  const group = await reportGroup(ctx, groupId, 'inventory');
  const rows = await q.inventoryRows(ctx.db, group.path, query.belowThresholdOnly ?? false);
  return { groupId: group.id, groupName: group.name, rows: rows.map(withFlags) };
}

const INVENTORY_COLUMNS: ExportColumn<InventoryRow>[] = [
  { header: 'Group', width: 30, value: (r) => r.groupName },
  { header: 'Active', type: 'boolean', value: (r) => r.isActive },
  { header: 'DN Barcode Count', type: 'integer', value: (r) => r.dnBarcodeCount },
  { header: 'DN Barcode Threshold', type: 'integer', value: (r) => r.dnBarcodeThreshold },
  { header: 'DN Below Threshold', type: 'boolean', value: (r) => r.dnBelowThreshold },
  { header: 'TD Barcode Count', type: 'integer', value: (r) => r.tdBarcodeCount },
  { header: 'TD Barcode Threshold', type: 'integer', value: (r) => r.tdBarcodeThreshold },
  { header: 'TD Below Threshold', type: 'boolean', value: (r) => r.tdBelowThreshold },
];

export async function inventoryExport(
  ctx: SignedInContext,
  groupId: number,
  query: z.output<typeof inventoryQuery>,
): Promise<ExportSpec<InventoryRow>> {
  // One row per pet-owner group: bounded by the hierarchy, read in one query.
  const report = await inventory(ctx, groupId, query);
  return {
    fileName: fileName('Inventory_Report', report.groupName),
    sheetName: 'Inventory',
    columns: INVENTORY_COLUMNS,
    totalRows: report.rows.length,
    batches: (async function* () {
      yield report.rows;
    })(),
  };
}

/** Mails AdminInventoryBelowThresholdAlert to the primary admins of each group under the root that is below threshold. */
export async function sendInventoryAlerts(ctx: SignedInContext, groupId: number) {
  const group = await reportGroup(ctx, groupId, 'inventory');
  const flagged = (await q.inventoryRows(ctx.db, group.path, true)).map(withFlags);
  const recipients = await q.primaryAdminEmails(
    ctx.db,
    flagged.map((r) => r.groupId),
  );
  let sent = 0;
  for (const row of flagged) {
    const lines = [
      row.dnBelowThreshold ? `DN barcodes: ${row.dnBarcodeCount} left (threshold ${row.dnBarcodeThreshold}).` : null,
      row.tdBelowThreshold ? `TD barcodes: ${row.tdBarcodeCount} left (threshold ${row.tdBarcodeThreshold}).` : null,
    ].filter((line): line is string => line !== null);
    for (const admin of recipients.filter((r) => r.groupId === row.groupId)) {
      await sendEventMail(ctx, 'AdminInventoryBelowThresholdAlert', {
        to: admin.email,
        values: {
          recipientName: admin.fullName || admin.email,
          groupName: row.groupName,
          details: lines.join('\n'),
          link: `${ctx.config.baseUrl}/group/${row.groupId}`,
        },
      });
      sent++;
    }
  }
  return { message: REPORT_MESSAGES.alertsSent(sent), alertsSent: sent };
}

// --- Resident registrations ---
type RegistrationsQuery = z.output<typeof residentRegistrationsQuery>;

async function registrationsFilter(
  ctx: SignedInContext,
  groupId: number,
  query: Omit<RegistrationsQuery, 'page' | 'pageSize'>,
) {
  const group = await reportGroup(ctx, groupId, 'residentRegistrations');
  const filter: q.RegistrationFilter = {
    groupId: group.id,
    start: query.startDate,
    end: endOfDay(query.endDate),
    preRegisteredResidents: query.preRegisteredResidents,
    dogOwners: query.dogOwners,
    otherPetOwners: query.otherPetOwners,
  };
  return { group, filter };
}

export async function residentRegistrations(ctx: SignedInContext, groupId: number, query: RegistrationsQuery) {
  const { filter } = await registrationsFilter(ctx, groupId, query);
  const [totalRecords, data] = await Promise.all([
    q.countRegistrations(ctx.db, filter),
    q.registrationRows(ctx.db, filter, window(query.page, query.pageSize)),
  ]);
  const dates = (r: q.RegistrationRow) => ({
    datePreRegistered: iso(r.datePreRegistered)!,
    dateApproved: iso(r.dateApproved),
  });
  return { totalRecords, data: data.map((r) => ({ ...r, ...dates(r) })) };
}

const REGISTRATION_COLUMNS: ExportColumn<q.RegistrationRow>[] = [
  { header: 'Full Name', width: 25, value: (r) => r.fullName },
  { header: 'Resident Number', type: 'integer', value: (r) => r.residentNumber },
  { header: 'Email', width: 30, value: (r) => r.email },
  { header: 'Phone Number', value: (r) => r.phoneNumber },
  { header: 'Status', value: (r) => registrationStatusWords(r.status) },
  { header: 'Date Pre-Registered', type: 'date', value: (r) => r.datePreRegistered },
  { header: 'Date Approved', type: 'date', value: (r) => r.dateApproved },
  { header: 'Pet Species', value: (r) => speciesNames(r.petSpecies) },
];

export async function residentRegistrationsExport(
  ctx: SignedInContext,
  groupId: number,
  query: Omit<RegistrationsQuery, 'page' | 'pageSize'>,
): Promise<ExportSpec<q.RegistrationRow>> {
  const { group, filter } = await registrationsFilter(ctx, groupId, query);
  return {
    fileName: fileName('Resident_Registrations_Report', group.name),
    sheetName: 'Resident Registrations',
    columns: REGISTRATION_COLUMNS,
    totalRows: await q.countRegistrations(ctx.db, filter),
    batches: keysetBatches<q.RegistrationRow, { id: number }>(
      (after, limit) => q.registrationRows(ctx.db, filter, { after, limit }),
      (r) => ({ id: r.id }),
    ),
  };
}

// --- Property export ---
type PropertyExportQuery = z.output<typeof propertyExportQuery>;

async function propertyExportInput(ctx: SignedInContext, query: PropertyExportQuery) {
  assertCan(ctx, 'report.view');
  if (query.groupId === undefined)
    throw validationError(
      { groupId: [REPORT_MESSAGES.selectPropertyExportGroup] },
      REPORT_MESSAGES.selectPropertyExportGroup,
    );
  const flags = query.exportOption ?? 0;
  if (flags === 0)
    throw validationError({ exportOption: [REPORT_MESSAGES.selectExportOption] }, REPORT_MESSAGES.selectExportOption);
  const group = await reportGroup(ctx, query.groupId, 'propertyExport');
  const filter: q.PropertyExportScope = {
    rootPath: group.path,
    start: query.startDate,
    end: endOfDay(query.endDate),
    isActive: query.isActiveFilter,
  };
  return { group, flags, filter };
}

export async function propertyExportCount(ctx: SignedInContext, query: PropertyExportQuery) {
  const { flags, filter } = await propertyExportInput(ctx, query);
  return { totalRecords: await q.countPropertyExport(ctx.db, flags, filter) };
}

type Cells = Record<string, unknown> & { key: string | number };
const cell =
  (key: string) =>
  (r: Cells): string | number | boolean | Date | null =>
    (r[key] ?? null) as string | number | boolean | Date | null;
const statusCell = (key: string, words: (value: number) => string) => (r: Cells) =>
  r[key] === null || r[key] === undefined ? null : words(Number(r[key]));
/** The species named in a resident's PetSpecies flags, e.g. 'Dog, Cat'. */
const speciesCell = (r: Cells) => {
  const flags = r.petSpecies === null || r.petSpecies === undefined ? null : Number(r.petSpecies);
  if (flags === null) return null;
  if (flags === PetSpecies.None) return 'None';
  return Object.entries(PetSpecies)
    .filter(([name, value]) => name !== 'None' && name !== 'NonDog' && (flags & value) !== 0)
    .map(([name]) => name)
    .join(', ');
};

const PROPERTY_EXPORT_COLUMNS: ExportColumn<Cells>[] = [
  { header: 'Category', width: 22, value: (r) => wordsOf(nameOf(Number(r.category), PropertyExportFilter)) },
  { header: 'Property Name', width: 30, value: cell('propertyName') },
  { header: 'Resident Number', type: 'integer', value: cell('residentNumber') },
  { header: 'Name', width: 25, value: cell('name') },
  { header: 'Email', width: 30, value: cell('email') },
  { header: 'Phone Number', value: cell('phoneNumber') },
  { header: 'Unit', value: cell('unit') },
  { header: 'Registration Status', value: statusCell('registrationStatus', registrationStatusWords) },
  { header: 'Pet Species', value: speciesCell },
  { header: 'Dogs', width: 40, value: cell('pets') },
  { header: 'Service Animal', type: 'boolean', value: cell('serviceAnimal') },
  { header: 'Date', type: 'date', value: cell('date') },
];

/** The chosen options' names for the file name, e.g. 'DogOwners_NonPetOwners'. */
const optionNames = (flags: number) =>
  Object.entries(PropertyExportFilter)
    .filter(([, value]) => (flags & value) !== 0)
    .map(([name]) => name)
    .join('_');

export async function propertyExport(ctx: SignedInContext, query: PropertyExportQuery): Promise<ExportSpec<Cells>> {
  const { group, flags, filter } = await propertyExportInput(ctx, query);
  return {
    fileName: fileName(`Property_Export_${optionNames(flags)}`, group.name),
    sheetName: 'Property Export',
    columns: PROPERTY_EXPORT_COLUMNS,
    totalRows: await q.countPropertyExport(ctx.db, flags, filter),
    batches: keysetBatches<Cells, { id: number }>(
      (after, limit) => q.propertyExportRows(ctx.db, flags, filter, { after, limit }),
      (r) => ({ id: Number(r.key) }),
    ),
  };
}
