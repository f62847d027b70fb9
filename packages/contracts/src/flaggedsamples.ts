// Flagged samples under a group (spec 2 "Flagged sample", GET /groups/group/flaggedsamples/{id}): the flagged pets of the
// group's current pet owners and the flagged waste samples collected on its properties, subgroups included.
import { z } from 'zod';
import { SampleCustomerStatus } from './enums.ts';
import { id, pagedResponse, pagingQuery, queryEnum, textField, usDate } from './common.ts';

/** The two kinds the list holds (SampleType's Pet and WasteSample). */
export const FlaggedSampleType = { Pet: 0, WasteSample: 1 } as const;

export const FLAGGED_SAMPLES_ORDER = [
  'sampleNumber',
  'sampleType',
  'sampleStatus',
  'dateFlagged',
  'notesPreview',
  'groupName',
] as const;

/** Filters: type, sample number and notes and group name (contains), the day flagged (M/d/yyyy), the sample status. */
export const flaggedSamplesQuery = pagingQuery.extend({
  sampleType: queryEnum(FlaggedSampleType).optional(),
  sampleNumber: textField(20).trim().optional(),
  dateFlagged: usDate.optional(),
  notesPreview: textField(250).trim().optional(),
  groupName: textField(200).trim().optional(),
  sampleStatus: queryEnum(SampleCustomerStatus).optional(),
});
export type FlaggedSamplesQuery = z.input<typeof flaggedSamplesQuery>;

export const flaggedSampleRow = z.object({
  sampleId: z.number().int(),
  sampleNumber: z.string().nullable(),
  sampleStatus: z.number().int(),
  sampleType: z.enum(['Pet', 'WasteSample']),
  /** The pet's name; null for a waste sample. */
  name: z.string().nullable(),
  dateFlagged: z.string().nullable(),
  notesPreview: z.string().nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  /** The pet's owner, to open the pet owner page; null for a waste sample. */
  petOwnerId: z.number().int().nullable(),
});
export type FlaggedSampleRow = z.infer<typeof flaggedSampleRow>;
export const flaggedSamplesList = pagedResponse(flaggedSampleRow);
export const flaggedSamplesParams = z.object({ id });
