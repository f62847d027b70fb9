// Waste sample shapes (spec 3 §3 "Waste", §5): the sample as the entry screens and the details modal show it, the save
// and receive model, notes bodies and the bulk transfer.
import { z } from 'zod';
import { id, optionalText, textField } from './common.ts';
import { WasteSampleReceiptFollowupAction } from './enums.ts';
import { FLAG_NOTES_MAX, STATUS_NOTES_MAX, flagNotes, wasteSampleNumber } from './samples.ts';

export const wasteSampleNumberQuery = z.object({ sampleNumber: wasteSampleNumber });
export const wasteSampleIdQuery = z.object({ wasteSampleId: id });

const followupValues = Object.values(WasteSampleReceiptFollowupAction) as [number, ...number[]];
const followupMessage = `Must be one of ${Object.entries(WasteSampleReceiptFollowupAction)
  .map(([name, value]) => `${name} (${value})`)
  .join(', ')}.`;

/**
 * The collection date and time as screens, reports and letters print it (spec 3 §9): M/D/YYYY, with h:mm AM/PM only
 * when a time is set. A collection time of 00:00 counts as no time set, so midnight prints the day alone. The value is
 * yyyy-mm-dd or an ISO timestamp; its wall-clock digits are read as written, never shifted by a time zone.
 */
export function collectionDateText(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(value) : null;
  if (!match) return '';
  const [, year, month, day, hours, minutes] = match;
  const date = `${Number(month)}/${Number(day)}/${year}`;
  if (hours === undefined || (hours === '00' && minutes === '00')) return date;
  const h = Number(hours);
  return `${date} ${h % 12 === 0 ? 12 : h % 12}:${minutes} ${h < 12 ? 'AM' : 'PM'}`;
}

/** yyyy-mm-dd, or an ISO timestamp whose date part is taken (the date picker sends either; the day is what is kept). */
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
  followupActionNotes: optionalText(FLAG_NOTES_MAX, { multiline: true }),
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

/**
 * Notes sent as the JSON string body itself (spec 3 §7: flag takes "notes as string body"; reject, void and unvoid take
 * theirs the same way). Which actions require notes is the shared status machine's rule (modules/samples).
 */
export const wasteFlagNotesBody = flagNotes;
export const wasteStatusNotesBody = textField(STATUS_NOTES_MAX, { multiline: true }).trim();

export const wasteBulkTransferRequest = z.object({
  destinationId: id,
  sampleIds: z.array(id).min(1).max(1000),
});

export const isOrphanResponse = z.object({ isOrphan: z.boolean() });

export const wasteDeleteQuery = z.object({ confirmation: textField(20).optional() });
