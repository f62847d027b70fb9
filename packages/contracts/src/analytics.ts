// Program analytics (issue 42, beyond the spec): a property's, firm's or distributorship's waste-DNA program over a
// chosen period beside the period just before it, and the lab's own figures for provider staff. Every figure is a plain
// count or percentile over the database's rows (docs/decisions/integrations-analytics.md says what each one counts).
import { z } from 'zod';
import { GroupTypes } from './enums.ts';
import { exportFormat } from './reports.ts';
import { id, textField } from './common.ts';

export const ANALYTICS_MESSAGES = {
  invalidDate: 'Use a date as yyyy-mm-dd.',
  endBeforeStart: 'The end date must not be before the start date.',
  periodTooLong: 'A period may cover at most 3 years.',
  notAProgramGroup: 'Program analytics cover a property, a management firm or a distributorship.',
} as const;

/** The groups whose program the analytics show (the hierarchy root is the lab's view, not a program). */
export const ANALYTICS_GROUP_TYPES: readonly number[] = [
  GroupTypes.Property,
  GroupTypes.ManagementGroup,
  GroupTypes.Distributorship,
  GroupTypes.DistributorshipManagementGroup,
];
/** Longest period (days): three years of months keeps every chart readable and every query bounded. */
export const ANALYTICS_MAX_DAYS = 366 * 3;

const day = textField(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_MESSAGES.invalidDate)
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) && date.getUTCFullYear() > 1;
  }, ANALYTICS_MESSAGES.invalidDate);

const periodShape = { startDate: day, endDate: day };
const checkPeriod = (value: { startDate: string; endDate: string }, ctx: z.RefinementCtx) => {
  const days = (Date.parse(value.endDate) - Date.parse(value.startDate)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: ANALYTICS_MESSAGES.endBeforeStart });
  else if (days > ANALYTICS_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: ANALYTICS_MESSAGES.periodTooLong });
};
export const programAnalyticsQuery = z.object({ groupId: id, ...periodShape }).superRefine(checkPeriod);
export const programAnalyticsExportQuery = z
  .object({ groupId: id, ...periodShape, format: exportFormat })
  .superRefine(checkPeriod);
export const labAnalyticsQuery = z.object(periodShape).superRefine(checkPeriod);
export const labAnalyticsExportQuery = z.object({ ...periodShape, format: exportFormat }).superRefine(checkPeriod);

const count = z.number().int();
/** A share as a fraction (0..1), or null when nothing was counted. */
const rate = z.number().nullable();
export const periodCount = z.object({ period: z.string(), count });
export const durationStats = z.object({
  /** Samples measured. */
  count,
  /** Hours, or null when none. */
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
});
export type DurationStats = z.output<typeof durationStats>;

export const programFigures = z.object({
  startDate: z.string(),
  endDate: z.string(),
  collected: count,
  collectedPerMonth: z.array(periodCount),
  results: z.object({ match: count, noMatch: count, fail: count, other: count }),
  matchRate: rate,
  dogsRegistered: count,
  dogsDeclared: count,
  repeatDogs: count,
  turnaround: z.object({
    collectedToReceived: durationStats,
    receivedToApproved: durationStats,
    collectedToApproved: durationStats,
  }),
  /** Violation notices issued, paid and waived: null until the violation notices exist. */
  notices: z.object({ issued: count, paid: count, waived: count }).nullable(),
});
export type ProgramFigures = z.output<typeof programFigures>;
export const programAnalytics = z.object({
  group: z.object({ id: z.number().int(), name: z.string(), groupType: z.number().int() }),
  current: programFigures,
  previous: programFigures,
});
export type ProgramAnalytics = z.output<typeof programAnalytics>;

export const labFigures = z.object({
  startDate: z.string(),
  endDate: z.string(),
  received: count,
  receivedPerWeek: z.array(periodCount),
  plates: count,
  platesPerWeek: z.array(periodCount),
  turnaround: z.object({
    collectedToReceived: durationStats,
    receivedToTyped: durationStats,
    typedToApproved: durationStats,
  }),
  samplesTyped: count,
  rerunRate: rate,
  reswabRate: rate,
  noResultRate: rate,
  controlFailures: count,
  controlFailuresPerPlate: z.number().nullable(),
});
export type LabFigures = z.output<typeof labFigures>;
export const labAnalytics = z.object({ current: labFigures, previous: labFigures });
export type LabAnalytics = z.output<typeof labAnalytics>;
