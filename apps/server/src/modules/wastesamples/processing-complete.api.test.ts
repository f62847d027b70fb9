// A waste sample's processing is complete once its match result is approved (spec 3: DNA processing complete): the
// status moves on with a history entry, whether one result or a batch by result is approved; unapproved ones stay.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SampleCustomerStatus } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeScenario, waitForRuns, type Scenario, type StoredRun } from '../../../test/waste-matching.ts';

let t: TestApp;
let s: Scenario;
let lab: string;
let runs: Map<string, StoredRun>;
const numbersOf = (key: string) => [...s.sources].filter(([, k]) => k === key).map(([n]) => n);

beforeAll(async () => {
  t = await startTestApp();
  s = await makeScenario(t, 3303);
  runs = await waitForRuns(t, [...s.sources.keys()]);
  lab = await t.login('lab.admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const statusOf = async (sampleNumber: string, token = lab) =>
  (await t.call('GET', `/api/v1/wastesamples/getwastesamplebysamplenumber?sampleNumber=${sampleNumber}`, { token }))
    .body.customerFacingStatus;

it('approving a result completes its sample; approving by result completes the batch; the rest stay', async () => {
  const [first] = numbersOf('a1');
  const set = (await t.call('GET', `/api/v1/pooprintsmatchresultset/${runs.get(first)!.resultSetId}`, { token: lab }))
    .body;
  const approved = await t.call(
    'POST',
    `/api/v1/pooprintsresulting/approvematchresult/${set.matchHistory[0].matchResultId}`,
    { token: lab },
  );
  expect(approved.status).toBe(200);
  const manager = await t.login(s.manager.userName);
  expect(await statusOf(first, manager)).toBe(SampleCustomerStatus.DnaProcessingComplete);
  const history = await t.call('GET', `/api/v1/wastesamples/getsamplehistory?sampleNumber=${first}`, { token: lab });
  expect(JSON.stringify(history.body)).toContain('resultApproved');
  // Nothing else was approved yet.
  expect(await statusOf(numbersOf('u1')[0])).not.toBe(SampleCustomerStatus.DnaProcessingComplete);
  expect(await statusOf(numbersOf('b')[0])).not.toBe(SampleCustomerStatus.DnaProcessingComplete);

  const batch = await t.call('POST', '/api/v1/pooprintsresulting/approveunapprovedmatchresultsetsbyresult', {
    token: lab,
    body: { result: 'NoMatch' },
  });
  expect(batch.status).toBe(200);
  expect(batch.body.approvedCount).toBe(numbersOf('u1').length + numbersOf('u2').length + numbersOf('r').length);
  for (const sampleNumber of [...numbersOf('u1'), ...numbersOf('u2')])
    expect(await statusOf(sampleNumber)).toBe(SampleCustomerStatus.DnaProcessingComplete);
  expect(await statusOf(numbersOf('a2')[0])).not.toBe(SampleCustomerStatus.DnaProcessingComplete);

  // The property's dashboard counts its samples by approved result.
  const dashboard = await t.call('GET', `/api/v1/groupdashboard?groupId=${s.P.id}`, { token: manager });
  expect(dashboard.body.wasteSamples.counts).toMatchObject({
    match: 1,
    // The unknown dogs' samples and the far property's dog's (not a candidate at P).
    noMatch: batch.body.approvedCount,
    fail: 0,
    nonCanine: 0,
    dnaProcessingComplete: 1 + batch.body.approvedCount,
  });
});
