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
