// Rent-roll sync (issue 42, beyond the spec): a property's rent roll (the CSV or XLSX export of its property-management
// software) read with the column mapping saved for that property, compared with the property's residents, and shown as a
// proposal (new residents to invite, residents no longer on the roll to move out, changed contact data) that staff
// apply in whole or in part. Nothing changes before they apply. Decisions: docs/decisions/integrations-analytics.md.
import { z } from 'zod';
import { id, integer, textField } from './common.ts';
import { BULK_IMPORT_MESSAGES } from './bulkimport.ts';

/** The fields of a rent roll the sync reads, in the mapping form's order; the required ones must be mapped. */
export const RENT_ROLL_FIELDS = [
  { field: 'unit', label: 'Unit', isRequired: true },
  { field: 'firstName', label: 'First name', isRequired: true },
  { field: 'lastName', label: 'Last name', isRequired: true },
  { field: 'email', label: 'Email', isRequired: false },
  { field: 'phone', label: 'Phone', isRequired: false },
  { field: 'moveIn', label: 'Move-in date', isRequired: false },
  { field: 'moveOut', label: 'Move-out date', isRequired: false },
] as const;
export type RentRollField = (typeof RENT_ROLL_FIELDS)[number]['field'];

export const RENT_ROLL_MESSAGES = {
  invalidHeader: BULK_IMPORT_MESSAGES.invalidHeader,
  missingColumns: BULK_IMPORT_MESSAGES.missingColumns,
  invalidFileType: 'Invalid File Type: please select a .csv, .xlsx, .xls or .ods file.',
  noMapping: 'Save the column mapping of this property before importing its rent roll.',
  noRows: BULK_IMPORT_MESSAGES.noItems,
  notAProperty: 'A rent roll belongs to a property: pick a property.',
  alreadyApplied: 'This rent roll was already applied. Import the file again to see what would change now.',
  staleProposal: 'This proposal is more than a day old. Import the file again to see what would change now.',
  nothingChosen: 'Choose at least one change to apply.',
  mappingSaved: 'Column mapping saved.',
} as const;

/** A header name of the file (matched without regard to case or spaces). */
const header = textField(100).trim();
export const rentRollMapping = z.object({
  unit: header.min(1, 'Unit is required.'),
  firstName: header.min(1, 'First name is required.'),
  lastName: header.min(1, 'Last name is required.'),
  email: header.nullable().default(null),
  phone: header.nullable().default(null),
  moveIn: header.nullable().default(null),
  moveOut: header.nullable().default(null),
});
export type RentRollMapping = z.output<typeof rentRollMapping>;
export const rentRollMappingView = z.object({
  mapping: rentRollMapping.nullable(),
  dateUpdated: z.string().nullable(),
});

/** One resident as the roll and as the registry hold them. */
export const rentRollPerson = z.object({
  firstName: z.string(),
  lastName: z.string(),
  unit: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type RentRollPerson = z.output<typeof rentRollPerson>;

export const rentRollAddition = z.object({ rowNumber: z.number().int(), person: rentRollPerson, invite: z.boolean() });
export const rentRollLeaver = z.object({
  residentId: z.number().int(),
  person: rentRollPerson,
  /** On the roll with a move-out date that has passed (else: no longer on the roll). */
  moveOutDate: z.string().nullable(),
});
export const rentRollChange = z.object({
  residentId: z.number().int(),
  rowNumber: z.number().int(),
  person: rentRollPerson,
  changes: z.array(
    z.object({ field: z.string(), label: z.string(), from: z.string().nullable(), to: z.string().nullable() }),
  ),
});
export const rentRollProblem = z.object({
  rowNumber: z.number().int(),
  problemDesc: z.string(),
  problemDetails: z.string(),
});
export const rentRollProposal = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  fileName: z.string(),
  rowCount: z.number().int(),
  unchanged: z.number().int(),
  /** Rows whose resident was already invited by an earlier sync and has not pre-registered yet. */
  alreadyInvited: z.number().int(),
  additions: z.array(rentRollAddition),
  leavers: z.array(rentRollLeaver),
  changes: z.array(rentRollChange),
  problems: z.array(rentRollProblem),
  status: z.enum(['Proposed', 'Applied']),
  dateCreated: z.string(),
});
export type RentRollProposal = z.output<typeof rentRollProposal>;

const pick = z.array(integer(1, 1_000_000)).max(20_000).default([]);
/** What staff confirmed: the additions by row number, the leavers and the changes by resident id. */
export const rentRollApplyRequest = z.object({
  additions: pick,
  moveOuts: z.array(id).max(20_000).default([]),
  changes: z.array(id).max(20_000).default([]),
});
export const rentRollApplyResult = z.object({
  message: z.string(),
  invited: z.number().int(),
  movedOut: z.number().int(),
  changed: z.number().int(),
});
export const rentRollProposalParam = z.object({ groupId: id, id });
