// The pet's DNA documents (DNA profile PDF, DNA verification certificate) read back as real PDFs, with the group's
// customization and logo and the "1 in N" statistic, and who may fetch them; a failed profile the lab approves moves
// the sample on (reswab requested, then incomplete), recorded in the sample history and mailed through the SMTP receiver.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { ISAG_2006_CANINE, createPopulation } from '@registry/genetics';
import { DnaProfileLabStatus, SampleCustomerStatus, SampleType, UserRole } from '@registry/contracts';
import { dnaPlates, dnaProfiles, groups, pets } from '../../db/schema/index.ts';
import { filesStoreFor } from '../../platform/files.ts';
import { pdfPageCount } from '../../platform/pdf.ts';
import { makeAdmin, makeOtherDistributorship, makePetOwner } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-reader.ts';
import { CERTIFICATE_MESSAGES } from './certificates.service.ts';

let t: TestApp;
let lab: string;
let ownerToken: string;
let homeManager: string;
let awayManager: string;
let otherOwner: string;
let plateId: number;
let primaryEmail: string;
let ownerEmail: string;
const petIds: Record<string, number> = {};
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dna-certificates-'));
const pop = createPopulation(ISAG_2006_CANINE, 77);
const dogs = { ace: pop.dog(), bo: pop.dog(), cy: pop.dog() };
const numbers = { ace: 'DN7700001', bo: 'DN7700002', cy: 'DN7700003' };

/** A real 2x2 PNG (signature, IHDR, IDAT, IEND with their CRCs). */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 255, 0, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = png();

async function addProfile(sample: keyof typeof numbers, result: 'Pass' | 'Fail') {
  const [row] = await t.database.db
    .insert(dnaProfiles)
    .values({
      plateId,
      sampleNumber: numbers[sample],
      sampleType: SampleType.Pet,
      panelId: ISAG_2006_CANINE.id,
      codes: Array.from(dogs[sample].codes),
      result,
      failReasons: result === 'Fail' ? ['MarkerQuantityNotSufficient'] : [],
    })
    .returning();
  return row.id;
}
const approve = (ids: number[]) =>
  t.call('POST', '/api/v1/dnaprocessing/updatednaprofilesstatus', {
    token: lab,
    body: { dnaProfileIds: ids, labStatus: DnaProfileLabStatus.Approved },
  });
const petOf = async (id: number) => (await t.database.db.select().from(pets).where(eq(pets.id, id)))[0];

beforeAll(async () => {
  t = await startTestApp({ filesDir });
  const db = t.database.db;
  lab = await t.login('lab.admin');
  const home = await makeOtherDistributorship(db);
  const away = await makeOtherDistributorship(db);
  const primary = await makeAdmin(db, { roleId: UserRole.PropertyManager, groupId: home.property.id, isPrimary: true });
  primaryEmail = primary.email!;
  const owner = await makePetOwner(db, { groupId: home.property.id });
  ownerEmail = owner.email!;
  ownerToken = await t.login(owner.userName);
  homeManager = await t.login(home.propertyManager.userName);
  awayManager = await t.login(away.propertyManager.userName);
  otherOwner = await t.login((await makePetOwner(db, { groupId: home.property.id })).userName);
  const logoPath = await filesStoreFor(t.config).put(PNG, 'image/png');
  await db
    .update(groups)
    .set({
      logoPath,
      certificateTitle: 'Oak Ridge DNA Certificate',
      certificateSignatureName: 'Dr. Iris Vale',
      certificateFooterText: 'Oak Ridge Residences - pet registry',
    })
    .where(eq(groups.id, home.property.id));
  for (const [key, name] of [
    ['ace', 'Ace'],
    ['bo', 'Bo'],
    ['cy', 'Cy'],
  ] as const) {
    const [pet] = await db
      .insert(pets)
      .values({
        name,
        petOwnerId: owner.id,
        sampleNumber: numbers[key],
        customerFacingStatus: SampleCustomerStatus.DnaSampleReceived,
      })
      .returning();
    petIds[key] = pet.id;
  }
  const [plate] = await db
    .insert(dnaPlates)
    .values({
      plateName: 'certificates',
      fileName: 'certificates.txt',
      filePath: 'none.txt',
      panelId: ISAG_2006_CANINE.id,
      plateSize: 96,
      layout: 'long',
      controlsPassed: true,
    })
    .returning();
  plateId = plate.id;
}, 240_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const profileUrl = (id: number | string) => `/api/v1/pdfdownload/getdnaprofile/${id}`;
const verificationUrl = (id: number | string) => `/api/v1/pdfdownload/getdnaverification/${id}`;
const pdfOf = async (url: string, token: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
};

describe('GET /pdfdownload/getdnaprofile/{petId}', () => {
  test('refused before the profile is approved, then a real PDF with the genotype table and the statistic', async () => {
    const before = await t.call('GET', profileUrl(petIds.ace), { token: ownerToken });
    expect(before.status).toBe(400);
    expect(before.body.exceptionMessage).toBe(CERTIFICATE_MESSAGES.profileNotComplete);

    expect((await approve([await addProfile('ace', 'Pass')])).status).toBe(200);
    expect((await petOf(petIds.ace)).customerFacingStatus).toBe(SampleCustomerStatus.DnaProcessingComplete);

    const pdf = await pdfOf(profileUrl(petIds.ace), ownerToken);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    const text = await pdfText(pdf);
    expect(text).toContain('DNA Profile');
    expect(text).toContain('DN7700001');
    expect(text).toContain('Ace');
    for (const marker of ISAG_2006_CANINE.markers.slice(0, 5)) expect(text).toContain(marker.name);
    // '1 in N' with two significant figures (or the ceiling), and which formula.
    expect(text).toMatch(/(more than )?1 in \d{1,2}(,0{3})*\b|1 in \d+/);
    expect(text).toContain('NRC II 4.10');
    expect(text).toContain('Oak Ridge Residences - pet registry');
    expect(text).toContain('Page 1 of 1');
    // The group's logo is drawn as an image.
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  test('who may fetch it: the owner, the group admins, the lab; others and unknown ids 404; bad ids 400', async () => {
    await pdfOf(profileUrl(petIds.ace), homeManager);
    await pdfOf(profileUrl(petIds.ace), lab);
    expect((await t.call('GET', profileUrl(petIds.ace), { token: awayManager })).status).toBe(404);
    expect((await t.call('GET', profileUrl(petIds.ace), { token: otherOwner })).status).toBe(404);
    expect((await t.call('GET', profileUrl(99999999), { token: lab })).status).toBe(404);
    expect((await t.call('GET', profileUrl('abc'), { token: lab })).status).toBe(400);
    expect((await t.call('GET', profileUrl(petIds.ace))).status).toBe(401);
  });
});

describe('GET /pdfdownload/getdnaverification/{petId}', () => {
  test('needs an approved verification test, prints the group title and signature, refused once revoked', async () => {
    const none = await t.call('GET', verificationUrl(petIds.ace), { token: ownerToken });
    expect(none.status).toBe(400);
    expect(none.body.exceptionMessage).toBe(CERTIFICATE_MESSAGES.noVerificationTest);

    // The lab asks for a verification sample, types it (it agrees) and approves it.
    expect((await t.call('POST', `/api/v1/pet/verify/${petIds.ace}`, { token: lab })).status).toBe(200);
    expect((await petOf(petIds.ace)).customerFacingStatus).toBe(SampleCustomerStatus.VerificationTestRequested);
    const second = await addProfile('ace', 'Pass');
    expect((await approve([second])).status).toBe(200);
    const pet = await petOf(petIds.ace);
    expect(pet.hasApprovedVerificationTest).toBe(true);
    expect(pet.customerFacingStatus).toBe(SampleCustomerStatus.DnaProcessingComplete);

    const pdf = await pdfOf(verificationUrl(petIds.ace), ownerToken);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(1);
    const text = await pdfText(pdf);
    expect(text).toContain('Oak Ridge DNA Certificate');
    expect(text).toContain('Dr. Iris Vale');
    expect(text).toContain('DN7700001');
    expect(text).toContain('verification sample');
    expect((await t.call('GET', verificationUrl(petIds.ace), { token: awayManager })).status).toBe(404);

    const revoke = await t.call('POST', '/api/v1/dnaprocessing/revokednaverificationcertificate', {
      token: lab,
      body: { dnaProfileId: second },
    });
    expect(revoke.status).toBe(200);
    expect((await petOf(petIds.ace)).isDnaVerificationCertificateRevoked).toBe(true);
    const revoked = await t.call('GET', verificationUrl(petIds.ace), { token: ownerToken });
    expect(revoked.status).toBe(400);
    expect(revoked.body.exceptionMessage).toBe(CERTIFICATE_MESSAGES.certificateRevoked);
  });
});

describe('POST /pet/revokednaverificationcertificate/{id} (the pet form)', () => {
  test('the lab revokes by pet id; a property admin or the owner is refused; unknown pets 404', async () => {
    const db = t.database.db;
    const [owner] = await db.select({ petOwnerId: pets.petOwnerId }).from(pets).where(eq(pets.id, petIds.ace));
    const [pet] = await db
      .insert(pets)
      .values({
        name: 'Dot',
        petOwnerId: owner.petOwnerId,
        sampleNumber: 'DN7700004',
        customerFacingStatus: SampleCustomerStatus.DnaSampleReceived,
      })
      .returning();
    const url = `/api/v1/pet/revokednaverificationcertificate/${pet.id}`;
    // No approved profile yet: nothing to revoke.
    const early = await t.call('POST', url, { token: lab });
    expect(early.status).toBe(400);

    const [first] = await db
      .insert(dnaProfiles)
      .values({
        plateId,
        sampleNumber: 'DN7700004',
        sampleType: SampleType.Pet,
        panelId: ISAG_2006_CANINE.id,
        codes: Array.from(pop.dog().codes),
        result: 'Pass',
      })
      .returning();
    expect((await approve([first.id])).status).toBe(200);
    expect((await t.call('POST', `/api/v1/pet/verify/${pet.id}`, { token: lab })).status).toBe(200);
    const [second] = await db
      .insert(dnaProfiles)
      .values({ ...first, id: undefined, labStatus: undefined, dateApproved: undefined, dateCreated: undefined })
      .returning();
    expect((await approve([second.id])).status).toBe(200);
    await pdfOf(verificationUrl(pet.id), ownerToken);

    expect((await t.call('POST', url, { token: homeManager })).status).toBe(403);
    expect((await t.call('POST', url, { token: ownerToken })).status).toBe(403);
    expect((await t.call('POST', url)).status).toBe(401);
    expect((await t.call('POST', '/api/v1/pet/revokednaverificationcertificate/99999999', { token: lab })).status).toBe(
      404,
    );
    expect((await petOf(pet.id)).isDnaVerificationCertificateRevoked).toBe(false);

    const revoke = await t.call('POST', url, { token: lab });
    expect(revoke.status).toBe(200);
    expect((await petOf(pet.id)).isDnaVerificationCertificateRevoked).toBe(true);
    const refusedPdf = await t.call('GET', verificationUrl(pet.id), { token: ownerToken });
    expect(refusedPdf.status).toBe(400);
    expect(refusedPdf.body.exceptionMessage).toBe(CERTIFICATE_MESSAGES.certificateRevoked);
    const audit = await t.call('GET', '/api/v1/auditlog?entityType=DnaVerificationCertificate&page=1&pageSize=50', {
      token: lab,
    });
    expect(JSON.stringify(audit.body)).toContain('DN7700004');
  });
});

describe('approving a failed profile', () => {
  test('first failure: reswab requested, in the history, mailed to the owner and the primary admin', async () => {
    const failed = await addProfile('bo', 'Fail');
    const res = await approve([failed]);
    expect(res.status).toBe(200);
    expect(res.body.updatedIds).toEqual([failed]);
    const [profile] = await t.database.db.select().from(dnaProfiles).where(eq(dnaProfiles.id, failed));
    expect(profile.labStatus).toBe(DnaProfileLabStatus.Reswab);
    expect((await petOf(petIds.bo)).customerFacingStatus).toBe(SampleCustomerStatus.ReswabRequested);
    const history = await t.call('GET', `/api/v1/pet/getsamplehistory?sampleNumber=${numbers.bo}`, { token: lab });
    expect(JSON.stringify(history.body)).toContain('dnaProfileReswabRequested');
    const toOwner = await t.smtp.waitFor((m) => m.to.includes(ownerEmail) && m.subject.includes('Bo'));
    expect(toOwner.text).toContain('DN7700002');
    const toAdmin = await t.smtp.waitFor((m) => m.to.includes(primaryEmail));
    expect(toAdmin.subject).toBe('Reswab requested: DN7700002');
    // Not in the registry index: the failed profile is no approved profile.
    expect((await t.call('GET', profileUrl(petIds.bo), { token: lab })).status).toBe(400);
  });

  test('a failure after a reswab: incomplete DNA profile, archived, no further mail', async () => {
    const mailsBefore = t.smtp.messages.length;
    const again = await addProfile('bo', 'Fail');
    expect((await approve([again])).status).toBe(200);
    const [profile] = await t.database.db.select().from(dnaProfiles).where(eq(dnaProfiles.id, again));
    expect(profile.labStatus).toBe(DnaProfileLabStatus.Inactive);
    expect((await petOf(petIds.bo)).customerFacingStatus).toBe(SampleCustomerStatus.IncompleteDnaProfile);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.messages.length).toBe(mailsBefore);
  });

  test('a passing profile beside a failed one in one request: each goes its own way', async () => {
    const pass = await addProfile('cy', 'Pass');
    const fail = await addProfile('cy', 'Fail');
    const res = await approve([fail, pass]);
    expect(res.body.updatedIds.sort()).toEqual([pass, fail].sort());
    expect((await petOf(petIds.cy)).customerFacingStatus).toBe(SampleCustomerStatus.DnaProcessingComplete);
  });
});
