// The pet sample letters and the NonCanine result letter (issue 23, one test per event): one GeneMapper plate is
// uploaded through the lab's call with a PooPrints pet, two pets of a parentage group and a waste sample of another
// species; the lab's own status calls then move each sample to the moment of its letter, and each letter is found in
// the SMTP receiver and in the email log (event name, no secret). A second plate brings the parentage pet's new swab
// after its reswab: Processing2ndSwab and ParentageProcessingSecondSwab.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ISAG_2006_CANINE,
  alleleText,
  createPopulation,
  exportGeneMapper,
  plateWells,
  type ExportSample,
} from '@registry/genetics';
import { DnaProfileLabStatus, GroupTypes, SampleCustomerStatus, UserRole } from '@registry/contracts';
import { dnaProfiles, pets } from '../../db/schema/index.ts';
import {
  makeAdmin,
  makeGroup,
  makeOtherDistributorship,
  makePetOwner,
  makeWasteSample,
} from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { plateUpload } from '../../../test/plate-upload.ts';
import { waitForRuns } from '../../../test/waste-matching.ts';
import { loggedMail, subjectOf } from '../../../test/logged-mail.ts';

let t: TestApp;
let lab: string;
let plateId: number;
const pop = createPopulation(ISAG_2006_CANINE, 2324);
let serial = 7_700_000 + Math.floor(Math.random() * 200_000);
const dnNumber = () => `DN${++serial}`;

type Setup = Awaited<ReturnType<typeof setUp>>;
let s: Setup;

/** A property with a primary admin and an owner, a parentage group with an owner, their pets at ProfileCreated. */
async function setUp() {
  const db = t.database.db;
  const { distributorship, property } = await makeOtherDistributorship(db);
  const primaryAdmin = await makeAdmin(db, { roleId: UserRole.PropertyManager, groupId: property.id, isPrimary: true });
  const owner = await makePetOwner(db, { groupId: property.id });
  const club = await makeGroup(db, { parentId: distributorship.id, groupType: GroupTypes.ParentageGroup });
  await makeAdmin(db, { roleId: UserRole.ParentageManager, groupId: club.id, isPrimary: true });
  const breeder = await makePetOwner(db, { groupId: club.id });
  const pet = async (name: string, petOwnerId: number) =>
    (await db.insert(pets).values({ name, petOwnerId, sampleNumber: dnNumber() }).returning())[0]!;
  const waste = await makeWasteSample(db, property.id);
  return {
    property,
    primaryAdmin,
    owner,
    breeder,
    reswabbed: await pet('Pooprints Pip', owner.id),
    completed: await pet('Parentage Pearl', breeder.id),
    parentageReswabbed: await pet('Parentage Rowan', breeder.id),
    waste,
  };
}

/** Uploads the samples as one plate with a ladder and controls, through the lab's upload call; answers its id. */
async function uploadPlate(samples: ExportSample[]) {
  const panel = ISAG_2006_CANINE;
  const wells = plateWells(96);
  const ladder: string[][] = panel.markers.map(() => []);
  for (const d of pop.distributions) ladder[d.marker] = d.alleles.map(alleleText);
  const runName = `Run_mail_${serial}`;
  const all: ExportSample[] = [
    { sampleName: 'Allelic Ladder', alleles: ladder },
    { sampleName: 'POS CTRL', profile: pop.dog() },
    { sampleName: 'NEG CTRL', profile: { panel, codes: new Uint16Array(panel.markers.length * 2) } },
    ...samples,
  ].map((sample, i) => ({ ...sample, well: wells[i], runName }));
  const upload = await t.call('POST', '/api/v1/genemapperfileupload/postnewplate', {
    token: lab,
    ...plateUpload(
      exportGeneMapper(panel, all, { runName }),
      { panelId: panel.id, overrideControlsValidation: true },
      `${runName}.txt`,
    ),
  });
  expect(upload.status).toBe(200);
  return upload.body.plateId as number;
}

async function profileIdOf(sampleNumber: string) {
  const [row] = await t.database.db
    .select({ id: dnaProfiles.id })
    .from(dnaProfiles)
    .where(and(eq(dnaProfiles.plateId, plateId), eq(dnaProfiles.sampleNumber, sampleNumber)));
  return row!.id;
}

/** The lab sets one profile's lab status (the call the lab screens use). */
async function setLabStatus(sampleNumber: string, labStatus: number) {
  const response = await t.call('POST', '/api/v1/dnaprocessing/updatednaprofilesstatus', {
    token: lab,
    body: { dnaProfileIds: [await profileIdOf(sampleNumber)], labStatus },
  });
  expect(response.status).toBe(200);
  return response.body as { updatedIds: number[] };
}

async function statusOf(petId: number) {
  const [row] = await t.database.db.select().from(pets).where(eq(pets.id, petId));
  return row!.customerFacingStatus;
}

beforeAll(async () => {
  t = await startTestApp();
  lab = await t.login('lab.admin');
  s = await setUp();
  plateId = await uploadPlate([
    { sampleName: s.reswabbed.sampleNumber!, profile: pop.dog() },
    { sampleName: s.completed.sampleNumber!, profile: pop.dog() },
    { sampleName: s.parentageReswabbed.sampleNumber!, profile: pop.dog() },
    { sampleName: s.waste.sampleNumber, profile: pop.wrongSpecies() },
  ]);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('a parentage pet typed on an uploaded plate', () => {
  test('ParentageDNASampleReceived to the owner', async () => {
    expect(await statusOf(s.completed.id)).toBe(SampleCustomerStatus.DnaSampleReceived);
    const { mail } = await loggedMail(t, s.breeder.email!, 'ParentageDNASampleReceived');
    expect(subjectOf(mail)).toBe(`Parentage: the lab received the DNA sample of ${s.completed.name}`);
    // "See your dogs" leads to the owner's own page (a page that exists).
    expect(mail.text).toContain(`/petowner/${s.breeder.id}"`);
  });
});

describe('a sample moved to ReswabRequested (lab status Reswab)', () => {
  test('a PooPrints pet: ReswabRequestedToCustomer to the owner, ReswabRequested to the primary admin', async () => {
    await setLabStatus(s.reswabbed.sampleNumber!, DnaProfileLabStatus.Reswab);
    expect(await statusOf(s.reswabbed.id)).toBe(SampleCustomerStatus.ReswabRequested);
    const toOwner = await loggedMail(t, s.owner.email!, 'ReswabRequestedToCustomer');
    expect(subjectOf(toOwner.mail)).toBe(`A new DNA swab is needed for ${s.reswabbed.name}`);
    expect(toOwner.mail.to).toEqual([s.owner.email]);
    const toAdmin = await loggedMail(t, s.primaryAdmin.email!, 'ReswabRequested');
    expect(subjectOf(toAdmin.mail)).toBe(`Reswab requested: ${s.reswabbed.sampleNumber}`);
    expect(toAdmin.mail.to).toEqual([s.primaryAdmin.email]);
    expect(toAdmin.mail.text).toContain(`a new swab of ${s.reswabbed.name} (sample ${s.reswabbed.sampleNumber})`);
    // The admin's letter links to the pet on its owner's page.
    expect(toAdmin.mail.text).toContain(`/petowner/${s.owner.id}/${s.reswabbed.sampleNumber}"`);
  });

  test('a parentage pet: ParentageReswabRequested to the owner, no staff notice', async () => {
    await setLabStatus(s.parentageReswabbed.sampleNumber!, DnaProfileLabStatus.Reswab);
    expect(await statusOf(s.parentageReswabbed.id)).toBe(SampleCustomerStatus.ReswabRequested);
    const { mail } = await loggedMail(t, s.breeder.email!, 'ParentageReswabRequested');
    expect(subjectOf(mail)).toBe(`Parentage: a new DNA swab is needed for ${s.parentageReswabbed.name}`);
    const sent = t.smtp.messages.filter(
      (m) => subjectOf(m) === `Reswab requested: ${s.parentageReswabbed.sampleNumber}`,
    );
    expect(sent).toEqual([]);
  });

  test('its new swab typed on a later plate: Processing2ndSwab, ParentageProcessingSecondSwab to the owner', async () => {
    dnNumber(); // a run name of its own
    await uploadPlate([{ sampleName: s.parentageReswabbed.sampleNumber!, profile: pop.dog() }]);
    expect(await statusOf(s.parentageReswabbed.id)).toBe(SampleCustomerStatus.Processing2ndSwab);
    const { mail } = await loggedMail(t, s.breeder.email!, 'ParentageProcessingSecondSwab');
    expect(subjectOf(mail)).toBe(`Parentage: processing the second swab of ${s.parentageReswabbed.name}`);
  });
});

test('a parentage pet profile approved: ParentageDNAProcessingComplete to the owner', async () => {
  await setLabStatus(s.completed.sampleNumber!, DnaProfileLabStatus.Approved);
  expect(await statusOf(s.completed.id)).toBe(SampleCustomerStatus.DnaProcessingComplete);
  const { mail } = await loggedMail(t, s.breeder.email!, 'ParentageDNAProcessingComplete');
  expect(subjectOf(mail)).toBe(`Parentage: the DNA profile of ${s.completed.name} is complete`);
});

test('a waste result set approved with a NonCanine result: NonCanine to the primary admin', async () => {
  // The lab approves the (failed, other-species) waste profile, which queues its match run.
  await setLabStatus(s.waste.sampleNumber, DnaProfileLabStatus.Approved);
  const run = (await waitForRuns(t, [s.waste.sampleNumber])).get(s.waste.sampleNumber)!;
  expect(run.status).toBe('NonCanine');
  const set = await t.call('GET', `/api/v1/pooprintsmatchresultset/${run.resultSetId}`, { token: lab });
  const latest = set.body.matchHistory[0];
  expect(latest.status).toBe('NonCanine');
  const approved = await t.call('POST', `/api/v1/pooprintsresulting/approvematchresult/${latest.matchResultId}`, {
    token: lab,
  });
  expect(approved.status).toBe(200);
  const { mail } = await loggedMail(t, s.primaryAdmin.email!, 'NonCanine');
  expect(subjectOf(mail)).toBe(`DNA match result for ${s.waste.sampleNumber}: Non-Canine`);
  expect(mail.text).toContain('did not come from a dog');
});
