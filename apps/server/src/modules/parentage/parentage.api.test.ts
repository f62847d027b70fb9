// Parentage through the API: truth tests on the engine's generator (every litter Certified against its true parents, a
// wrong sire Disqualified, a single-step mutation Inconclusive), the result set, override, notes, history, delete, the
// certificate, the list, bad input and access (a parentage manager sees only their parentage groups' dogs; a pet owner
// cannot run tests).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Gender, ParentageMatchStatus, matchResultSetNotFoundMessage } from '@registry/contracts';
import { Sex, emptyProfile, setGenotype, type DnaProfile } from '@registry/genetics';
import { auditLog } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makePetOwner } from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdf-reader.ts';
import { TEST_PANEL, freshDn, registerDogs, testPopulation } from '../../../test/registered-dogs.ts';

let t: TestApp;
let manager: string;
let lab: string;
const population = testPopulation(16);
type Trio = { puppies: string[]; dam: string; sire: string };
const trios: Trio[] = [];
let strangerMale: string;
let mutated: { puppy: string; dam: string; sire: string };
let propertyPuppy: string;
let freshTrio: Trio;

/** A puppy of dam and sire with one paternal allele a single repeat step away from anything either parent carries. */
function mutatedPuppy(dam: DnaProfile, sire: DnaProfile): DnaProfile {
  const puppy = emptyProfile(TEST_PANEL);
  let done = false;
  for (const m of TEST_PANEL.typingMarkers) {
    const i = m * 2;
    const fromDam = dam.codes[i];
    let fromSire = sire.codes[i];
    if (!done) {
      const step = (TEST_PANEL.markers[m].repeatLength ?? 1) * 10;
      const parents = [dam.codes[i], dam.codes[i + 1], sire.codes[i], sire.codes[i + 1]];
      const candidate = sire.codes[i] + step;
      if (!parents.includes(candidate) && !sire.codes.subarray(i, i + 2).includes(fromDam)) {
        fromSire = candidate;
        done = true;
      }
    }
    setGenotype(puppy, m, fromDam, fromSire);
  }
  if (!done) throw new Error('no marker for a single-step mutation');
  return puppy;
}

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  manager = await t.login('parentage.manager');
  lab = await t.login('lab.admin');
  const breeders = await groupByName(db, 'Lone Star Breeders Club');
  const owner = await makePetOwner(db, { groupId: breeders.id });
  for (let k = 0; k < 4; k++) {
    const dam = population.dog(Sex.Female);
    const sire = population.dog(Sex.Male);
    const litter = population.litter(dam, sire, 3);
    const rows = await registerDogs(db, [
      { profile: dam, gender: Gender.Female, ownerId: owner.id, name: `Dam ${k}` },
      { profile: sire, gender: Gender.Male, ownerId: owner.id, name: `Sire ${k}` },
      ...litter.map((p, j) => ({ profile: p, ownerId: owner.id, name: `Puppy ${k}.${j}` })),
    ]);
    trios.push({
      dam: rows[0].sampleNumber,
      sire: rows[1].sampleNumber,
      puppies: rows.slice(2).map((r) => r.sampleNumber),
    });
  }
  const dam = population.dog(Sex.Female);
  const sire = population.dog(Sex.Male);
  const rows = await registerDogs(db, [
    { profile: population.dog(Sex.Male), gender: Gender.Male, name: 'Stranger' },
    { profile: dam, gender: Gender.Female, ownerId: owner.id },
    { profile: sire, gender: Gender.Male, ownerId: owner.id },
    { profile: mutatedPuppy(dam, sire), ownerId: owner.id, name: 'Mutant' },
  ]);
  strangerMale = rows[0].sampleNumber;
  mutated = { dam: rows[1].sampleNumber, sire: rows[2].sampleNumber, puppy: rows[3].sampleNumber };
  // A puppy of a property's resident: outside the parentage manager's groups.
  const oakRidge = await groupByName(db, 'Oak Ridge Apartments');
  const resident = await makePetOwner(db, { groupId: oakRidge.id });
  const litter = population.litter(population.dog(Sex.Female), population.dog(Sex.Male), 1);
  propertyPuppy = (await registerDogs(db, [{ profile: litter[0], ownerId: resident.id }]))[0].sampleNumber;
  // A trio no other test runs: its set's runs are only those of the "best run" test.
  const freshDam = population.dog(Sex.Female);
  const freshSire = population.dog(Sex.Male);
  const fresh = await registerDogs(db, [
    { profile: freshDam, gender: Gender.Female, ownerId: owner.id },
    { profile: freshSire, gender: Gender.Male, ownerId: owner.id },
    { profile: population.litter(freshDam, freshSire, 1)[0], ownerId: owner.id },
  ]);
  freshTrio = { dam: fresh[0].sampleNumber, sire: fresh[1].sampleNumber, puppies: [fresh[2].sampleNumber] };
});
afterAll(async () => {
  await t?.close();
});

const execute = (body: unknown, token = manager) =>
  t.call('POST', '/api/v1/parentageresulting/executeparentagetest', { token, body });
const get = (url: string, token = manager) => t.call('GET', url, { token });

describe('truth tests on generated trios', () => {
  test('every puppy of every litter is Certified against its true dam and sire, with the statistics', async () => {
    for (const trio of trios) {
      for (const puppy of trio.puppies) {
        const res = await execute({ puppy, dam: trio.dam, sire: trio.sire });
        expect(res.status).toBe(200);
        expect(res.body.parentageMatchRunResult).toBe('Certified');
        expect(res.body.failedMarkers).toBe(0);
        expect(res.body.combinedPaternityIndex).toBeGreaterThan(1);
        expect(res.body.probabilityOfExclusion).toBeGreaterThan(0.9);
        expect(res.body.markers).toHaveLength(TEST_PANEL.typingMarkers.length);
        expect(res.body.markers.every((m: { result: string }) => m.result === 'Pass')).toBe(true);
      }
    }
  });

  test('a wrong sire is Disqualified; dam and sire swapped is refused (a male dam)', async () => {
    const [trio] = trios;
    const wrong = await execute({ puppy: trio.puppies[0], dam: trio.dam, sire: strangerMale });
    expect(wrong.body.parentageMatchRunResult).toBe('Disqualified');
    expect(wrong.body.failedMarkers).toBeGreaterThanOrEqual(2);
    expect(wrong.body.markers.some((m: { result: string }) => m.result === 'Fail')).toBe(true);
    // The set keeps the certified result as its best: a later failing run does not undo a certificate.
    const set = await get(`/api/v1/parentagematchresultset/getbypet?sampleNumber=${trio.puppies[0]}`);
    expect(set.body.matchStatus).toBe(ParentageMatchStatus.Certified);
    expect(set.body.isParentageCertified).toBe(true);
    expect(set.body.results.map((r: { parentageMatchRunResult: string }) => r.parentageMatchRunResult)).toEqual([
      'Disqualified',
      'Certified',
    ]);
    const swapped = await execute({ puppy: trio.puppies[1], dam: trio.sire, sire: trio.dam });
    expect(swapped.status).toBe(400);
    expect(swapped.body.exceptionMessage).toBe(`Sire 0 (${trio.sire}) is male by DNA and cannot be the dam.`);
  });

  test('the set’s best run follows each new run: the newest Certified, else the newest run', async () => {
    const { puppies, dam, sire } = freshTrio;
    const set = async () => (await get(`/api/v1/parentagematchresultset/getbypet?sampleNumber=${puppies[0]}`)).body;
    const wrong = await execute({ puppy: puppies[0], dam, sire: strangerMale });
    expect(wrong.body.parentageMatchRunResult).toBe('Disqualified');
    expect(await set()).toMatchObject({
      matchStatus: ParentageMatchStatus.Disqualified,
      isParentageCertified: false,
      bestMatchResultId: wrong.body.parentageMatchResultId,
    });
    const wrongAgain = await execute({ puppy: puppies[0], dam, sire: strangerMale });
    expect((await set()).bestMatchResultId).toBe(wrongAgain.body.parentageMatchResultId);
    const right = await execute({ puppy: puppies[0], dam, sire });
    expect(right.body.parentageMatchRunResult).toBe('Certified');
    expect(await set()).toMatchObject({
      matchStatus: ParentageMatchStatus.Certified,
      isParentageCertified: true,
      bestMatchResultId: right.body.parentageMatchResultId,
    });
    await execute({ puppy: puppies[0], dam, sire: strangerMale });
    expect(await set()).toMatchObject({
      isParentageCertified: true,
      bestMatchResultId: right.body.parentageMatchResultId,
    });
    const rightAgain = await execute({ puppy: puppies[0], dam, sire });
    const last = await set();
    expect(last).toMatchObject({
      isParentageCertified: true,
      bestMatchResultId: rightAgain.body.parentageMatchResultId,
    });
    expect(last.results).toHaveLength(5);
  });

  test('a single-step mutation at one marker gives Inconclusive, flagged as a possible mutation', async () => {
    const res = await execute(mutated);
    expect(res.status).toBe(200);
    expect(res.body.parentageMatchRunResult).toBe('Inconclusive');
    expect(res.body.failedMarkers).toBe(1);
    expect(res.body.possibleMutation).toBe(true);
    const list = await get(`/api/v1/parentagepets?sampleNumberFilter=${mutated.puppy}`);
    expect(list.body.data[0]).toMatchObject({ matchStatus: ParentageMatchStatus.Inconclusive, isMatched: true });
  });
});

describe('POST executeparentagetest: input and access', () => {
  test('bad input: missing, wrong type, too long, malformed, repeated DNs', async () => {
    const [trio] = trios;
    const missing = await execute({ puppy: trio.puppies[0], dam: trio.dam });
    expect(missing.status).toBe(400);
    expect(missing.body.modelState.sire).toBeDefined();
    expect((await execute({ puppy: 12, dam: trio.dam, sire: trio.sire })).status).toBe(400);
    expect((await execute({ puppy: 'DN'.padEnd(300, '1'), dam: trio.dam, sire: trio.sire })).status).toBe(400);
    expect((await execute({ puppy: 'TD1234567', dam: trio.dam, sire: trio.sire })).status).toBe(400);
    const same = await execute({ puppy: trio.puppies[0], dam: trio.dam, sire: trio.dam.toLowerCase() });
    expect(same.status).toBe(400);
    expect(same.body.modelState.sire).toEqual(['All DNs must be unique']);
  });

  test('a dog with no approved profile is refused with its number; an unknown puppy is 404', async () => {
    const [trio] = trios;
    const unknownDam = freshDn();
    const res = await execute({ puppy: trio.puppies[0], dam: unknownDam, sire: trio.sire });
    expect(res.status).toBe(400);
    expect(res.body.exceptionMessage).toBe(`${unknownDam} has no approved DNA profile.`);
    expect((await execute({ puppy: freshDn(), dam: trio.dam, sire: trio.sire })).status).toBe(404);
  });

  test('a parentage manager gets 404 for a property dog; a pet owner and a property manager are refused', async () => {
    const [trio] = trios;
    expect((await execute({ puppy: propertyPuppy, dam: trio.dam, sire: trio.sire })).status).toBe(404);
    expect((await execute({ puppy: propertyPuppy, dam: trio.dam, sire: trio.sire }, lab)).status).toBe(200);
    const body = { puppy: trio.puppies[2], dam: trio.dam, sire: trio.sire };
    expect((await execute(body, await t.login('pet.owner'))).status).toBe(403);
    expect((await execute(body, await t.login('property.manager'))).status).toBe(403);
    expect((await t.call('POST', '/api/v1/parentageresulting/executeparentagetest', { body })).status).toBe(401);
    const list = await get(`/api/v1/parentagepets?sampleNumberFilter=${propertyPuppy}`);
    expect(list.body.totalRecords).toBe(0);
    expect((await get(`/api/v1/parentagematchresultset/getbypet?sampleNumber=${propertyPuppy}`)).status).toBe(404);
  });
});

describe('GET /parentagepets/candidates', () => {
  test('the owner’s other dogs: males not Female, females not Male, the puppy excluded; scope and access', async () => {
    const [trio] = trios;
    const res = await get(`/api/v1/parentagepets/candidates?sampleNumber=${trio.puppies[0]}`);
    expect(res.status).toBe(200);
    const males = res.body.males.map((d: { sampleNumber: string }) => d.sampleNumber);
    const females = res.body.females.map((d: { sampleNumber: string }) => d.sampleNumber);
    expect(males).toContain(trio.sire);
    expect(males).not.toContain(trio.dam);
    expect(females).toContain(trio.dam);
    expect(females).not.toContain(trio.sire);
    // Puppies of unknown gender are offered on both sides, never the puppy itself.
    expect(males).toContain(trio.puppies[1]);
    expect(females).toContain(trio.puppies[1]);
    expect([...males, ...females]).not.toContain(trio.puppies[0]);
    expect((await get(`/api/v1/parentagepets/candidates?sampleNumber=${propertyPuppy}`)).status).toBe(404);
    expect((await get('/api/v1/parentagepets/candidates?sampleNumber=x')).status).toBe(400);
    expect(
      (await get(`/api/v1/parentagepets/candidates?sampleNumber=${trio.puppies[0]}`, await t.login('pet.owner')))
        .status,
    ).toBe(403);
  });
});

describe('result sets: lookup, override, notes, history, delete', () => {
  test('lookup of a puppy never tested answers the spec text', async () => {
    const fresh = trios[3].dam;
    const res = await get(`/api/v1/parentageresulting/getmatchresultsetfromsamplenumber?sampleNumber=${fresh}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(matchResultSetNotFoundMessage(fresh));
    expect((await get('/api/v1/parentageresulting/getmatchresultsetfromsamplenumber?sampleNumber=bad')).status).toBe(
      400,
    );
  });

  test('override a Disqualified run to Certified with notes, edit notes, delete: the set follows, audited', async () => {
    const trio = trios[2];
    const puppy = trio.puppies[0];
    const run = await execute({ puppy, dam: trio.dam, sire: strangerMale });
    expect(run.body.parentageMatchRunResult).toBe('Disqualified');
    const setId = run.body.parentageMatchResultSetId;
    const resultId = run.body.parentageMatchResultId;
    const path = `/api/v1/parentageresulting/${setId}/overridematchresult/${resultId}`;
    // Only the provider's staff override.
    expect(
      (await t.call('POST', path, { token: manager, body: { matchRunResult: 'Certified', bioPetNotes: 'x' } })).status,
    ).toBe(403);
    expect(
      (await t.call('POST', path, { token: lab, body: { matchRunResult: 'Certified', bioPetNotes: '' } })).status,
    ).toBe(400);
    expect(
      (await t.call('POST', path, { token: lab, body: { matchRunResult: 'Maybe', bioPetNotes: 'x' } })).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', `/api/v1/parentageresulting/${setId}/overridematchresult/999999`, {
          token: lab,
          body: { matchRunResult: 'Certified', bioPetNotes: 'x' },
        })
      ).status,
    ).toBe(404);
    const overridden = await t.call('POST', path, {
      token: lab,
      body: { matchRunResult: 'Certified', bioPetNotes: 'Sire confirmed by a second swab.' },
    });
    expect(overridden.status).toBe(200);
    expect(overridden.body).toMatchObject({
      matchStatus: ParentageMatchStatus.Certified,
      isParentageCertified: true,
      bestMatchResultId: resultId,
    });
    expect(overridden.body.results[0]).toMatchObject({ isOverridden: true, engineResult: 'Disqualified' });

    const notes = await t.call('PUT', '/api/v1/parentagematchresultset/updatenotes', {
      token: lab,
      body: { MatchResultSetId: setId, MatchResultId: resultId, BioPetNotes: 'Edited note' },
    });
    expect(notes.body.message).toBe('Notes updated successfully');
    const history = await get(`/api/v1/parentageresulting/getparentageresulthistory?parentageResultSetId=${setId}`);
    expect(history.body[0].bioPetNotes).toBe('Edited note');
    // The puppy was certified by the truth test before: two runs, the overridden one newest.
    const details = await get(`/api/v1/parentageresulting/gettestresultshistorydetails?matchResultSetId=${setId}`);
    expect(details.body.results).toHaveLength(2);
    const earlier = details.body.results[1].parentageMatchResultId;

    const del = await t.call('POST', '/api/v1/parentageresulting/deleteparentageresult', {
      token: lab,
      body: { matchResultId: resultId, matchResultSetId: setId },
    });
    expect(del.body.message).toBe('Result deleted successfully.');
    const after = await get(`/api/v1/parentagematchresultset/getbypet?sampleNumber=${puppy}`);
    expect(after.body).toMatchObject({ matchStatus: ParentageMatchStatus.Certified, bestMatchResultId: earlier });
    expect(after.body.results).toHaveLength(1);
    await t.call('POST', '/api/v1/parentageresulting/deleteparentageresult', {
      token: lab,
      body: { matchResultId: earlier, matchResultSetId: setId },
    });
    const empty = await get(`/api/v1/parentagematchresultset/getbypet?sampleNumber=${puppy}`);
    expect(empty.body).toMatchObject({
      matchStatus: ParentageMatchStatus.Ready,
      isParentageCertified: false,
      results: [],
    });
    expect(
      (
        await t.call('POST', '/api/v1/parentageresulting/deleteparentageresult', {
          token: lab,
          body: { matchResultId: earlier, matchResultSetId: setId },
        })
      ).status,
    ).toBe(404);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'ParentageMatchResult'));
    expect(audits.map((a) => a.actionType)).toEqual(expect.arrayContaining(['Create', 'Override', 'Update', 'Delete']));
  });
});

describe('GET /parentagepets', () => {
  test('the group’s parentage dogs, default newest status first; filters and orderings; a foreign group is 404', async () => {
    const res = await get('/api/v1/parentagepets?pageSize=100');
    expect(res.status).toBe(200);
    const numbers = res.body.data.map((r: { puppySampleNumber: string }) => r.puppySampleNumber);
    expect(numbers).toContain(trios[0].puppies[0]);
    expect(numbers).not.toContain(propertyPuppy);
    const times = res.body.data.map((r: { statusLastUpdated: string }) => r.statusLastUpdated);
    expect([...times].sort().reverse()).toEqual(times);
    const certified = await get(`/api/v1/parentagepets?matchStatusFilter=Certified&pageSize=100`);
    expect(
      certified.body.data.every((r: { matchStatus: number }) => r.matchStatus === ParentageMatchStatus.Certified),
    ).toBe(true);
    expect(certified.body.totalRecords).toBeGreaterThanOrEqual(11);
    const byName = await get('/api/v1/parentagepets?orderBy=Name&ascending=true&nameFilter=Puppy%200.');
    expect(byName.body.data.map((r: { puppyName: string }) => r.puppyName)).toEqual([
      'Puppy 0.0',
      'Puppy 0.1',
      'Puppy 0.2',
    ]);
    const oakRidge = await groupByName(t.database.db, 'Oak Ridge Apartments');
    expect((await get(`/api/v1/parentagepets?selectedGroupId=${oakRidge.id}`)).status).toBe(404);
    expect((await get('/api/v1/parentagepets?orderBy=Weight')).status).toBe(400);
    expect((await get('/api/v1/parentagepets', await t.login('pet.owner'))).status).toBe(403);
  });
});

describe('GET proof-of-parentage certificate', () => {
  test('a real PDF for a certified result; refused for one that is not; 404 outside scope', async () => {
    const trio = trios[1];
    const run = await execute({ puppy: trio.puppies[0], dam: trio.dam, sire: trio.sire });
    const id = run.body.parentageMatchResultId;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pdfdownload/getproofofparentagecertificate?parentageResultId=${id}`,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Proof of Parentage Certificate');
    expect(text).toContain(trio.dam);
    expect(text).toContain(trio.sire);
    expect(text).toContain('Verdict: Certified');
    // The figures as a registry reads them: the index to three significant figures, probabilities never 100 %.
    expect(text).toMatch(/Combined paternity index: (\d\.\d\d × 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+|[\d,.]+)/);
    expect(text).toMatch(/Probability of parentage \(prior 0\.5\): (> 99\.9999|\d{1,2}\.\d{4}) %/);
    expect(text).toMatch(/Probability of exclusion: (> 99\.9999|\d{1,2}\.\d{4}) %/);
    expect(text).not.toMatch(/100(\.0+)? ?%/);
    expect(text).toMatch(/Date tested: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(text).toMatch(/Markers tested: \d+/);
    expect(text).toMatch(/Markers failed: \d+/);
    expect(text).not.toMatch(/result \d+\./);
    const code = /\/verify\/([A-Z2-7]{24})/.exec(text)![1];
    expect(text).toMatch(/Certificate No\.: PP-\d{4}-\d{6}/);
    const verified = await t.call('GET', `/api/v1/certificates/verify?code=${code}`);
    expect(verified.body).toMatchObject({ kind: 'ProofOfParentage', status: 'Valid', sampleNumber: trio.puppies[0] });
    // Overridden by the lab: the certificate reads revoked, with the reason.
    const setId = run.body.parentageMatchResultSetId;
    const overridden = await t.call('POST', `/api/v1/parentageresulting/${setId}/overridematchresult/${id}`, {
      token: lab,
      body: { matchRunResult: 'Inconclusive', bioPetNotes: 'Sample mix-up suspected' },
    });
    expect(overridden.status).toBe(200);
    expect((await t.call('GET', `/api/v1/certificates/verify?code=${code}`)).body).toMatchObject({
      status: 'Revoked',
      statusReason: 'The parentage result was overridden to Inconclusive.',
    });
    const wrong = await execute({ puppy: trio.puppies[1], dam: trio.dam, sire: strangerMale });
    const refusedPdf = await get(
      `/api/v1/pdfdownload/getproofofparentagecertificate?parentageResultId=${wrong.body.parentageMatchResultId}`,
    );
    expect(refusedPdf.status).toBe(400);
    const outside = await execute({ puppy: propertyPuppy, dam: trio.dam, sire: trio.sire }, lab);
    expect(
      (
        await get(
          `/api/v1/pdfdownload/getproofofparentagecertificate?parentageResultId=${outside.body.parentageMatchResultId}`,
        )
      ).status,
    ).toBe(404);
  });
});
