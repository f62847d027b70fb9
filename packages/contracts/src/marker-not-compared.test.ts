import { describe, expect, it } from 'vitest';
import { markerNotComparedReason } from './wasteresults.ts';

const g = (alleleAValue: string, alleleBValue: string) => ({ alleleAValue, alleleBValue });

describe('why a stored marker was not compared', () => {
  it('names an off-ladder allele on either side, a no call before it, and nothing for a compared marker', () => {
    expect(markerNotComparedReason(g('152', '156'), g('152', '156'))).toBeNull();
    expect(markerNotComparedReason(g('152', '152'), g('146', '152'))).toBeNull();
    expect(markerNotComparedReason(g('OL', '152'), g('146', '152'))).toBe('off-ladder');
    expect(markerNotComparedReason(g('146', '152'), g('146', 'ol'))).toBe('off-ladder');
    expect(markerNotComparedReason(g('', ''), g('146', 'OL'))).toBe('no call');
    expect(markerNotComparedReason(g('146', '152'), undefined)).toBe('no call');
  });
});
