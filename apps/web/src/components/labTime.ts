// The lab's time zone on screen (spec 1 §9): a day picked in a filter is a lab day (the server reads it there), and
// "today" and every date or time shown are the lab's, never the browser's. The zone comes with userinfo.
import type { Dayjs } from 'dayjs';
import { DEFAULT_LAB_TIME_ZONE, labDayOf, zoneOffsetMs } from '@registry/contracts/labTime';
import { useCurrentUser } from '../app/auth';
import { dayjs } from '../app/dayjs';

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
