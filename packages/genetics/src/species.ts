// Wrong-species check: a profile whose called alleles mostly fall outside the panel's expected size ranges.
// Other species amplify few markers and off-range peaks; see docs/genetics.md for the setting and its reasoning.

import { ALLELE_OL, ALLELE_X, NO_CALL } from './alleles.ts';
import type { DnaProfile } from './profile.ts';

export type SpeciesSettings = {
  /** Fraction of called typing markers that may lie outside the expected size range before the profile is wrong-species. */
  wrongSpeciesOutOfRangeFraction: number;
  /** Slack in base pairs around each marker's published size range (bins drift between instruments). */
  sizeRangeSlackBp: number;
  /** Fewest out-of-range markers needed; one stray peak on a sparse profile is not evidence of another species. */
  wrongSpeciesMinimumMarkers: number;
};

export const DEFAULT_SPECIES_SETTINGS: SpeciesSettings = Object.freeze({
  wrongSpeciesOutOfRangeFraction: 0.5,
  sizeRangeSlackBp: 10,
  wrongSpeciesMinimumMarkers: 2,
});

export type SpeciesCheck = { calledMarkers: number; outOfRangeMarkers: number; wrongSpecies: boolean };

function outOfRange(code: number, range: readonly [number, number] | undefined, slack: number): boolean {
  if (code === NO_CALL || code === ALLELE_OL) return false;
  if (code >= ALLELE_X) return true; // X or Y on an autosomal marker
  if (!range) return false;
  const v = code / 10;
  return v < range[0] - slack || v > range[1] + slack;
}

export function checkSpecies(profile: DnaProfile, settings: Partial<SpeciesSettings> = {}): SpeciesCheck {
  const s = { ...DEFAULT_SPECIES_SETTINGS, ...settings };
  let called = 0;
  let off = 0;
  for (const m of profile.panel.typingMarkers) {
    const lo = profile.codes[m * 2];
    const hi = profile.codes[m * 2 + 1];
    if (hi === NO_CALL) continue;
    called++;
    const range = profile.panel.markers[m].sizeRange;
    if (outOfRange(lo, range, s.sizeRangeSlackBp) || outOfRange(hi, range, s.sizeRangeSlackBp)) off++;
  }
  const wrongSpecies = off >= s.wrongSpeciesMinimumMarkers && off > called * s.wrongSpeciesOutOfRangeFraction;
  return { calledMarkers: called, outOfRangeMarkers: off, wrongSpecies };
}
