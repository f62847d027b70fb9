// Ancestry fulfilment (spec 3 "Ancestry fulfilment") and the partner frame (spec 3 "Partner iframe session").
import { z } from 'zod';
import { PAGE_SIZE_MAX, id, pagingQuery, queryBoolean, queryEnum, textField, integer } from './common.ts';
import { AncestryFulfillmentStatus } from './enums.ts';

/** Spec 3 §9: fulfilment page sizes 15, 25, 50, 100, 200 and the maximum. */
export const FULFILLMENT_PAGE_SIZES = [15, 25, 50, 100, 200, PAGE_SIZE_MAX] as const;
export const FULFILLMENT_PAGE_SIZE_DEFAULT = 100;
export const WELL_LOCATION_MAX = 3;
export const FULFILLMENT_NOTES_MAX = 250;
export const PLATE_NUMBER_MAX = 50;
export const TUBE_CODE_MAX = 50;
export const TRACKING_NUMBER_MAX = 100;
export const PLATE_DIMENSION_MAX = 64;

export const AncestryMessages = {
  notFound: 'Fulfillment not found.',
  plateMissing: (fields: string[]) => `Please enter ${fields.join(', ')}`,
  wellTooLong: 'Well location is limited to 3 characters.',
  markPlatedMissing: (fields: string[]) => `Please enter ${fields.join(', ')}`,
  trackingRequired: 'Tracking number is required!',
  plateNumberRequired: 'Plate number is required',
  invalidHeader: (missing: string[]) => `Invalid Header: missing ${missing.join(', ')}`,
  notesRequired: 'Please enter flagging notes',
  notesTooLong: 'Notes are limited to 250 characters.',
  pickError: 'Error marking item(s) as picked',
  plateError: 'Error generating plate',
  notActivated: 'Item(s) not activated yet',
  genotypeFailed: 'Failed to assign genotype. Please try again.',
  genotypeAssignedFlagFailed:
    'Genotype was assigned successfully, but failed to flag fulfillment. Please try flagging manually.',
  /** The note of the flag set when the chosen genotype did not pass (a kit should not ship on it unseen). */
  genotypeNotPassedNote: (plate: string, result: string) =>
    `Assigned genotype from plate ${plate} has result ${result}.`,
  noItemSelected: 'No item selected',
  wrongStatus: (action: string) => `The selected item(s) cannot be ${action} in their current status.`,
  plateTooSmall: 'The plate has fewer wells than the selected items.',
  wellTaken: (well: string) => `Well ${well} is already used on this plate.`,
  genotypeNotFound: 'Genotype not found for this sample.',
  invalidFileType: 'Invalid File Type: Please select a .xls, .xlsx, .ods, .csv or .txt file',
} as const;

/** Processing view for non-admins: Ready, Activated, Picked and Plated show as processing. */
export function customerFulfillmentLabel(status: number): string {
  const s = AncestryFulfillmentStatus;
  if (status === s.Pending) return 'Pending';
  if (status === s.Shipped) return 'Shipped';
  return 'Processing';
}

export const FulfillmentOrdering = { Id: 0, SampleNumber: 1, Status: 2, DateCreated: 3, PlateNumber: 4 } as const;

export const fulfillmentQuery = pagingQuery.omit({ orderBy: true }).extend({
  pageSize: integer(1, 32767).default(FULFILLMENT_PAGE_SIZE_DEFAULT),
  status: queryEnum(AncestryFulfillmentStatus).optional(),
  onlyGenoTypeAssigned: queryBoolean.optional(),
  sampleNumber: textField(32).trim().optional(),
  ancestryPlateNumber: textField(PLATE_NUMBER_MAX).trim().optional(),
  orderBy: queryEnum(FulfillmentOrdering).optional(),
});
export type FulfillmentQuery = z.infer<typeof fulfillmentQuery>;

export const fulfillmentItem = z.object({
  id: z.number(),
  orderId: z.number(),
  orderItemId: z.number(),
  petName: z.string(),
  sampleNumber: z.string().nullable(),
  status: z.number(),
  selectedGenotypeId: z.number().nullable(),
  dnaProfileId: z.number().nullable(),
  genotypeSelected: z.boolean(),
  bioBankPlateNumber: z.string().nullable(),
  bioBankWellLocation: z.string().nullable(),
  dnaProcessingCompleted: z.boolean(),
  ancestryPlateNumber: z.string().nullable(),
  ancestryTubeCode: z.string().nullable(),
  ancestryWellLocation: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  dateCreated: z.string(),
  isFlagged: z.boolean(),
  flaggedNote: z.string().nullable(),
  isSelected: z.boolean(),
});
export type FulfillmentItem = z.infer<typeof fulfillmentItem>;
export const countByStatus = z.array(z.object({ status: z.number(), count: z.number() }));

export const genotypeOption = z.object({
  id: z.number(),
  plateName: z.string(),
  well: z.string().nullable(),
  result: z.string(),
  labStatus: z.number(),
  dateCreated: z.string(),
});
export const fulfillmentIdQuery = z.object({ fulfillmentId: id });

const ids = z.array(id).min(1).max(1000);
const plateNumber = textField(PLATE_NUMBER_MAX).trim();
const tubeCode = textField(TUBE_CODE_MAX).trim();
const wellLocation = textField(20).trim();
export const fulfillmentIdsRequest = z.object({ fulfillmentIds: ids });
export const countResponse = z.object({ count: z.number() });
export const selectGenotypeRequest = z.object({ fulfillmentId: id, genotypeId: id });
export const statusResponse = z.object({ status: z.number() });
export const generatePlateRequest = z.object({
  fulfillmentIds: ids,
  plateNumber: plateNumber.optional().nullable(),
  rows: z.number().int().min(1).max(PLATE_DIMENSION_MAX).optional().nullable(),
  columns: z.number().int().min(1).max(PLATE_DIMENSION_MAX).optional().nullable(),
});
export const plateWell = z.object({ fulfillmentId: z.number(), sampleNumber: z.string().nullable(), well: z.string() });
export const generatePlateResponse = z.object({
  plateNumber: z.string(),
  rows: z.number(),
  columns: z.number(),
  wells: z.array(plateWell),
});
export const markPlatedRequest = z.object({
  fulfillmentId: id,
  plateNumber: plateNumber.optional().nullable(),
  tubeCode: tubeCode.optional().nullable(),
  wellLocation: wellLocation.optional().nullable(),
});
export const removeFromPlateRequest = z.object({ fulfillmentId: id, shiftUp: z.boolean().default(false) });
export const tubeCodesRequest = z
  .array(z.object({ fulfillmentId: id, tubeCode }))
  .min(1)
  .max(1000);
export const bulkUploadRecord = z.object({ fulfillmentId: id, tubeCode, wellLocation });
export const bulkUploadPlateRequest = z.object({
  plateNumber: plateNumber.optional().nullable(),
  records: z.array(bulkUploadRecord).max(1000),
});
export const bulkImportRecord = z.object({
  fulfillmentId: id,
  sampleNumber: textField(32).trim(),
  plateNumber,
  tubeCode,
  wellLocation,
});
export const bulkImportPlateRequest = z.object({ records: z.array(bulkImportRecord).min(1).max(1000) });
export const plateBulkResult = z.object({
  imported: z.number(),
  errors: z.array(z.object({ row: z.number(), error: z.string() })),
});
export const manifestRequest = z.object({ trackingNumber: textField(TRACKING_NUMBER_MAX).trim(), fulfillmentIds: ids });
export const flagFulfillmentRequest = z.object({
  fulfillmentId: id,
  notes: textField(FULFILLMENT_NOTES_MAX, { multiline: true }).trim(),
});
export const fulfillmentIdRequest = z.object({ fulfillmentId: id });
export const orderIdsRequest = z.object({ orderIds: z.array(id).min(1).max(500) });
export const orderFulfillmentStatus = z.array(
  z.object({ orderId: z.number(), orderItemId: z.number(), status: z.number() }),
);

/** Partner frame (/lifeplans). */
export const PartnerMessages = {
  mustAgree: 'You must agree to the terms before proceeding.',
  notConfigured: 'The partner service is not configured on this installation.',
  addressRequired: 'Please complete your address in your profile before registering with the partner.',
} as const;
export const iframeSession = z.object({
  configured: z.boolean(),
  token: z.string().nullable(),
  baseUrl: z.string().nullable(),
  route: z.string().nullable(),
});
export const registerPartnerResponse = z.object({ message: z.string() });
