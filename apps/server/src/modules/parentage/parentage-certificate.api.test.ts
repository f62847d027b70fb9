// Parentage through the API, the sexes of the parents and the certificate: a male dam or a female sire (by DNA or by
// the record) is refused and nothing is stored, Unknown passes; the certificate of a Certified result downloads with
// no product ticked on the dog, is refused for a set without a Certified result, is the owner's and the dog's groups'
// (404 to another group's admin and another owner), and staff pick another Certified result of the set.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GroupTypes, Gender, UserRole } from '@registry/contracts';
import { Sex, type DnaProfile } from '@registry/genetics';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeAdmin, makeGroup, makeOtherDistributorship, makePetOwner } from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdf-reader.ts';
import { TEST_PANEL, registerDogs, testPopulation } from '../../../test/registered-dogs.ts';

let t: TestApp;
let manager: string;
let lab: string;
let owner: { id: number; userName: string };
const population = testPopulation(41);

/** The profile with its gender marker left uncalled: Unknown by DNA. */
function sexless(profile: DnaProfile): DnaProfile {
  const codes = profile.codes.slice();
  codes[TEST_PANEL.genderMarker * 2] = 0;
  codes[TEST_PANEL.genderMarker * 2 + 1] = 0;
  return { panel: profile.panel, codes };
}

/** A dam, a sire and a puppy of theirs, owned by the test's owner, none with the Parentage product ticked. */
async function trio(options: { dam?: DnaProfile; sire?: DnaProfile; damGender?: number; sireGender?: number } = {}) {
  const dam = options.dam ?? population.dog(Sex.Female);
  const sire = options.sire ?? population.dog(Sex.Male);
  const [puppyProfile] = population.litter(dam, sire, 1);
  const [d, s, p] = await registerDogs(t.database.db, [
    { profile: dam, gender: options.damGender ?? Gender.Female, ownerId: owner.id, name: 'Rocket', isParentage: false },
    { profile: sire, gender: options.sireGender ?? Gender.Male, ownerId: owner.id, name: 'Comet', isParentage: false },
    { profile: puppyProfile, ownerId: owner.id, name: 'Pip', isParentage: false },
  ]);
  return { dam: d.sampleNumber, sire: s.sampleNumber, puppy: p.sampleNumber, puppyId: p.petId };
}

const execute = (body: unknown, token = lab) =>
  t.call('POST', '/api/v1/parentageresulting/executeparentagetest', { token, body });
const setOf = (puppy: string, token = lab) =>
  t.call('GET', `/api/v1/parentagematchresultset/getbypet?sampleNumber=${puppy}`, { token });
const certificate = (query: string, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/pdfdownload/getproofofparentagecertificate?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.login('parentage.manager');
  lab = await t.login('lab.admin');
  const breeders = await groupByName(t.database.db, 'Lone Star Breeders Club');
  owner = await makePetOwner(t.database.db, { groupId: breeders.id });
});
afterAll(async () => {
  await t?.close();
});

describe('the parents’ sexes', () => {
  test('a male dam by DNA is refused, naming the dog; nothing is stored', async () => {
    const dogs = await trio({ dam: population.dog(Sex.Male), damGender: Gender.Unknown });
    const res = await execute(dogs);
    expect(res.status).toBe(400);
    expect(res.body.exceptionMessage).toBe(`Rocket (${dogs.dam}) is male by DNA and cannot be the dam.`);
    expect((await setOf(dogs.puppy)).status).toBe(404);
  });

  test('a female sire by DNA is refused', async () => {
    const dogs = await trio({ sire: population.dog(Sex.Female), sireGender: Gender.Unknown });
    const res = await execute(dogs, manager);
    expect(res.status).toBe(400);
    expect(res.body.exceptionMessage).toBe(`Comet (${dogs.sire}) is female by DNA and cannot be the sire.`);
  });

  test('a female sire by record (Unknown by DNA) is refused; a male dam by record too; nothing is stored', async () => {
    const bySire = await trio({ sire: sexless(population.dog(Sex.Male)), sireGender: Gender.Female });
    const res = await execute(bySire);
    expect(res.status).toBe(400);
    expect(res.body.exceptionMessage).toBe(`Comet (${bySire.sire}) is female by record and cannot be the sire.`);
    expect((await setOf(bySire.puppy)).status).toBe(404);
    const byDam = await trio({ damGender: Gender.Male });
    const dam = await execute(byDam);
    expect(dam.status).toBe(400);
    expect(dam.body.exceptionMessage).toBe(`Rocket (${byDam.dam}) is male by record and cannot be the dam.`);
    expect((await setOf(byDam.puppy)).status).toBe(404);
  });

  test('Unknown by DNA and by record passes on either side: the run is made', async () => {
    const dogs = await trio({
      dam: sexless(population.dog(Sex.Female)),
      sire: sexless(population.dog(Sex.Male)),
      damGender: Gender.Unknown,
      sireGender: Gender.Unknown,
    });
    const res = await execute(dogs);
    expect(res.status).toBe(200);
    expect(res.body.parentageMatchRunResult).toBe('Certified');
  });
});

describe('the proof-of-parentage certificate', () => {
  test('a Certified result with no product ticked: the views name it and the dog’s certificate downloads', async () => {
    const dogs = await trio();
    const run = await execute(dogs);
    expect(run.body.parentageMatchRunResult).toBe('Certified');
    const id = run.body.parentageMatchResultId;
    expect((await setOf(dogs.puppy)).body.certificateResultId).toBe(id);
    const pet = await t.call('GET', `/api/v1/pet/${dogs.puppyId}`, { token: lab });
    expect(pet.body).toMatchObject({ isParentage: false, parentageCertificateResultId: id });
    const numbers = new Set<string | undefined>();
    for (const query of [`petId=${dogs.puppyId}`, `parentageResultId=${id}`]) {
      const pdf = await certificate(query, manager);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain(`Puppy: Pip (${dogs.puppy})`);
      expect(text).toContain('Verdict: Certified');
      // The certificate's number, not the result's id; both ways of asking print the same certificate.
      expect(text).not.toContain(`result ${id}.`);
      numbers.add(/Certificate No\.: (PP-\d{4}-\d{6})/.exec(text)?.[1]);
    }
    expect(numbers.size).toBe(1);
    expect([...numbers][0]).toMatch(/^PP-/);
  });

  test('a set without a Certified result (or none at all) is a 400 that says so; bad input is a 400', async () => {
    const dogs = await trio();
    const never = await certificate(`petId=${dogs.puppyId}`, lab);
    expect(never.statusCode).toBe(400);
    expect(never.json().exceptionMessage).toBe(
      `${dogs.puppy} has no Certified parentage result: the certificate needs one.`,
    );
    const stranger = (
      await registerDogs(t.database.db, [{ profile: population.dog(Sex.Male), gender: Gender.Male }])
    )[0];
    const wrong = await execute({ puppy: dogs.puppy, dam: dogs.dam, sire: stranger.sampleNumber });
    expect(wrong.body).toMatchObject({ parentageMatchRunResult: 'Disqualified', certificateResultId: null });
    expect((await setOf(dogs.puppy)).body.certificateResultId).toBeNull();
    const res = await certificate(`petId=${dogs.puppyId}`, lab);
    expect(res.statusCode).toBe(400);
    expect(res.json().exceptionMessage).toBe(
      `${dogs.puppy} has no Certified parentage result: the certificate needs one.`,
    );
    const picked = await certificate(`parentageResultId=${wrong.body.parentageMatchResultId}`, lab);
    expect(picked.statusCode).toBe(400);
    expect(picked.json().exceptionMessage).toBe('The parentage certificate needs a certified parentage result.');
    const none = await certificate('', lab);
    expect(none.statusCode).toBe(400);
    expect(none.json().modelState.petId).toBeDefined();
    expect((await certificate('petId=abc', lab)).statusCode).toBe(400);
  });

  test('staff pick another Certified result of the set; others get the set’s best only', async () => {
    const dogs = await trio();
    const first = (await execute(dogs)).body.parentageMatchResultId;
    const secondRun = await execute(dogs);
    const second = secondRun.body.parentageMatchResultId;
    expect(secondRun.body.certificateResultId).toBe(second);
    expect((await setOf(dogs.puppy)).body.certificateResultId).toBe(second);
    // A later failing run leaves the certificate on the newest Certified one, and says so.
    const stranger = (
      await registerDogs(t.database.db, [{ profile: population.dog(Sex.Male), gender: Gender.Male }])
    )[0];
    const failing = await execute({ ...dogs, sire: stranger.sampleNumber });
    expect(failing.body).toMatchObject({ parentageMatchRunResult: 'Disqualified', certificateResultId: second });
    const older = await certificate(`parentageResultId=${first}&petId=${dogs.puppyId}`, lab);
    expect(older.statusCode).toBe(200);
    // Each result has its own certificate (number and verification address).
    const numberOf = async (pdf: Buffer) => /Certificate No\.: (PP-\d{4}-\d{6})/.exec(await pdfText(pdf))?.[1];
    const olderNumber = await numberOf(older.rawPayload);
    const bestNumber = await numberOf((await certificate(`petId=${dogs.puppyId}`, lab)).rawPayload);
    expect(olderNumber).toMatch(/^PP-/);
    expect(bestNumber).toMatch(/^PP-/);
    expect(olderNumber).not.toBe(bestNumber);
    expect((await certificate(`parentageResultId=${first}`, manager)).statusCode).toBe(403);
    // A result of another dog's set, named with this dog, is not this dog's.
    const other = await trio();
    const otherRun = (await execute(other)).body.parentageMatchResultId;
    expect((await certificate(`parentageResultId=${otherRun}&petId=${dogs.puppyId}`, lab)).statusCode).toBe(404);
  });

  test('another group’s admin gets 404; a pet owner gets their own dog’s and 404 for another’s', async () => {
    const dogs = await trio();
    const id = (await execute(dogs)).body.parentageMatchResultId;
    const other = await makeOtherDistributorship(t.database.db);
    const club = await makeGroup(t.database.db, {
      parentId: other.distributorship.id,
      groupType: GroupTypes.ParentageGroup,
    });
    const foreign = await makeAdmin(t.database.db, { roleId: UserRole.ParentageManager, groupId: club.id });
    const foreignToken = await t.login(foreign.userName);
    expect((await certificate(`petId=${dogs.puppyId}`, foreignToken)).statusCode).toBe(404);
    expect((await certificate(`parentageResultId=${id}`, foreignToken)).statusCode).toBe(404);
    // A role the rights table gives no certificate: 403.
    expect((await certificate(`petId=${dogs.puppyId}`, await t.login('property.manager'))).statusCode).toBe(403);

    const own = await certificate(`petId=${dogs.puppyId}`, await t.login(owner.userName));
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const ownerPet = await t.call('GET', `/api/v1/pet/${dogs.puppyId}`, { token: await t.login(owner.userName) });
    expect(ownerPet.body.parentageCertificateResultId).toBe(id);
    const stranger = await t.login('pet.owner');
    expect((await certificate(`petId=${dogs.puppyId}`, stranger)).statusCode).toBe(404);
    expect((await certificate(`parentageResultId=${id}`, stranger)).statusCode).toBe(404);
  });
});
