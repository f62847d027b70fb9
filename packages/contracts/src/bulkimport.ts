// Bulk resident import (spec 3 §2 /tools/bulkupload, §3 "Bulk resident import", §5 resident import rules, §7 "Bulk
// import", §8 bulk import messages, §9 file names). The browser reads the file, checks its header against the column
// list, previews the rows and sends them in batches; the server imports each row in its own transaction.
import { z } from 'zod';
import { textField } from './common.ts';

/** The spec's columns, in the template's order, and which the server requires (GET importresidentscolumninfo). */
export const BULK_IMPORT_COLUMNS = [
  { name: 'PropertyName', isRequired: true },
  { name: 'FirstName', isRequired: true },
  { name: 'LastName', isRequired: true },
  { name: 'AddressLine1', isRequired: false },
  { name: 'Unit', isRequired: false },
  { name: 'City', isRequired: false },
  { name: 'State', isRequired: false },
  { name: 'Country', isRequired: false },
  { name: 'PostalCode', isRequired: false },
  { name: 'Email', isRequired: false },
  { name: 'Phone', isRequired: false },
  { name: 'PetName', isRequired: false },
  { name: 'PetSpeciesName', isRequired: false },
  { name: 'DogGender', isRequired: false },
] as const;
export type BulkImportColumn = (typeof BULK_IMPORT_COLUMNS)[number]['name'];

/** File types the import reads (spec 3 §5). */
export const BULK_IMPORT_EXTENSIONS = ['xls', 'xlsx', 'ods', 'csv', 'txt'] as const;
/** Rows per PUT: the browser sends the file in batches of this size and moves the progress bar after each. */
export const BULK_IMPORT_BATCH_MAX = 500;
/** Spec 3 §9 file names. */
export const BULK_IMPORT_TEMPLATE_FILE = 'WPRResidentTemplate.xls';
export const BULK_IMPORT_ERRORS_FILE = 'WPRResidentImportErrors.xls';

export const BULK_IMPORT_MESSAGES = {
  initError: 'Error Initializing: Unable to get ordered column names',
  invalidFileType: 'Invalid File Type',
  invalidFileTypeDetails: 'Please select a .xls, .xlsx, .ods, .csv or .txt file.',
  invalidHeader: 'Invalid Header',
  missingColumns: (columns: readonly string[]) => `Missing required column(s): ${columns.join(', ')}`,
  unexpectedColumns: (columns: readonly string[]) =>
    `The file has column(s) the import does not know: ${columns.join(', ')}. They will be ignored. Continue?`,
  noItems: 'No item to import',
  importError: 'Import Error',
  importDone: (n: number) => `Import done: Imported all ${n} rows`,
  partialUpload: 'Partial Upload',
  partialUploadDetails: (problems: number, imported: number) =>
    `${problems} row(s) had problems and were not imported; ${imported} row(s) were imported.`,
  uploadFailed: 'Upload Failed',
  uploadFailedDetails: 'Every row had a problem: no data was uploaded.',
} as const;

/** The problem descriptions rows are grouped by (problemDesc); problemDetails says what exactly. */
export const BULK_IMPORT_PROBLEMS = {
  missingRequired: 'Missing required value',
  tooLong: 'Value too long',
  invalidEmail: 'Invalid email',
  invalidPetSpecies: 'Unknown pet species',
  invalidDogGender: 'Invalid dog gender',
  missingPetName: 'Missing pet name',
  invalidCountry: 'Unknown country or state',
  propertyNotFound: 'Property not found',
  propertyAmbiguous: 'Property name is not unique',
  residentApproved: 'Resident already approved',
  importError: 'Import Error',
} as const;

/** Longest value each column takes (the problem 'Value too long' past it). */
export const BULK_IMPORT_MAX_LENGTHS: Record<BulkImportColumn, number> = {
  PropertyName: 200,
  FirstName: 100,
  LastName: 100,
  AddressLine1: 200,
  Unit: 50,
  City: 100,
  State: 100,
  Country: 100,
  PostalCode: 20,
  Email: 256,
  Phone: 50,
  PetName: 100,
  PetSpeciesName: 50,
  DogGender: 20,
};

export const bulkImportColumnInfo = z.array(z.object({ name: z.string(), isRequired: z.boolean() }));

const cell = textField(1000).optional().nullable();
/**
 * One spreadsheet row, keyed by the spec's column names; rowNumber is the row in the file (for the results). Cells are
 * bounded here; what each column accepts is checked per row, so one bad row never refuses the batch.
 */
export const importResidentRow = z.object({
  rowNumber: z.number().int().min(1).max(1_000_000),
  PropertyName: cell,
  FirstName: cell,
  LastName: cell,
  AddressLine1: cell,
  Unit: cell,
  City: cell,
  State: cell,
  Country: cell,
  PostalCode: cell,
  Email: cell,
  Phone: cell,
  PetName: cell,
  PetSpeciesName: cell,
  DogGender: cell,
});
export type ImportResidentRow = z.input<typeof importResidentRow>;
export const importResidentsBody = z
  .array(importResidentRow)
  .min(1, BULK_IMPORT_MESSAGES.noItems)
  .max(BULK_IMPORT_BATCH_MAX, `At most ${BULK_IMPORT_BATCH_MAX} rows per request.`);

export const importResidentResult = z.object({
  rowNumber: z.number().int(),
  imported: z.boolean(),
  problemDesc: z.string().nullable(),
  problemDetails: z.string().nullable(),
  addedToExistingResident: z.boolean(),
  residentId: z.number().int().nullable(),
});
export type ImportResidentResult = z.output<typeof importResidentResult>;
export const importResidentsResponse = z.array(importResidentResult);
