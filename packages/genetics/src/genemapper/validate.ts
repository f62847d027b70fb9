// Turns parsed calls into one validated profile per sample (spec PanelValidationResult and fail reasons), merging
// the same sample's wells, reading sex from the gender marker and collecting the bad sample numbers with line and reason.

import { ALLELE_OL, alleleText, normaliseGenotype } from '../alleles.ts';
import type { Panel } from '../panels.ts';
import { type DnaProfile, Sex, calledMarkerCount, emptyProfile, profileSex, setGenotype } from '../profile.ts';
import { type SpeciesCheck, type SpeciesSettings, checkSpecies } from '../species.ts';
import type { GeneMapperTable, GenotypeCall } from './parse.ts';
import { type SampleName, SampleKind, parseSampleName } from './sample-name.ts';
import { parseWell, wellFromSampleFile } from './wells.ts';

export const PanelValidationResult = { Fail: 'Fail', Pass: 'Pass', Pending: 'Pending' } as const;
export type PanelValidationResult = (typeof PanelValidationResult)[keyof typeof PanelValidationResult];

export const PanelValidationFailReason = {
  MarkerQuantityNotSufficient: 'MarkerQuantityNotSufficient',
  AggregatedMarkersDiffer: 'AggregatedMarkersDiffer',
  WrongSpeciesForPanel: 'WrongSpeciesForPanel',
} as const;
export type PanelValidationFailReason = (typeof PanelValidationFailReason)[keyof typeof PanelValidationFailReason];

export type ValidationSettings = {
  /** Fewest called typing markers; null = the panel's minimumMarkers. */
  minimumMarkers: number | null;
  species: Partial<SpeciesSettings>;
  /** Set by the plate import when the plate's marker set or gender pattern shows another species: every sample fails. */
  plateWrongSpecies?: boolean;
};

export type SampleProfile = {
  /** The sample name as first written on the plate. */
  sampleName: string;
  kind: SampleKind;
  sampleNumber?: string;
  /** Suffixes seen on this sample's names, e.g. ['rerun']. */
  suffixes: string[];
  wells: string[];
  /** Lines of the file that contributed, first line first. */
  lines: number[];
  profile: DnaProfile;
  calledMarkers: number;
  result: PanelValidationResult;
  failReasons: PanelValidationFailReason[];
  /** Why a profile that did not fail still needs an analyst (uncertain '?' calls, off-ladder alleles, more than two alleles). */
  pendingReasons: string[];
  /** Markers called differently on different wells or rows of the same sample. */
  differingMarkers: string[];
  sex: Sex;
  species: SpeciesCheck;
};

export type BadSample = { sampleName: string; sampleNumber?: string; line: number; reason: string };

export type PlateProfiles = {
  samples: SampleProfile[];
  badSampleNumbers: BadSample[];
  /** Marker names in the file that the panel does not have, with the first line each appears on. */
  unknownMarkers: { marker: string; line: number }[];
};

// A plate repeats each sample name and file name on every marker row: read each distinct text once.
function memo<T>(read: (text: string) => T): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    let v = cache.get(text);
    if (v === undefined && !cache.has(text)) cache.set(text, (v = read(text)));
    return v as T;
  };
}

type Readers = {
  name: (text: string) => SampleName;
  fileWell: (text: string) => string | undefined;
  well: (text: string) => string | undefined;
};

function readers(): Readers {
  return {
    name: memo(parseSampleName),
    fileWell: memo((f) => wellFromSampleFile(f)?.label),
    well: memo((w) => parseWell(w)?.label),
  };
}

function groupKey(call: GenotypeCall, read: Readers): string {
  const parsed = read.name(call.sampleName);
  return parsed.sampleNumber ?? call.sampleName.trim().toUpperCase();
}

function wellOf(call: GenotypeCall, read: Readers): string | undefined {
  return (
    (call.well ? read.well(call.well) : undefined) ?? (call.sampleFile ? read.fileWell(call.sampleFile) : undefined)
  );
}

function buildSample(panel: Panel, calls: GenotypeCall[], settings: ValidationSettings, read: Readers): SampleProfile {
  const first = calls[0];
  const parsed = read.name(first.sampleName);
  const profile = emptyProfile(panel);
  const pendingReasons: string[] = [];
  const differing = new Set<string>();
  const called = new Map<number, string>();
  const suffixes = new Set<string>();
  const wells = new Set<string>();
  for (const call of calls) {
    const s = read.name(call.sampleName).suffix;
    if (s) suffixes.add(s);
    const w = wellOf(call, read);
    if (w) wells.add(w);
    const m = panel.markerIndex(call.marker);
    if (m < 0) continue;
    const name = panel.markers[m].name;
    if (call.uncertain) {
      pendingReasons.push(`${name}: uncertain call (?) on line ${call.line}`);
      continue;
    }
    const g = normaliseGenotype(call.alleles);
    if (!g) {
      if (parsed.kind !== SampleKind.AllelicLadder)
        pendingReasons.push(`${name}: more than two alleles on line ${call.line}`);
      continue;
    }
    if (g[1] === 0) continue;
    if (g[0] === ALLELE_OL || g[1] === ALLELE_OL)
      pendingReasons.push(`${name}: off-ladder allele on line ${call.line}`);
    const text = `${alleleText(g[0])}/${alleleText(g[1])}`;
    const before = called.get(m);
    if (before !== undefined && before !== text) {
      differing.add(name);
      continue;
    }
    called.set(m, text);
    setGenotype(profile, m, g[0], g[1]);
  }
  const calledMarkers = calledMarkerCount(profile);
  const species = checkSpecies(profile, settings.species);
  const failReasons: PanelValidationFailReason[] = [];
  if (calledMarkers < (settings.minimumMarkers ?? panel.minimumMarkers))
    failReasons.push(PanelValidationFailReason.MarkerQuantityNotSufficient);
  if (differing.size > 0) failReasons.push(PanelValidationFailReason.AggregatedMarkersDiffer);
  if (species.wrongSpecies || settings.plateWrongSpecies)
    failReasons.push(PanelValidationFailReason.WrongSpeciesForPanel);
  const result =
    failReasons.length > 0
      ? PanelValidationResult.Fail
      : pendingReasons.length > 0
        ? PanelValidationResult.Pending
        : PanelValidationResult.Pass;
  return {
    sampleName: first.sampleName,
    kind: parsed.kind,
    ...(parsed.sampleNumber ? { sampleNumber: parsed.sampleNumber } : {}),
    suffixes: [...suffixes],
    wells: [...wells].sort(),
    lines: calls.map((c) => c.line).sort((a, b) => a - b),
    profile,
    calledMarkers,
    result,
    failReasons,
    pendingReasons,
    differingMarkers: [...differing],
    sex: profileSex(profile),
    species,
  };
}

const REASON_TEXT: Record<PanelValidationFailReason, string> = {
  MarkerQuantityNotSufficient: 'too few called markers',
  AggregatedMarkersDiffer: 'the same sample was called differently on different wells',
  WrongSpeciesForPanel: 'wrong species for the panel',
};

/** One profile per sample (wells of the same sample number merged), validated against the panel. */
export function validatePlateProfiles(
  panel: Panel,
  table: GeneMapperTable,
  settings: Partial<ValidationSettings> = {},
): PlateProfiles {
  const s: ValidationSettings = { minimumMarkers: null, species: {}, ...settings };
  const read = readers();
  const groups = new Map<string, GenotypeCall[]>();
  const unknown = new Map<string, number>();
  for (const call of table.calls) {
    const key = groupKey(call, read);
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(call);
    if (panel.markerIndex(call.marker) < 0 && !unknown.has(call.marker)) unknown.set(call.marker, call.line);
  }
  const samples = [...groups.values()].map((calls) => buildSample(panel, calls, s, read));
  const bad: BadSample[] = [];
  for (const sample of samples) {
    const line = sample.lines[0];
    const base = {
      sampleName: sample.sampleName,
      ...(sample.sampleNumber ? { sampleNumber: sample.sampleNumber } : {}),
      line,
    };
    if (sample.kind === SampleKind.Unknown)
      bad.push({
        ...base,
        reason: 'the sample name is not a DN/DNI/TD/TDI sample number (prefix and 7 digits) or a control',
      });
    else if (
      (sample.kind === SampleKind.Pet || sample.kind === SampleKind.WasteSample) &&
      sample.result === PanelValidationResult.Fail
    ) {
      bad.push({ ...base, reason: sample.failReasons.map((r) => REASON_TEXT[r]).join('; ') });
    }
  }
  return { samples, badSampleNumbers: bad, unknownMarkers: [...unknown].map(([marker, line]) => ({ marker, line })) };
}

/** Whether the sex read from the gender marker contradicts the gender recorded for the pet. */
export function isGenderMismatch(recorded: string | null | undefined, read: Sex): boolean {
  if (read === Sex.Unknown || !recorded) return false;
  const r = recorded.trim().toLowerCase();
  if (r === 'male') return read !== Sex.Male;
  if (r === 'female') return read !== Sex.Female;
  return false;
}
