import { readFileSync } from 'node:fs';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLELE_OL, NO_CALL, alleleText } from '../alleles.ts';
import { ISAG_2006_CANINE, PanelMarkerType, Species, definePanel } from '../panels.ts';
import { createPopulation } from '../population/generator.ts';
import { generatePlate } from '../population/plates.ts';
import { decodeProfile } from '../profile.ts';
import { exportGeneMapper, toUtf16le } from './export.ts';
import { importGeneMapperPlate } from './import.ts';
import { type ParseResult, parseGeneMapper } from './parse.ts';

const fixture = (path: string) => readFileSync(new URL(`../../test/fixtures/genemapper/${path}`, import.meta.url));

function table(r: ParseResult) {
  if (!r.ok) throw new Error(`parse failed: ${JSON.stringify(r.errors)}`);
  return r.table;
}

describe('real GeneMapper exports', () => {
  it('reads the minimal human export (Sample Name, Marker, Allele 1, Allele 2)', () => {
    const t = table(parseGeneMapper(fixture('genemapper2familias-fam10-father/FAM10-5-FATHER.txt')));
    expect(t.layout).toBe('long');
    expect(t.calls).toHaveLength(71);
    const amel = t.calls.find((c) => c.marker === 'AMEL');
    expect(amel?.alleles.map(alleleText)).toEqual(['X', 'Y']);
    const tpox = t.calls.find((c) => c.marker === 'TPOX');
    expect(tpox?.alleles.map(alleleText)).toEqual(['8', '8']);
    expect(t.calls.find((c) => c.marker === 'D1S1656')?.alleles.map(alleleText)).toEqual(['16.3', '17.3']);
    expect(t.calls[0].line).toBe(2);
  });

  it('reads the full-column bird export with ? and empty calls, and wells from Sample File', () => {
    const t = table(parseGeneMapper(fixture('gmconvert-test-genemapper/test.genemapper.txt')));
    expect(t.calls).toHaveLength(80);
    expect(new Set(t.calls.map((c) => c.sampleName))).toEqual(new Set(['sample1', 'sample2']));
    const first = t.calls[0];
    expect(first).toMatchObject({
      line: 2,
      sampleName: 'sample1',
      marker: 'SS-R1M2-P4B3',
      uncertain: true,
      alleles: [],
      runName: 'GowaP-A90314QN',
      panelName: 'Panel1Column4',
    });
    expect(t.calls.filter((c) => c.uncertain).length).toBeGreaterThan(5);
    expect(t.calls.some((c) => c.alleles.length === 0 && !c.uncertain)).toBe(true);
    // A bird panel defined as data reads the same file into profiles.
    const markers = [...new Set(t.calls.map((c) => c.marker))];
    const bird = definePanel({
      id: 'sialia',
      name: 'Bluebird',
      species: Species.Canine,
      minimumMarkers: 5,
      markers: markers.map((name) => ({ name, type: PanelMarkerType.Canine })),
    });
    const r = importGeneMapperPlate(fixture('gmconvert-test-genemapper/test.genemapper.txt'), bird, {
      hasNegativeControl: false,
      hasPositiveControl: false,
    });
    if (!r.ok) throw new Error('import failed');
    expect(r.plate.unknownSamples.map((s) => s.sampleName).sort()).toEqual(['sample1', 'sample2']);
    const s1 = r.plate.unknownSamples.find((s) => s.sampleName === 'sample1');
    expect(s1?.wells.length).toBeGreaterThan(1);
    expect(s1?.pendingReasons.some((p) => p.includes('uncertain'))).toBe(true);
    // sample2 has Smex7 called 188/200 and 171 on different rows: the aggregated calls differ.
    const s2 = r.plate.unknownSamples.find((s) => s.sampleName === 'sample2');
    expect(s2?.failReasons).toContain('AggregatedMarkersDiffer');
    expect(s2?.differingMarkers).toContain('Smex7');
  });
});

const broken: [string, string, number, RegExp][] = [
  ['empty file', '', 1, /empty/],
  ['not a table', 'Hello there\nthis is a letter\n', 1, /not a GeneMapper genotype table/],
  ['csv without sample name', 'Name,Marker,Allele 1\nx,AHT121,90\n', 1, /Sample Name/],
  ['marker without alleles', 'Sample Name\tMarker\tSize\nDN1234567\tAHT121\t90\n', 1, /Allele 1/],
  [
    'bad allele',
    'Sample Name\tMarker\tAllele 1\tAllele 2\nDN1234567\tAHT121\t90\t92\nDN1234567\tAHT137\tabc\t130\n',
    3,
    /abc/,
  ],
  ['too many cells', 'Sample Name\tMarker\tAllele 1\tAllele 2\nDN1234567\tAHT121\t90\t92\t94\t96\n', 2, /6 cells/],
  [
    'no sample name',
    'Sample Name\tMarker\tAllele 1\tAllele 2\nDN1234567\tAHT121\t90\t92\n\tAHT137\t130\t132\n',
    3,
    /no sample name/,
  ],
  ['alleles but no marker', 'Sample Name\tMarker\tAllele 1\tAllele 2\r\nDN1234567\t\t90\t92\r\n', 2, /no marker/],
  ['header only', 'Sample Name\tMarker\tAllele 1\tAllele 2\n', 2, /no genotype rows/],
  ['binary', '\u0000\u0001\u0002PK\u0003', 1, /binary|not a GeneMapper/],
  ['wide bad allele', 'Sample Name,AHT121 1,AHT121 2\nDN1234567,90,92\nDN1234568,9x,92\n', 3, /9x/],
];

describe('broken files', () => {
  it.each(broken)('%s: error names line %i', (_, text, line, message) => {
    const r = parseGeneMapper(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0].line).toBe(line);
    expect(r.errors[0].message).toMatch(message);
  });

  it('returns every bad line and no partial table', () => {
    const r = parseGeneMapper(
      'Sample Name\tMarker\tAllele 1\nDN1234567\tAHT121\t90\nDN1234567\tAHT137\tzz\nDN1234567\tAHT171\t??\n',
    );
    expect(r).toEqual({
      ok: false,
      errors: [
        { line: 3, message: expect.stringMatching(/zz/) },
        { line: 4, message: expect.stringMatching(/\?\?/) },
      ],
    });
  });
});

describe('layouts and encodings', () => {
  const base = 'Sample Name\tMarker\tAllele 1\tAllele 2\nDN1234567\tAHT121\t90\t92\nDN1234567\tAHT137\t130\t\n';
  const expected = [
    { marker: 'AHT121', alleles: ['90', '92'] },
    { marker: 'AHT137', alleles: ['130'] },
  ];
  const calls = (r: ParseResult) =>
    table(r).calls.map((c) => ({ marker: c.marker, alleles: c.alleles.map(alleleText) }));
  it.each([
    ['LF', base],
    ['CRLF', base.replace(/\n/g, '\r\n')],
    ['CR', base.replace(/\n/g, '\r')],
    ['UTF-8 BOM', `\uFEFF${base}`],
    ['comma separated', base.replace(/\t/g, ',')],
    ['quoted csv', base.replace(/\t/g, ',').replace(/DN1234567/g, '"DN1234567"')],
    [
      'dotted headers and NA',
      base
        .replace('Sample Name', 'Sample.Name')
        .replace('Allele 1', 'Allele.1')
        .replace('Allele 2', 'Allele.2')
        .replace('130\t', '130\tNA'),
    ],
    ['ragged short rows', base.replace('130\t\n', '130\n')],
    ['trailing empty cells', base.replace(/\n/g, '\t\t\n')],
    ['blank lines', base.replace('\n', '\n\n\n')],
    ['Excel sep= line', `sep=,\r\n${base.replace(/\t/g, ',')}`],
    ['semicolons', base.replace(/\t/g, ';')],
  ])('%s', (_, text) => {
    expect(calls(parseGeneMapper(text))).toEqual(expected);
  });

  it('UTF-16 with a BOM, as Windows saves it, and without one', () => {
    const bytes = toUtf16le(base.replace(/\n/g, '\r\n'));
    const r = parseGeneMapper(bytes);
    expect(table(r).encoding).toBe('utf-16le');
    expect(calls(r)).toEqual(expected);
    expect(calls(parseGeneMapper(bytes.subarray(2)))).toEqual(expected);
  });

  it('UTF-8 bytes with a BOM', () => {
    const r = parseGeneMapper(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(base)]));
    expect(calls(r)).toEqual(expected);
  });

  it('wide layout with "<marker> 1" and "<marker>_A" columns', () => {
    for (const text of [
      'Sample Name\tAHT121 1\tAHT121 2\tAHT137 1\tAHT137 2\nDN1234567\t90\t92\t130\t\n',
      'Sample Name,AHT121_A,AHT121_B,AHT137_A,AHT137_B\nDN1234567,90,92,130,NA\n',
    ]) {
      const t = table(parseGeneMapper(text));
      expect(t.layout).toBe('wide');
      expect(calls(parseGeneMapper(text))).toEqual(expected);
    }
  });
});

describe('export then import', () => {
  const panel = ISAG_2006_CANINE;
  it('gives back the same genotypes in every layout', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.record({
          layout: fc.constantFrom('long' as const, 'wide' as const),
          delimiter: fc.constantFrom('\t' as const, ',' as const),
          columns: fc.constantFrom('full' as const, 'minimal' as const),
          lineEnding: fc.constantFrom('\r\n' as const, '\n' as const),
          homozygoteOnce: fc.boolean(),
          dottedHeadersAndNA: fc.boolean(),
          wideSuffix: fc.constantFrom('number' as const, 'letter' as const),
        }),
        fc.boolean(),
        (seed, options, utf16) => {
          const pop = createPopulation(panel, seed);
          const plate = generatePlate(pop, {
            size: 96,
            degradation: { dropoutRate: 0.2, missingRate: 0.2, offLadderRate: 0.05 },
          });
          const text = exportGeneMapper(panel, plate.samples, options);
          const r = importGeneMapperPlate(utf16 ? toUtf16le(text) : text, panel, {
            positiveControlProfile: plate.positiveControl,
          });
          if (!r.ok) throw new Error(JSON.stringify(r.errors));
          expect(r.plate.controls.passed).toBe(true);
          expect(r.plate.profiles).toHaveLength(plate.truth.size);
          for (const p of r.plate.profiles) {
            const truth = plate.truth.get(p.sampleName);
            expect(truth && decodeProfile(p.profile)).toEqual(truth && decodeProfile(truth));
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('a 384-well plate keeps its wells', () => {
    const pop = createPopulation(panel, 3);
    const plate = generatePlate(pop, { size: 384 });
    const r = importGeneMapperPlate(exportGeneMapper(panel, plate.samples), panel, {
      positiveControlProfile: plate.positiveControl,
    });
    if (!r.ok) throw new Error('import failed');
    expect(r.plate.plateSize).toBe(384);
    expect(r.plate.profiles.at(-1)?.wells).toEqual(['P24']);
    expect(r.plate.profiles).toHaveLength(381);
  });

  it('OL and no calls survive the trip', () => {
    const pop = createPopulation(panel, 5);
    const dog = pop.dog();
    dog.codes[0] = 900;
    dog.codes[1] = ALLELE_OL;
    dog.codes[2] = NO_CALL;
    dog.codes[3] = NO_CALL;
    const r = importGeneMapperPlate(exportGeneMapper(panel, [{ sampleName: 'DN0000001', profile: dog }]), panel, {
      hasNegativeControl: false,
      hasPositiveControl: false,
    });
    if (!r.ok) throw new Error('import failed');
    expect(decodeProfile(r.plate.profiles[0].profile)).toEqual(decodeProfile(dog));
    expect(r.plate.profiles[0].result).toBe('Pending');
  });
});
