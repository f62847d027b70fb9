import { describe, expect, it } from 'vitest';
import { isPetSampleNumber, isWasteSampleNumber, normaliseSampleNumber, parseSampleName } from './sample-name.ts';
import { parseWell, plateSizeOf, plateWells, wellFromSampleFile } from './wells.ts';

describe('sample names', () => {
  it.each([
    ['DN1234567', { kind: 'Pet', sampleNumber: 'DN1234567', prefix: 'DN' }],
    ['dni7654321', { kind: 'Pet', sampleNumber: 'DNI7654321', prefix: 'DNI' }],
    ['TD0000001', { kind: 'WasteSample', sampleNumber: 'TD0000001' }],
    ['tdi1234567_rerun', { kind: 'WasteSample', sampleNumber: 'TDI1234567', suffix: 'rerun' }],
    ['DN1234567-2', { kind: 'Pet', sampleNumber: 'DN1234567', suffix: '2' }],
    ['DN12345678', { kind: 'Unknown' }],
    ['DN123456', { kind: 'Unknown' }],
    ['XX1234567', { kind: 'Unknown' }],
    ['POS CTRL', { kind: 'PositiveControl' }],
    ['PosCtrl_1', { kind: 'PositiveControl' }],
    ['Positive', { kind: 'PositiveControl' }],
    ['PC', { kind: 'PositiveControl' }],
    ['NEG', { kind: 'NegativeControl' }],
    ['Negative Control', { kind: 'NegativeControl' }],
    ['NTC', { kind: 'NegativeControl' }],
    ['Blank', { kind: 'NegativeControl' }],
    ['WSC', { kind: 'WrongSpeciesControl' }],
    ['Wrong Species', { kind: 'WrongSpeciesControl' }],
    ['Allelic Ladder', { kind: 'AllelicLadder' }],
    ['LADDER_1', { kind: 'AllelicLadder' }],
    ['sample1', { kind: 'Unknown' }],
  ])('%s', (raw, expected) => {
    expect(parseSampleName(raw)).toMatchObject(expected);
  });

  it('validates entered sample numbers', () => {
    expect(normaliseSampleNumber(' td1234567 ')).toBe('TD1234567');
    expect(normaliseSampleNumber('TD1234567_rerun')).toBeNull();
    expect(isPetSampleNumber('DNI1234567')).toBe(true);
    expect(isPetSampleNumber('TD1234567')).toBe(false);
    expect(isWasteSampleNumber('tdi1234567')).toBe(true);
    expect(isWasteSampleNumber('TD12345')).toBe(false);
  });
});

describe('wells', () => {
  it('reads wells from Well cells and Sample File names', () => {
    expect(parseWell('a1')?.label).toBe('A01');
    expect(parseWell('P24')?.label).toBe('P24');
    expect(parseWell('Q01')).toBeNull();
    expect(parseWell('A25')).toBeNull();
    expect(wellFromSampleFile('GowaP-A90314QN_sample1_G11.fsa')?.label).toBe('G11');
    expect(wellFromSampleFile('C:\\runs\\A01_DN1234567_2026-01-01.hid')?.label).toBe('A01');
    expect(wellFromSampleFile('DN1234567.fsa')).toBeNull();
  });

  it('knows 96- and 384-well plates', () => {
    expect(plateWells(96)).toHaveLength(96);
    expect(plateWells(384).at(-1)).toBe('P24');
    expect(plateSizeOf([parseWell('H12')!])).toBe(96);
    expect(plateSizeOf([parseWell('A01')!, parseWell('I01')!])).toBe(384);
  });
});
