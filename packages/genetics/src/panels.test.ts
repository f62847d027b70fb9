import { describe, expect, it } from 'vitest';
import { ALLELE_OL, ALLELE_X, NO_CALL, alleleText, normaliseGenotype, parseAllele } from './alleles.ts';
import {
  BUILT_IN_PANELS,
  CANINE_FORENSIC_STRBASE,
  ISAG_2006_CANINE,
  ISAG_FELINE,
  PanelMarkerType,
  Species,
  createPanelRegistry,
  definePanel,
} from './panels.ts';
import { expectedHeterozygosity, syntheticAlleleDistributions } from './population/frequencies.ts';
import { createPopulation } from './population/generator.ts';
import { ProfileError, Sex, decodeProfile, encodeProfile, profileEntries, profileSex } from './profile.ts';

describe('alleles', () => {
  it('reads what the instruments write', () => {
    expect(parseAllele('220')).toEqual({ ok: true, code: 2200, uncertain: false });
    expect(parseAllele('9.3')).toEqual({ ok: true, code: 93, uncertain: false });
    expect(parseAllele('x')).toEqual({ ok: true, code: ALLELE_X, uncertain: false });
    expect(parseAllele('OL')).toEqual({ ok: true, code: ALLELE_OL, uncertain: false });
    expect(parseAllele('?')).toEqual({ ok: true, code: NO_CALL, uncertain: true });
    expect(parseAllele(' ')).toEqual({ ok: true, code: NO_CALL, uncertain: false });
    expect(parseAllele('NA')).toEqual({ ok: true, code: NO_CALL, uncertain: false });
    expect(parseAllele('12a').ok).toBe(false);
    expect(parseAllele('-3').ok).toBe(false);
    expect(
      ['220', '9.3', 'X', 'Y', 'OL', ''].map((t) => alleleText((parseAllele(t) as { code: number }).code)),
    ).toEqual(['220', '9.3', 'X', 'Y', 'OL', '']);
  });

  it('normalises homozygotes written once or twice and refuses three alleles', () => {
    expect(normaliseGenotype([1200])).toEqual([1200, 1200]);
    expect(normaliseGenotype([1200, 1200])).toEqual([1200, 1200]);
    expect(normaliseGenotype([1400, 1200])).toEqual([1200, 1400]);
    expect(normaliseGenotype([1200], true)).toEqual([0, 0]);
    expect(normaliseGenotype([1, 2, 3])).toBeNull();
  });
});

describe('panels', () => {
  it('carry the issue lists of markers with their types', () => {
    expect(ISAG_2006_CANINE.typingMarkers).toHaveLength(21);
    expect(ISAG_2006_CANINE.markers[ISAG_2006_CANINE.genderMarker].type).toBe(PanelMarkerType.Gender);
    expect(CANINE_FORENSIC_STRBASE.typingMarkers).toHaveLength(18);
    expect(CANINE_FORENSIC_STRBASE.markerIndex('VWF.X')).toBe(CANINE_FORENSIC_STRBASE.markerIndex('vWF X'));
    expect(CANINE_FORENSIC_STRBASE.markers[CANINE_FORENSIC_STRBASE.markerIndex('zfx/y')].type).toBe('Gender');
    expect(ISAG_FELINE.typingMarkers).toHaveLength(9);
    expect(ISAG_FELINE.markers.filter((m) => m.type === 'Feline')).toHaveLength(9);
    expect(ISAG_2006_CANINE.markerIndex('AMEL')).toBe(21);
  });

  it('a lab adds a panel as data', () => {
    const registry = createPanelRegistry();
    expect(registry.list()).toHaveLength(BUILT_IN_PANELS.length);
    const mini = registry.add({
      id: 'mini',
      name: 'Mini',
      species: Species.Canine,
      minimumMarkers: 2,
      markers: [
        { name: 'M1', type: 'Canine', sizeRange: [100, 120] },
        { name: 'M2', type: 'Canine' },
        { name: 'M3', type: 'Canine' },
        { name: 'AMEL', type: 'Gender' },
      ],
    });
    expect(registry.require('mini')).toBe(mini);
    expect(() => registry.add({ ...mini, id: 'mini' })).toThrow(/already exists/);
    expect(() => registry.require('nope')).toThrow(/unknown panel/);
    expect(() =>
      definePanel({
        id: 'x',
        name: 'x',
        species: 'Canine',
        minimumMarkers: 1,
        markers: [{ name: 'A', type: 'Feline' }],
      }),
    ).toThrow(/Feline on a Canine/);
    expect(() =>
      definePanel({
        id: 'x',
        name: 'x',
        species: 'Canine',
        minimumMarkers: 3,
        markers: [{ name: 'A', type: 'Canine' }],
      }),
    ).toThrow(/minimumMarkers/);
    expect(() =>
      definePanel({
        id: 'x',
        name: 'x',
        species: 'Canine',
        minimumMarkers: 1,
        markers: [
          { name: 'A', type: 'Canine' },
          { name: 'a', type: 'Canine' },
        ],
      }),
    ).toThrow(/twice/);
  });
});

describe('profiles', () => {
  it('encode, decode and read sex', () => {
    const p = encodeProfile(ISAG_2006_CANINE, { AHT121: '92 90', AHT137: ['130'], Amelogenin: 'X,Y', AHTh130: '?' });
    expect(decodeProfile(p)).toEqual({ AHT121: ['90', '92'], AHT137: ['130', '130'], Amelogenin: ['X', 'Y'] });
    expect(profileSex(p)).toBe(Sex.Male);
    expect(profileEntries(p)[0]).toEqual({ marker: 'AHT121', alleleA: '90', alleleB: '92' });
    expect(() => encodeProfile(ISAG_2006_CANINE, { D8S1179: '12' })).toThrow(ProfileError);
    expect(() => encodeProfile(ISAG_2006_CANINE, { AHT121: '90 92 94' })).toThrow(/more than two/);
    expect(() => encodeProfile(ISAG_2006_CANINE, { AHT121: '9o' })).toThrow(/AHT121/);
  });
});

describe('synthetic population', () => {
  it('is repeatable from its seed and realistically diverse', () => {
    const a = createPopulation(ISAG_2006_CANINE, 5).dog();
    const b = createPopulation(ISAG_2006_CANINE, 5).dog();
    expect(a.codes).toEqual(b.codes);
    for (const d of syntheticAlleleDistributions(ISAG_2006_CANINE)) {
      const h = expectedHeterozygosity(d);
      expect(h).toBeGreaterThan(0.55);
      expect(h).toBeLessThan(0.95);
    }
  });
});
