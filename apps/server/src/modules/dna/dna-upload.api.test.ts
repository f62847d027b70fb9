// GeneMapper upload through the API: a generated 96-well canine plate with controls, litters and degraded waste samples
// is stored with its file; refused uploads (broken file, wrong panel, both real GeneMapper fixtures on the canine panel,
// failing controls) store nothing; only the lab uploads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { Gender } from '@registry/contracts';
import { dnaPlates, dnaProfiles, pets } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { syntheticLabPlate } from './synthetic-plate.ts';
import { plateUpload } from '../../../test/plate-upload.ts';

let t: TestApp;
let lab: string;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dna-upload-'));
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

const counts = async () => {
  const [plates] = await t.database.db.select({ n: count() }).from(dnaPlates);
  const [profiles] = await t.database.db.select({ n: count() }).from(dnaProfiles);
  return { plates: plates.n, profiles: profiles.n, files: fs.readdirSync(filesDir).length };
};

beforeAll(async () => {
  t = await startTestApp({ filesDir });
  lab = await t.login('lab.admin');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const upload = (content: Buffer | string, model: unknown, token = lab, fileName?: string) =>
  t.call('POST', '/api/v1/genemapperfileupload/postnewplate', { token, ...plateUpload(content, model, fileName) });

describe('POST /genemapperfileupload/postnewplate', () => {
  test('a generated 96-well plate: stored with its file, warnings for unknown, gender-mismatched and flagged samples', async () => {
    const plate = syntheticLabPlate({ seed: 11, firstNumber: 3000000 });
    const petNumbers = [...plate.pets.keys()];
    // Every pet but the last is registered; the first is recorded with the wrong sex, the second is flagged.
    const [first, second] = petNumbers;
    const firstSex = plate.pets.get(first)!.codes;
    const amel = plate.pets.get(first)!.panel.genderMarker;
    const isMale = firstSex[2 * amel] !== firstSex[2 * amel + 1];
    await t.database.db.insert(pets).values(
      petNumbers.slice(0, -1).map((sampleNumber, i) => ({
        name: `Dog ${i}`,
        sampleNumber,
        gender: i === 0 ? (isMale ? Gender.Female : Gender.Male) : Gender.Unknown,
        isFlagged: i === 1,
      })),
    );
    const before = await counts();
    const res = await upload(plate.text, { panelId: 'isag-2006-canine' }, lab, 'Plate 11.txt');
    expect(res.status).toBe(200);
    expect(res.body.plateName).toBe('Plate 11');
    expect(res.body.profileCount).toBe(93);
    expect(res.body.controlsPassed).toBe(true);
    expect(res.body.mismatchedGenderSampleNumbers).toEqual([first]);
    expect(res.body.flaggedSampleNumbers).toEqual([second]);
    // Waste samples are not on record in this area yet, and the last pet is not registered.
    expect(res.body.badSampleNumbers.sort()).toEqual([...plate.wasteSources.keys(), petNumbers.at(-1)].sort());
    expect(await counts()).toEqual({
      plates: before.plates + 1,
      profiles: before.profiles + 93,
      files: before.files + 1,
    });
    const rows = await t.database.db.select().from(dnaProfiles).where(eq(dnaProfiles.plateId, res.body.plateId));
    expect(rows.every((r) => r.sampleNumber === r.sampleNumber.toUpperCase() && r.labStatus === 0)).toBe(true);
    expect(rows.find((r) => r.sampleNumber === first)?.isGenderMismatch).toBe(true);
    expect(rows.find((r) => r.sampleNumber === second)?.isFlagged).toBe(true);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/plate/downloadgenemapperfile/${res.body.plateId}`,
      headers: { authorization: `Bearer ${lab}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(plate.text);
    expect(file.headers['content-disposition']).toContain('Plate_11.txt');

    // The plate files list counts the plate's own 93 profiles (it once compared each profile's plate with its own id).
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/plate?page=1&pageSize=25&plateNameFilter=Plate%2011`,
      headers: { authorization: `Bearer ${lab}` },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([expect.objectContaining({ plateName: 'Plate 11', profileCount: 93 })]);

    const again = await upload(plate.text, { panelId: 'isag-2006-canine' }, lab, 'Plate 11.txt');
    expect(again.status).toBe(400);
    expect(again.body.modelState.file[0]).toMatch(/already uploaded as plate 'Plate 11'/);
    // Another file under a name taken: the name is refused.
    const other = syntheticLabPlate({ seed: 15, firstNumber: 3400000 }).text;
    const named = await upload(other, { panelId: 'isag-2006-canine' }, lab, 'Plate 11.txt');
    expect(named.status).toBe(400);
    expect(named.body.modelState.plateName[0]).toMatch(/already uploaded/);
  });

  test('both real GeneMapper fixtures are refused on the canine panel, naming the unknown markers; nothing stored', async () => {
    const before = await counts();
    const human = await upload(fixture('FAM10-5-FATHER.txt'), {
      panelId: 'isag-2006-canine',
      hasPositiveControl: false,
    });
    expect(human.status).toBe(400);
    expect(human.body.message).toBe('Upload Failed');
    expect(human.body.modelState.file.join('\n')).toMatch(/CSF1PO/);
    const bird = await upload(fixture('test.genemapper.txt'), { panelId: 'isag-2006-canine' });
    expect(bird.status).toBe(400);
    expect(bird.body.modelState.file.join('\n')).toMatch(/Line \d+: /);
    expect(await counts()).toEqual(before);
  });

  test('a broken file, an unknown panel, a bad model, no file: 400 naming the field, nothing stored', async () => {
    const before = await counts();
    const broken = await upload(Buffer.from([0, 1, 2, 3, 255, 254]), { panelId: 'isag-2006-canine' });
    expect(broken.status).toBe(400);
    expect(broken.body.modelState.file).toBeDefined();
    const panel = await upload('Sample Name\tMarker\tAllele 1\tAllele 2\r\n', { panelId: 'no-such-panel' });
    expect(panel.status).toBe(400);
    expect(panel.body.modelState.panelId[0]).toMatch(/Unknown panel/);
    const model = await upload('x', { panelId: 'isag-2006-canine', overrideControlsValidation: 'yes' });
    expect(model.status).toBe(400);
    expect(Object.keys(model.body.modelState)).toEqual(['overrideControlsValidation']);
    const json = await t.call('POST', '/api/v1/genemapperfileupload/postnewplate', { token: lab, body: { file: 'x' } });
    expect(json.status).toBe(400);
    const wrongSpecies = await upload(syntheticLabPlate({ seed: 12, firstNumber: 3100000 }).text, {
      panelId: 'isag-feline',
    });
    expect(wrongSpecies.status).toBe(400);
    expect(wrongSpecies.body.modelState.file).toEqual([
      'this file carries ISAG 2006 canine markers; choose that panel',
    ]);
    expect(await counts()).toEqual(before);
  });

  test('failing controls refuse the plate unless overridden', async () => {
    const broken = syntheticLabPlate({ seed: 13, firstNumber: 3200000, contaminatedNegative: true }).text;
    const before = await counts();
    const refused = await upload(broken, { panelId: 'isag-2006-canine' }, lab, 'controls.txt');
    expect(refused.status).toBe(400);
    expect(refused.body.modelState.controls.join(' ')).toMatch(/negative control has alleles/);
    expect(await counts()).toEqual(before);
    const overridden = await upload(
      broken,
      { panelId: 'isag-2006-canine', overrideControlsValidation: true },
      lab,
      'controls.txt',
    );
    expect(overridden.status).toBe(200);
    expect(overridden.body.controlsPassed).toBe(false);
    expect(overridden.body.controlProblems.join(' ')).toMatch(/negative control/);
  });

  test('only the lab uploads: other staff 403, a property manager 403, anonymous 401', async () => {
    const text = syntheticLabPlate({ seed: 14, firstNumber: 3300000 }).text;
    expect((await upload(text, { panelId: 'isag-2006-canine' }, await t.login('service.admin'))).status).toBe(403);
    expect((await upload(text, { panelId: 'isag-2006-canine' }, await t.login('property.manager'))).status).toBe(403);
    const anonymous = await t.call('POST', '/api/v1/genemapperfileupload/postnewplate', plateUpload(text, {}));
    expect(anonymous.status).toBe(401);
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(dnaPlates)
      .where(sql`${dnaPlates.fileName} = 'plate.txt'`);
    expect(n).toBe(0);
  });
});
