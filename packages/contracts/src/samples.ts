// Samples shared by pets and waste samples: sample-number rules, the customer status actions, flag notes and the
// sample history (spec 3 §3-§5). Pets (DN/DNI) and waste samples (TD/TDI) both validate and show samples through these.
import { z } from 'zod';
import { SAMPLE_NUMBER_PATTERNS, textField } from './common.ts';
import { SampleCustomerStatus } from './enums.ts';

export const SampleMessages = {
  invalidFormat: 'Invalid format.',
  enterSampleNumber: 'Please enter a Sample Number.',
  flagNotesTooLong: 'Notes are limited to 250 characters.',
  rejectNotesRequired: 'Notes are required, please provide a rejection reason.',
  notesRequired: 'Notes are required.',
  sampleNumberTaken: 'This sample number is already in use.',
} as const;

/** The longest sample number: a three-letter prefix and seven digits. */
export const SAMPLE_NUMBER_MAX = 10;
export const FLAG_NOTES_MAX = 250;
/** Status notes (reject, void, unvoid and the others) are free text; 2,000 characters is ample and bounded. */
export const STATUS_NOTES_MAX = 2000;

const sampleNumberOf = (pattern: RegExp) =>
  textField(32, { error: SampleMessages.enterSampleNumber })
    .trim()
    .min(1, SampleMessages.enterSampleNumber)
    .regex(pattern, SampleMessages.invalidFormat)
    .transform((value) => value.toUpperCase());

/** A pet's sample number: DN or DNI then exactly 7 digits, any case; the parsed value is upper-cased. */
export const petSampleNumber = sampleNumberOf(SAMPLE_NUMBER_PATTERNS.pet);
/** A waste sample's number: TD or TDI then exactly 7 digits, any case; the parsed value is upper-cased. */
export const wasteSampleNumber = sampleNumberOf(SAMPLE_NUMBER_PATTERNS.waste);
/** Either kind (history look-ups and other calls that take any sample). */
export const anySampleNumber = sampleNumberOf(SAMPLE_NUMBER_PATTERNS.any);
export const sampleNumberQuery = z.object({ sampleNumber: anySampleNumber });

/** Flag notes: optional, at most 250 characters (spec 3 §5). */
export const flagNotes = textField(FLAG_NOTES_MAX, { multiline: true })
  .max(FLAG_NOTES_MAX, SampleMessages.flagNotesTooLong)
  .trim();
export const flagRequest = z.object({ notes: flagNotes.optional().nullable() });
/** Notes for a status action; which actions require them is the status machine's rule (reject, void, unvoid). */
export const statusNotes = textField(STATUS_NOTES_MAX, { multiline: true }).trim();
export const statusNotesRequest = z.object({ notes: statusNotes.optional().nullable() });

/** The customer status actions a user takes on a sample (spec 3 §4 "Sample customer status"). */
export const SAMPLE_STATUS_ACTIONS = [
  'reject',
  'accept',
  'expire',
  'reinstate',
  'void',
  'unvoid',
  'resetToProfileCreated',
  'verify',
] as const;
export type SampleStatusAction = (typeof SAMPLE_STATUS_ACTIONS)[number];
export type SampleKind = 'pet' | 'waste';

/** What a history entry records: a status change, or the flag set or cleared. */
export const SampleHistoryEntryType = { StatusChange: 0, Flag: 1, Unflag: 2 } as const;
export type SampleHistoryEntryType = (typeof SampleHistoryEntryType)[keyof typeof SampleHistoryEntryType];

const statusValue = z
  .number()
  .int()
  .refine((value) => (Object.values(SampleCustomerStatus) as number[]).includes(value));
export const sampleHistoryEntry = z.object({
  id: z.number().int(),
  sampleNumber: z.string(),
  entryType: z.number().int(),
  /** The action's name (reject, void, flag...) or 'created' / a system change such as the DNA lab's. */
  action: z.string(),
  fromStatus: statusValue.nullable(),
  toStatus: statusValue.nullable(),
  notes: z.string().nullable(),
  changedByUserId: z.number().int().nullable(),
  changedByName: z.string().nullable(),
  changedAt: z.string(),
});
export type SampleHistoryEntry = z.infer<typeof sampleHistoryEntry>;
export const sampleHistory = z.array(sampleHistoryEntry);

const NEW_OR_RECEIVED: readonly number[] = [
  SampleCustomerStatus.ProfileCreated,
  SampleCustomerStatus.DnaSampleReceived,
];

/**
 * Where an action moves a sample from `from` (spec 3 §4), or null when it may not: the one rule book of the server's
 * status machine and of the screens that offer the actions.
 */
export function sampleStatusTarget(
  kind: SampleKind,
  action: SampleStatusAction,
  /** The stored status: any number, as read from a row; one the machine does not know allows nothing. */
  from: number,
  statusBeforeExpiry: SampleCustomerStatus | null = null,
): SampleCustomerStatus | null {
  switch (action) {
    case 'reject':
      return NEW_OR_RECEIVED.includes(from) ? SampleCustomerStatus.SampleRejected : null;
    case 'accept':
      return from === SampleCustomerStatus.SampleRejected ? SampleCustomerStatus.DnaSampleReceived : null;
    case 'expire':
      return NEW_OR_RECEIVED.includes(from) ? SampleCustomerStatus.Expired : null;
    case 'reinstate':
      // The spec leaves the reinstated status to the server: back to where the sample was when it expired.
      return from === SampleCustomerStatus.Expired ? (statusBeforeExpiry ?? SampleCustomerStatus.ProfileCreated) : null;
    case 'void':
      if (from === SampleCustomerStatus.SampleVoided) return null;
      return kind === 'waste' && !NEW_OR_RECEIVED.includes(from) ? null : SampleCustomerStatus.SampleVoided;
    case 'unvoid':
      return from === SampleCustomerStatus.SampleVoided ? SampleCustomerStatus.ProfileCreated : null;
    case 'resetToProfileCreated':
      // A voided sample comes back through unvoid, which asks for notes.
      return from === SampleCustomerStatus.ProfileCreated || from === SampleCustomerStatus.SampleVoided
        ? null
        : SampleCustomerStatus.ProfileCreated;
    case 'verify':
      return from === SampleCustomerStatus.DnaProcessingComplete
        ? SampleCustomerStatus.VerificationTestRequested
        : null;
  }
}
