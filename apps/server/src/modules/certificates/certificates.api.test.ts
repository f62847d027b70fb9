// Certificates as the people who rely on them read them: the lab settings (provider staff), the match certificate, the
// DNA profile and the DNA verification certificate downloaded and their text extracted with a PDF reader (lab identity,
// number, verification address, issue time with zone, signatory, the statistic in words with its basis, dropout and
// not-compared markers, the sex note), one page for the panel; the public verification (valid, superseded, revoked;
// unknown and malformed codes alike; no owner data or genotype; attempt-limited); hostile logos never break a download.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALLELE_OL, ISAG_2006_CANINE, profileSex } from '@registry/genetics';
import { Gender, SampleCustomerStatus, UserRole, VERIFICATION_MESSAGES } from '@registry/contracts';
import { dnaProfiles, groups, labSettings, pets } from '../../db/schema/index.ts';
import { filesStoreFor } from '../../platform/files.ts';
import { makeAdmin, userByName } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { hugePng, png, svgWithScript, truncatedPng } from '../../../test/images.ts';
import { readPdf } from '../../../test/pdf-reader.ts';
import { matchedScenario, type MatchedScenario } from '../../../test/waste-matching.ts';

let t: TestApp;
let s: MatchedScenario;
let labUserId: number;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certificates-'));

beforeAll(async () => {
  t = await startTestApp({ filesDir, rateLimitPerMinute: 12 });
  s = await matchedScenario(t, 3434);
  labUserId = (await userByName(t.database.db, 'lab.admin')).id;
}, 180_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const get = (url: string, token?: string) => t.call('GET', url, token ? { token } : {});
const post = (url: string, body?: unknown, token = s.lab) => t.call('POST', url, { token, body });
function upload(url: string, content: Buffer, type: string, token = s.lab) {
  const boundary = '----labimage';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="image"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.call('POST', url, { token, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}
async function download(url: string, token = s.managerToken) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  if (process.env.DUMP_PDF_DIR)
    fs.writeFileSync(path.join(process.env.DUMP_PDF_DIR, `${Date.now()}.pdf`), res.rawPayload);
  return readPdf(res.rawPayload);
}
const matchCertificate = (setId: number) =>
  download(`/api/v1/pdfdownload/getpooprintsresultcertificate?pooPrintsResultSetId=${setId}`);
const codeIn = (text: string) => /Verify at: http:\/\/registry\.test\/verify\/([A-Z2-7]{24})/.exec(text)?.[1];
const verify = (code: string) => get(`/api/v1/certificates/verify?code=${encodeURIComponent(code)}`);

const LAB = {
  name: 'Tri-County Canine DNA Laboratory',
  address: '12 Laboratory Way\nKnoxville, TN 37902',
  phone: '(865) 555-0100',
  website: 'https://lab.example.test',
  accreditation: 'ISO/IEC 17025:2017 accredited (A2LA certificate 1234.01)',
};

describe('lab settings', () => {
  test('provider staff set the lab identity, logo and a signatory; others are refused; bad input names the field', async () => {
    const before = await get('/api/v1/labsettings', s.lab);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ name: 'PetDNA Registry', address: null, logoUrl: null });
    expect(before.body.signatories.map((p: { userId: number }) => p.userId)).toContain(labUserId);
    expect((await get('/api/v1/labsettings', s.managerToken)).status).toBe(403);
    expect((await t.call('PUT', '/api/v1/labsettings', { token: s.managerToken, body: LAB })).status).toBe(403);
    const bad = await t.call('PUT', '/api/v1/labsettings', { token: s.lab, body: { ...LAB, name: ' ' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.modelState)).toEqual(['name']);
    const saved = await t.call('PUT', '/api/v1/labsettings', { token: s.lab, body: LAB });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(LAB);

    // The logo: a PNG or JPEG; an SVG is refused.
    expect((await upload('/api/v1/labsettings/logo', svgWithScript(), 'image/svg+xml')).status).toBe(400);
    const logo = await upload('/api/v1/labsettings/logo', png(60, 30), 'image/png');
    expect(logo.status).toBe(200);
    expect((await get('/api/v1/labsettings', s.lab)).body.logoUrl).toBe(logo.body.url);

    // The signatory: a lab analyst's title and signature; anyone else answers as missing.
    const titled = await t.call('PUT', `/api/v1/labsettings/signatories/${labUserId}`, {
      token: s.lab,
      body: { title: 'Laboratory Director' },
    });
    expect(titled.status).toBe(200);
    expect(titled.body).toMatchObject({ userId: labUserId, title: 'Laboratory Director' });
    expect(
      (await upload(`/api/v1/labsettings/signatories/${labUserId}/signature`, png(80, 20), 'image/png')).status,
    ).toBe(200);
    const managerId = s.manager.id;
    const notAnalyst = await t.call('PUT', `/api/v1/labsettings/signatories/${managerId}`, {
      token: s.lab,
      body: { title: 'x' },
    });
    expect(notAnalyst.status).toBe(404);
  });
});

describe('the match certificate', () => {
  let code: string;
  let number: string;

  test('names the lab, the number, the verification address, the issue time with zone, the signatory and the statistic', async () => {
    const setId = s.setOf('a1');
    // The waste profile as the lab will certify it: one marker with one allele detected, one without a call and one
    // off-ladder, whatever the scenario's random dropouts did.
    const set = (await get(`/api/v1/pooprintsmatchresultset/${setId}`, s.lab)).body;
    const wasteNumber = s.numbersOf('a1')[0];
    const [waste] = await t.database.db.select().from(dnaProfiles).where(eq(dnaProfiles.sampleNumber, wasteNumber));
    const dog = s.dogs.a1.profile.codes;
    const codes = Array.from(s.dogs.a1.profile.codes);
    const [m1, m2, m3] = ISAG_2006_CANINE.typingMarkers.filter((m) => dog[m * 2] !== dog[m * 2 + 1]);
    codes[m1 * 2 + 1] = codes[m1 * 2];
    codes[m2 * 2] = 0;
    codes[m2 * 2 + 1] = 0;
    codes[m3 * 2 + 1] = ALLELE_OL;
    await t.database.db.update(dnaProfiles).set({ codes, labSavedCodes: null }).where(eq(dnaProfiles.id, waste.id));
    // The dog's record says the other sex than its DNA.
    const dnaSex = profileSex(s.dogs.a1.profile);
    await t.database.db
      .update(pets)
      .set({ gender: dnaSex === 'Male' ? Gender.Female : Gender.Male })
      .where(eq(pets.sampleNumber, s.dogs.a1.sampleNumber));
    const approved = await post(`/api/v1/pooprintsresulting/approvematchresult/${set.matchHistory[0].matchResultId}`);
    expect(approved.status).toBe(200);

    const pdf = await matchCertificate(setId);
    const text = pdf.text;
    expect(pdf.pageCount).toBe(1);
    expect(pdf.title).toBe('DNA Match Certificate');
    expect(pdf.author).toBe(LAB.name);
    for (const expected of [
      LAB.name,
      '12 Laboratory Way, Knoxville, TN 37902',
      LAB.phone,
      LAB.website,
      LAB.accreditation,
      `Waste sample: ${wasteNumber}`,
      `Dog: Dog a1 (${s.dogs.a1.sampleNumber})`,
      'Formula: NRC II 4.10 (Balding-Nichols conditional match probability)',
      'Coancestry θ (theta): 0.05',
      'Laboratory Director, Approved',
    ])
      expect(text).toContain(expected);
    number = /Certificate No\.: (MC-\d{4}-\d{6})/.exec(text)![1];
    code = codeIn(text)!;
    expect(code).toMatch(/^[A-Z2-7]{24}$/);
    expect(text).toMatch(/Issued: [A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M E[SD]T/);
    const analyst = await userByName(t.database.db, 'lab.admin');
    expect(text).toContain(`${analyst.firstName} ${analyst.lastName}`);
    expect(text.replace(/\s+/g, ' ')).toMatch(
      /The probability that a randomly chosen unrelated dog has this DNA profile is (less than )?1 in \d{1,3}(,\d{3})*\./,
    );
    expect(text).toMatch(/Frequency database: \d+ dogs/);
    expect(text).toMatch(/Markers compared: \d+ of \d+/);
    const names = [m1, m2, m3].map((m) => ISAG_2006_CANINE.markers[m].name);
    expect(text).toContain(`${names[2]} (off-ladder)`);
    expect(text).toContain(`${names[1]} (no call)`);
    expect(text).toMatch(new RegExp(`^${names[0]} .*Consistent: one allele detected$`, 'm'));
    expect(text).toMatch(new RegExp(`^${names[1]} no call .*Not compared: no call$`, 'm'));
    expect(text).toMatch(new RegExp(`^${names[2]} .*OL.*Not compared: off-ladder$`, 'm'));
    expect(text).toContain(`differs from the dog’s recorded sex`);
    // No owner contact data on the certificate beyond the owner's name.
    expect(text).not.toContain(s.owners.p.email!);
    // Reprinted: the same certificate.
    expect(codeIn((await matchCertificate(setId)).text)).toBe(code);
  });

  test('anyone verifies it without signing in; no owner data or genotype; a wrong code answers as a missing one', async () => {
    const res = await verify(code);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'MatchCertificate',
      kindLabel: 'DNA match certificate',
      number,
      sampleNumber: s.numbersOf('a1')[0],
      dogName: 'Dog a1',
      issuer: LAB.name,
      status: 'Valid',
      statusDate: null,
    });
    expect(res.body.result).toContain('Match');
    const raw = JSON.stringify(res.body);
    expect(raw).not.toContain(s.owners.p.email!);
    expect(raw).not.toMatch(/\d{2,3} \/ \d{2,3}/);
    // Lower case reads the same.
    expect((await verify(code.toLowerCase())).body.number).toBe(number);
    const unknown = await verify('A'.repeat(24));
    const malformed = await verify('not a code!');
    const empty = await verify('');
    for (const answer of [unknown, malformed, empty]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(unknown.body);
    }
    expect(unknown.body.message).toBe(VERIFICATION_MESSAGES.noSuchCertificate);
  });

  test('superseded once a later run is approved (with the date), and the new result gets a new certificate', async () => {
    const setId = s.setOf('a1');
    const saved = await post(`/api/v1/pooprintsresulting/savenewmatchresultsrun/${setId}`, {});
    expect(saved.status).toBe(200);
    const newer = saved.body.matchHistory[0].matchResultId;
    expect((await post(`/api/v1/pooprintsresulting/approvematchresult/${newer}`)).status).toBe(200);
    const res = await verify(code);
    expect(res.body).toMatchObject({ status: 'Superseded', number });
    expect(Date.parse(res.body.statusDate)).toBeGreaterThan(Date.now() - 60_000);
    const next = await matchCertificate(setId);
    expect(codeIn(next.text)).not.toBe(code);
    // Deleting the approved result revokes its certificate.
    const nextCode = codeIn(next.text)!;
    expect(
      (await t.call('DELETE', `/api/v1/pooprintsresulting/deletematchresult/${newer}`, { token: s.lab })).status,
    ).toBe(200);
    expect((await verify(nextCode)).body).toMatchObject({
      status: 'Revoked',
      statusReason: 'The match result was deleted.',
    });
    expect((await verify(code)).body.status).toBe('Superseded');
  });

  test('hostile logos (truncated PNG, SVG with script, 20,000 x 20,000 PNG) are left out; the certificate is made', async () => {
    const files = filesStoreFor(t.config);
    const setId = s.setOf('a2');
    const set = (await get(`/api/v1/pooprintsmatchresultset/${setId}`, s.lab)).body;
    expect(
      (await post(`/api/v1/pooprintsresulting/approvematchresult/${set.matchHistory[0].matchResultId}`)).status,
    ).toBe(200);
    for (const [image, type] of [
      [truncatedPng(), 'image/png'],
      [svgWithScript(), 'image/svg+xml'],
      [hugePng(), 'image/png'],
    ] as const) {
      const name = await files.put(image, type);
      await t.database.db
        .update(groups)
        .set({ logoPath: name, certificateShowLogo: true })
        .where(eq(groups.id, s.P.id));
      await t.database.db.update(labSettings).set({ logoPath: name });
      const pdf = await matchCertificate(setId);
      expect(pdf.text).toContain(LAB.name);
      expect(pdf.text).toContain(`Waste sample: ${s.numbersOf('a2')[0]}`);
    }
    // The server still answers.
    expect((await get('/api/v1/labsettings', s.lab)).status).toBe(200);
  });
});

describe('the DNA profile and the DNA verification certificate', () => {
  test('both name the lab, number, address and statistic; the verification certificate reads revoked once revoked', async () => {
    const [pet] = await t.database.db
      .update(pets)
      .set({ hasApprovedVerificationTest: true, customerFacingStatus: SampleCustomerStatus.DnaProcessingComplete })
      .where(eq(pets.sampleNumber, s.dogs.b.sampleNumber))
      .returning();
    const profile = await download(`/api/v1/pdfdownload/getdnaprofile/${pet.id}`, s.lab);
    expect(profile.pageCount).toBe(1);
    expect(profile.text).toMatch(/Certificate No\.: DP-\d{4}-\d{6}/);
    expect(profile.text).toContain(LAB.accreditation);
    expect(profile.text.replace(/\s+/g, ' ')).toMatch(
      /The probability that a randomly chosen unrelated dog has this DNA profile is (less than )?1 in [\d,]+\./,
    );
    const approver = await userByName(t.database.db, 'lab.admin');
    expect(profile.text).toContain(`${approver.firstName} ${approver.lastName}`);
    expect(profile.text).toContain('Coancestry θ (theta): 0.05');
    const profileCode = codeIn(profile.text)!;
    expect((await verify(profileCode)).body).toMatchObject({ kind: 'DnaProfile', status: 'Valid', dogName: 'Dog b' });

    const certificate = await download(`/api/v1/pdfdownload/getdnaverification/${pet.id}`, s.lab);
    expect(certificate.title).toBe('DNA Verification Certificate');
    expect(certificate.text).toMatch(/Certificate No\.: DV-\d{4}-\d{6}/);
    expect(certificate.text).toMatch(/Issued: .* E[SD]T/);
    const code = codeIn(certificate.text)!;
    expect((await verify(code)).body).toMatchObject({
      kind: 'DnaVerification',
      status: 'Valid',
      sampleNumber: s.dogs.b.sampleNumber,
    });
    const revoked = await post(`/api/v1/pet/revokednaverificationcertificate/${pet.id}`);
    expect(revoked.status).toBe(200);
    const after = await verify(code);
    expect(after.body).toMatchObject({ status: 'Revoked' });
    expect(Date.parse(after.body.statusDate)).toBeGreaterThan(Date.now() - 60_000);
    // The profile itself still stands.
    expect((await verify(profileCode)).body.status).toBe('Valid');
  });
});

describe('verification attempts', () => {
  test('codes that find nothing are limited per address; the answer says to wait', async () => {
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await verify(`Q${String(i).padStart(23, 'A')}`));
    const statuses = answers.map((a) => a.status);
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(new Set(statuses.slice(0, first))).toEqual(new Set([404]));
    expect(Number(answers[first].headers['retry-after'])).toBeGreaterThan(0);
  });
});

test('an analyst who is not a lab user cannot be a signatory, even by provider staff', async () => {
  const office = await makeAdmin(t.database.db, { roleId: UserRole.BioPetOfficeAdmin, groupId: s.P.id });
  const res = await t.call('PUT', `/api/v1/labsettings/signatories/${office.id}`, {
    token: s.lab,
    body: { title: 'x' },
  });
  expect(res.status).toBe(404);
});
