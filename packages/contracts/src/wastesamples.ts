// Waste sample shapes (spec 3 §3 "Waste", §5): the sample as the entry screens and the details modal show it, the save
// and receive model, notes bodies and the bulk transfer.
import { z } from 'zod';
import { SAMPLE_NUMBER_PATTERNS, id, optionalText, textField } from './common.ts';
import { WasteSampleReceiptFollowupAction } from './enums.ts';
import { Messages } from './messages.ts';

/** A waste sample number: TD or TDI and 7 digits, any case, answered upper-cased; anything else is 'Invalid format.' */
export const wasteSampleNumber = textField(10, { error: Messages.wasteSampleInvalidFormat })
  .trim()
  .regex(SAMPLE_NUMBER_PATTERNS.waste, Messages.wasteSampleInvalidFormat)
  .transform((value) => value.toUpperCase());

export const wasteSampleNumberQuery = z.object({ sampleNumber: wasteSampleNumber });
export const wasteSampleIdQuery = z.object({ wasteSampleId: id });

const followupValues = Object.values(WasteSampleReceiptFollowupAction) as [number, ...number[]];
const followupMessage = `Must be one of ${Object.entries(WasteSampleReceiptFollowupAction)
  .map(([name, value]) => `${name} (${value})`)
  .join(', ')}.`;

/** yyyy-mm-dd, or an ISO timestamp whose date part is taken (the date picker sends either). */
const collectionDate = textField(40)
  .trim()
  .refine((text) => /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(Date.parse(text.slice(0, 10))), 'Invalid date.')
  .transform((text) => text.slice(0, 10));

/** The model of POST/PUT /wastesamples/ and POST receivewastesample (spec 3 §3 "Waste sample"). */
export const wasteSampleSave = z.object({
  sampleId: id.optional().nullable(),
  sampleNumber: wasteSampleNumber,
  propertyCollectedFromId: id,
  collectionLocationNotes: optionalText(500, { multiline: true }),
  bioPetNotes: optionalText(1000, { multiline: true }),
  collectedByName: optionalText(200),
  dateCollected: collectionDate.optional().nullable(),
  followupAction: z
    .number()
    .int()
    .refine((value) => followupValues.includes(value), followupMessage)
    .optional()
    .default(WasteSampleReceiptFollowupAction.None),
  followupActionNotes: optionalText(250, { multiline: true }),
});
export type WasteSampleSave = z.output<typeof wasteSampleSave>;
export type WasteSampleSaveInput = z.input<typeof wasteSampleSave>;

export const wasteSampleView = z.object({
  sampleId: z.number().int(),
  sampleNumber: z.string(),
  propertyCollectedFromId: z.number().int().nullable(),
  propertyCollectedFromName: z.string().nullable(),
  collectionLocationNotes: z.string().nullable(),
  bioPetNotes: z.string().nullable(),
  collectedByName: z.string().nullable(),
  dateCollected: z.string().nullable(),
  customerFacingStatus: z.number().int(),
  isFlagged: z.boolean(),
  flagNotes: z.string().nullable(),
  followupAction: z.number().int(),
  followupActionNotes: z.string().nullable(),
  dateReceived: z.string().nullable(),
  dateCreated: z.string(),
});
export type WasteSampleView = z.infer<typeof wasteSampleView>;

/** A save or receive: the sample as stored, and the server's warning text when there is one (shown as a warning). */
export const wasteSampleSaveResponse = z.object({ sample: wasteSampleView, warning: z.string().nullable() });

/** Notes of reject, void, unvoid and flag: the JSON string body itself (spec 3 §7, "notes as string body"). */
export const sampleNotesBody = textField(250, { multiline: true, error: Messages.notesRequired })
  .trim()
  .min(1, Messages.notesRequired)
  .max(250, Messages.flagNotesTooLong);

export const wasteBulkTransferRequest = z.object({
  destinationId: id,
  sampleIds: z.array(id).min(1).max(1000),
});

export const isOrphanResponse = z.object({ isOrphan: z.boolean() });

export const wasteDeleteQuery = z.object({ confirmation: textField(20).optional() });

/** One entry of a sample's history: a status change or a note, newest first. */
export const sampleHistoryEntry = z.object({
  id: z.number().int(),
  dateCreated: z.string(),
  customerFacingStatus: z.number().int(),
  notes: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
