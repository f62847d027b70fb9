// A generated canine plate for the demo seed, the tests and the benchmarks: the engine's synthetic population laid out
// on 96 or 384 wells with an allelic ladder, positive and negative controls, litters, pets and degraded waste samples
// left by some of those pets, written out as a GeneMapper export.
import {
  ISAG_2006_CANINE,
  alleleText,
  createPopulation,
  exportGeneMapper,
  plateWells,
  type DnaProfile,
  type ExportSample,
} from '@registry/genetics';

export type SyntheticLabPlate = {
  text: string;
  /** Pet sample numbers on the plate, with the genotype written for each. */
  pets: Map<string, DnaProfile>;
  /** Waste sample number to the pet sample number that left it. */
  wasteSources: Map<string, string>;
  positiveControl: DnaProfile;
};

/**
 * Wells 1-3 hold the ladder and the controls; then pets (a dam, a sire and their litter among them), and every fourth
 * sample is a degraded waste sample from one of this plate's pets. Sample numbers start at DN/TD `firstNumber`.
 */
export function syntheticLabPlate(options: {
  seed: number;
  firstNumber: number;
  size?: 96 | 384;
  /** A contaminated negative control (it shows a dog's alleles): the plate's controls fail. */
  contaminatedNegative?: boolean;
}): SyntheticLabPlate {
  const panel = ISAG_2006_CANINE;
  const pop = createPopulation(panel, options.seed);
  const wells = plateWells(options.size ?? 96);
  const runName = `Run_${options.seed}`;
  const ladder: string[][] = panel.markers.map(() => []);
  for (const d of pop.distributions) ladder[d.marker] = d.alleles.map(alleleText);
  const positiveControl = pop.dog();
  const samples: ExportSample[] = [
    { sampleName: 'Allelic Ladder', well: wells[0], alleles: ladder, runName },
    { sampleName: 'POS CTRL', well: wells[1], profile: positiveControl, runName },
    {
      sampleName: 'NEG CTRL',
      well: wells[2],
      profile: options.contaminatedNegative ? pop.dog() : { panel, codes: new Uint16Array(panel.markers.length * 2) },
      runName,
    },
  ];
  const pets = new Map<string, DnaProfile>();
  const wasteSources = new Map<string, string>();
  const dam = pop.dog();
  const sire = pop.dog();
  const litter = pop.litter(dam, sire, 4);
  const family = [dam, sire, ...litter];
  const petNumbers: string[] = [];
  for (let i = 3; i < wells.length; i++) {
    const digits = String(options.firstNumber + i).padStart(7, '0');
    const k = i - 3;
    if (k % 4 === 3 && petNumbers.length > 0) {
      const source = petNumbers[(k * 7) % petNumbers.length];
      const name = `TD${digits}`;
      wasteSources.set(name, source);
      samples.push({ sampleName: name, well: wells[i], profile: pop.wasteFrom(pets.get(source)!), runName });
      continue;
    }
    const name = `DN${digits}`;
    const profile = family[petNumbers.length] ?? pop.dog();
    pets.set(name, profile);
    petNumbers.push(name);
    samples.push({ sampleName: name, well: wells[i], profile, runName });
  }
  return { text: exportGeneMapper(panel, samples, { runName }), pets, wasteSources, positiveControl };
}
