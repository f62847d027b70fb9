// Reports and exports (spec 3 §2 "Reports", §3 "Reports", §5 group picker types, §7 "Reports", §9 dates and files).
import { z } from 'zod';
import { GroupTypes, PROPERTY_EXPORT_FILTER_ALL } from './enums.ts';
import { Messages } from './messages.ts';
import { id, pagedResponse, pagingQuery, parseUsDate, queryBoolean, textField, integer } from './common.ts';

export const REPORT_MESSAGES = {
  noValidGroups: Messages.noValidGroupsSelected,
  selectPropertyExportGroup: 'You must select a valid group to export.',
  selectExportOption: 'You must select an option from the export options dropdown.',
  selectProperty: 'Please select property',
  largeExportConfirm: (n: number) => `This export has ${n.toLocaleString('en-US')} rows. Do you want to continue?`,
  emailExportWithoutGroup:
    'No group is selected: the export covers every group you can see and could be slow or time out. Do you want to continue?',
  exportFailed: 'Unable to fetch data to export report',
  alertsSent: (n: number) => `${n} below-threshold alert(s) sent.`,
} as const;

/** Spec 3 §9: CSV exports over 1000 results ask confirmation. */
export const LARGE_EXPORT_ROWS = 1000;

const { HierarchyRoot, ManagementGroup, Distributorship, ParentageGroup, Property, DistributorshipManagementGroup } =
  GroupTypes;
/** Spec 3 §5: the group types each report's picker accepts. */
export const REPORT_GROUP_TYPES = {
  emailExport: [
    HierarchyRoot,
    DistributorshipManagementGroup,
    Distributorship,
    ManagementGroup,
    Property,
    ParentageGroup,
  ],
  detailReport: [Distributorship, ManagementGroup, Property, DistributorshipManagementGroup, HierarchyRoot],
  noMatchToMatch: [Distributorship, ManagementGroup, Property, HierarchyRoot],
  inventory: [Distributorship, ParentageGroup, Property],
  propertyExport: [Distributorship, ManagementGroup, Property],
  residentRegistrations: [Property],
  tdAudit: [HierarchyRoot, DistributorshipManagementGroup, ManagementGroup, Distributorship, Property],
} as const satisfies Record<string, readonly number[]>;
export type ReportPicker = keyof typeof REPORT_GROUP_TYPES;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportFormat = z.enum(EXPORT_FORMATS).default('csv');

/** A report date: ISO (yyyy-mm-dd, or a full timestamp) or the filters' MM/dd/yyyy; year must be over 1 (spec 3 §5). */
export const reportDate = textField(40).transform((text, ctx) => {
  const trimmed = text.trim();
  const date = /^\d{4}-\d{2}-\d{2}/.test(trimmed) ? new Date(trimmed) : parseUsDate(trimmed);
  if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() <= 1) {
    ctx.addIssue({ code: 'custom', message: 'Invalid date.' });
    return z.NEVER;
  }
  return date;
});

// --- TD audit ---
export const tdAuditQuery = pagingQuery.extend({
  groupId: id,
  dateFilterStart: reportDate.optional(),
  dateFilterEnd: reportDate.optional(),
});
export const tdAuditExportQuery = tdAuditQuery.omit({ page: true, pageSize: true }).extend({ format: exportFormat });
export const tdAuditItem = z.object({
  id: z.number().int(),
  sampleNumber: z.string(),
  collectedByName: z.string().nullable(),
  dateCreated: z.string(),
  customerFacingStatus: z.number().int(),
  propertyCollectedFrom: z.string().nullable(),
  distributor: z.string().nullable(),
  createdByUserName: z.string().nullable(),
  createdByFullname: z.string().nullable(),
  createdByEmail: z.string().nullable(),
});
export const tdAuditPage = pagedResponse(tdAuditItem);

// --- Inventory ---
export const inventoryQuery = z.object({ belowThresholdOnly: queryBoolean.optional() });
export const inventoryExportQuery = inventoryQuery.extend({ format: exportFormat });
export const inventoryRow = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  groupType: z.number().int(),
  isActive: z.boolean(),
  dnBarcodeCount: z.number().int(),
  dnBarcodeThreshold: z.number().int(),
  tdBarcodeCount: z.number().int(),
  tdBarcodeThreshold: z.number().int(),
  dnBelowThreshold: z.boolean(),
  tdBelowThreshold: z.boolean(),
});
export const inventoryReport = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  rows: z.array(inventoryRow),
});
export const inventoryAlertResult = z.object({ message: z.string(), alertsSent: z.number().int() });

// --- Resident registrations ---
export const residentRegistrationsQuery = pagingQuery.extend({
  startDate: reportDate.optional(),
  endDate: reportDate.optional(),
  preRegisteredResidents: queryBoolean.optional(),
  dogOwners: queryBoolean.optional(),
  otherPetOwners: queryBoolean.optional(),
});
export const residentRegistrationsExportQuery = residentRegistrationsQuery
  .omit({ page: true, pageSize: true })
  .extend({ format: exportFormat });
export const residentRegistrationItem = z.object({
  id: z.number().int(),
  fullName: z.string(),
  residentNumber: z.number().int(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  status: z.number().int(),
  datePreRegistered: z.string(),
  dateApproved: z.string().nullable(),
  petSpecies: z.number().int(),
});
export const residentRegistrationsPage = pagedResponse(residentRegistrationItem);

// --- Property export ---
export const propertyExportQuery = z.object({
  groupId: id.optional(),
  /** PropertyExportFilter flags, combined (Dogs 1 … AllResidents 128); 0 or absent means no option was chosen. */
  exportOption: integer(0, PROPERTY_EXPORT_FILTER_ALL).optional(),
  /** Spec 3 §9: the export's range runs from 00:00:00.000 of the start to 23:59:59.999 of the end. */
  startDate: reportDate.optional(),
  endDate: reportDate.optional(),
  isActiveFilter: queryBoolean.optional(),
  format: exportFormat,
});
export const propertyExportCount = z.object({ totalRecords: z.number().int() });

export type TdAuditItem = z.output<typeof tdAuditItem>;
export type InventoryRow = z.output<typeof inventoryRow>;
export type ResidentRegistrationItem = z.output<typeof residentRegistrationItem>;

/** A streamed file answer (CSV or XLSX); the OpenAPI document shows it as binary. */
export const exportFile = z.string().meta({ format: 'binary' });
