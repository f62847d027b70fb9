// Wrong-species check of one profile: most called markers off the panel's bins (or X/Y on autosomal markers), or a
// gender marker that is not X or X,Y. See docs/genetics.md for the settings and their reasoning.

import { ALLELE_X, ALLELE_Y, NO_CALL } from './alleles.ts';
import { type BinSet, defaultBinSet, inBins } from './bins.ts';
import type { Panel } from './panels.ts';
import type { DnaProfile } from './profile.ts';

export type SpeciesSettings = {
  /** Fraction of called typing markers that may lie off the bins before the profile is wrong-species. */
  wrongSpeciesOutOfRangeFraction: number;
  /** Fewest off-bin markers needed; one stray peak on a sparse profile is not evidence of another species. */
  wrongSpeciesMinimumMarkers: number;
  /** The bins calls are judged against; null = the panel's default bins. */
  bins: BinSet | null;
};

export const DEFAULT_SPECIES_SETTINGS: SpeciesSettings = Object.freeze({
  wrongSpeciesOutOfRangeFraction: 0.5,
  wrongSpeciesMinimumMarkers: 2,
  bins: null,
});

export type SpeciesCheck = {
  calledMarkers: number;
  /** Called typing markers with an allele in no bin (OL included) or an X/Y allele. */
  outOfRangeMarkers: number;
  /** The gender marker shows something other than X or X,Y (another species' amelogenin, or sizes). */
  genderPatternUnexpected: boolean;
  wrongSpecies: boolean;
};

const DEFAULT_BINS = new WeakMap<Panel, BinSet>();

export function panelDefaultBins(panel: Panel): BinSet {
  let bins = DEFAULT_BINS.get(panel);
  if (!bins) DEFAULT_BINS.set(panel, (bins = defaultBinSet(panel)));
  return bins;
}

/** Whether a gender-marker call (lo, hi) is anything other than X, X (female) or X, Y (male). */
export function unexpectedGenderPattern(lo: number, hi: number): boolean {
  if (hi === NO_CALL) return false;
  return !(lo === ALLELE_X && (hi === ALLELE_X || hi === ALLELE_Y));
}

export function checkSpecies(profile: DnaProfile, settings: Partial<SpeciesSettings> = {}): SpeciesCheck {
  const s = { ...DEFAULT_SPECIES_SETTINGS, ...settings };
  const panel = profile.panel;
  const bins = s.bins ?? panelDefaultBins(panel);
  let called = 0;
  let off = 0;
  for (const m of panel.typingMarkers) {
    const lo = profile.codes[m * 2];
    const hi = profile.codes[m * 2 + 1];
    if (hi === NO_CALL) continue;
    called++;
    if (!inBins(bins, m, lo) || !inBins(bins, m, hi)) off++;
  }
  const g = panel.genderMarker;
  const genderPatternUnexpected = g >= 0 && unexpectedGenderPattern(profile.codes[g * 2], profile.codes[g * 2 + 1]);
  const offBins = off >= s.wrongSpeciesMinimumMarkers && off > called * s.wrongSpeciesOutOfRangeFraction;
  return {
    calledMarkers: called,
    outOfRangeMarkers: off,
    genderPatternUnexpected,
    wrongSpecies: offBins || genderPatternUnexpected,
  };
}
