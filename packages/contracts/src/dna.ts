// The DNA lab's shapes (spec 3 §3 and §7 "DNA"): panels, controls, plate upload, DNA profile rows, lab status changes,
// approval, plates and their reports, and the registry index's identity search.
import { z } from 'zod';
import { DnaProfileLabStatus, SampleType } from './enums.ts';
import { INT_MAX, id, integer, pagingQuery, queryEnum, textField, usDate } from './common.ts';

/** The filter value 'Pending': neither Approved nor Inactive (spec 3 §2). */
export const LAB_STATUS_PENDING_FILTER = -1;
export const CONTROLS_PAGE_SIZE = 200;
export const SAMPLE_DATA_PAGE_SIZE = 200;
export const DNA_MESSAGES = {
  approvedSuccessfully: 'Approved successfully.',
  controlAdded: 'Control added successfully.',
  approvalDateReverted: 'Approval date reverted.',
  noAlternativeApprovalDates: 'No alternative approval dates available.',
  certificateRevoked: 'DNA Verification Certificate Revoked',
  plateRenameFailed: 'Could not edit plate name.',
  plateNotFound: 'Plate Not Found',
  selectStatus: 'Please select a status for updating.',
  selectSample: 'Select a sample for updating the status.',
  uploadFailed: 'Upload Failed',
  anErrorOccurred: 'An error occurred',
  indexLoading: 'The registry index is loading; try again in a moment.',
} as const;
export const plateNotFoundMessage = (plate: string) => `Could not find matching plate for '${plate}'`;

export const panelMarker = z.object({ name: z.string(), type: z.string() });
export const dnaPanel = z.object({
  id: z.string(),
  name: z.string(),
  species: z.string(),
  minimumMarkers: z.number().int(),
  markers: z.array(panelMarker),
  /** Defined by the lab (stored), rather than built into the engine. */
  isLabDefined: z.boolean(),
});
export const dnaPanels = z.array(dnaPanel);
export const panelId = textField(64).trim().min(1, 'Select a panel.');

// A panel the lab defines (issue 12: the panel's bins are data): its markers in the export's order, each with its
// allele bins (sizes or allele names) when the lab has them. The engine knows dog and cat panels; a marker is typing
// (the panel's species) or a gender marker.
export const panelSpecies = ['Canine', 'Feline'] as const;
export const panelMarkerInput = z.object({
  name: textField(40).trim().min(1, 'Enter the marker name.'),
  isGenderMarker: z.boolean().default(false),
  bins: z.array(z.number().positive().max(2000)).max(200).default([]),
});
export const panelCreate = z.object({
  name: textField(100).trim().min(1, 'Enter the panel name.'),
  species: z.enum(panelSpecies),
  minimumMarkers: z.number().int().min(1).max(250),
  markers: z.array(panelMarkerInput).min(1, 'Enter at least one marker.').max(250),
});
export type PanelCreate = z.input<typeof panelCreate>;

// Controls.
export const controlSampleTypes = [
  SampleType.PositiveControl,
  SampleType.NegativeControl,
  SampleType.WrongSpeciesControl,
];
const controlAllele = textField(12).trim();
/**
 * A positive control's reference (its known genotype): typed marker by marker, or taken from an approved profile by its
 * sample number. Uploads compare the plate's positive control with the panel's latest reference.
 */
export const controlCreate = z.object({
  panelId,
  sampleType: z.union(controlSampleTypes.map((value) => z.literal(value))),
  knownGenotype: z
    .array(z.object({ marker: textField(40).trim(), alleleA: controlAllele, alleleB: controlAllele }))
    .max(64)
    .optional(),
  knownFromSampleNumber: textField(20).trim().optional(),
});
export type ControlCreate = z.input<typeof controlCreate>;
export const controlRow = z.object({
  id: z.number().int(),
  panelId: z.string(),
  sampleType: z.number().int(),
  dateCreated: z.date(),
  createdBy: z.string().nullable(),
  /** The positive control's reference genotype, when recorded (marker, both alleles). */
  knownGenotype: z.array(z.object({ marker: z.string(), alleleA: z.string(), alleleB: z.string() })).nullable(),
});
export const controlsQuery = pagingQuery.extend({ panelId: textField(64).optional() });
export const controlsPage = z.object({ data: z.array(controlRow), totalRecords: z.number().int() });
export const controlIdQuery = z.object({ id });

// GeneMapper upload: the `model` part of the multipart body.
export const plateUploadModel = z.object({
  panelId,
  overrideControlsValidation: z.boolean().default(false),
  hasPositiveControl: z.boolean().default(true),
  hasNegativeControl: z.boolean().default(true),
  plateName: textField(100).trim().optional(),
});
export type PlateUploadModel = z.input<typeof plateUploadModel>;
export const plateUploadResponse = z.object({
  plateId: z.number().int(),
  plateName: z.string(),
  profileCount: z.number().int(),
  badSampleNumbers: z.array(z.string()),
  mismatchedGenderSampleNumbers: z.array(z.string()),
  flaggedSampleNumbers: z.array(z.string()),
  controlsPassed: z.boolean(),
  controlProblems: z.array(z.string()),
});

// DNA profile rows.
export const dnaProcessingQuery = pagingQuery.extend({
  sampleNumber: textField(20).trim().optional(),
  labStatus: integer(-INT_MAX - 1, INT_MAX)
    .refine((v) => v === LAB_STATUS_PENDING_FILTER || Object.values<number>(DnaProfileLabStatus).includes(v), {
      message: 'Unknown lab status.',
    })
    .optional(),
  result: z.enum(['Pass', 'Fail', 'Pending']).optional(),
  plateId: id.optional(),
  sampleType: queryEnum(SampleType).optional(),
});
export const dnaProfileRow = z.object({
  dnaProfileId: z.number().int(),
  sampleNumber: z.string(),
  sampleId: z.number().int().nullable(),
  result: z.string(),
  labStatus: z.number().int(),
  canBeApproved: z.boolean(),
  diffed: z.array(z.string()),
  missing: z.array(z.string()),
  failReasonText: z.string(),
  lastModified: z.date(),
  isPetSample: z.boolean(),
  isFlagged: z.boolean(),
  isGenderMismatch: z.boolean(),
  sampleBioPetNotes: z.string().nullable(),
  isDnaVerificationCertificateRevoked: z.boolean(),
  well: z.string().nullable(),
  plate: z.object({ plateId: z.number().int(), plateName: z.string() }),
});
export const dnaProcessingPage = z.object({ data: z.array(dnaProfileRow), totalRecords: z.number().int() });
/**
 * The profile summary counts above the plate view (spec 1 §3). They follow the screen's plate and sample type filters
 * (which profiles are looked at), not its status/result/sample number filters (docs/decisions/lab.md).
 */
export const dnaProfileSummaryQuery = z.object({
  plateId: id.optional(),
  sampleType: queryEnum(SampleType).optional(),
});
export const dnaProfileSummary = z.object({
  totalRecords: z.number().int(),
  new: z.number().int(),
  rerun: z.number().int(),
  reswab: z.number().int(),
  inactive: z.number().int(),
  orphans: z.number().int(),
});
export const plateSummary = z.object({
  id: z.number().int(),
  plateName: z.string(),
  fileName: z.string(),
  plateSize: z.number().int(),
  panelId: z.string(),
  dateCreated: z.date(),
});
export const plateSummaries = z.array(plateSummary);
export const dnaProfileIdQuery = z.object({ dnaprofileid: id });
export const genotypeRow = z.object({ marker: z.string(), alleleA: z.string(), alleleB: z.string() });
export const dnaGenotypes = z.object({
  dnaProfileResult: z.object({
    id: z.number().int(),
    sampleNumber: z.string(),
    panelId: z.string(),
    result: z.string(),
    failReasons: z.array(z.string()),
    pendingReasons: z.array(z.string()),
    markerValues: z.array(genotypeRow),
    isLabSaved: z.boolean(),
  }),
  genotypes: z.array(genotypeRow),
});
export const dnaSampleNumberQuery = z.object({ sampleNumber: textField(20).trim().min(1) });
export const approvalDate = z.object({ id: z.number().int(), dateCreated: z.date(), dnaProfileId: z.number().int() });
export const approvalDates = z.array(approvalDate);
const alleleText = textField(12).trim();
export const labSavedGenotypeRequest = z.object({
  dnaProfileId: id,
  labSavedGenotype: z
    .array(z.object({ marker: textField(40), alleleA: alleleText, alleleB: alleleText }))
    .min(1)
    .max(64),
});
export const updateStatusRequest = z.object({
  dnaProfileIds: z.array(id).min(1, DNA_MESSAGES.selectSample).max(5000),
  labStatus: z.union(
    Object.values(DnaProfileLabStatus).map((v) => z.literal(v)),
    {
      error: DNA_MESSAGES.selectStatus,
    },
  ),
});
export const approveAllPassingRequest = z.object({ includeUpdated: z.boolean().default(false) });
export const approveOnPlateRequest = z.object({ plateId: id, includeUpdated: z.boolean().default(false) });
export const approveResponse = z.object({
  approvedCount: z.number().int(),
  approvedIds: z.array(z.number().int()),
  message: z.string(),
});
export const statusUpdateResponse = z.object({
  updatedIds: z.array(z.number().int()),
  skippedIds: z.array(z.number().int()),
  message: z.string(),
});
export const revertApprovalRequest = z.object({ sampleNumber: textField(20).trim().min(1), sampleHistoryId: id });
export const revokeCertificateRequest = z.object({ dnaProfileId: id });

// Plates (/tools/platefiles).
const PLATE_SORTS = ['fileName', 'dateCreated', 'createdBy', 'panelName', 'plateName'] as const;
export const platesQuery = pagingQuery.extend({
  orderBy: z.enum(PLATE_SORTS).optional(),
  fileNameFilter: textField(200).optional(),
  dateCreatedFilter: usDate.optional(),
  createdByFilter: textField(100).optional(),
  panelNameFilter: textField(100).optional(),
  plateNameFilter: textField(100).optional(),
});
export const plateRow = z.object({
  id: z.number().int(),
  plateName: z.string(),
  fileName: z.string(),
  panelId: z.string(),
  panelName: z.string(),
  plateSize: z.number().int(),
  createdBy: z.string().nullable(),
  dateCreated: z.date(),
  profileCount: z.number().int(),
});
export const platesPage = z.object({ data: z.array(plateRow), totalRecords: z.number().int() });
export const plateRename = z.object({ id, plateName: textField(100).trim().min(1, 'Plate name is required.') });
export const plateNameQuery = z.object({ plateName: textField(100).trim().min(1) });
export const plateFileContent = z.string().meta({ format: 'binary' });
export const productByPlateRow = z.object({
  well: z.string().nullable(),
  sampleNumber: z.string(),
  sampleType: z.string(),
  product: z.string(),
  result: z.string(),
  labStatus: z.string(),
});
export const productByPlateReport = z.object({ plateName: z.string(), rows: z.array(productByPlateRow) });

// The plate map beside the processing table.
export const plateMapWell = z.object({
  well: z.string(),
  sampleName: z.string(),
  kind: z.string(),
  dnaProfileId: z.number().int().nullable(),
  result: z.string().nullable(),
  labStatus: z.number().int().nullable(),
});
export const plateMap = z.object({
  plateId: z.number().int(),
  plateName: z.string(),
  plateSize: z.number().int(),
  wells: z.array(plateMapWell),
});

// Sample management plates widget.
export const sampleNumberParam = z.object({ sampleNumber: textField(20).trim().min(1) });
export const samplePlates = z.array(
  z.object({
    plateId: z.number().int(),
    plateName: z.string(),
    well: z.string().nullable(),
    dnaProfileId: z.number().int(),
    result: z.string(),
    labStatus: z.number().int(),
    dateCreated: z.date(),
  }),
);

// Registry index: identity search of a waste sample's stored profile against the approved pet profiles.
export const identitySearchQuery = z.object({ sampleNumber: textField(20).trim().min(1) });
export const identitySearchResponse = z.object({
  sampleNumber: z.string(),
  result: z.string(),
  calledMarkers: z.number().int(),
  indexSize: z.number().int(),
  matches: z.array(z.object({ sampleNumber: z.string(), dnaProfileId: z.number().int(), oneInText: z.string() })),
  nearMatches: z.array(z.object({ sampleNumber: z.string(), dnaProfileId: z.number().int() })),
});
export const indexStatus = z.object({
  ready: z.boolean(),
  panels: z.array(z.object({ panelId: z.string(), size: z.number().int() })),
  version: z.number().int().max(Number.MAX_SAFE_INTEGER),
});

/** The verification test's approval (issue 23): a second profile that disagrees with the approved one is refused. */
export const DNA_VERIFICATION_MESSAGES = {
  disagrees: (sampleNumber: string, markers: string[]) =>
    `The verification profile of ${sampleNumber} disagrees with its approved DNA profile at ${markers.length === 1 ? 'marker' : 'markers'} ${markers.join(', ')}; it was not approved and the sample is flagged for the lab.`,
} as const;
