// What a lab upload cannot be fooled by: a positive control that disagrees with the reference recorded on the controls
// screen (refused naming the markers, accepted with the override), the same file under another name (also when two
// uploads race), another species' file, and profiles of sample numbers no pet has (stored, kept out of the registry
// index until a pet takes the number). Every refusal is a 400 that leaves no plate, profile or stored file. And a
// lab-saved genotype can be removed again (the typed one is the genotype again; audited; the index follows).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ISAG_2006_CANINE,
  ISAG_FELINE,
  createPopulation,
  exportGeneMapper,
  generatePlate,
  profileEntries,
  type DnaProfile,
} from '@registry/genetics';
import { DnaProfileLabStatus, SampleCustomerStatus } from '@registry/contracts';
import {
  auditLog,
  dnaControls,
  dnaIndexChanges,
  dnaPlates,
  dnaProfiles,
  emailLog,
  pets,
  sampleHistory,
} from '../../db/schema/index.ts';
import { queryRows } from '../../db/client.ts';
import { makePetOwner } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { differingMarkers } from './panels.ts';
import { syntheticLabPlate } from './synthetic-plate.ts';
import { violatedConstraint } from './upload-checks.ts';
import { plateUpload } from '../../../test/plate-upload.ts';

let t: TestApp;
let lab: string;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dna-upload-checks-'));
const CANINE = ISAG_2006_CANINE.id;

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

const upload = (content: Buffer | string, model: unknown, fileName?: string) =>
  t.call('POST', '/api/v1/genemapperfileupload/postnewplate', { token: lab, ...plateUpload(content, model, fileName) });

/** A canine plate written with the given positive control; pet sample numbers from DN`firstNumber + 3`. */
function caninePlate(seed: number, firstNumber: number, positiveControl: DnaProfile) {
  const pop = createPopulation(ISAG_2006_CANINE, seed);
  const plate = generatePlate(pop, { firstNumber, positiveControl, wasteShare: 0.25 });
  return { ...plate, text: exportGeneMapper(ISAG_2006_CANINE, plate.samples) };
}

describe('the positive control has a reference', () => {
  const reference = createPopulation(ISAG_2006_CANINE, 501).dog();

  test('a reference typed on the controls screen: a plate whose control is a pet is refused naming the markers; the override stores it', async () => {
    const created = await t.call('POST', '/api/v1/control', {
      token: lab,
      body: { panelId: CANINE, sampleType: 2, knownGenotype: profileEntries(reference) },
    });
    expect(created.status).toBe(200);
    expect(created.body.knownGenotype).toEqual(profileEntries(reference));
    const listed = await t.call('GET', `/api/v1/control?panelId=${CANINE}`, { token: lab });
    expect(listed.body.data.find((r: { id: number }) => r.id === created.body.id).knownGenotype).toHaveLength(22);

    // The control's well holds a pet's DNA (another dog than the reference).
    const pet = createPopulation(ISAG_2006_CANINE, 502).dog();
    const swapped = caninePlate(503, 5100000, pet);
    const markers = differingMarkers(pet, reference);
    expect(markers.length).toBeGreaterThan(3);
    const before = await counts();
    const refused = await upload(swapped.text, { panelId: CANINE }, 'swapped.txt');
    expect(refused.status).toBe(400);
    expect(refused.body.modelState.controls).toContain(
      `PositiveControl disagrees with its reference at ${markers.join(', ')}`,
    );
    expect(await counts()).toEqual(before);

    const overridden = await upload(swapped.text, { panelId: CANINE, overrideControlsValidation: true }, 'swapped.txt');
    expect(overridden.status).toBe(200);
    expect(overridden.body.controlsPassed).toBe(false);
    expect(overridden.body.controlProblems[0]).toBe(
      `PositiveControl disagrees with its reference at ${markers.join(', ')}`,
    );
    const [stored] = await t.database.db.select().from(dnaPlates).where(eq(dnaPlates.id, overridden.body.plateId));
    expect(stored.controlsOverridden).toBe(true);

    // The true control passes.
    const good = await upload(caninePlate(504, 5200000, reference).text, { panelId: CANINE }, 'good.txt');
    expect(good.status).toBe(200);
    expect(good.body.controlsPassed).toBe(true);
  });

  test('a reference taken from an approved profile by its sample number; bad references are 400s that store nothing', async () => {
    const [plate] = await t.database.db.select({ id: dnaPlates.id }).from(dnaPlates).limit(1);
    const dog = createPopulation(ISAG_2006_CANINE, 505).dog();
    await t.database.db.insert(dnaProfiles).values({
      plateId: plate.id,
      sampleNumber: 'DN5300001',
      sampleType: 0,
      panelId: CANINE,
      codes: Array.from(dog.codes),
      result: 'Pass',
      labStatus: DnaProfileLabStatus.Approved,
    });
    const created = await t.call('POST', '/api/v1/control', {
      token: lab,
      body: { panelId: CANINE, sampleType: 2, knownFromSampleNumber: 'dn5300001' },
    });
    expect(created.status).toBe(200);
    expect(created.body.knownGenotype).toEqual(profileEntries(dog));

    const [{ n: controlsBefore }] = await t.database.db.select({ n: count() }).from(dnaControls);
    const bad = async (body: unknown) => {
      const res = await t.call('POST', '/api/v1/control', { token: lab, body });
      expect(res.status).toBe(400);
      return Object.entries(res.body.modelState as Record<string, string[]>)
        .flat(2)
        .join(' ');
    };
    expect(await bad({ panelId: CANINE, sampleType: 2, knownFromSampleNumber: 'DN5399999' })).toMatch(
      /DN5399999 has no approved DNA profile/,
    );
    expect(
      await bad({ panelId: CANINE, sampleType: 2, knownGenotype: [{ marker: 'NOPE1', alleleA: '1', alleleB: '2' }] }),
    ).toMatch(/NOPE1/);
    expect(await bad({ panelId: CANINE, sampleType: 3, knownGenotype: profileEntries(dog) })).toMatch(
      /Only a positive control/,
    );
    const [{ n: controlsAfter }] = await t.database.db.select({ n: count() }).from(dnaControls);
    expect(controlsAfter).toBe(controlsBefore);
  });
});

describe('the same file twice', () => {
  test('the same bytes under another file name and plate name are refused naming the earlier plate', async () => {
    const text = syntheticLabPlate({ seed: 511, firstNumber: 5400000 }).text;
    const first = await upload(text, { panelId: CANINE, overrideControlsValidation: true }, 'run-511.txt');
    expect(first.status).toBe(200);
    const before = await counts();
    const again = await upload(
      text,
      { panelId: CANINE, overrideControlsValidation: true, plateName: 'Another name' },
      'copy-of-run.txt',
    );
    expect(again.status).toBe(400);
    const day = new Date().toISOString().slice(0, 10);
    expect(again.body.modelState.file).toEqual([
      `This file was already uploaded as plate 'run-511' (file 'run-511.txt', uploaded ${day}).`,
    ]);
    expect(await counts()).toEqual(before);
  });

  test('two uploads of one file at once: one is stored, the other refused; one file kept', async () => {
    const text = syntheticLabPlate({ seed: 512, firstNumber: 5500000 }).text;
    const before = await counts();
    const model = { panelId: CANINE, overrideControlsValidation: true };
    const answers = await Promise.all([upload(text, model, 'race-a.txt'), upload(text, model, 'race-b.txt')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(refused.body.modelState.file[0]).toMatch(/already uploaded as plate 'race-[ab]'/);
    expect(await counts()).toEqual({
      plates: before.plates + 1,
      profiles: before.profiles + 93,
      files: before.files + 1,
    });
  });
});

test('the content hash is unique in the database: a second row of one hash names the constraint the upload translates', async () => {
  const row = {
    fileName: 'h.txt',
    filePath: 'none.txt',
    contentHash: 'f'.repeat(64),
    panelId: CANINE,
    plateSize: 96,
    layout: 'long',
    controlsPassed: true,
  };
  await t.database.db.insert(dnaPlates).values({ ...row, plateName: 'hash-1' });
  const error = await t.database.db
    .insert(dnaPlates)
    .values({ ...row, plateName: 'hash-2' })
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(violatedConstraint(error)).toBe('dna_plates_content_hash_key');
  await t.database.db.delete(dnaPlates).where(eq(dnaPlates.plateName, 'hash-1'));
});

describe('another species is named as such', () => {
  test('a feline file on the canine panel is refused as feline, even with the controls overridden', async () => {
    const pop = createPopulation(ISAG_FELINE, 521);
    const plate = generatePlate(pop, { firstNumber: 5600000 });
    const text = exportGeneMapper(ISAG_FELINE, plate.samples);
    const before = await counts();
    for (const overrideControlsValidation of [false, true]) {
      const res = await upload(text, { panelId: CANINE, overrideControlsValidation }, 'cats.txt');
      expect(res.status).toBe(400);
      expect(res.body.modelState.file).toEqual(['this file carries ISAG feline markers; choose that panel']);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('unknown sample numbers stay out of the registry', () => {
  test('approved profiles of numbers no pet has are stored but not indexed; a pet taking the number brings its profile in', async () => {
    const plate = syntheticLabPlate({ seed: 531, firstNumber: 5700000 });
    const res = await upload(plate.text, { panelId: CANINE, overrideControlsValidation: true }, 'unregistered.txt');
    expect(res.status).toBe(200);
    const plateId = res.body.plateId;
    const [wasteNumber, source] = [...plate.wasteSources][0];
    const search = async () =>
      (await t.call('GET', `/api/v1/dnaindex/identify?sampleNumber=${wasteNumber}`, { token: lab })).body as {
        indexSize: number;
        matches: { sampleNumber: string }[];
        nearMatches: { sampleNumber: string }[];
      };
    const sizeBefore = (await search()).indexSize;

    const approved = await t.call('POST', '/api/v1/dnaprocessing/approveallpassingonplate', {
      token: lab,
      body: { plateId },
    });
    expect(approved.status).toBe(200);
    const stored = await t.database.db
      .select({ sampleNumber: dnaProfiles.sampleNumber })
      .from(dnaProfiles)
      .where(eq(dnaProfiles.plateId, plateId));
    expect(stored.length).toBe(93);
    const notYet = await search();
    expect(notYet.indexSize).toBe(sizeBefore);
    expect([...notYet.matches, ...notYet.nearMatches].map((m) => m.sampleNumber)).not.toContain(source);

    // The pet is registered with that sample number: the index learns of it through the change log.
    await t.database.db.insert(pets).values({ name: 'Late', sampleNumber: source });
    const entered = await search();
    expect(entered.indexSize).toBe(sizeBefore + 1);
    expect([...entered.matches, ...entered.nearMatches].map((m) => m.sampleNumber)).toContain(source);

    // Renumbered away, the profile leaves the index again.
    await t.database.db.update(pets).set({ sampleNumber: 'DN5799999' }).where(eq(pets.sampleNumber, source));
    expect((await search()).indexSize).toBe(sizeBefore);
  });
});

describe('DELETE /dnaprocessing/labsavedgenotype', () => {
  test('removes the lab-saved genotype of an approved profile: typed calls again, audited, logged for the index', async () => {
    const plate = syntheticLabPlate({ seed: 541, firstNumber: 5800000 });
    const [number, dog] = [...plate.pets][0];
    await t.database.db.insert(pets).values({ name: 'Saved', sampleNumber: number });
    const res = await upload(plate.text, { panelId: CANINE, overrideControlsValidation: true }, 'labsaved.txt');
    expect(res.status).toBe(200);
    const [profile] = await t.database.db
      .select()
      .from(dnaProfiles)
      .where(and(eq(dnaProfiles.plateId, res.body.plateId), eq(dnaProfiles.sampleNumber, number)));
    await t.call('POST', '/api/v1/dnaprocessing/updatednaprofilesstatus', {
      token: lab,
      body: { dnaProfileIds: [profile.id], labStatus: DnaProfileLabStatus.Approved },
    });
    const typed = profileEntries(dog);
    const edited = typed.map((g) => (g.marker === 'AHT121' ? { ...g, alleleB: g.alleleA } : g));
    const saved = await t.call('POST', '/api/v1/dnaprocessing/addlabsavedgenotype', {
      token: lab,
      body: { dnaProfileId: profile.id, labSavedGenotype: edited },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.dnaProfileResult.isLabSaved).toBe(true);
    const [{ seq: seqBefore }] = await t.database.db
      .select({ seq: dnaIndexChanges.seq })
      .from(dnaIndexChanges)
      .orderBy(desc(dnaIndexChanges.seq))
      .limit(1);

    const url = `/api/v1/dnaprocessing/labsavedgenotype?dnaprofileid=${profile.id}`;
    const removed = await t.call('DELETE', url, { token: lab });
    expect(removed.status).toBe(200);
    expect(removed.body.dnaProfileResult.isLabSaved).toBe(false);
    expect(removed.body.genotypes).toEqual(removed.body.dnaProfileResult.markerValues);
    const [row] = await t.database.db.select().from(dnaProfiles).where(eq(dnaProfiles.id, profile.id));
    expect(row.labSavedCodes).toBeNull();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'DnaProfileGenotype'), eq(auditLog.entityId, String(profile.id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.actionType)).toEqual(['Update', 'Delete']);
    const logged = await t.database.db
      .select({ seq: dnaIndexChanges.seq })
      .from(dnaIndexChanges)
      .where(eq(dnaIndexChanges.dnaProfileId, profile.id));
    expect(logged.some((l) => l.seq > seqBefore)).toBe(true);

    expect((await t.call('DELETE', url, { token: await t.login('service.admin') })).status).toBe(403);
    expect((await t.call('DELETE', url, {})).status).toBe(401);
    const missing = await t.call('DELETE', '/api/v1/dnaprocessing/labsavedgenotype?dnaprofileid=999999', {
      token: lab,
    });
    expect(missing.status).toBe(404);
    expect(
      (await t.call('DELETE', '/api/v1/dnaprocessing/labsavedgenotype?dnaprofileid=x', { token: lab })).status,
    ).toBe(400);
  });
});

describe("the plate's pets received at once", () => {
  test('every registered pet moves to DNA sample received with its history row, audit entry and one letter; no mail job left', async () => {
    const plate = syntheticLabPlate({ seed: 551, firstNumber: 5900000 });
    const numbers = [...plate.pets.keys()].slice(0, 20);
    const owners: Awaited<ReturnType<typeof makePetOwner>>[] = [];
    for (let i = 0; i < numbers.length; i++) owners.push(await makePetOwner(t.database.db));
    await t.database.db
      .insert(pets)
      .values(numbers.map((sampleNumber, i) => ({ name: `Received ${i}`, sampleNumber, petOwnerId: owners[i].id })));
    const res = await upload(plate.text, { panelId: CANINE, overrideControlsValidation: true }, 'received.txt');
    expect(res.status).toBe(200);
    const rows = await t.database.db
      .select({ id: pets.id, status: pets.customerFacingStatus })
      .from(pets)
      .where(inArray(pets.sampleNumber, numbers));
    expect(rows.map((r) => r.status)).toEqual(numbers.map(() => SampleCustomerStatus.DnaSampleReceived));
    const history = await t.database.db
      .select({ sampleNumber: sampleHistory.sampleNumber })
      .from(sampleHistory)
      .where(and(inArray(sampleHistory.sampleNumber, numbers), eq(sampleHistory.action, 'dnaPlateUploaded')));
    expect(history.map((h) => h.sampleNumber).sort()).toEqual([...numbers].sort());
    const audits = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'Pet'),
          eq(auditLog.actionType, 'SampleStatus:dnaPlateUploaded'),
          inArray(
            auditLog.entityId,
            rows.map((r) => String(r.id)),
          ),
        ),
      );
    expect(audits[0].n).toBe(numbers.length);
    const letters = await t.database.db
      .select({ recipients: emailLog.recipients })
      .from(emailLog)
      .where(eq(emailLog.eventName, 'DNASampleReceived'));
    for (const owner of owners) expect(letters.filter((l) => l.recipients.includes(owner.email!))).toHaveLength(1);
    // Delivered at once: the outbox jobs of the delivered letters are gone.
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'send-email' and state in ('created', 'retry')`,
    );
    expect(left.n).toBe(0);
  });
});
