import { describe, expect, it } from 'vitest';
import { formatLabTime, labToday, labWallClock } from './labTime';

describe('lab time on screen', () => {
  it("today is the lab's day, not the browser's", () => {
    // 03:00 UTC on March 11 is still March 10 in New York (-5 h) and already March 11 in Tokyo.
    const instant = new Date('2026-03-11T03:00:00Z');
    expect(labToday('America/New_York', instant).format('M/D/YYYY')).toBe('3/10/2026');
    expect(labToday('Asia/Tokyo', instant).format('M/D/YYYY')).toBe('3/11/2026');
    expect(labToday('America/New_York', instant).format('HH:mm:ss.SSS')).toBe('00:00:00.000');
  });

  it("shows an instant on the lab's wall clock, across a clock change", () => {
    expect(formatLabTime('2026-01-15T03:30:00Z', 'America/New_York', 'M/D/YYYY h:mm A')).toBe('1/14/2026 10:30 PM');
    expect(formatLabTime('2026-07-15T03:30:00Z', 'America/New_York', 'M/D/YYYY h:mm A')).toBe('7/14/2026 11:30 PM');
    expect(formatLabTime('2026-01-15T03:30:00Z', 'UTC', 'MMM-DD-YY hh:mm A')).toBe('Jan-15-26 03:30 AM');
    expect(labWallClock('2026-01-15T04:59:59.999Z', 'America/New_York').format('YYYY-MM-DD HH:mm:ss.SSS')).toBe(
      '2026-01-14 23:59:59.999',
    );
  });
});

describe('the one date formatter', () => {
  it("writes the spec's formats on the lab's clock, with the zone on moments", async () => {
    const { formatLabDate, formatLabDateTime } = await import('./labTime');
    // 02:30 UTC on the 27th is the evening of the 26th in New York.
    expect(formatLabDate('2026-11-27T02:30:00Z', 'America/New_York')).toBe('11/26/2026');
    expect(formatLabDate('2026-11-27T02:30:00Z', 'America/New_York', 'report')).toBe('11/26/2026');
    expect(formatLabDate('2026-01-05T12:00:00Z', 'America/New_York', 'report')).toBe('1/5/2026');
    expect(formatLabDate('2026-01-05', 'America/New_York')).toBe('01/05/2026');
    expect(formatLabDate(null, 'America/New_York')).toBe('');
    expect(formatLabDateTime('2026-11-26T13:35:00Z', 'America/New_York')).toBe('Nov-26-26 08:35 AM EST');
    expect(formatLabDateTime('2026-07-04T13:35:00Z', 'America/New_York')).toBe('Jul-04-26 09:35 AM EDT');
    expect(formatLabDateTime('2026-07-04T13:35:00Z', 'America/Chicago')).toBe('Jul-04-26 08:35 AM CDT');
  });
});
