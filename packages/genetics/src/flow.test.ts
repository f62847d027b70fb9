import { describe, expect, it } from 'vitest';
import { exportGeneMapper, toUtf16le } from './genemapper/export.ts';
import { importGeneMapperPlate } from './genemapper/import.ts';
import { ProfileIndex } from './profile-index/profile-index.ts';
import { identifyWasteSample } from './profile-index/search.ts';
import { matchStatistics } from './matching/statistics.ts';
import { CANINE_FORENSIC_STRBASE } from './panels.ts';
import { createPopulation } from './population/generator.ts';
import { generatePlate } from './population/plates.ts';
import { sameGenotypes } from './profile.ts';

describe('lab flow: plate file to waste-sample certificate', () => {
  it('imports a plate, finds the dog behind each waste sample and gives its statistics', () => {
    const panel = CANINE_FORENSIC_STRBASE;
    const pop = createPopulation(panel, 314);
    const plate = generatePlate(pop, { size: 96, wasteShare: 0.5 });
    const index = new ProfileIndex(panel);
    // The registry already holds the dogs behind the waste samples, plus unrelated dogs.
    let id = 1;
    const dogIdOf = new Map<string, number>();
    for (const [name, dog] of plate.sourceDog) {
      dogIdOf.set(name, id);
      index.upsert(id++, dog);
    }
    for (let i = 0; i < 2000; i++) index.upsert(id++, pop.dog());

    const r = importGeneMapperPlate(toUtf16le(exportGeneMapper(panel, plate.samples, { delimiter: ',' })), panel, {
      positiveControlProfile: plate.positiveControl,
    });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.plate.accepted).toBe(true);
    const freqs = index.alleleFrequencies();
    const seen: { name: string; result: string; dog: number | undefined }[] = [];
    const expected: typeof seen = [];
    let matched = 0;
    for (const sample of r.plate.profiles.filter((p) => p.kind === 'WasteSample')) {
      expect(sameGenotypes(sample.profile, plate.truth.get(sample.sampleName)!)).toBe(true);
      // Off-ladder calls never equal anything: such profiles are Pending until an analyst resolves them.
      if (sample.result === 'Pending') continue;
      const result = identifyWasteSample(index, sample.profile);
      const dog = result.result === 'Match' ? result.matches[0].id : result.nearMatches[0]?.id;
      seen.push({
        name: sample.sampleName,
        result: result.result === 'Match' ? 'Match or Inconclusive' : result.result,
        dog,
      });
      // Failing profiles fail the run; passing ones find their dog, as a Match or (degraded past tolerance) for review.
      const fails = sample.result === 'Fail';
      expected.push({
        name: sample.sampleName,
        result: fails ? 'Fail' : 'Match or Inconclusive',
        dog: fails ? undefined : dogIdOf.get(sample.sampleName),
      });
      if (result.result === 'Inconclusive') seen[seen.length - 1].result = 'Match or Inconclusive';
      if (result.result !== 'Match') continue;
      matched++;
      const stats = matchStatistics(sample.profile, index.profileOf(result.matches[0].id)!, freqs);
      expect(stats.oneIn).toBeGreaterThan(1e9);
    }
    expect(seen).toEqual(expected);
    expect(matched).toBeGreaterThan(30);
  });
});
