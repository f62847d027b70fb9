// DNA profiles: one genotype per panel marker, held as a Uint16Array of allele-code pairs (lo, hi) in panel marker order.

import { ALLELE_OL, ALLELE_X, ALLELE_Y, NO_CALL, alleleText, normaliseGenotype, parseAllele } from './alleles.ts';
import type { Panel } from './panels.ts';

export type DnaProfile = Readonly<{ panel: Panel; codes: Uint16Array }>;

/** Marker name to alleles: ['12', '14'], ['220'] (homozygote written once), '12/14', '12,14', or null / [] for no call. */
export type GenotypeInput = Readonly<Record<string, readonly string[] | string | null | undefined>>;

/** One genotype entry as the screens show it (the spec's key, alleleAValue, alleleBValue). */
export type GenotypeEntry = { marker: string; alleleA: string; alleleB: string };

export const Sex = { Male: 'Male', Female: 'Female', Unknown: 'Unknown' } as const;
export type Sex = (typeof Sex)[keyof typeof Sex];

export class ProfileError extends Error {
  override name = 'ProfileError';
}

export function emptyProfile(panel: Panel): DnaProfile {
  return { panel, codes: new Uint16Array(panel.markers.length * 2) };
}

function splitAlleles(value: readonly string[] | string | null | undefined): string[] {
  if (value == null) return [];
  if (typeof value === 'string') return value.split(/[\s,/;]+/).filter((s) => s !== '');
  return [...value];
}

/** Reads a genotype map into a profile. Unknown markers and unreadable alleles throw a ProfileError naming the marker. */
export function encodeProfile(
  panel: Panel,
  genotypes: GenotypeInput,
  options: { ignoreUnknownMarkers?: boolean } = {},
): DnaProfile {
  const profile = emptyProfile(panel);
  for (const [name, value] of Object.entries(genotypes)) {
    const m = panel.markerIndex(name);
    if (m < 0) {
      if (options.ignoreUnknownMarkers) continue;
      throw new ProfileError(`marker '${name}' is not on panel ${panel.id}`);
    }
    const cells = splitAlleles(value);
    const codes: number[] = [];
    let uncertain = false;
    for (const cell of cells) {
      const parsed = parseAllele(cell);
      if (!parsed.ok) throw new ProfileError(`marker ${panel.markers[m].name}: ${parsed.message}`);
      uncertain ||= parsed.uncertain;
      codes.push(parsed.code);
    }
    const g = normaliseGenotype(codes, uncertain);
    if (!g) throw new ProfileError(`marker ${panel.markers[m].name}: more than two alleles (${cells.join(', ')})`);
    setGenotype(profile, m, g[0], g[1]);
  }
  return profile;
}

export function setGenotype(profile: DnaProfile, marker: number, a: number, b: number): void {
  const lo = a <= b ? a : b;
  const hi = a <= b ? b : a;
  // A half call (one allele, one no call) is stored as a homozygote, as GeneMapper writes them.
  profile.codes[marker * 2] = lo === NO_CALL ? hi : lo;
  profile.codes[marker * 2 + 1] = hi;
}

export function isCalled(profile: DnaProfile, marker: number): boolean {
  return profile.codes[marker * 2 + 1] !== NO_CALL;
}

/** Called typing markers (gender markers are not counted). */
export function calledMarkerCount(profile: DnaProfile): number {
  let n = 0;
  for (const m of profile.panel.typingMarkers) if (profile.codes[m * 2 + 1] !== NO_CALL) n++;
  return n;
}

/** Typing markers that can be compared: called and without an off-ladder (OL) allele. */
export function comparableMarkerCount(profile: DnaProfile): number {
  let n = 0;
  for (const m of profile.panel.typingMarkers) {
    const hi = profile.codes[m * 2 + 1];
    if (hi !== NO_CALL && hi !== ALLELE_OL) n++;
  }
  return n;
}

export function profileSex(profile: DnaProfile): Sex {
  const g = profile.panel.genderMarker;
  if (g < 0) return Sex.Unknown;
  const lo = profile.codes[g * 2];
  const hi = profile.codes[g * 2 + 1];
  if (lo === ALLELE_X && hi === ALLELE_Y) return Sex.Male;
  if (lo === ALLELE_X && hi === ALLELE_X) return Sex.Female;
  return Sex.Unknown;
}

/** Marker name to [alleleA, alleleB] texts; no-call markers are left out. */
export function decodeProfile(profile: DnaProfile): Record<string, [string, string]> {
  const out: Record<string, [string, string]> = {};
  profile.panel.markers.forEach((marker, m) => {
    if (isCalled(profile, m))
      out[marker.name] = [alleleText(profile.codes[m * 2]), alleleText(profile.codes[m * 2 + 1])];
  });
  return out;
}

/** Every panel marker in order, with empty strings for no calls. */
export function profileEntries(profile: DnaProfile): GenotypeEntry[] {
  return profile.panel.markers.map((marker, m) => ({
    marker: marker.name,
    alleleA: alleleText(profile.codes[m * 2]),
    alleleB: alleleText(profile.codes[m * 2 + 1]),
  }));
}

export function sameGenotypes(a: DnaProfile, b: DnaProfile): boolean {
  if (a.panel.id !== b.panel.id || a.codes.length !== b.codes.length) return false;
  for (let i = 0; i < a.codes.length; i++) if (a.codes[i] !== b.codes[i]) return false;
  return true;
}
