import { describe, expect, test } from 'vitest';
import {
  DEFAULT_LAB_TIME_ZONE,
  isTimeZone,
  labDayOf,
  parseLabDateTime,
  usDateBounds,
  zoneOffsetMs,
} from './labTime.ts';
import { maxLengthAt } from './common.ts';
import { groupUpdateRequest } from './groups.ts';

describe('lab time zone', () => {
  test('the default zone gives the spec -5 hours in winter (and -4 in summer)', () => {
    expect(DEFAULT_LAB_TIME_ZONE).toBe('America/New_York');
    expect(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), DEFAULT_LAB_TIME_ZONE)).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), DEFAULT_LAB_TIME_ZONE)).toBe(-4 * 3_600_000);
  });
  test("an M/d/yyyy day runs from 00:00:00.000 to 23:59:59.999 in the lab's zone", () => {
    expect(usDateBounds('1/15/2026', 'America/New_York')).toEqual({
      start: new Date('2026-01-15T05:00:00.000Z'),
      end: new Date('2026-01-16T04:59:59.999Z'),
    });
    expect(usDateBounds('07/04/2026', 'America/Chicago')).toEqual({
      start: new Date('2026-07-04T05:00:00.000Z'),
      end: new Date('2026-07-05T04:59:59.999Z'),
    });
    // The day clocks go forward is 23 hours long.
    const short = usDateBounds('3/8/2026', 'America/New_York')!;
    expect(short.end.getTime() - short.start.getTime()).toBe(23 * 3_600_000 - 1);
    expect(usDateBounds('2/30/2026', 'America/New_York')).toBeNull();
  });
  test('a time without a zone is the lab zone; one with a zone keeps it', () => {
    expect(parseLabDateTime('2026-01-15T08:30:00', 'America/New_York')).toEqual(new Date('2026-01-15T13:30:00Z'));
    expect(parseLabDateTime('2026-01-15', 'America/New_York')).toEqual(new Date('2026-01-15T05:00:00Z'));
    expect(parseLabDateTime('2026-01-15T08:30:00Z', 'America/New_York')).toEqual(new Date('2026-01-15T08:30:00Z'));
    expect(parseLabDateTime('2026-13-15T08:30:00', 'America/New_York')).toBeNull();
    expect(labDayOf(new Date('2026-01-16T03:00:00Z'), 'America/New_York')).toEqual({ year: 2026, month: 1, day: 15 });
  });
  test('zone names are checked', () => {
    expect(isTimeZone('America/Denver')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('text limits from the schema', () => {
  test('reads through optional, nullable, pipes and unions; refuses a field without one', () => {
    expect(maxLengthAt(groupUpdateRequest, 'name')).toBe(200);
    expect(maxLengthAt(groupUpdateRequest, 'website')).toBe(2000);
    expect(maxLengthAt(groupUpdateRequest, 'mailingAddress.city')).toBe(100);
    expect(() => maxLengthAt(groupUpdateRequest, 'numberOfUnits')).toThrow(/No text length limit/);
    expect(() => maxLengthAt(groupUpdateRequest, '__proto__')).toThrow(/No field/);
  });
});
