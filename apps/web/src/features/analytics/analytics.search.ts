// The analytics pages' URL state: the picked group (program analytics) and the period as the kit's date range writes it
// (MM/DD/YYYY). A value that does not parse falls back to the default (the last twelve whole months).
import { z } from 'zod';
import { pickedGroupName } from '../../components/reportSearch';

// Hand-written: the contract's period is required and checked as a pair; the URL's is optional, defaulting to a year.
const usDay = z
  .string()
  .regex(/^\d{2}\/\d{2}\/\d{4}$/)
  .optional()
  .catch(undefined);
export const programAnalyticsSearch = z.object({
  groupId: z.coerce.number().int().positive().optional().catch(undefined),
  ...pickedGroupName,
  startDate: usDay,
  endDate: usDay,
});
export type ProgramAnalyticsSearch = z.infer<typeof programAnalyticsSearch>;
export const labAnalyticsSearch = z.object({ startDate: usDay, endDate: usDay });
