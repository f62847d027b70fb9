// Panels the lab defines (issue 12: the panel's bins are data): POST /dnapanel checks the definition with the engine and
// stores it; then both real GeneMapper fixtures (a human STR export and a bird microsatellite export, see
// fixtures/SOURCE.txt), refused on the canine panel, upload through the API on panels defined for their markers, and
// their sample names, which are no pet or waste sample, come back as badSampleNumbers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { auditLog, dnaLabPanels, dnaPlates } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { plateUpload } from '../../../test/plate-upload.ts';

let t: TestApp;
let lab: string;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dna-panels-'));
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

beforeAll(async () => {
  t = await startTestApp({ filesDir });
  lab = await t.login('lab.admin');
}, 240_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** The markers of an export in file order, with the numeric allele calls seen for each (the lab's bins). */
function markersOf(text: string, markerColumn: string) {
  const [header, ...lines] = text.split(/\r?\n/).filter(Boolean);
  const columns = header.split('\t');
  const at = columns.indexOf(markerColumn);
  const allele = [columns.indexOf('Allele 1'), columns.indexOf('Allele 2')];
  const markers = new Map<string, Set<number>>();
  for (const line of lines) {
    const cells = line.split('\t');
    const bins = markers.get(cells[at]) ?? new Set<number>();
    for (const i of allele) if (/^\d+(\.\d+)?$/.test(cells[i] ?? '')) bins.add(Number(cells[i]));
    markers.set(cells[at], bins);
  }
  return [...markers].map(([name, bins]) => ({
    name,
    isGenderMarker: /^AMEL/i.test(name),
    bins: [...bins].sort((a, b) => a - b),
  }));
}

const definePanel = (body: unknown, token = lab) => t.call('POST', '/api/v1/dnapanel', { token, body });
const upload = (content: Buffer, model: unknown, fileName: string) =>
  t.call('POST', '/api/v1/genemapperfileupload/postnewplate', { token: lab, ...plateUpload(content, model, fileName) });

describe('POST /dnapanel and the real GeneMapper fixtures', () => {
  test('the human STR export uploads on a panel defined from its markers; its sample is a bad sample number', async () => {
    const file = fixture('FAM10-5-FATHER.txt');
    const markers = markersOf(file.toString('utf8'), 'Marker');
    expect(markers).toHaveLength(71);
    const created = await definePanel({ name: 'Human STR (test)', species: 'Canine', minimumMarkers: 15, markers });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Human STR (test)', isLabDefined: true });
    expect(created.body.markers).toHaveLength(71);
    expect(created.body.markers.find((m: { name: string }) => m.name === 'AMEL').type).toBe('Gender');
    const listed = await t.call('GET', '/api/v1/dnapanel', { token: lab });
    expect(listed.body.map((p: { id: string }) => p.id)).toContain(created.body.id);
    expect(listed.body.find((p: { id: string }) => p.id === 'isag-2006-canine').isLabDefined).toBe(false);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.body.id));
    expect(audit.actionType).toBe('Create');

    const res = await upload(
      file,
      { panelId: created.body.id, hasPositiveControl: false, hasNegativeControl: false },
      'FAM10-5-FATHER.txt',
    );
    expect(res.status).toBe(200);
    expect(res.body.badSampleNumbers).toEqual(['FAM10-5-FATHER']);
    expect(res.body.profileCount).toBe(0);
    const [plate] = await t.database.db.select().from(dnaPlates).where(eq(dnaPlates.id, res.body.plateId));
    expect(plate.panelId).toBe(created.body.id);
    expect(plate.fileName).toBe('FAM10-5-FATHER.txt');
  });

  test('the bird microsatellite export ("?" calls, full column set) uploads on its own panel', async () => {
    const file = fixture('test.genemapper.txt');
    const markers = markersOf(file.toString('utf8'), 'Marker');
    const created = await definePanel({
      name: 'Sialia microsatellites (test)',
      species: 'Canine',
      minimumMarkers: 10,
      markers,
    });
    expect(created.status).toBe(200);
    const res = await upload(
      file,
      { panelId: created.body.id, hasPositiveControl: false, hasNegativeControl: false },
      'test.genemapper.txt',
    );
    expect(res.status).toBe(200);
    expect(res.body.badSampleNumbers.sort()).toEqual(['sample1', 'sample2']);
    // A panel that lacks one of the file's markers still refuses the file, naming the marker.
    const short = await definePanel({
      name: 'Sialia short (test)',
      species: 'Canine',
      minimumMarkers: 1,
      markers: markers.slice(1),
    });
    const refused = await upload(file, { panelId: short.body.id, hasPositiveControl: false }, 'short.txt');
    expect(refused.status).toBe(400);
    expect(refused.body.modelState.file.join('\n')).toContain(markers[0].name);
  });

  test('bad definitions: 400 naming the field; a name twice; only the lab defines panels', async () => {
    const before = (await t.database.db.select({ n: count() }).from(dnaLabPanels))[0].n;
    const marker = (name: string, isGenderMarker = false) => ({ name, isGenderMarker, bins: [] });
    const cases: [unknown, string][] = [
      [{ species: 'Canine', minimumMarkers: 1, markers: [marker('A1')] }, 'name'],
      [{ name: 'P', species: 'Human', minimumMarkers: 1, markers: [marker('A1')] }, 'species'],
      [{ name: 'P', species: 'Canine', minimumMarkers: 1, markers: [] }, 'markers'],
      [{ name: 'P', species: 'Canine', minimumMarkers: 'x', markers: [marker('A1')] }, 'minimumMarkers'],
      [{ name: 'x'.repeat(101), species: 'Canine', minimumMarkers: 1, markers: [marker('A1')] }, 'name'],
      [{ name: 'P', species: 'Canine', minimumMarkers: 3, markers: [marker('A1'), marker('A2')] }, 'markers'],
      [{ name: 'P', species: 'Canine', minimumMarkers: 1, markers: [marker('A1'), marker('a-1')] }, 'markers'],
      [
        {
          name: 'P',
          species: 'Canine',
          minimumMarkers: 1,
          markers: [marker('X', true), marker('Y', true), marker('A')],
        },
        'markers',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await definePanel(body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.modelState ?? {}).join()).toContain(field);
    }
    const ok = { name: 'Twice', species: 'Feline', minimumMarkers: 1, markers: [marker('FCA1')] };
    expect((await definePanel(ok)).status).toBe(200);
    const twice = await definePanel({ ...ok, name: 'twice' });
    expect(twice.status).toBe(400);
    expect(twice.body.modelState.name[0]).toMatch(/exists already/);
    expect((await definePanel(ok, await t.login('property.manager'))).status).toBe(403);
    expect((await definePanel(ok, await t.login('office.admin'))).status).toBe(403);
    expect((await t.database.db.select({ n: count() }).from(dnaLabPanels))[0].n).toBe(before + 1);
  });
});
