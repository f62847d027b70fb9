// The marker list of the new-panel popup: one marker a line, bins after a colon or a tab, gender markers by name.
import { describe, expect, it } from 'vitest';
import { parseMarkerList } from './dna.api';

describe('parseMarkerList', () => {
  it('reads names, bins and gender markers, skipping blank lines and non-sizes', () => {
    expect(parseMarkerList('AHT121: 96, 98 100\n\n  Amelogenin \nD1S1656\t16.3 17.3 x\nZFX/Y')).toEqual([
      { name: 'AHT121', isGenderMarker: false, bins: [96, 98, 100] },
      { name: 'Amelogenin', isGenderMarker: true, bins: [] },
      { name: 'D1S1656', isGenderMarker: false, bins: [16.3, 17.3] },
      { name: 'ZFX/Y', isGenderMarker: true, bins: [] },
    ]);
  });
});
