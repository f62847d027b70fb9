// The analyst's override on a scenario with known sources: a Match names a dog of the property (a listed candidate, a
// property dog's, an adjacent or moved-out owner's sample number), an outsider's dog is refused, a NoMatch or Fail set by
// hand needs notes; the overridden dog is named by the set, the result list, the TD report, the letter and the certificate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-reader.ts';
import { matchedScenario, type MatchedScenario } from '../../../test/waste-matching.ts';

let t: TestApp;
let s: MatchedScenario;

beforeAll(async () => {
  t = await startTestApp();
  s = await matchedScenario(t, 4404);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = s.lab) => t.call('GET', url, { token });
const post = (url: string, body?: unknown, token = s.lab) => t.call('POST', url, { token, body });
const save = (setId: number, body: unknown) => post(`/api/v1/pooprintsresulting/savenewmatchresultsrun/${setId}`, body);

describe('the analyst override', () => {
  it('overrides a NoMatch to Match with a dog of the property: the dog, its statistic and the disagreeing markers stored', async () => {
    const id = s.setOf('u1');
    expect((await get(`/api/v1/pooprintsmatchresultset/${id}`)).body.matchHistory[0].status).toBe('NoMatch');
    // No dog named: refused, naming the field.
    const noDog = await save(id, { matchRunResult: 'Match', bioPetNotes: 'Seen on camera' });
    expect(noDog.status).toBe(400);
    expect(noDog.body.modelState.sampleNumberOverride[0]).toContain('Name the dog that matched');
    const saved = await save(id, {
      matchRunResult: 'Match',
      sampleNumberOverride: s.dogs.a1.sampleNumber.toLowerCase(),
      bioPetNotes: 'Seen on camera',
    });
    expect(saved.status).toBe(200);
    const run = saved.body.matchHistory[0];
    expect(run).toMatchObject({
      status: 'Match',
      isAnalystOverride: true,
      matchedSampleNumber: s.dogs.a1.sampleNumber,
      matchingPet: { petOwnerId: s.owners.p.id, sampleNumber: s.dogs.a1.sampleNumber },
      isAdjacentPropertyMatch: false,
      isMoveOut: false,
      bioPetNotes: 'Seen on camera',
    });
    // Another dog than the one that left it: most markers disagree, and the statistic counts only the others.
    expect(run.disagreeingMarkers.length).toBeGreaterThan(3);
    expect(run.oneInText).toMatch(/^(more than )?1 in [\d,]+$/);
    expect(run.petDnaProfiles[0].sampleNumber).toBe(s.dogs.a1.sampleNumber);

    // Approved: the result list, the TD report, the letter and the certificate name the dog.
    expect((await post(`/api/v1/pooprintsresulting/approvematchresult/${run.matchResultId}`)).status).toBe(200);
    const listed = await get(
      `/api/v1/wasteresults/getbygroup?selectedGroupId=${s.P.id}&samplenumber=${s.numbersOf('u1')[0]}`,
      s.managerToken,
    );
    expect(listed.body.data).toEqual([
      expect.objectContaining({ status: 'Match', matchedSampleNumber: s.dogs.a1.sampleNumber, isApproved: true }),
    ]);
    const td = await get(`/api/v1/tdreport?sampleNumber=${s.dogs.a1.sampleNumber}`);
    expect(td.status).toBe(200);
    expect(td.body.data[0].matchResults.map((m: { wasteSampleNumber: string }) => m.wasteSampleNumber)).toContain(
      s.numbersOf('u1')[0],
    );
    const letter = await t.smtp.waitFor((m) => m.subject === `DNA match result for ${s.numbersOf('u1')[0]}: Match`);
    expect(letter.text).toContain(s.dogs.a1.sampleNumber);
    expect(letter.text).toContain('The match was confirmed by the lab');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pdfdownload/getpooprintsresultcertificate?pooPrintsResultSetId=${id}`,
      headers: { authorization: `Bearer ${s.managerToken}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Dog: Dog a1 (${s.dogs.a1.sampleNumber})`);
    expect(text).toContain('Confirmed by the analyst');
    expect(text).toContain('Analyst notes: Seen on camera');
    expect(text).toContain('Markers that disagree');
  });

  it('accepts a listed candidate, an adjacent property’s dog and a moved-out owner’s dog; refuses an outsider’s', async () => {
    // The run of m's sample lists m (its owner moved out of P): picking it from the list keeps the engine's Match.
    const listed = (await get(`/api/v1/pooprintsresulting/previewnewtestresult?matchResultSetId=${s.setOf('m')}`)).body;
    expect(listed.petDnaProfiles[0].sampleNumber).toBe(s.dogs.m.sampleNumber);
    const picked = await save(s.setOf('m'), {
      matchRunResult: 'Match',
      sampleNumberOverride: listed.petDnaProfiles[0].sampleNumber,
    });
    expect(picked.body.matchHistory[0]).toMatchObject({ matchedSampleNumber: s.dogs.m.sampleNumber, isMoveOut: true });
    const id = s.setOf('u2');
    const adjacent = await save(id, { matchRunResult: 'Match', sampleNumberOverride: s.dogs.b.sampleNumber });
    expect(adjacent.status).toBe(200);
    expect(adjacent.body.matchHistory[0]).toMatchObject({
      matchedSampleNumber: s.dogs.b.sampleNumber,
      isAdjacentPropertyMatch: true,
      isAnalystOverride: true,
    });
    const movedOut = await save(id, { matchRunResult: 'Match', sampleNumberOverride: s.dogs.m.sampleNumber });
    expect(movedOut.body.matchHistory[0]).toMatchObject({
      matchedSampleNumber: s.dogs.m.sampleNumber,
      isMoveOut: true,
    });

    const runsBefore = (await get(`/api/v1/pooprintsmatchresultset/${id}`)).body.matchHistory.length;
    const outsider = await save(id, { matchRunResult: 'Match', sampleNumberOverride: s.dogs.r.sampleNumber });
    expect(outsider.status).toBe(400);
    expect(outsider.body.modelState.sampleNumberOverride).toEqual([
      `${s.dogs.r.sampleNumber} is not a dog of this property, of an adjacent property or of an owner who moved out of it.`,
    ]);
    expect((await save(id, { matchRunResult: 'Match', sampleNumberOverride: 'DN0000001' })).status).toBe(400);
    // A refusal stores nothing.
    expect((await get(`/api/v1/pooprintsmatchresultset/${id}`)).body.matchHistory).toHaveLength(runsBefore);
  });

  it('needs notes to override to NoMatch or Fail, and then stores no dog', async () => {
    const id = s.setOf('a2');
    expect((await get(`/api/v1/pooprintsmatchresultset/${id}`)).body.matchHistory[0].status).toBe('Match');
    for (const result of ['NoMatch', 'Fail']) {
      const refused = await save(id, { matchRunResult: result });
      expect(refused.status).toBe(400);
      expect(refused.body.modelState.bioPetNotes).toEqual([`Notes are required to override the result to ${result}.`]);
      expect((await save(id, { matchRunResult: result, bioPetNotes: '   ' })).status).toBe(400);
    }
    const withDog = await save(id, {
      matchRunResult: 'NoMatch',
      bioPetNotes: 'Contaminated swab',
      sampleNumberOverride: s.dogs.a2.sampleNumber,
    });
    expect(withDog.body.modelState.sampleNumberOverride).toEqual(['A dog is named only for a Match.']);
    const saved = await save(id, { matchRunResult: 'NoMatch', bioPetNotes: 'Contaminated swab' });
    expect(saved.status).toBe(200);
    expect(saved.body.matchHistory[0]).toMatchObject({
      status: 'NoMatch',
      isAnalystOverride: true,
      matchedSampleNumber: null,
      matchingPet: null,
      oneInText: null,
    });
  });
});
