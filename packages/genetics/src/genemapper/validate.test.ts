import { describe, expect, it } from 'vitest';
import { ISAG_2006_CANINE } from '../panels.ts';
import { createPopulation } from '../population/generator.ts';
import { generatePlate } from '../population/plates.ts';
import { type DnaProfile, Sex } from '../profile.ts';
import { exportGeneMapper } from './export.ts';
import { type PlateImport, importGeneMapperPlate } from './import.ts';
import { isGenderMismatch } from './validate.ts';

const panel = ISAG_2006_CANINE;

function plateOf(text: string, options = {}): PlateImport {
  const r = importGeneMapperPlate(text, panel, options);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.plate;
}

function rows(name: string, profile: DnaProfile, well?: string): string {
  return exportGeneMapper(panel, [{ sampleName: name, profile, well }])
    .split('\r\n')
    .slice(1)
    .join('\r\n');
}

describe('profile validation', () => {
  const pop = createPopulation(panel, 8);
  const header = exportGeneMapper(panel, []).split('\r\n')[0];
  const controls = { hasPositiveControl: false, hasNegativeControl: false };

  it('Pass with sex read from amelogenin', () => {
    const dog = pop.dog(Sex.Male);
    const p = plateOf(`${header}\r\n${rows('DN1234567', dog, 'A04')}`, controls).profiles[0];
    expect(p).toMatchObject({
      sampleNumber: 'DN1234567',
      kind: 'Pet',
      result: 'Pass',
      failReasons: [],
      sex: 'Male',
      calledMarkers: 21,
      wells: ['A04'],
    });
    expect(isGenderMismatch('Female', p.sex)).toBe(true);
    expect(isGenderMismatch('Male', p.sex)).toBe(false);
    expect(isGenderMismatch('Unknown', p.sex)).toBe(false);
  });

  it('MarkerQuantityNotSufficient below the panel minimum', () => {
    const waste = pop.wasteFrom(pop.dog(), { missingRate: 0 });
    panel.typingMarkers.slice(0, 7).forEach((m) => waste.codes.fill(0, m * 2, m * 2 + 2));
    const plate = plateOf(`${header}\r\n${rows('TD7654321', waste)}`, controls);
    expect(plate.profiles[0]).toMatchObject({
      result: 'Fail',
      failReasons: ['MarkerQuantityNotSufficient'],
      calledMarkers: 14,
    });
    expect(plate.badSampleNumbers).toEqual([
      { sampleName: 'TD7654321', sampleNumber: 'TD7654321', line: 2, reason: 'too few called markers' },
    ]);
  });

  it('merges the same sample on two wells, and fails AggregatedMarkersDiffer when calls differ', () => {
    const dog = pop.dog();
    const same = plateOf(
      `${header}\r\n${rows('DN1111111', dog, 'A01')}\r\n${rows('dn1111111_rerun', dog, 'B01')}`,
      controls,
    );
    expect(same.profiles).toHaveLength(1);
    expect(same.profiles[0]).toMatchObject({ result: 'Pass', wells: ['A01', 'B01'], suffixes: ['rerun'] });
    const other = dog.codes.slice();
    other[0] = 600;
    other[1] = 620;
    const diff = plateOf(
      `${header}\r\n${rows('DN1111111', dog, 'A01')}\r\n${rows('DN1111111', { panel, codes: other }, 'B01')}`,
      controls,
    );
    expect(diff.profiles[0]).toMatchObject({
      result: 'Fail',
      failReasons: ['AggregatedMarkersDiffer'],
      differingMarkers: ['AHT121'],
    });
    expect(diff.badSampleNumbers[0].reason).toMatch(/different wells/);
  });

  it('WrongSpeciesForPanel for off-range peaks', () => {
    const p = plateOf(`${header}\r\n${rows('TD1000001', pop.wrongSpecies())}`, controls).profiles[0];
    expect(p.failReasons).toContain('WrongSpeciesForPanel');
  });

  it('lists names that are not sample numbers as bad, with their line', () => {
    const plate = plateOf(`${header}\r\n${rows('DN12345', pop.dog())}`, controls);
    expect(plate.unknownSamples).toHaveLength(1);
    expect(plate.badSampleNumbers[0]).toMatchObject({ sampleName: 'DN12345', line: 2 });
  });
});

describe('controls', () => {
  const pop = createPopulation(panel, 9);
  const make = () => generatePlate(pop, { size: 96 });

  it('pass with the known positive control and an empty negative control', () => {
    const plate = make();
    const p = plateOf(exportGeneMapper(panel, plate.samples), { positiveControlProfile: plate.positiveControl });
    expect(p.controls).toEqual({ passed: true, overridden: false, accepted: true, problems: [] });
    expect(p.controlSamples.map((s) => s.kind).sort()).toEqual(['AllelicLadder', 'NegativeControl', 'PositiveControl']);
    expect(p.profiles).toHaveLength(93);
  });

  it('fail the plate when the positive control differs or the negative control has alleles, unless overridden', () => {
    const plate = make();
    const wrong = pop.dog();
    const text = exportGeneMapper(panel, plate.samples);
    const p = plateOf(text, { positiveControlProfile: wrong });
    expect(p.accepted).toBe(false);
    expect(p.controls.problems[0]).toMatchObject({
      sampleName: 'POS CTRL',
      line: expect.any(Number),
      message: expect.stringMatching(/does not match its known profile/),
    });
    expect(plateOf(text, { positiveControlProfile: wrong, overrideControlsValidation: true }).controls).toMatchObject({
      passed: false,
      overridden: true,
      accepted: true,
    });

    plate.samples[2] = { ...plate.samples[2], profile: pop.dog() };
    const neg = plateOf(exportGeneMapper(panel, plate.samples), { positiveControlProfile: plate.positiveControl });
    expect(neg.controls.problems.map((x) => x.message)).toEqual([
      expect.stringMatching(/negative control has alleles at AHT121/),
    ]);
  });

  it('fail when an expected control is missing', () => {
    const plate = make();
    const p = plateOf(exportGeneMapper(panel, plate.samples.slice(2)), {});
    expect(p.controls.problems.map((x) => x.message)).toEqual(['the plate has no positive control']);
    expect(
      plateOf(exportGeneMapper(panel, plate.samples.slice(3)), { hasPositiveControl: false, hasNegativeControl: false })
        .accepted,
    ).toBe(true);
  });

  it('a wrong-species control must not give a usable profile', () => {
    const plate = make();
    const ok = [...plate.samples, { sampleName: 'WSC', profile: pop.wrongSpecies() }];
    expect(
      plateOf(exportGeneMapper(panel, ok), { positiveControlProfile: plate.positiveControl }).controls.passed,
    ).toBe(true);
    const bad = [...plate.samples, { sampleName: 'WSC', profile: pop.dog() }];
    expect(
      plateOf(exportGeneMapper(panel, bad), { positiveControlProfile: plate.positiveControl }).controls.problems[0]
        .message,
    ).toMatch(/wrong-species control/);
  });

  it('refuses a file with no marker of the panel', () => {
    const r = importGeneMapperPlate('Sample Name\tMarker\tAllele 1\nDN1234567\tD8S1179\t12\n', panel);
    expect(r).toEqual({
      ok: false,
      errors: [
        {
          line: 2,
          message:
            "marker 'D8S1179' is not on panel ISAG 2006 canine; the closest known names are AHT137, AHTh171, CXX279",
        },
      ],
    });
  });
});
