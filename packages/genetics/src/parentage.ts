// Parentage: per-marker inheritance check of a puppy against a dam and a sire (spec ParentageMarkerMatchResult),
// the run result (ParentageMatchRunResult), and the combined paternity/parentage indices and exclusion probability.

import { ALLELE_OL, NO_CALL } from './alleles.ts';
import { type AlleleFrequencies, alleleFrequency } from './matching/statistics.ts';
import type { Panel } from './panels.ts';
import type { DnaProfile } from './profile.ts';

export const ParentageMarkerMatchResult = { Fail: 'Fail', Pass: 'Pass', Skip: 'Skip' } as const;
export type ParentageMarkerMatchResult = (typeof ParentageMarkerMatchResult)[keyof typeof ParentageMarkerMatchResult];

export const ParentageMatchRunResult = { Certified: 'Certified', Disqualified: 'Disqualified', Inconclusive: 'Inconclusive' } as const;
export type ParentageMatchRunResult = (typeof ParentageMatchRunResult)[keyof typeof ParentageMatchRunResult];

export type ParentageSettings = {
  /** Fewest markers tested on all three (not skipped) for a certificate; null = the panel's minimumMarkers. */
  minimumTestedMarkers: number | null;
  /** Failing markers at which the trio is Disqualified; one fewer is read as a possible mutation (Inconclusive). */
  disqualifyingFailedMarkers: number;
};

export const DEFAULT_PARENTAGE_SETTINGS: ParentageSettings = Object.freeze({ minimumTestedMarkers: null, disqualifyingFailedMarkers: 2 });

export const PARENTAGE_SKIP = 0;
export const PARENTAGE_PASS = 1;
export const PARENTAGE_FAIL = 2;

function carries(x1: number, x2: number, a: number): boolean {
  return a !== ALLELE_OL && (x1 === a || x2 === a);
}

/** 0 skip, 1 pass, 2 fail. Symmetric in dam and sire. */
export function parentageMarkerCode(p1: number, p2: number, d1: number, d2: number, s1: number, s2: number): number {
  if (p2 === NO_CALL || d2 === NO_CALL || s2 === NO_CALL) return PARENTAGE_SKIP;
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
  /** Chance that a random unrelated male would have been excluded as sire, over the tested markers. */
  combinedExclusionProbability: number;
};

const MARKER_NAMES: readonly ParentageMarkerMatchResult[] = [
  ParentageMarkerMatchResult.Skip, ParentageMarkerMatchResult.Pass, ParentageMarkerMatchResult.Fail,
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

export function parentageRunResult(tested: number, failed: number, minimumTested: number, disqualifyingFailed: number): ParentageMatchRunResult {
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
  if (dam.panel.id !== panel.id || sire.panel.id !== panel.id) throw new Error('puppy, dam and sire must be typed on one panel');
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
  const out: ParentageResult = { result, testedMarkers: tested, failedMarkers: failed, skippedMarkers: panel.typingMarkers.length - tested, markers };
  if (freqs) out.statistics = parentageStatistics(puppy, dam, sire, freqs);
  return out;
}

function transmit(x1: number, x2: number, a: number): number {
  if (a === ALLELE_OL) return 0;
  return ((x1 === a ? 1 : 0) + (x2 === a ? 1 : 0)) / 2;
}

export function parentageStatistics(puppy: DnaProfile, dam: DnaProfile, sire: DnaProfile, freqs: AlleleFrequencies): ParentageStatistics {
  let cpi = 1;
  let trio = 1;
  let notExcluded = 1;
  for (const m of puppy.panel.typingMarkers) {
    const i = m * 2;
    const [p1, p2, d1, d2, s1, s2] = [puppy.codes[i], puppy.codes[i + 1], dam.codes[i], dam.codes[i + 1], sire.codes[i], sire.codes[i + 1]];
    if (parentageMarkerCode(p1, p2, d1, d2, s1, s2) !== PARENTAGE_PASS) continue;
    const f1 = alleleFrequency(freqs, m, p1);
    const f2 = alleleFrequency(freqs, m, p2);
    let x: number;
    let y: number;
    let paternalFreq: number;
    if (p1 === p2) {
      x = transmit(d1, d2, p1) * transmit(s1, s2, p1);
      y = transmit(d1, d2, p1) * f1;
      trio *= x / (f1 * f1);
      paternalFreq = f1;
    } else {
      const dA = transmit(d1, d2, p1);
      const dB = transmit(d1, d2, p2);
      x = dA * transmit(s1, s2, p2) + dB * transmit(s1, s2, p1);
      y = dA * f2 + dB * f1;
      trio *= x / (2 * f1 * f2);
      paternalFreq = (dA > 0 ? f2 : 0) + (dB > 0 ? f1 : 0);
    }
    cpi *= x / y;
    // A random male is not excluded when he carries a possible paternal allele: 1 - (1 - sum)^2.
    const sum = Math.min(1, paternalFreq);
    notExcluded *= 1 - (1 - sum) * (1 - sum);
  }
  return { combinedPaternityIndex: cpi, combinedParentageIndex: trio, combinedExclusionProbability: 1 - notExcluded };
}
