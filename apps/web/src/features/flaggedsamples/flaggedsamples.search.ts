// URL state of /group/{id}/flaggedsamples: its route parameter sampletype and the list's other filters (spec 2).
// Derived from the endpoint's query schema (the list-and-report kit).
import { z } from 'zod';
import { flaggedSamplesQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';

export const flaggedSamplesSearch = reportSearch(
  flaggedSamplesQuery,
  {
    samplenumber: 'sampleNumber',
    dateflagged: 'dateFlagged',
    notes: 'notesPreview',
    groupname: 'groupName',
    samplestatus: 'sampleStatus',
  },
  // The spec's route parameter names the type (Pet, WasteSample); the contract reads it into a number.
  { extra: { sampletype: z.enum(['Pet', 'WasteSample']).optional().catch(undefined) } },
).schema;
export type FlaggedSamplesSearch = z.infer<typeof flaggedSamplesSearch>;
