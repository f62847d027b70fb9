// A waste sample's collection time of 00:00 counts as no time set (spec 3 §9): the day alone is printed.
import { describe, expect, test } from 'vitest';
import { collectionDateText, wasteSampleSave } from './wastesamples.ts';

describe('collection date', () => {
  test('midnight, or no time at all, prints the day alone', () => {
    expect(collectionDateText('2026-01-12')).toBe('1/12/2026');
    expect(collectionDateText('2026-01-12T00:00')).toBe('1/12/2026');
    expect(collectionDateText('2026-01-12T00:00:00.000Z')).toBe('1/12/2026');
    expect(collectionDateText('2026-01-12 00:00:00')).toBe('1/12/2026');
  });
  test('a time that is set is printed, as written (no time zone shift)', () => {
    expect(collectionDateText('2026-01-12T00:01:00')).toBe('1/12/2026 12:01 AM');
    expect(collectionDateText('2026-01-12T14:30:00-05:00')).toBe('1/12/2026 2:30 PM');
    expect(collectionDateText('2026-12-31T12:00')).toBe('12/31/2026 12:00 PM');
  });
  test('nothing prints nothing', () => {
    expect(collectionDateText(null)).toBe('');
    expect(collectionDateText(undefined)).toBe('');
    expect(collectionDateText('not a date')).toBe('');
  });
  test('the save model keeps the day of a midnight timestamp (the day is what is stored)', () => {
    const base = { sampleNumber: 'TD1234567', propertyCollectedFromId: 1 };
    expect(wasteSampleSave.parse({ ...base, dateCollected: '2026-01-12T00:00:00.000Z' }).dateCollected).toBe(
      '2026-01-12',
    );
    expect(wasteSampleSave.parse({ ...base, dateCollected: '2026-01-12' }).dateCollected).toBe('2026-01-12');
  });
});
