// The chain of custody of a collected waste sample through the lab's own calls, against the real API, database, files
// store and job queue: collected on the phone, received at the lab, plated and typed by a GeneMapper upload, its match
// result approved, its match certificate issued and the violation notice sent to the dog's owner. Each step is one
// event of the audit chain, in that order, and the
// certificate (read with a PDF reader) carries the collection's custody summary, its thumbnail and the verification
// address; a sample entered at the lab without a collection gets no summary.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { wasteSamples } from '../../db/schema/index.ts';
import { dateTimeWithZone } from '../../platform/pdf.ts';
import { collectionBody, testJpeg } from '../../../test/field-photos.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { readPdf } from '../../../test/pdf-reader.ts';
import { schedule } from '../../../test/violations.ts';
import {
  makeScenario,
  newSampleNumber,
  uploadAndApprove,
  waitForRuns,
  type Scenario,
} from '../../../test/waste-matching.ts';

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-chain-'));
let t: TestApp;
let s: Scenario;
let lab: string;
let manager: string;
const sampleNumber = newSampleNumber('TD');
const collectedAt = new Date(Date.now() - 2 * 3600_000);
const photo = testJpeg(320, 240, 7);
let wasteSampleId: number;
let resultSetId: number;
let certificatePdf: Buffer;
let noticeReference: string;

const ok = (response: { status: number; body: unknown }, what: string) => {
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response;
};
const flat = (text: string) => text.replace(/\s+/g, ' ');
const imagesIn = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

async function matchCertificate(setId: number, token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/pdfdownload/getpooprintsresultcertificate?pooPrintsResultSetId=${setId}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200 || res.headers['content-type'] !== 'application/pdf')
    throw new Error(`certificate: ${res.statusCode} ${res.body.slice(0, 300)}`);
  if (process.env.DUMP_PDF_DIR)
    fs.writeFileSync(path.join(process.env.DUMP_PDF_DIR, `custody-${setId}.pdf`), res.rawPayload);
  return res.rawPayload;
}

async function approveLatest(setId: number) {
  const set = ok(await t.call('GET', `/api/v1/pooprintsmatchresultset/${setId}`, { token: lab }), 'result set');
  const latest = (set.body as { matchHistory: { matchResultId: number; status: string }[] }).matchHistory[0]!;
  ok(
    await t.call('POST', `/api/v1/pooprintsresulting/approvematchresult/${latest.matchResultId}`, { token: lab }),
    'approve',
  );
  return latest;
}

beforeAll(async () => {
  t = await startTestApp({ filesDir });
  s = await makeScenario(t, 4040);
  lab = await t.login('lab.admin');
  manager = await t.login(s.manager.userName);
  // Collected on the phone by P's property manager, with one photo.
  const collected = ok(
    await t.call('POST', '/api/v1/fieldcollection/collect', {
      token: manager,
      ...collectionBody(
        {
          clientId: crypto.randomUUID(),
          sampleNumber,
          propertyId: s.P.id,
          collectedAt: collectedAt.toISOString(),
          latitude: 40.7128,
          longitude: -74.006,
          accuracyMeters: 8.5,
          collectedByName: 'Marco Diaz',
          locationNotes: 'Behind building C, by the bench',
        },
        [{ content: photo, type: 'image/jpeg' }],
      ),
    }),
    'collect',
  );
  wasteSampleId = (collected.body as { collection: { wasteSampleId: number } }).collection.wasteSampleId;
  ok(
    await t.call('POST', '/api/v1/wastesamples/receivewastesample', {
      token: lab,
      body: { sampleNumber, propertyCollectedFromId: s.P.id, collectedByName: 'Marco Diaz' },
    }),
    'receive',
  );
  // Left by the scenario's dog a1 (a resident of P): its plate uploaded and the profile approved by the lab.
  const waste = s.pop.wasteFrom(s.dogs.a1!.profile, { offLadderRate: 0, dropoutRate: 0, missingRate: 0 });
  await uploadAndApprove(t, [{ sampleName: sampleNumber, profile: waste }], 'custody-4040', s.pop);
  const runs = await waitForRuns(t, [sampleNumber], 1, 90_000);
  resultSetId = runs.get(sampleNumber)!.resultSetId;
  const approved = await approveLatest(resultSetId);
  if (approved.status !== 'Match') throw new Error(`the collected sample's run is ${approved.status}, not a Match`);
  certificatePdf = await matchCertificate(resultSetId, manager);
  // P's manager fines the dog's owner (a resident of P, with an email address) under P's own schedule.
  ok(await t.call('PUT', `/api/v1/groups/${s.P.id}/fineschedule`, { token: manager, body: schedule }), 'schedule');
  const notice = ok(
    await t.call('POST', '/api/v1/violations', { token: manager, body: { matchResultId: approved.matchResultId } }),
    'notice',
  );
  noticeReference = (notice.body as { notice: { reference: string } }).notice.reference;
}, 240_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

type Event = { event: string; by: string | null; details: Record<string, string | number | null> };

describe('the custody of a collected waste sample', () => {
  test('collected, received, plated, typed, result approved, certificate issued, notice sent: in order', async () => {
    const custody = ok(
      await t.call('GET', `/api/v1/fieldcollection/custody?wasteSampleId=${wasteSampleId}`, {
        token: manager,
      }),
      'custody',
    );
    const events = (custody.body as { events: Event[] }).events;
    expect(events.map((e) => e.event)).toEqual([
      'Collected',
      'Received',
      'Plated',
      'Typed',
      'ResultApproved',
      'CertificateIssued',
      'NoticeSent',
    ]);
    const [, received, plated, typed, approved, issued, noticeSent] = events as [
      Event,
      Event,
      Event,
      Event,
      Event,
      Event,
      Event,
    ];
    expect(received.by).toBe('lab.admin');
    expect(plated.details).toMatchObject({ plate: 'custody-4040' });
    expect(plated.details.well).toMatch(/^[A-H]\d{1,2}$/);
    expect(typed.details).toMatchObject({ plate: 'custody-4040', result: 'Pass' });
    expect(typed.details.profile).toEqual(expect.any(Number));
    expect(approved).toMatchObject({ by: 'lab.admin', details: { result: 'Match', dog: s.dogs.a1!.sampleNumber } });
    expect(issued.details.certificate).toMatch(/^MC-\d{4}-\d{6}$/);
    expect(issued.details.result).toBe('Match');
    // The notice names the certificate it cites, so the timeline ties the fine to the evidence it rests on.
    expect(noticeReference).toMatch(/^VN-\d{6}$/);
    expect(noticeSent).toMatchObject({
      by: s.manager.userName,
      details: {
        notice: noticeReference,
        certificate: issued.details.certificate,
        sentTo: "The owner's email and My notices",
      },
    });
    // Every one of them is in the audit chain, which verifies.
    const verdict = await t.call('GET', '/api/v1/auditlog/verify', { token: lab });
    expect(verdict.body).toMatchObject({ ok: true });
  });

  test('a reprint of the certificate records no second issue', async () => {
    await matchCertificate(resultSetId, lab);
    const custody = await t.call('GET', `/api/v1/fieldcollection/custody?wasteSampleId=${wasteSampleId}`, {
      token: lab,
    });
    const issued = (custody.body as { events: Event[] }).events.filter((e) => e.event === 'CertificateIssued');
    expect(issued).toHaveLength(1);
  });

  test('the match certificate carries the custody summary, the photo thumbnail and the verification address', async () => {
    const text = flat((await readPdf(certificatePdf)).text);
    const [sample] = await t.database.db.select().from(wasteSamples).where(eq(wasteSamples.id, wasteSampleId));
    const zone = t.config.labTimeZone;
    expect(text).toContain('Chain of custody');
    expect(text).toContain('Collected at: Behind building C, by the bench');
    expect(text).toContain('Collected by: Marco Diaz');
    expect(text).toContain(`Collected: ${dateTimeWithZone(collectedAt, zone)}`);
    expect(text).toMatch(/Collected: \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M [A-Z]{3,4}\b/);
    expect(text).toContain('Position: 40.712800, -74.006000 (within 8.5 m)');
    expect(text).toContain(`Received at the lab: ${dateTimeWithZone(sample!.dateReceived!, zone)}`);
    const sha = crypto.createHash('sha256').update(photo).digest('hex');
    expect(text).toContain(`Photo fingerprint (SHA-256): ${sha}`);
    expect(text).toMatch(/Verify at: http:\/\/registry\.test\/verify\/[A-Z2-7]{24}/);
    // A sample of the scenario entered at the lab without a collection: no summary, one image fewer (the thumbnail).
    const plainNumber = [...s.sources].find(([, dog]) => dog === 'a1')![0];
    const plainSet = (await waitForRuns(t, [plainNumber], 1, 90_000)).get(plainNumber)!.resultSetId;
    await approveLatest(plainSet);
    const plain = await matchCertificate(plainSet, lab);
    expect(flat((await readPdf(plain)).text)).not.toContain('Chain of custody');
    expect(imagesIn(certificatePdf)).toBe(imagesIn(plain) + 1);
  });
});
