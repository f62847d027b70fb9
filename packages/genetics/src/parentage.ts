// Parentage: per-marker inheritance check of a puppy against a dam and a sire (spec ParentageMarkerMatchResult),
// the run result (ParentageMatchRunResult), and the combined paternity/parentage indices and exclusion probability.

import { ALLELE_OL, ALLELE_X, NO_CALL } from './alleles.ts';
import { type AlleleFrequencies, alleleFrequency } from './matching/statistics.ts';
import type { Panel } from './panels.ts';
import { type DnaProfile, calledMarkerCount } from './profile.ts';
import { checkSpecies } from './species.ts';

export const ParentageMarkerMatchResult = { Fail: 'Fail', Pass: 'Pass', Skip: 'Skip' } as const;
export type ParentageMarkerMatchResult = (typeof ParentageMarkerMatchResult)[keyof typeof ParentageMarkerMatchResult];

export const ParentageMatchRunResult = {
  Certified: 'Certified',
  Disqualified: 'Disqualified',
  Inconclusive: 'Inconclusive',
} as const;
export type ParentageMatchRunResult = (typeof ParentageMatchRunResult)[keyof typeof ParentageMatchRunResult];

export type ParentageSettings = {
  /** Fewest markers tested on all three (not skipped) for a certificate; null = the panel's minimumMarkers. */
  minimumTestedMarkers: number | null;
  /** Failing markers at which the trio is Disqualified; one fewer is read as a possible mutation (Inconclusive). */
  disqualifyingFailedMarkers: number;
  /** Validation results of the plate import for each profile; a Fail refuses the trio unless overridden. */
  validations: Partial<Record<ParentageRole, { result: string; failReasons?: readonly string[] }>>;
  /** Run on profiles that failed validation anyway (an analyst's decision, recorded by the caller). */
  overrideValidation: boolean;
};

export const DEFAULT_PARENTAGE_SETTINGS: ParentageSettings = Object.freeze({
  minimumTestedMarkers: null,
  disqualifyingFailedMarkers: 2,
  validations: {},
  overrideValidation: false,
});

export type ParentageRole = 'puppy' | 'dam' | 'sire';

/** Thrown when a profile of the trio failed validation and the caller did not override: no result is given. */
export class ParentageRefused extends Error {
  override name = 'ParentageRefused';
  readonly refusals: { role: ParentageRole; reasons: string[] }[];
  constructor(refusals: { role: ParentageRole; reasons: string[] }[]) {
    super(
      `parentage refused: ${refusals.map((r) => `the ${r.role}'s profile failed validation (${r.reasons.join(', ')})`).join('; ')}`,
    );
    this.refusals = refusals;
  }
}

// A dam or sire is checked for many puppies: remember each profile's own check by its code array.
const CHECKED = new WeakMap<Uint16Array, string[]>();

/** Why a profile may not be used: the caller's validation result, too few called markers, or another species. */
function validationFailures(profile: DnaProfile, given: ParentageSettings['validations'][ParentageRole]): string[] {
  if (given && given.result === 'Fail') return [...(given.failReasons ?? ['Fail'])];
  const known = CHECKED.get(profile.codes);
  if (known) return known;
  const reasons: string[] = [];
  CHECKED.set(profile.codes, reasons);
  if (calledMarkerCount(profile) < profile.panel.minimumMarkers) reasons.push('MarkerQuantityNotSufficient');
  if (checkSpecies(profile).wrongSpecies) reasons.push('WrongSpeciesForPanel');
  return reasons;
}

export const PARENTAGE_SKIP = 0;
export const PARENTAGE_PASS = 1;
export const PARENTAGE_FAIL = 2;

function carries(x1: number, x2: number, a: number): boolean {
  return a !== ALLELE_OL && (x1 === a || x2 === a);
}

/** 0 skip, 1 pass, 2 fail. Symmetric in dam and sire. */
export function parentageMarkerCode(p1: number, p2: number, d1: number, d2: number, s1: number, s2: number): number {
  if (p2 === NO_CALL || d2 === NO_CALL || s2 === NO_CALL) return PARENTAGE_SKIP;
  // An off-ladder call has no size: it can neither show an allele was inherited nor exclude a parent.
  if (p2 === ALLELE_OL || d2 === ALLELE_OL || s2 === ALLELE_OL) return PARENTAGE_SKIP;
  const ok = (carries(d1, d2, p1) && carries(s1, s2, p2)) || (carries(d1, d2, p2) && carries(s1, s2, p1));
  return ok ? PARENTAGE_PASS : PARENTAGE_FAIL;
}

export type ParentageResult = {
  result: ParentageMatchRunResult;
  testedMarkers: number;
  failedMarkers: number;
  skippedMarkers: number;
  markers: Readonly<{ marker: string; result: ParentageMarkerMatchResult }>[];
  /** Present when allele frequencies were given. */
  statistics?: ParentageStatistics;
};

export type ParentageStatistics = {
  /** Product over passing markers of the trio paternity index (sire against a random male, the dam taken as the true dam). */
  combinedPaternityIndex: number;
  /** Product over passing markers of the trio index for both parents against two random dogs (symmetric in dam and sire). */
  combinedParentageIndex: number;
  /** Chance that a random unrelated male would have been excluded as sire, over every tested marker (failing ones too). */
  combinedExclusionProbability: number;
  /** The panel's mutation rate used at single-step exclusions. */
  mutationRate: number;
  /** Failing markers with the index used there: 0, or μ / mean exclusion power for a single-step exclusion. */
  excludingMarkers: ExcludingMarker[];
};

const MARKER_NAMES: readonly ParentageMarkerMatchResult[] = [
  ParentageMarkerMatchResult.Skip,
  ParentageMarkerMatchResult.Pass,
  ParentageMarkerMatchResult.Fail,
];

type MarkerEntry = Readonly<{ marker: string; result: ParentageMarkerMatchResult }>;
const ENTRIES = new WeakMap<Panel, MarkerEntry[][]>();

/** Frozen { marker, result } entries per panel marker and result, shared by every run (10,000 trios allocate no entries). */
function markerEntries(panel: Panel): MarkerEntry[][] {
  let table = ENTRIES.get(panel);
  if (!table) {
    table = panel.markers.map((mk) => MARKER_NAMES.map((result) => Object.freeze({ marker: mk.name, result })));
    ENTRIES.set(panel, table);
  }
  return table;
}

export function parentageRunResult(
  tested: number,
  failed: number,
  minimumTested: number,
  disqualifyingFailed: number,
): ParentageMatchRunResult {
  if (failed >= disqualifyingFailed) return ParentageMatchRunResult.Disqualified;
  if (failed > 0 || tested < minimumTested) return ParentageMatchRunResult.Inconclusive;
  return ParentageMatchRunResult.Certified;
}

export function evaluateParentage(
  puppy: DnaProfile,
  dam: DnaProfile,
  sire: DnaProfile,
  settings: Partial<ParentageSettings> = {},
  freqs?: AlleleFrequencies,
): ParentageResult {
  const s = { ...DEFAULT_PARENTAGE_SETTINGS, ...settings };
  const panel = puppy.panel;
  if (dam.panel.id !== panel.id || sire.panel.id !== panel.id)
    throw new Error('puppy, dam and sire must be typed on one panel');
  if (!s.overrideValidation) {
    const refusals: { role: ParentageRole; reasons: string[] }[] = [];
    for (const [role, profile] of [
      ['puppy', puppy],
      ['dam', dam],
      ['sire', sire],
    ] as const) {
      const reasons = validationFailures(profile, s.validations[role]);
      if (reasons.length > 0) refusals.push({ role, reasons });
    }
    if (refusals.length > 0) throw new ParentageRefused(refusals);
  }
  const minimumTested = s.minimumTestedMarkers ?? panel.minimumMarkers;
  const p = puppy.codes;
  const d = dam.codes;
  const r = sire.codes;
  let tested = 0;
  let failed = 0;
  const markers: ParentageResult['markers'] = [];
  for (const m of panel.typingMarkers) {
    const i = m * 2;
    const code = parentageMarkerCode(p[i], p[i + 1], d[i], d[i + 1], r[i], r[i + 1]);
    if (code !== PARENTAGE_SKIP) tested++;
    if (code === PARENTAGE_FAIL) failed++;
    markers.push(markerEntries(panel)[m][code]);
  }
  const result = parentageRunResult(tested, failed, minimumTested, s.disqualifyingFailedMarkers);
  const out: ParentageResult = {
    result,
    testedMarkers: tested,
    failedMarkers: failed,
    skippedMarkers: panel.typingMarkers.length - tested,
    markers,
  };
  if (freqs) out.statistics = parentageStatistics(puppy, dam, sire, freqs);
  return out;
}

function transmit(x1: number, x2: number, a: number): number {
  if (a === ALLELE_OL) return 0;
  return ((x1 === a ? 1 : 0) + (x2 === a ? 1 : 0)) / 2;
}

/**
 * Mean power of exclusion of a marker with the mother known (Garber and Morris 1983, as in Jamieson and Taylor 1997):
 * 1 − 2Σp² + Σp³ + 2Σp⁴ − 3Σp⁵ − 2(Σp²)² + 3Σp²Σp³, over the marker's observed allele frequencies.
 */
export function meanExclusionPower(freqs: AlleleFrequencies, marker: number): number {
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let s5 = 0;
  for (const p of freqs.frequencies[marker].values()) {
    const p2 = p * p;
    s2 += p2;
    s3 += p2 * p;
    s4 += p2 * p2;
    s5 += p2 * p2 * p;
  }
  return Math.max(0, 1 - 2 * s2 + s3 + 2 * s4 - 3 * s5 - 2 * s2 * s2 + 3 * s2 * s3);
}

/** One repeat step between two numeric alleles: repeat numbers differ by 1, base-pair sizes by the repeat length. */
function oneStep(a: number, b: number, repeatLength: number | undefined): boolean {
  if (a === NO_CALL || b === NO_CALL || a >= ALLELE_X || b >= ALLELE_X) return false;
  const d = Math.abs(a - b);
  return d === 10 || (repeatLength !== undefined && repeatLength > 1 && d === repeatLength * 10);
}

/** Whether a failing marker is explained by one single-step mutation: one puppy allele from one parent, the other a step from the other's. */
function singleStepExclusion(
  p1: number,
  p2: number,
  d1: number,
  d2: number,
  s1: number,
  s2: number,
  repeat: number | undefined,
): boolean {
  const near = (x1: number, x2: number, a: number) => oneStep(x1, a, repeat) || oneStep(x2, a, repeat);
  const from = (x1: number, x2: number, a: number) => a !== ALLELE_OL && (x1 === a || x2 === a);
  return (
    (from(d1, d2, p1) && near(s1, s2, p2)) ||
    (from(d1, d2, p2) && near(s1, s2, p1)) ||
    (from(s1, s2, p1) && near(d1, d2, p2)) ||
    (from(s1, s2, p2) && near(d1, d2, p1))
  );
}

export type ExcludingMarker = { marker: string; index: number; singleStep: boolean };

export function parentageStatistics(
  puppy: DnaProfile,
  dam: DnaProfile,
  sire: DnaProfile,
  freqs: AlleleFrequencies,
): ParentageStatistics {
  let cpi = 1;
  let trio = 1;
  let notExcluded = 1;
  const panel = puppy.panel;
  const excludingMarkers: ExcludingMarker[] = [];
  for (const m of panel.typingMarkers) {
    const i = m * 2;
    const [p1, p2, d1, d2, s1, s2] = [
      puppy.codes[i],
      puppy.codes[i + 1],
      dam.codes[i],
      dam.codes[i + 1],
      sire.codes[i],
      sire.codes[i + 1],
    ];
    const code = parentageMarkerCode(p1, p2, d1, d2, s1, s2);
    if (code === PARENTAGE_SKIP) continue;
    const f1 = alleleFrequency(freqs, m, p1);
    const f2 = alleleFrequency(freqs, m, p2);
    // Possible paternal alleles: those whose partner the dam carries; if she carries neither, either one.
    const dA = transmit(d1, d2, p1);
    const dB = transmit(d1, d2, p2);
    let paternalFreq = p1 === p2 ? f1 : (dA > 0 ? f2 : 0) + (dB > 0 ? f1 : 0);
    if (paternalFreq === 0) paternalFreq = p1 === p2 ? f1 : f1 + f2;
    // A random male is not excluded when he carries a possible paternal allele: 1 - (1 - sum)^2.
    const sum = Math.min(1, paternalFreq);
    notExcluded *= 1 - (1 - sum) * (1 - sum);
    if (code === PARENTAGE_FAIL) {
      // An exclusion: 0, or μ over the marker's mean exclusion power when one single-step mutation explains it (AABB).
      const singleStep = singleStepExclusion(p1, p2, d1, d2, s1, s2, panel.markers[m].repeatLength);
      const power = meanExclusionPower(freqs, m);
      const index = singleStep && power > 0 ? Math.min(1, panel.mutationRate / power) : 0;
      excludingMarkers.push({ marker: panel.markers[m].name, index, singleStep });
      cpi *= index;
      trio *= index;
      continue;
    }
    let x: number;
    let y: number;
    if (p1 === p2) {
      x = dA * transmit(s1, s2, p1);
      y = dA * f1;
      trio *= x / (f1 * f1);
    } else {
      x = dA * transmit(s1, s2, p2) + dB * transmit(s1, s2, p1);
      y = dA * f2 + dB * f1;
      trio *= x / (2 * f1 * f2);
    }
    cpi *= x / y;
  }
  return {
    combinedPaternityIndex: cpi,
    combinedParentageIndex: trio,
    combinedExclusionProbability: 1 - notExcluded,
    mutationRate: panel.mutationRate,
    excludingMarkers,
  };
}
