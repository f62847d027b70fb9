// Plate-level checks of an import against the chosen panel: markers of another species' panel, unknown marker names
// (refused with the closest known names), and calls judged against the panel's bins and the plate's ladder.

import { ALLELE_OL, ALLELE_X, NO_CALL } from '../alleles.ts';
import { type BinSet, inBins, withLadder } from '../bins.ts';
import { BUILT_IN_PANELS, type Panel, markerKey } from '../panels.ts';
import { unexpectedGenderPattern } from '../species.ts';
import type { GenotypeCall, ParseError } from './parse.ts';
import { SampleKind, parseSampleName } from './sample-name.ts';

/** The other panel whose markers the file's typing markers mostly are, when it is of another species. */
export function otherSpeciesPanel(
  panel: Panel,
  calls: readonly GenotypeCall[],
  panels: readonly Panel[] = BUILT_IN_PANELS,
): Panel | null {
  const names = new Set(calls.map((c) => c.marker));
  const unknown = [...names].filter((n) => panel.markerIndex(n) < 0);
  if (unknown.length * 2 <= names.size) return null;
  for (const other of panels) {
    if (other.species === panel.species || other.id === panel.id) continue;
    const theirs = unknown.filter((n) => {
      const m = other.markerIndex(n);
      return m >= 0 && m !== other.genderMarker;
    });
    if (theirs.length * 2 > unknown.length) return other;
  }
  return null;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** Up to three marker names of the panel closest to `name` (edit distance on names without case or punctuation). */
export function closestMarkerNames(panel: Panel, name: string): string[] {
  const key = markerKey(name).slice(0, 100);
  return panel.markers
    .map((m) => ({ name: m.name, d: editDistance(key, m.key) }))
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((x) => x.name);
}

/** One error per marker name the panel does not know, at its first line, naming the closest known names. */
export function unknownMarkerErrors(panel: Panel, calls: readonly GenotypeCall[]): ParseError[] {
  const first = new Map<string, number>();
  for (const c of calls) if (panel.markerIndex(c.marker) < 0 && !first.has(c.marker)) first.set(c.marker, c.line);
  return [...first].slice(0, 50).map(([marker, line]) => ({
    line,
    message: `marker '${marker}' is not on panel ${panel.name}; the closest known names are ${closestMarkerNames(panel, marker).join(', ')}`,
  }));
}

// A plate repeats each sample name on every marker row: read each name once per import.
const kinds = new Map<string, SampleKind>();
function kindOf(name: string): SampleKind {
  let kind = kinds.get(name);
  if (kind === undefined) {
    if (kinds.size > 10_000) kinds.clear();
    kinds.set(name, (kind = parseSampleName(name).kind));
  }
  return kind;
}
const isLadder = (c: GenotypeCall) => kindOf(c.sampleName) === SampleKind.AllelicLadder;
const isTyped = (c: GenotypeCall) => {
  const kind = kindOf(c.sampleName);
  return kind === SampleKind.Pet || kind === SampleKind.WasteSample || kind === SampleKind.PositiveControl;
};

export type BinnedCalls = {
  calls: GenotypeCall[];
  bins: BinSet;
  /** Typing markers at which most of the plate's calls fall in no bin. */
  missedMarkers: number;
  /** Typing markers with calls on the plate. */
  calledMarkers: number;
  /** Samples whose gender marker shows something other than X or X,Y, and samples with a gender call. */
  unexpectedGender: number;
  genderCalled: number;
};

/**
 * Judges every call against the bins widened by the plate's ladder: a numeric allele in no bin becomes OL (an off-ladder
 * allele of that marker). Also counts, per typing marker, whether most of the plate's calls missed the bins.
 */
export function binCalls(panel: Panel, calls: readonly GenotypeCall[], base: BinSet): BinnedCalls {
  const ladder: number[][] = panel.markers.map(() => []);
  for (const c of calls) {
    const m = panel.markerIndex(c.marker);
    if (m >= 0 && isLadder(c)) ladder[m].push(...c.alleles);
  }
  const bins = ladder.some((l) => l.length > 0) ? withLadder(base, ladder) : base;
  const seen = panel.markers.map(() => 0);
  const missed = panel.markers.map(() => 0);
  const gender = new Map<string, boolean>();
  const out = calls.map((c) => {
    const m = panel.markerIndex(c.marker);
    if (m < 0 || isLadder(c)) return c;
    if (m === panel.genderMarker) {
      const sorted = [...c.alleles].sort((a, b) => a - b);
      if (sorted.length > 0)
        gender.set(
          c.sampleName,
          unexpectedGenderPattern(sorted[0], sorted[sorted.length - 1]) || (gender.get(c.sampleName) ?? false),
        );
      return c;
    }
    let off = false;
    const alleles = c.alleles.map((a) => {
      if (a === NO_CALL || a === ALLELE_OL || a >= ALLELE_X || inBins(bins, m, a)) return a;
      off = true;
      return ALLELE_OL;
    });
    if (isTyped(c) && c.alleles.length > 0) {
      seen[m]++;
      if (off) missed[m]++;
    }
    return off ? { ...c, alleles } : c;
  });
  let missedMarkers = 0;
  let calledMarkers = 0;
  for (const m of panel.typingMarkers) {
    if (seen[m] === 0) continue;
    calledMarkers++;
    if (missed[m] * 2 > seen[m]) missedMarkers++;
  }
  const unexpectedGender = [...gender.values()].filter(Boolean).length;
  return { calls: out, bins, missedMarkers, calledMarkers, unexpectedGender, genderCalled: gender.size };
}
