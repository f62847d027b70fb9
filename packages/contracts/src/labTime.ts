// Dates and times without a zone are the lab's: MM/dd/yyyy filters, report ranges and collection times are read in the
// lab's time zone (a server setting), never the browser's or the server's (spec 1 §9).
import { parseUsDate } from './usDates.ts';

/** The spec's -5 hours: the lab's zone when none is configured. */
export const DEFAULT_LAB_TIME_ZONE = 'America/New_York';

/** True for a zone name Intl knows (an IANA name such as 'America/Chicago', or 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: -5 h). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - (instant.getTime() - instant.getUTCMilliseconds());
}

/** The instant a wall-clock time in the zone names (the later reading when a clock change repeats it). */
export function zonedToInstant(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number; ms?: number },
  timeZone: string,
): Date {
  const asUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour ?? 0,
    wall.minute ?? 0,
    wall.second ?? 0,
    wall.ms ?? 0,
  );
  const first = asUtc - zoneOffsetMs(new Date(asUtc), timeZone);
  const second = asUtc - zoneOffsetMs(new Date(first), timeZone);
  return new Date(second);
}

/** The first and last millisecond (00:00:00.000 and 23:59:59.999) of a day in the zone. */
export function dayBounds(
  day: { year: number; month: number; day: number },
  timeZone: string,
): { start: Date; end: Date } {
  return {
    start: zonedToInstant({ ...day, hour: 0 }, timeZone),
    end: zonedToInstant({ ...day, hour: 23, minute: 59, second: 59, ms: 999 }, timeZone),
  };
}

/** The lab day an M/d/yyyy filter names, as instants; null when the text is not a date. */
export function usDateBounds(text: string, timeZone: string): { start: Date; end: Date } | null {
  const date = parseUsDate(text);
  if (!date) return null;
  return dayBounds({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }, timeZone);
}

/**
 * A date-time without a zone ('2026-01-15T08:30:00', the spec's ISO-like format, or '2026-01-15') read in the lab's
 * zone; a text that carries its own zone (Z or ±hh:mm) keeps it. Null when the text is not a date-time.
 */
export function parseLabDateTime(text: string, timeZone: string): Date | null {
  const trimmed = text.trim();
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)) {
    const instant = new Date(trimmed);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(trimmed);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const ms = Number((match[7] ?? '0').padEnd(3, '0'));
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return null;
  return zonedToInstant({ year, month, day, hour, minute, second, ms }, timeZone);
}

/** The calendar day an instant falls on in the zone, as M/d/yyyy parts (for "today" and default ranges). */
export function labDayOf(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}
