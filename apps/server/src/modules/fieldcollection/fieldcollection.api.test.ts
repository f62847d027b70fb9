// Field collection against the real API, database and files store: a collection with photos, idempotent repeats, bad
// input naming its field with nothing half-created, the custody timeline in the audit chain and a tampered event.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeOtherDistributorship } from '../../../test/factories.ts';
import { collectionBody, testJpeg, testPng, type PhotoPart } from '../../../test/field-photos.ts';
import { auditLog, wasteCollectionPhotos, wasteCollections, wasteSamples } from '../../db/schema/index.ts';

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'field-test-'));
let t: TestApp;
let oakRidge: number;
beforeAll(async () => {
  t = await startTestApp({ filesDir });
  oakRidge = (await groupByName(t.database.db, 'Oak Ridge Apartments')).id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

let serial = 4_100_000;
const nextNumber = () => `TD${String(++serial).padStart(7, '0')}`;
const model = (overrides: Record<string, unknown> = {}) => ({
  clientId: crypto.randomUUID(),
  sampleNumber: nextNumber(),
  propertyId: oakRidge,
  collectedAt: new Date(Date.now() - 60_000).toISOString(),
  latitude: 40.7128,
  longitude: -74.006,
  accuracyMeters: 8.5,
  collectedByName: 'Marco Diaz',
  locationNotes: 'Behind building C, by the bench',
  ...overrides,
});
const jpegPhoto = (seed = 1): PhotoPart => ({ content: testJpeg(64, 48, seed), type: 'image/jpeg' });

async function collect(userName: string, body: Record<string, unknown>, photos: PhotoPart[] = [jpegPhoto()]) {
  return t.call('POST', '/api/v1/fieldcollection/collect', {
    token: await t.login(userName),
    ...collectionBody(body, photos),
  });
}
const countRows = async () => ({
  samples: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(wasteSamples))[0]!.n,
  collections: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(wasteCollections))[0]!.n,
  files: fs.readdirSync(filesDir).length,
});

describe('a collection', () => {
  test('property maintenance collects with three photos: sample, record, originals kept, resized copies served', async () => {
    const photos = [
      jpegPhoto(1),
      { content: testJpeg(2000, 1500, 2), type: 'image/jpeg' },
      { content: testPng(), type: 'image/png' },
    ];
    const body = model();
    const answer = await collect('property.maintenance', body, photos);
    expect(answer.status).toBe(200);
    const { collection, created } = answer.body;
    expect(created).toBe(true);
    expect(collection).toMatchObject({
      sampleNumber: body.sampleNumber,
      propertyId: oakRidge,
      latitude: 40.7128,
      longitude: -74.006,
      accuracyMeters: 8.5,
      collectedByName: 'Marco Diaz',
      recordedBy: 'property.maintenance',
      collectedAt: body.collectedAt,
    });
    expect(collection.photos).toHaveLength(3);
    for (const [i, photo] of collection.photos.entries()) {
      const original = await t.call('GET', photo.originalUrl);
      expect(original.status).toBe(200);
      // The original is byte for byte what was sent, and its hash is recorded.
      const stored = fs.readFileSync(path.join(filesDir, photo.originalUrl.split('/').pop()));
      expect(stored.equals(photos[i]!.content)).toBe(true);
      expect(photo.sha256).toBe(crypto.createHash('sha256').update(photos[i]!.content).digest('hex'));
      expect(photo.url).toMatch(/\.jpg$/);
    }
    // The big photo's copy is at most 1024 px wide and far smaller than the original.
    const resized = fs.readFileSync(path.join(filesDir, collection.photos[1].url.split('/').pop()));
    expect(resized.length).toBeLessThan(photos[1]!.content.length);
    expect(resized.readUInt8(0)).toBe(0xff);
    // The waste sample exists on the property with the collector and the lab's day.
    const [sample] = await t.database.db
      .select()
      .from(wasteSamples)
      .where(eq(wasteSamples.sampleNumber, body.sampleNumber));
    expect(sample).toMatchObject({ propertyId: oakRidge, collectedByName: 'Marco Diaz' });
  });

  test('sending the same collection twice stores it once', async () => {
    const body = model();
    const first = await collect('property.manager', body);
    const before = await countRows();
    const again = await collect('property.manager', body);
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    expect(again.body.collection.collectionId).toBe(first.body.collection.collectionId);
    expect(await countRows()).toEqual(before);
  });

  test('a sample number already collected is a 400 on sampleNumber, nothing added', async () => {
    const body = model();
    await collect('property.manager', body);
    const before = await countRows();
    const other = await collect('property.manager', { ...body, clientId: crypto.randomUUID() });
    expect(other.status).toBe(400);
    expect(other.body.modelState.sampleNumber[0]).toMatch(/already been collected/);
    expect(await countRows()).toEqual(before);
  });

  test.each([
    ['latitude', { latitude: 90.5 }],
    ['latitude', { latitude: -91 }],
    ['longitude', { longitude: 181 }],
    ['accuracyMeters', { accuracyMeters: -1 }],
    ['collectedAt', { collectedAt: new Date(Date.now() + 60 * 60_000).toISOString() }],
    ['collectedAt', { collectedAt: '2026-11-28 10:00' }],
    ['clientId', { clientId: 'not-a-uuid' }],
    ['collectedByName', { collectedByName: '' }],
    ['sampleNumber', { sampleNumber: 'DN1234567' }],
  ])('bad %s: 400 naming it, nothing stored', async (field, overrides) => {
    const before = await countRows();
    const answer = await collect('property.manager', model(overrides));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.modelState)).toContain(field);
    expect(await countRows()).toEqual(before);
  });

  test.each([
    ['not an image', { content: Buffer.from('hello, not a photo'), type: 'text/plain' }, /image/],
    ['a GIF (not a kind the evidence keeps)', { content: Buffer.from('GIF89a....'), type: 'image/gif' }, /./],
    [
      'a broken JPEG',
      { content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]), type: 'image/jpeg' },
      /could not be read/,
    ],
    [
      'over the size limit',
      { content: Buffer.concat([testJpeg(), Buffer.alloc(4_000_000)]), type: 'image/jpeg' },
      /under 4mb/,
    ],
  ])('a photo that is %s: 400 on its part, nothing stored', async (_what, photo, message) => {
    const before = await countRows();
    const answer = await collect('property.manager', model(), [jpegPhoto(), photo]);
    expect(answer.status).toBe(400);
    expect(answer.body.modelState.photo2?.[0] ?? answer.body.modelState.photo1?.[0]).toMatch(message);
    expect(await countRows()).toEqual(before);
  });

  test('the properties a collector may choose: their own only', async () => {
    const answer = await t.call('GET', '/api/v1/fieldcollection/properties', {
      token: await t.login('property.maintenance'),
    });
    expect(answer.body).toEqual([{ id: oakRidge, name: 'Oak Ridge Apartments' }]);
  });

  test('no photo is a 400 on photo1', async () => {
    const answer = await collect('property.manager', model(), []);
    expect(answer.status).toBe(400);
    expect(answer.body.modelState.photo1).toBeTruthy();
  });

  test('a property outside the caller’s groups answers 404; a pet owner or a distributor may not collect', async () => {
    const other = await makeOtherDistributorship(t.database.db);
    const outside = await collect('property.manager', model({ propertyId: other.property.id }));
    expect(outside.status).toBe(404);
    expect((await collect('distributor', model())).status).toBe(403);
    const anonymous = await t.call('POST', '/api/v1/fieldcollection/collect', collectionBody(model(), [jpegPhoto()]));
    expect(anonymous.status).toBe(401);
  });
});

describe('custody', () => {
  test('collected and received at the lab, in order, in the audit log; the lab receipt sees the collection', async () => {
    const body = model();
    const collected = await collect('property.maintenance', body);
    const sampleId = collected.body.collection.wasteSampleId;
    const lab = await t.login('lab.admin');
    const receipt = await t.call('GET', `/api/v1/fieldcollection/bysamplenumber?sampleNumber=${body.sampleNumber}`, {
      token: lab,
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.photos).toHaveLength(1);
    const received = await t.call('POST', '/api/v1/wastesamples/receivewastesample', {
      token: lab,
      body: { sampleNumber: body.sampleNumber, propertyCollectedFromId: oakRidge, collectedByName: 'Marco Diaz' },
    });
    expect(received.status).toBe(200);
    const custody = await t.call('GET', `/api/v1/fieldcollection/custody?wasteSampleId=${sampleId}`, {
      token: await t.login('property.manager'),
    });
    expect(custody.status).toBe(200);
    expect(custody.body.events.map((event: { event: string }) => event.event)).toEqual(['Collected', 'Received']);
    expect(custody.body.events[0].details).toMatchObject({ latitude: 40.7128, collectedBy: 'Marco Diaz' });
    expect(custody.body.events[1].by).toBe('lab.admin');
    expect(custody.body.collection.photos).toHaveLength(1);
    // Another distributorship's admin cannot see it: 404 like a missing sample.
    const other = await makeOtherDistributorship(t.database.db);
    const hidden = await t.call('GET', `/api/v1/fieldcollection/custody?wasteSampleId=${sampleId}`, {
      token: await t.login(other.distributor.userName),
    });
    expect(hidden.status).toBe(404);
  });

  test('a receipt that leaves the collection fields blank keeps what the phone recorded; an edit may still change them', async () => {
    const body = model();
    const collected = await collect('property.maintenance', body);
    const sampleId = collected.body.collection.wasteSampleId;
    const stored = async () =>
      (await t.database.db.select().from(wasteSamples).where(eq(wasteSamples.id, sampleId)))[0]!;
    const recorded = await stored();
    expect(recorded.dateCollected).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const lab = await t.login('lab.admin');
    // "Save and receive" with only the number and the property: the certificate's collection date must survive it.
    const received = await t.call('POST', '/api/v1/wastesamples/receivewastesample', {
      token: lab,
      body: { sampleNumber: body.sampleNumber, propertyCollectedFromId: oakRidge, dateCollected: null },
    });
    expect(received.status).toBe(200);
    expect(received.body.sample).toMatchObject({
      dateCollected: recorded.dateCollected,
      collectedByName: 'Marco Diaz',
      collectionLocationNotes: 'Behind building C, by the bench',
    });
    const after = await stored();
    expect(after).toMatchObject({
      dateCollected: recorded.dateCollected,
      collectedByName: 'Marco Diaz',
      collectionLocationNotes: 'Behind building C, by the bench',
    });
    expect(after.dateReceived).toBeInstanceOf(Date);
    // Correcting the date stays possible: "Edit waste sample" saves what its form holds.
    const edited = await t.call('PUT', '/api/v1/wastesamples', {
      token: lab,
      body: {
        sampleId,
        sampleNumber: body.sampleNumber,
        propertyCollectedFromId: oakRidge,
        dateCollected: '2026-01-02',
      },
    });
    expect(edited.status).toBe(200);
    expect((await stored()).dateCollected).toBe('2026-01-02');
  });

  test('the collection points map: the property’s points, by date, with the tile source from configuration', async () => {
    const token = await t.login('property.manager');
    const yesterday = new Date(Date.now() - 36 * 3600_000).toISOString().slice(0, 10);
    const answer = await t.call(
      'GET',
      `/api/v1/fieldcollection/points?propertyId=${oakRidge}&from=${yesterday}&result=Pending`,
      { token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.tileUrl).toBeNull();
    expect(answer.body.points.length).toBeGreaterThan(0);
    expect(answer.body.points[0]).toMatchObject({ latitude: 40.7128, longitude: -74.006, result: 'Pending' });
    const none = await t.call('GET', `/api/v1/fieldcollection/points?propertyId=${oakRidge}&result=Match`, { token });
    expect(none.body.points).toEqual([]);
  });

  // Last: it breaks this file's audit chain on purpose.
  test('altering a custody event makes the audit chain verification fail at that entry', async () => {
    const body = model();
    const collected = await collect('property.manager', body);
    const lab = await t.login('lab.admin');
    expect((await t.call('GET', '/api/v1/auditlog/verify', { token: lab })).body).toMatchObject({ ok: true });
    const custody = await t.call(
      'GET',
      `/api/v1/fieldcollection/custody?wasteSampleId=${collected.body.collection.wasteSampleId}`,
      { token: lab },
    );
    const event = custody.body.events[0];
    expect(event.event).toBe('Collected');
    await t.database.db
      .update(auditLog)
      .set({ after: { ...event.details, latitude: 41.0 } })
      .where(eq(auditLog.id, event.auditId));
    const verdict = await t.call('GET', '/api/v1/auditlog/verify', { token: lab });
    expect(verdict.body).toMatchObject({ ok: false, firstBrokenId: event.auditId });
    // The photos' hashes are in the chained event too.
    const [photo] = await t.database.db.select().from(wasteCollectionPhotos).limit(1);
    expect(photo!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
