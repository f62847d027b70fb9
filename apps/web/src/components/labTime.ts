// The lab's time zone on screen (spec 1 §9): a day picked in a filter is a lab day (the server reads it there), and
// "today" and every date or time shown are the lab's, never the browser's. The zone comes with userinfo.
import type { Dayjs } from 'dayjs';
import { DEFAULT_LAB_TIME_ZONE, labDayOf, zoneOffsetMs } from '@registry/contracts/labTime';
import { useCurrentUser } from '../lib/auth';
import { dayjs } from '../lib/dayjs';
import { currentLabZone } from '../lib/labZone';

/** The lab's zone as the server reports it (the default zone until userinfo has loaded). */
export function useLabTimeZone(): string {
  return useCurrentUser()?.labTimeZone ?? DEFAULT_LAB_TIME_ZONE;
}

/** Today in the lab, as a calendar day (a zone-less day the date pickers compare and format). */
export function labToday(timeZone: string, now: Date = new Date()): Dayjs {
  const { year, month, day } = labDayOf(now, timeZone);
  return dayjs(new Date(year, month - 1, day));
}

/** The lab's wall clock at an instant, as a zone-less value to format. */
export function labWallClock(instant: string | Date, timeZone: string): Dayjs {
  const at = new Date(instant);
  const wall = new Date(at.getTime() + zoneOffsetMs(at, timeZone));
  return dayjs(
    new Date(
      wall.getUTCFullYear(),
      wall.getUTCMonth(),
      wall.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      wall.getUTCSeconds(),
      wall.getUTCMilliseconds(),
    ),
  );
}

/** An instant the API sends (ISO with zone) shown as the lab's date or time, in a dayjs format. */
export function formatLabTime(instant: string | Date, timeZone: string, format: string): string {
  return labWallClock(instant, timeZone).format(format);
}

/** The lab's zone with its helpers bound, for a screen. */
export function useLabTime() {
  const timeZone = useLabTimeZone();
  return {
    timeZone,
    today: () => labToday(timeZone),
    format: (instant: string | Date, format: string) => formatLabTime(instant, timeZone, format),
  };
}

/**
 * The spec's date formats (spec 1 §foundations): short MM/dd/yyyy for a day, medium MMM-dd-yy hh:mm a for a moment
 * (followed by the lab zone's name, so no one wonders whose clock it is), and M/d/yyyy where the spec sets it (report
 * dates, the date range picker). Every screen formats dates through these, always on the lab's clock.
 */
const DATE_FORMATS = { short: 'MM/DD/YYYY', medium: 'MMM-DD-YY hh:mm A', report: 'M/D/YYYY' } as const;

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The zone's short name at an instant ('EST', 'EDT'; 'GMT-5' where Intl has no abbreviation). */
function zoneName(instant: string | Date, timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(instant))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/**
 * A day: a yyyy-mm-dd value (a birth date, a collection day) as written; an instant as the lab's day. Empty for
 * nothing or an unreadable value.
 */
export function formatLabDate(
  value: string | Date | null | undefined,
  timeZone: string,
  style: 'short' | 'report' = 'short',
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DAY_ONLY.test(value)) return dayjs(value, 'YYYY-MM-DD').format(DATE_FORMATS[style]);
  if (Number.isNaN(new Date(value).getTime())) return '';
  return formatLabTime(value, timeZone, DATE_FORMATS[style]);
}

/** A moment on the lab's clock with the zone's name: 'Nov-26-26 08:35 AM EST'. */
export function formatLabDateTime(value: string | Date | null | undefined, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (Number.isNaN(new Date(value).getTime())) return '';
  return `${formatLabTime(value, timeZone, DATE_FORMATS.medium)} ${zoneName(value, timeZone)}`;
}

/** MM/dd/yyyy on the lab's clock (for table columns and other code outside a component). */
export const showDate = (value: string | Date | null | undefined) => formatLabDate(value, currentLabZone(), 'short');
/** M/d/yyyy on the lab's clock: report dates. */
export const showReportDate = (value: string | Date | null | undefined) =>
  formatLabDate(value, currentLabZone(), 'report');
/** MMM-dd-yy hh:mm a and the lab zone's name. */
export const showDateTime = (value: string | Date | null | undefined) => formatLabDateTime(value, currentLabZone());
