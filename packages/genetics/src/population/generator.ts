// Seeded synthetic dogs: unrelated profiles, litters with known dam and sire, degraded waste samples from known
// dogs, and wrong-species samples. Writes straight into code arrays so a million dogs need no per-dog objects.

import { ALLELE_OL, ALLELE_X, ALLELE_Y, NO_CALL } from '../alleles.ts';
import type { Panel } from '../panels.ts';
import { type DnaProfile, Sex, emptyProfile, setGenotype } from '../profile.ts';
import { type AlleleDistribution, sampleAllele, syntheticAlleleDistributions } from './frequencies.ts';
import { type Random, createRandom } from './random.ts';

export type Degradation = {
  /** Chance per heterozygous marker that one allele drops out (the waste sample then shows a single allele). */
  dropoutRate: number;
  /** Chance per marker of no call at all. */
  missingRate: number;
  /** Chance per called marker that one allele is read off-ladder. */
  offLadderRate: number;
};

export const DEFAULT_DEGRADATION: Degradation = Object.freeze({
  dropoutRate: 0.04,
  missingRate: 0.05,
  offLadderRate: 0.005,
});

export type Population = {
  readonly panel: Panel;
  readonly random: Random;
  readonly distributions: readonly AlleleDistribution[];
  /** Writes one unrelated dog's codes at `offset` of `out` (2 codes per panel marker). */
  writeDog(out: Uint16Array, offset: number, sex?: Sex): void;
  dog(sex?: Sex): DnaProfile;
  /** Puppies of a dam and a sire: one allele from each at every marker (Mendelian, no mutation). */
  litter(dam: DnaProfile, sire: DnaProfile, size: number): DnaProfile[];
  /** A waste sample left by the dog: dropout, missing markers and off-ladder calls at the given rates. */
  wasteFrom(dog: DnaProfile, degradation?: Partial<Degradation>): DnaProfile;
  /** Another species on this panel: few markers amplify, and those off the expected size ranges. */
  wrongSpecies(): DnaProfile;
};

export function createPopulation(panel: Panel, seed: number): Population {
  const random = createRandom(seed);
  const distributions = syntheticAlleleDistributions(panel);
  const typing = panel.typingMarkers;

  function writeSex(out: Uint16Array, offset: number, sex: Sex | undefined): void {
    if (panel.genderMarker < 0) return;
    const male = sex === Sex.Male || (sex !== Sex.Female && random.chance(0.5));
    out[offset + panel.genderMarker * 2] = ALLELE_X;
    out[offset + panel.genderMarker * 2 + 1] = male ? ALLELE_Y : ALLELE_X;
  }

  function writeDog(out: Uint16Array, offset: number, sex?: Sex): void {
    for (let i = 0; i < typing.length; i++) {
      const d = distributions[i];
      const a = sampleAllele(d, random.next());
      const b = sampleAllele(d, random.next());
      const at = offset + typing[i] * 2;
      out[at] = a < b ? a : b;
      out[at + 1] = a < b ? b : a;
    }
    writeSex(out, offset, sex);
  }

  function dog(sex?: Sex): DnaProfile {
    const p = emptyProfile(panel);
    writeDog(p.codes, 0, sex);
    return p;
  }

  function litter(dam: DnaProfile, sire: DnaProfile, size: number): DnaProfile[] {
    const puppies: DnaProfile[] = [];
    for (let k = 0; k < size; k++) {
      const p = emptyProfile(panel);
      for (const m of typing) {
        const i = m * 2;
        const fromDam = dam.codes[i + (random.chance(0.5) ? 1 : 0)];
        const fromSire = sire.codes[i + (random.chance(0.5) ? 1 : 0)];
        if (fromDam === NO_CALL || fromSire === NO_CALL) continue;
        setGenotype(p, m, fromDam, fromSire);
      }
      writeSex(p.codes, 0, undefined);
      puppies.push(p);
    }
    return puppies;
  }

  function wasteFrom(dogProfile: DnaProfile, degradation: Partial<Degradation> = {}): DnaProfile {
    const d = { ...DEFAULT_DEGRADATION, ...degradation };
    const p = emptyProfile(panel);
    p.codes.set(dogProfile.codes);
    for (const m of typing) {
      const i = m * 2;
      if (p.codes[i + 1] === NO_CALL) continue;
      if (random.chance(d.missingRate)) {
        setGenotype(p, m, NO_CALL, NO_CALL);
        continue;
      }
      let lo = p.codes[i];
      let hi = p.codes[i + 1];
      if (lo !== hi && random.chance(d.dropoutRate)) {
        if (random.chance(0.5)) lo = hi;
        else hi = lo;
      }
      if (random.chance(d.offLadderRate)) {
        if (random.chance(0.5)) lo = ALLELE_OL;
        else hi = ALLELE_OL;
      }
      setGenotype(p, m, lo, hi);
    }
    return p;
  }

  function wrongSpecies(): DnaProfile {
    const p = emptyProfile(panel);
    for (const m of typing) {
      if (!random.chance(0.4)) continue;
      const range = panel.markers[m].sizeRange ?? [100, 160];
      // Peaks well clear of the expected range, below or above it.
      const size = random.chance(0.5) ? Math.max(30, range[0] - 30 - random.int(40)) : range[1] + 30 + random.int(60);
      const other = size + 2 * (1 + random.int(6));
      setGenotype(p, m, size * 10, random.chance(0.5) ? size * 10 : other * 10);
    }
    // The canine amelogenin primers give another species' product at a size, not the X / X,Y pattern.
    if (panel.genderMarker >= 0) setGenotype(p, panel.genderMarker, 2140, 2140);
    return p;
  }

  return { panel, random, distributions, writeDog, dog, litter, wasteFrom, wrongSpecies };
}
