// The plate view's calls and what approval does: approve all passing on a plate moves the pets' samples to
// DnaProcessingComplete (audited) and into the registry index, where an identity search of their own waste samples finds
// them; a second API process on the same database sees the change through the index change log; lab status rules.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DnaProfileLabStatus, SampleCustomerStatus } from '@registry/contracts';
import { buildApp } from '../../app.ts';
import {
  auditLog,
  dnaProfiles,
  notifications,
  pets,
  sampleHistory,
  wasteResultSets,
  wasteSamples,
} from '../../db/schema/index.ts';
import { verifyAuditChain } from '../../platform/audit.ts';
import { makeOtherDistributorship, makePetOwner } from '../../../test/factories.ts';
import { createMailer } from '../../platform/mailer.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { sampleStatusText } from '../notifications/notifications.service.ts';
import { plateUpload } from '../../../test/plate-upload.ts';
import { syntheticLabPlate } from './synthetic-plate.ts';

let t: TestApp;
let lab: string;
let plateId: number;
const plate = syntheticLabPlate({ seed: 21, firstNumber: 4000000 });
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dna-processing-'));

beforeAll(async () => {
  t = await startTestApp({ filesDir });
  lab = await t.login('lab.admin');
  await t.database.db
    .insert(pets)
    .values([...plate.pets.keys()].map((sampleNumber, i) => ({ name: `Dog ${i}`, sampleNumber })));
  const res = await t.call('POST', '/api/v1/genemapperfileupload/postnewplate', {
    token: lab,
    ...plateUpload(plate.text, { panelId: 'isag-2006-canine' }, 'processing.txt'),
  });
  if (res.status !== 200) throw new Error(`plate upload failed: ${JSON.stringify(res.body)}`);
  plateId = res.body.plateId;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const get = (url: string, token = lab) => t.call('GET', url, { token });
const post = (url: string, body: unknown, token = lab) => t.call('POST', url, { token, body });

describe('GET /dnaprocessing', () => {
  test('rows of the plate with filters and paging; Pending (-1) is neither Approved nor Inactive', async () => {
    const all = await get(`/api/v1/dnaprocessing?plateId=${plateId}&pageSize=200`);
    expect(all.status).toBe(200);
    expect(all.body.totalRecords).toBe(93);
    const row = all.body.data.find((r: { sampleNumber: string }) => r.sampleNumber.startsWith('DN'));
    expect(row).toMatchObject({ isPetSample: true, labStatus: 0, plate: { plateId, plateName: 'processing' } });
    expect(row.sampleId).toEqual(expect.any(Number));
    const page2 = await get(`/api/v1/dnaprocessing?plateId=${plateId}&pageSize=50&page=2`);
    expect(page2.body.data).toHaveLength(43);
    const pending = await get(`/api/v1/dnaprocessing?plateId=${plateId}&labStatus=-1&pageSize=1`);
    expect(pending.body.totalRecords).toBe(93);
    expect((await get(`/api/v1/dnaprocessing?labStatus=7`)).status).toBe(400);
    const one = await get(`/api/v1/dnaprocessing?sampleNumber=${row.sampleNumber.toLowerCase()}`);
    expect(one.body.data.map((r: { dnaProfileId: number }) => r.dnaProfileId)).toEqual([row.dnaProfileId]);
    expect((await get('/api/v1/dnaprocessing', await t.login('property.manager'))).status).toBe(403);
    expect((await get('/api/v1/dnaprocessing', await t.login('service.admin'))).status).toBe(200);
  });

  test('the plate map draws every used well with its result and status; genotypes of a well', async () => {
    const map = await get(`/api/v1/dnaprocessing/platemap/${plateId}`);
    expect(map.body.plateSize).toBe(96);
    expect(map.body.wells).toHaveLength(96);
    const pos = map.body.wells.find((w: { kind: string }) => w.kind === 'PositiveControl');
    expect(pos.dnaProfileId).toBeNull();
    const pet = map.body.wells.find((w: { sampleName: string }) => w.sampleName.startsWith('DN'));
    const genotypes = await get(`/api/v1/dnaprocessing/getgenotypes?dnaprofileid=${pet.dnaProfileId}`);
    expect(genotypes.body.genotypes).toHaveLength(22);
    expect((await get('/api/v1/dnaprocessing/platemap/999999')).status).toBe(404);
  });
});

describe('approval and the registry index', () => {
  test('approve all passing on the plate: pets DnaProcessingComplete, audited, found by identity search of their waste samples', async () => {
    // A second API process on the same database, with its own index, loaded before the approval.
    const mailer = createMailer({ smtpUrl: t.config.smtpUrl, from: t.config.mailFrom });
    const second = await buildApp({ db: t.database.db, config: { ...t.config }, mailer });
    await second.ready();
    const secondToken = await t.login('office.admin');
    const status = await second.inject({
      method: 'GET',
      url: '/api/v1/dnaindex/status',
      headers: { authorization: `Bearer ${secondToken}` },
    });
    expect(JSON.parse(status.body).panels).toEqual([]);

    const waste = [...plate.wasteSources.keys()][0];
    const before = await get(`/api/v1/dnaindex/identify?sampleNumber=${waste}`);
    expect(before.body).toMatchObject({ result: 'NoMatch', indexSize: 0 });

    const approved = await post('/api/v1/dnaprocessing/approveallpassingonplate', { plateId });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe('Approved successfully.');
    expect(approved.body.approvedCount).toBeGreaterThan(80);
    const petRows = await t.database.db
      .select({ sampleNumber: pets.sampleNumber, status: pets.customerFacingStatus })
      .from(pets)
      .where(inArray(pets.sampleNumber, [...plate.pets.keys()]));
    const approvedPets = await t.database.db
      .select({ sampleNumber: dnaProfiles.sampleNumber })
      .from(dnaProfiles)
      .where(
        and(
          eq(dnaProfiles.plateId, plateId),
          eq(dnaProfiles.labStatus, DnaProfileLabStatus.Approved),
          sql`sample_number like 'DN%'`,
        ),
      );
    expect(approvedPets.length).toBeGreaterThan(60);
    const approvedNumbers = new Set(approvedPets.map((a) => a.sampleNumber));
    expect(petRows.filter((r) => approvedNumbers.has(r.sampleNumber!)).map((r) => r.status)).toEqual(
      approvedPets.map(() => SampleCustomerStatus.DnaProcessingComplete),
    );
    // Through the samples module: an audit entry and a sample history entry per pet.
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'Pet'), eq(auditLog.actionType, 'SampleStatus:dnaProfileLabStatus:400')));
    expect(audits.length).toBe(approvedPets.length);
    const history = await t.call('GET', `/api/v1/pet/getsamplehistory?sampleNumber=${approvedPets[0].sampleNumber}`, {
      token: lab,
    });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain(String(SampleCustomerStatus.DnaProcessingComplete));

    // Each waste sample is found as its own pet (a degraded one with more dropout than a match allows as a near match),
    // in this process and in the second one.
    let fullMatches = 0;
    let searched = 0;
    for (const [wasteNumber, source] of plate.wasteSources) {
      if (!approvedPets.some((a) => a.sampleNumber === source)) continue;
      const found = await get(`/api/v1/dnaindex/identify?sampleNumber=${wasteNumber}`);
      expect(found.status).toBe(200);
      searched++;
      const full = found.body.matches.map((m: { sampleNumber: string }) => m.sampleNumber);
      const near = found.body.nearMatches.map((m: { sampleNumber: string }) => m.sampleNumber);
      expect([...full, ...near]).toContain(source);
      if (full.includes(source)) fullMatches++;
      expect(found.body.matches.every((m: { oneInText: string }) => /1 in/.test(m.oneInText))).toBe(true);
    }
    expect(searched).toBeGreaterThan(15);
    expect(fullMatches).toBeGreaterThan(searched / 2);
    const [wasteNumber, source] = [...plate.wasteSources].find(([, s]) =>
      approvedPets.some((a) => a.sampleNumber === s),
    )!;
    const names = (body: { matches: { sampleNumber: string }[]; nearMatches: { sampleNumber: string }[] }) =>
      [...body.matches, ...body.nearMatches].map((m) => m.sampleNumber);
    const fromSecond = await second.inject({
      method: 'GET',
      url: `/api/v1/dnaindex/identify?sampleNumber=${wasteNumber}`,
      headers: { authorization: `Bearer ${secondToken}` },
    });
    expect(names(JSON.parse(fromSecond.body))).toContain(source);

    // Archiving the pet's profile takes it out of both processes' indexes.
    const [profile] = await t.database.db
      .select({ id: dnaProfiles.id })
      .from(dnaProfiles)
      .where(and(eq(dnaProfiles.sampleNumber, source), eq(dnaProfiles.labStatus, DnaProfileLabStatus.Approved)));
    const archived = await post('/api/v1/dnaprocessing/updatednaprofilesstatus', {
      dnaProfileIds: [profile.id],
      labStatus: DnaProfileLabStatus.Inactive,
    });
    expect(archived.body.updatedIds).toEqual([profile.id]);
    const after = await second.inject({
      method: 'GET',
      url: `/api/v1/dnaindex/identify?sampleNumber=${wasteNumber}`,
      headers: { authorization: `Bearer ${secondToken}` },
    });
    expect(names(JSON.parse(after.body))).not.toContain(source);
    const here = await get(`/api/v1/dnaindex/identify?sampleNumber=${wasteNumber}`);
    expect(names(here.body)).not.toContain(source);
    await second.close();
    mailer.close();
  });

  test('a fresh process loads the approved profiles at start-up', async () => {
    const mailer = createMailer({ smtpUrl: t.config.smtpUrl, from: t.config.mailFrom });
    const third = await buildApp({ db: t.database.db, config: { ...t.config }, mailer });
    await third.ready();
    const token = await t.login('lab.admin');
    const [wasteNumber] = [...plate.wasteSources.keys()];
    const res = await third.inject({
      method: 'GET',
      url: `/api/v1/dnaindex/identify?sampleNumber=${wasteNumber}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(JSON.parse(res.body).indexSize).toBeGreaterThan(60);
    await third.close();
    mailer.close();
  });
});

describe('lab status changes', () => {
  test('only the lab changes statuses; bad input names the field; cancel verification only from Verification', async () => {
    const rows = (await get(`/api/v1/dnaprocessing?plateId=${plateId}&pageSize=200`)).body.data as {
      dnaProfileId: number;
      labStatus: number;
    }[];
    const [a, b] = rows.filter((r) => r.labStatus !== DnaProfileLabStatus.Inactive);
    const rerun = await post('/api/v1/dnaprocessing/updatednaprofilesstatus', {
      dnaProfileIds: [a.dnaProfileId, b.dnaProfileId],
      labStatus: DnaProfileLabStatus.Rerun,
    });
    expect(rerun.body.updatedIds).toEqual([a.dnaProfileId, b.dnaProfileId]);
    const service = await t.login('service.admin');
    const body = { dnaProfileIds: [a.dnaProfileId], labStatus: DnaProfileLabStatus.Verification };
    expect((await post('/api/v1/dnaprocessing/updatednaprofilesstatus', body, service)).status).toBe(403);
    const empty = await post('/api/v1/dnaprocessing/updatednaprofilesstatus', { dnaProfileIds: [], labStatus: 20 });
    expect(empty.status).toBe(400);
    expect(empty.body.modelState.dnaProfileIds).toEqual(['Select a sample for updating the status.']);
    const noStatus = await post('/api/v1/dnaprocessing/updatednaprofilesstatus', { dnaProfileIds: [a.dnaProfileId] });
    expect(noStatus.body.modelState.labStatus).toEqual(['Please select a status for updating.']);
    expect(
      (await post('/api/v1/dnaprocessing/updatednaprofilesstatus', { dnaProfileIds: [999999], labStatus: 20 })).status,
    ).toBe(404);
    expect((await post('/api/v1/dnaprocessing/updatednaprofilesstatus', body)).body.updatedIds).toEqual([
      a.dnaProfileId,
    ]);
    const cancel = await post('/api/v1/dnaprocessing/updatednaprofilesstatus', {
      dnaProfileIds: [a.dnaProfileId, b.dnaProfileId],
      labStatus: DnaProfileLabStatus.VerificationCancelled,
    });
    expect(cancel.body).toMatchObject({ updatedIds: [a.dnaProfileId], skippedIds: [b.dnaProfileId] });
  });

  test('revert approval date needs two dates; a lab-saved genotype; revoke a certificate', async () => {
    const rows = (await get(`/api/v1/dnaprocessing?plateId=${plateId}&labStatus=400&pageSize=200`)).body.data as {
      dnaProfileId: number;
      sampleNumber: string;
    }[];
    const row = rows.find((r) => r.sampleNumber.startsWith('DN'))!;
    const dates = await get(`/api/v1/dnaprocessing/getapproveddates?sampleNumber=${row.sampleNumber}`);
    expect(dates.body).toHaveLength(1);
    const revert = await post('/api/v1/dnaprocessing/revertapproveddate', {
      sampleNumber: row.sampleNumber,
      sampleHistoryId: dates.body[0].id,
    });
    expect(revert.status).toBe(400);
    expect(revert.body.exceptionMessage).toBe('No alternative approval dates available.');

    const genotypes = (await get(`/api/v1/dnaprocessing/getgenotypes?dnaprofileid=${row.dnaProfileId}`)).body.genotypes;
    const edited = genotypes.map((g: { marker: string; alleleA: string; alleleB: string }, i: number) =>
      i === 0 ? { ...g, alleleA: '', alleleB: '' } : g,
    );
    const saved = await post('/api/v1/dnaprocessing/addlabsavedgenotype', {
      dnaProfileId: row.dnaProfileId,
      labSavedGenotype: edited,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.dnaProfileResult.isLabSaved).toBe(true);
    expect(saved.body.genotypes[0]).toMatchObject({ alleleA: '', alleleB: '' });
    const bad = await post('/api/v1/dnaprocessing/addlabsavedgenotype', {
      dnaProfileId: row.dnaProfileId,
      labSavedGenotype: [{ marker: 'NOPE', alleleA: '1', alleleB: '2' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.modelState.labSavedGenotype).toBeDefined();

    const revoke = await post('/api/v1/dnaprocessing/revokednaverificationcertificate', {
      dnaProfileId: row.dnaProfileId,
    });
    expect(revoke.body.message).toBe('DNA Verification Certificate Revoked');
  });
});

describe('approve all passing on a full 384-well plate (set-based)', () => {
  test('every pet moves on with its own history row, audit entry and notification; waste samples get ready', async () => {
    const db = t.database.db;
    const big = syntheticLabPlate({ seed: 384, firstNumber: 4100000, size: 384 });
    const { property, propertyManager } = await makeOtherDistributorship(db);
    const owner = await makePetOwner(db, { groupId: property.id });
    const numbers = [...big.pets.keys()];
    await db
      .insert(pets)
      .values(
        numbers.map((sampleNumber, i) => ({ name: `Big ${i}`, sampleNumber, petOwnerId: i < 12 ? owner.id : null })),
      );
    await db
      .insert(wasteSamples)
      .values([...big.wasteSources.keys()].map((sampleNumber) => ({ sampleNumber, propertyId: property.id })));
    const uploaded = await t.call('POST', '/api/v1/genemapperfileupload/postnewplate', {
      token: lab,
      ...plateUpload(big.text, { panelId: 'isag-2006-canine' }, 'full.txt'),
    });
    expect(uploaded.status).toBe(200);
    const bigPlateId = uploaded.body.plateId as number;

    const approved = await post('/api/v1/dnaprocessing/approveallpassingonplate', { plateId: bigPlateId });
    expect(approved.status).toBe(200);
    const approvedProfiles = await db
      .select({ id: dnaProfiles.id, sampleNumber: dnaProfiles.sampleNumber, sampleType: dnaProfiles.sampleType })
      .from(dnaProfiles)
      .where(and(eq(dnaProfiles.plateId, bigPlateId), eq(dnaProfiles.labStatus, DnaProfileLabStatus.Approved)));
    expect(approved.body.approvedCount).toBe(approvedProfiles.length);
    const approvedPets = approvedProfiles.filter((p) => p.sampleNumber.startsWith('DN')).map((p) => p.sampleNumber);
    expect(approvedPets.length).toBeGreaterThan(250);

    const petRows = await db
      .select({ id: pets.id, sampleNumber: pets.sampleNumber, status: pets.customerFacingStatus })
      .from(pets)
      .where(inArray(pets.sampleNumber, approvedPets))
      .orderBy(asc(pets.id));
    expect(petRows).toHaveLength(approvedPets.length);
    expect(petRows.every((r) => r.status === SampleCustomerStatus.DnaProcessingComplete)).toBe(true);
    const history = await db
      .select({
        sampleNumber: sampleHistory.sampleNumber,
        fromStatus: sampleHistory.fromStatus,
        toStatus: sampleHistory.toStatus,
      })
      .from(sampleHistory)
      .where(
        and(inArray(sampleHistory.sampleNumber, approvedPets), eq(sampleHistory.action, 'dnaProfileLabStatus:400')),
      );
    expect(history.map((h) => h.sampleNumber).sort()).toEqual([...approvedPets].sort());
    expect(
      history.every((h) => h.toStatus === SampleCustomerStatus.DnaProcessingComplete && h.fromStatus !== h.toStatus),
    ).toBe(true);
    const audits = await db
      .select({ entityId: auditLog.entityId, after: auditLog.after, sequence: auditLog.sequence })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'Pet'),
          eq(auditLog.actionType, 'SampleStatus:dnaProfileLabStatus:400'),
          inArray(
            auditLog.entityId,
            petRows.map((r) => String(r.id)),
          ),
        ),
      );
    expect(audits.map((a) => Number(a.entityId)).sort((a, b) => a - b)).toEqual(petRows.map((r) => r.id));
    expect(
      audits.every(
        (a) =>
          (a.after as { customerFacingStatus: number }).customerFacingStatus ===
          SampleCustomerStatus.DnaProcessingComplete,
      ),
    ).toBe(true);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });

    // The property's manager hears of each of the owner's approved pets, one notification each (the upload's
    // sample-received notices came before).
    const owned = numbers.slice(0, 12).filter((n) => approvedPets.includes(n));
    const complete = `: sample status is now ${sampleStatusText(SampleCustomerStatus.DnaProcessingComplete)}.`;
    const told = (
      await db
        .select({ message: notifications.message })
        .from(notifications)
        .where(eq(notifications.userId, propertyManager.id))
    ).filter((n) => n.message.endsWith(complete));
    expect(told.map((n) => n.message.split(' ')[0]).sort()).toEqual([...owned].sort());

    // Each approved waste profile made its sample ready for matching.
    const wasteApproved = approvedProfiles.filter((p) => p.sampleNumber.startsWith('TD'));
    expect(wasteApproved.length).toBeGreaterThan(50);
    const sets = await db
      .select({ profileId: wasteResultSets.wasteDnaProfileId, ready: wasteResultSets.readyForMatching })
      .from(wasteResultSets)
      .innerJoin(wasteSamples, eq(wasteSamples.id, wasteResultSets.wasteSampleId))
      .where(eq(wasteSamples.propertyId, property.id));
    expect(sets.map((s) => s.profileId).sort()).toEqual(wasteApproved.map((p) => p.id).sort());
    expect(sets.every((s) => s.ready)).toBe(true);
  });
});
