// Synthetic plates: a ladder, positive and negative controls and pet or waste samples in plate order, with the
// true genotypes kept beside them so imports can be checked; written out through the GeneMapper exporter.

import { alleleText } from '../alleles.ts';
import type { ExportSample } from '../genemapper/export.ts';
import { plateWells } from '../genemapper/wells.ts';
import type { DnaProfile } from '../profile.ts';
import type { Degradation, Population } from './generator.ts';

export type PlateOptions = {
  size: 96 | 384;
  /** Share of sample wells holding waste samples (the rest are pet swabs). */
  wasteShare: number;
  /** First sample number's 7 digits. */
  firstNumber: number;
  degradation: Partial<Degradation>;
  positiveControl?: DnaProfile;
  runName: string;
};

export type SyntheticPlate = {
  samples: ExportSample[];
  /** Sample name to the genotypes written for it. */
  truth: Map<string, DnaProfile>;
  /** Pet sample name to the dog a waste sample came from, for waste samples. */
  sourceDog: Map<string, DnaProfile>;
  positiveControl: DnaProfile;
};

export function generatePlate(pop: Population, options: Partial<PlateOptions> = {}): SyntheticPlate {
  const o: PlateOptions = {
    size: 96,
    wasteShare: 0.5,
    firstNumber: 1000000,
    degradation: {},
    runName: 'Run_2026-01-01',
    ...options,
  };
  const wells = plateWells(o.size);
  const positiveControl = o.positiveControl ?? pop.dog();
  const ladder: string[][] = pop.panel.markers.map(() => []);
  pop.distributions.forEach((d) => {
    ladder[d.marker] = d.alleles.map(alleleText);
  });
  const samples: ExportSample[] = [
    { sampleName: 'Allelic Ladder', well: wells[0], alleles: ladder, runName: o.runName },
    { sampleName: 'POS CTRL', well: wells[1], profile: positiveControl, runName: o.runName },
    {
      sampleName: 'NEG CTRL',
      well: wells[2],
      profile: { panel: pop.panel, codes: new Uint16Array(pop.panel.markers.length * 2) },
      runName: o.runName,
    },
  ];
  const truth = new Map<string, DnaProfile>();
  const sourceDog = new Map<string, DnaProfile>();
  for (let i = 3; i < wells.length; i++) {
    const digits = String(o.firstNumber + i).padStart(7, '0');
    const dog = pop.dog();
    const waste = pop.random.chance(o.wasteShare);
    const name = `${waste ? 'TD' : 'DN'}${digits}`;
    const profile = waste ? pop.wasteFrom(dog, o.degradation) : dog;
    if (waste) sourceDog.set(name, dog);
    truth.set(name, profile);
    samples.push({ sampleName: name, well: wells[i], profile, runName: o.runName });
  }
  return { samples, truth, sourceDog, positiveControl };
}
