// No-match clusters through the API on a scenario with known sources (the engine's generator): the samples of each
// unregistered dog land in one cluster of their own (truth test), the filters, every candidate action, the approved-only
// report and its export, bad input and access; then a rerun after registering an unknown dog empties its cluster.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserRole } from '@registry/contracts';
import { formatUsDate } from '@registry/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { pets } from '../../db/schema/index.ts';
import { groupByName, makeAdmin } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeScenario, uploadAndApprove, waitForRuns, type Scenario } from '../../../test/waste-matching.ts';

let t: TestApp;
let s: Scenario;
let lab: string;
const numberOf = (key: string) =>
  [...s.sources]
    .filter(([, k]) => k === key)
    .map(([n]) => n)
    .sort();

beforeAll(async () => {
  t = await startTestApp();
  s = await makeScenario(t, 2203);
  await waitForRuns(t, [...s.sources.keys()]);
  lab = await t.login('lab.admin');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = lab) => t.call('GET', url, { token });
const post = (url: string, body?: unknown, token = lab) => t.call('POST', url, { token, body });

type Candidate = {
  sampleNumber: string;
  status: number;
  approvalDate: string | null;
  associatedClusterId: number;
  associatedDnaProfileId: number;
  sampleId: number;
  isFiltered: boolean;
  alleles: unknown[];
  propertyCollectedFrom: { id: number; name: string } | null;
};
type Cluster = { id: number; status: number; numberOfCandidates: number; candidates: Candidate[] };
const numbersIn = (c: Cluster) => c.candidates.map((m) => m.sampleNumber).sort();
const keyOf = (m: Candidate) => ({
  associatedClusterId: m.associatedClusterId,
  associatedDnaProfileId: m.associatedDnaProfileId,
});
const clustersOfP = async (extra = '') =>
  (await get(`/api/v1/nomatchclusters?groupId=${s.P.id}&pageSize=25${extra}`)).body.data as Cluster[];
const clusterHolding = async (sampleNumber: string) =>
  (await get(`/api/v1/nomatchclusters?sampleNumberFilter=${sampleNumber}`)).body.data[0] as Cluster;

describe('clusters kept current by the match runs', () => {
  it('puts the samples of each unregistered dog in one cluster of their own; matched samples in none', async () => {
    const clusters = await clustersOfP();
    // u1 left three samples, u2 two, and the far property's dog one (no match on P): three clusters.
    expect(clusters.map(numbersIn).sort((a, b) => b.length - a.length)).toEqual([
      numberOf('u1'),
      numberOf('u2'),
      numberOf('r'),
    ]);
    const all = clusters.flatMap(numbersIn);
    for (const key of ['a1', 'a2', 'b', 'm']) for (const n of numberOf(key)) expect(all).not.toContain(n);
    const u1 = clusters.find((c) => c.numberOfCandidates === 3)!;
    expect(u1.status).toBe(0);
    expect(u1.candidates[0]).toMatchObject({
      status: 0,
      approvalDate: null,
      associatedClusterId: u1.id,
      propertyCollectedFrom: { id: s.P.id, name: s.P.name },
    });
    expect(u1.candidates[0].alleles.length).toBeGreaterThan(10);
    expect(u1.candidates[0].sampleId).toBe(s.wasteIds.get(u1.candidates[0].sampleNumber));
    const summary = await get(`/api/v1/nomatchclusters/summary?id=${u1.id}`);
    expect(numbersIn(summary.body)).toEqual(numberOf('u1'));
  });

  it('filters by repeated, sample number, group and status; default page size 5; orders', async () => {
    expect(
      (await clustersOfP('&showRepeatedFilter=true'))
        .map(numbersIn)
        .map((n) => n.length)
        .sort(),
    ).toEqual([2, 3]);
    const [first] = numberOf('u2');
    const found = await get(`/api/v1/nomatchclusters?sampleNumberFilter=${first.toLowerCase()}`);
    expect(found.body.totalRecords).toBe(1);
    expect(
      found.body.data[0].candidates.filter((m: Candidate) => m.isFiltered).map((m: Candidate) => m.sampleNumber),
    ).toEqual([first]);
    expect((await get(`/api/v1/nomatchclusters?groupId=${s.Q.id}`)).body.totalRecords).toBe(0);
    const firm = await groupByName(t.database.db, 'Harbor Property Management');
    expect(
      (await get(`/api/v1/nomatchclusters?groupId=${firm.id}&pageSize=25`)).body.totalRecords,
    ).toBeGreaterThanOrEqual(3);
    expect(await clustersOfP('&showApprovedFilter=true')).toEqual([]);
    expect(await clustersOfP('&showPendingFilter=true')).toHaveLength(3);
    const byCount = await clustersOfP('&orderBy=NumberOfCandidates&ascending=false');
    expect(byCount.map((c) => c.numberOfCandidates)).toEqual([3, 2, 1]);
    const paged = await get(`/api/v1/nomatchclusters?groupId=${s.P.id}&pageSize=2&page=2`);
    expect(paged.body).toMatchObject({ totalRecords: 3 });
    expect(paged.body.data).toHaveLength(1);
    const all = await get('/api/v1/nomatchclusters');
    expect(all.body.data.length).toBe(Math.min(5, all.body.totalRecords));
  });
});

describe('candidate actions', () => {
  it('deny, approve, approve as single and move back with approval; audited in the cluster views', async () => {
    const u1 = await clusterHolding(numberOf('u1')[0]);
    const [a, b, c] = u1.candidates;
    const denied = await post('/api/v1/nomatchclusters/denycandidate', keyOf(a));
    expect(denied.status).toBe(200);
    expect(denied.body.candidates.find((m: Candidate) => m.sampleNumber === a.sampleNumber).status).toBe(2);
    const approved = await post('/api/v1/nomatchclusters/approvecandidate', keyOf(a));
    const mine = approved.body.candidates.find((m: Candidate) => m.sampleNumber === a.sampleNumber);
    expect(mine.status).toBe(1);
    expect(mine.approvalDate).not.toBeNull();
    // Approve as single: b leaves into a cluster of its own, approved.
    const single = await post('/api/v1/nomatchclusters/approvecandidateassingle', keyOf(b));
    expect(single.status).toBe(200);
    expect(single.body.id).not.toBe(u1.id);
    expect(single.body).toMatchObject({ numberOfCandidates: 1, status: 1 });
    expect(numbersIn(single.body)).toEqual([b.sampleNumber]);
    expect((await get(`/api/v1/nomatchclusters/summary?id=${u1.id}`)).body.numberOfCandidates).toBe(2);
    // The eligible clusters for b, searched by the sample number of c: u1's cluster.
    const eligible = await get(
      `/api/v1/nomatchclusters/geteligibleclustersforcandidate?candidateClusterId=${single.body.id}&candidateDnaProfileId=${b.associatedDnaProfileId}&sampleNumberFilter=${c.sampleNumber}`,
    );
    expect(eligible.status).toBe(200);
    expect(eligible.body.data.map((x: Cluster) => x.id)).toEqual([u1.id]);
    const moved = await post('/api/v1/nomatchclusters/movecandidate', {
      candidateKey: { associatedClusterId: single.body.id, associatedDnaProfileId: b.associatedDnaProfileId },
      destinationClusterId: u1.id,
      approveAfterMove: true,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.id).toBe(u1.id);
    expect(numbersIn(moved.body)).toEqual(numberOf('u1'));
    expect(moved.body.candidates.find((m: Candidate) => m.sampleNumber === b.sampleNumber).status).toBe(1);
    // The emptied single cluster is gone.
    expect((await get(`/api/v1/nomatchclusters/summary?id=${single.body.id}`)).status).toBe(404);
    // Refusals: the same cluster, a missing destination, a missing candidate.
    const sameCluster = await post('/api/v1/nomatchclusters/movecandidate', {
      candidateKey: keyOf(c),
      destinationClusterId: u1.id,
    });
    expect(sameCluster.status).toBe(400);
    expect(sameCluster.body.exceptionMessage).toBe('The candidate is already in this cluster.');
    expect(
      (await post('/api/v1/nomatchclusters/movecandidate', { candidateKey: keyOf(c), destinationClusterId: 999999 }))
        .status,
    ).toBe(404);
    expect(
      (
        await post('/api/v1/nomatchclusters/approvecandidate', {
          associatedClusterId: u1.id,
          associatedDnaProfileId: 999999,
        })
      ).status,
    ).toBe(404);
    expect((await get('/api/v1/nomatchclusters/summary?id=999999')).status).toBe(404);
  });

  it('approve selected (nothing selected does nothing) and approve all single under the filter', async () => {
    const none = await post('/api/v1/nomatchclusters/approveselectedcandidates', []);
    expect(none.body).toEqual({ count: 0, message: 'Approved successfully.' });
    const u2 = await clusterHolding(numberOf('u2')[0]);
    const selected = await post('/api/v1/nomatchclusters/approveselectedcandidates', u2.candidates.map(keyOf));
    expect(selected.body.count).toBe(2);
    expect((await get(`/api/v1/nomatchclusters/summary?id=${u2.id}`)).body.status).toBe(1);
    // Approve all single on Q's filter touches nothing; on P's it approves r's single.
    expect((await post('/api/v1/nomatchclusters/approvesinglecandidates', { groupId: s.Q.id })).body.count).toBe(0);
    const singles = await post('/api/v1/nomatchclusters/approvesinglecandidates', { groupId: s.P.id });
    expect(singles.body.count).toBe(1);
    expect((await clusterHolding(numberOf('r')[0])).candidates[0].status).toBe(1);
    const today = formatUsDate(new Date());
    expect(await clustersOfP(`&showApprovedFilter=true&approvalDateStartFilter=01/01/2020`)).toHaveLength(3);
    expect(await clustersOfP(`&approvalDateStartFilter=01/01/2020&approvalDateEndFilter=01/02/2020`)).toHaveLength(0);
    expect((await clustersOfP(`&approvalDateEndFilter=${today}`)).length).toBeGreaterThan(0);
  });
});

describe('the approved-only report', () => {
  it('lists approved clusters with only approved candidates; pending or denied asked is an error; the export', async () => {
    const denyOne = await clusterHolding(numberOf('u1')[2]);
    const target = denyOne.candidates.find((m) => m.sampleNumber === numberOf('u1')[2])!;
    await post('/api/v1/nomatchclusters/denycandidate', keyOf(target));
    const report = await get(`/api/v1/nomatchclusters/getapprovedonly?groupId=${s.P.id}`);
    expect(report.status).toBe(200);
    const shown = (report.body.data as Cluster[]).flatMap(numbersIn).sort();
    expect(shown).toEqual(
      [...numberOf('u1').filter((n) => n !== target.sampleNumber), ...numberOf('u2'), ...numberOf('r')].sort(),
    );
    const refused = await get('/api/v1/nomatchclusters/getapprovedonly?showPendingFilter=true');
    expect(refused.status).toBe(400);
    expect(refused.body.exceptionMessage).toBe('The no-match clusters report shows approved clusters only.');
    expect((await get('/api/v1/nomatchclusters/getapprovedonly?showDeniedFilter=true')).status).toBe(400);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reportsgenerator/getnomatchclusterreportcsv?groupId=${s.P.id}`,
      headers: { authorization: `Bearer ${lab}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Cluster Id,Sample Number,Property,Date Collected,Approval Date,Samples In Cluster');
    expect(lines).toHaveLength(1 + shown.length);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reportsgenerator/getnomatchclusterreportcsv?groupId=${s.P.id}&format=xlsx`,
      headers: { authorization: `Bearer ${lab}` },
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const firm = await groupByName(t.database.db, 'Harbor Property Management');
    const notProperty = await get(`/api/v1/reportsgenerator/getnomatchclusterreportcsv?groupId=${firm.id}`);
    expect(notProperty.status).toBe(400);
    expect(notProperty.body.exceptionMessage).toBe('Select a property to download the cluster CSV.');
  });
});

describe('bad input and access', () => {
  it('refuses bad input with 400', async () => {
    for (const url of [
      '/api/v1/nomatchclusters?groupId=abc',
      '/api/v1/nomatchclusters?pageSize=1000',
      '/api/v1/nomatchclusters?orderBy=Nonsense',
      '/api/v1/nomatchclusters?approvalDateStartFilter=13/45/2020',
      '/api/v1/nomatchclusters/summary',
      '/api/v1/nomatchclusters/geteligibleclustersforcandidate?candidateClusterId=1',
      '/api/v1/reportsgenerator/getnomatchclusterreportcsv',
    ])
      expect([url, (await get(url)).status]).toEqual([url, 400]);
    expect((await post('/api/v1/nomatchclusters/approvecandidate', { associatedClusterId: 'x' })).status).toBe(400);
    expect((await post('/api/v1/nomatchclusters/movecandidate', { destinationClusterId: 1 })).status).toBe(400);
    expect((await post('/api/v1/nomatchclusters/approveselectedcandidates', { x: 1 })).status).toBe(400);
  });

  it('an unknown group is 404; the lab only acts; staff read; admins and pet owners are refused', async () => {
    expect((await get('/api/v1/nomatchclusters?groupId=999999')).status).toBe(404);
    expect((await get('/api/v1/nomatchclusters/getapprovedonly?groupId=999999')).status).toBe(404);
    const service = await t.login('service.admin');
    expect((await get(`/api/v1/nomatchclusters?groupId=${s.P.id}`, service)).status).toBe(200);
    const someone = await clusterHolding(numberOf('u2')[0]);
    expect((await post('/api/v1/nomatchclusters/approvecandidate', keyOf(someone.candidates[0]), service)).status).toBe(
      403,
    );
    const manager = await t.login(s.manager.userName);
    const property = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: s.P.id });
    for (const token of [manager, await t.login(property.userName), await t.login('pet.owner')]) {
      expect((await get('/api/v1/nomatchclusters', token)).status).toBe(403);
      expect((await get(`/api/v1/nomatchclusters/getapprovedonly?groupId=${s.P.id}`, token)).status).toBe(403);
      expect((await post('/api/v1/nomatchclusters/denycandidate', keyOf(someone.candidates[0]), token)).status).toBe(
        403,
      );
    }
    expect((await t.call('GET', '/api/v1/nomatchclusters')).status).toBe(401);
  });
});

describe('a rerun after the unknown dog is registered', () => {
  it('turns its cluster samples into matches and takes them out of the clusters', { timeout: 120_000 }, async () => {
    const u2 = numberOf('u2');
    await t.database.db
      .insert(pets)
      .values({ name: 'Dog u2', sampleNumber: s.dogs.u2.sampleNumber, petOwnerId: s.owners.p.id });
    await uploadAndApprove(t, [{ sampleName: s.dogs.u2.sampleNumber, profile: s.dogs.u2.profile }], 'u2-2203', s.pop);
    const started = await post('/api/v1/pooprintsresulting/rerunallnomatches', { groupId: s.P.id });
    expect(started.status).toBe(200);
    let status = started.body;
    for (let i = 0; i < 400 && status.isInProgress; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await get('/api/v1/pooprintsresulting/getrerunallnomatchesstatus')).body;
    }
    expect(status).toMatchObject({ status: 'Completed' });
    const after = await waitForRuns(t, u2, 2);
    for (const n of u2)
      expect(after.get(n)).toMatchObject({ status: 'Match', matchedSampleNumber: s.dogs.u2.sampleNumber });
    const clusters = await clustersOfP();
    const all = clusters.flatMap(numbersIn);
    for (const n of u2) expect(all).not.toContain(n);
    // u1's samples (still unknown) stay in their cluster.
    expect(clusters.map(numbersIn)).toContainEqual(numberOf('u1'));
  });
});

describe('a deleted waste sample', () => {
  it('takes the cluster it was the only member of with it; a cluster with others keeps them', async () => {
    const clusterRows = (id: number) =>
      queryRows(t.database.db, sql`select id from no_match_clusters where id = ${id}`);
    const remove = (sampleNumber: string) =>
      t.call('DELETE', `/api/v1/wastesamples/${s.wasteIds.get(sampleNumber)}?confirmation=${sampleNumber}`, {
        token: lab,
      });
    const [r] = numberOf('r');
    const single = await clusterHolding(r);
    expect(single.numberOfCandidates).toBe(1);
    const before = await clustersOfP();
    expect((await remove(r)).status).toBe(200);
    expect((await get(`/api/v1/nomatchclusters/summary?id=${single.id}`)).status).toBe(404);
    expect(await clusterRows(single.id)).toEqual([]);
    const after = await clustersOfP();
    expect(after.map((c) => c.id).sort()).toEqual(
      before
        .map((c) => c.id)
        .filter((id) => id !== single.id)
        .sort(),
    );
    expect(after.every((c) => c.numberOfCandidates > 0)).toBe(true);
    // One of several members: the cluster stays with the others.
    const [first, ...rest] = numberOf('u1');
    const shared = await clusterHolding(first);
    expect((await remove(first)).status).toBe(200);
    const kept = await get(`/api/v1/nomatchclusters/summary?id=${shared.id}`);
    expect(kept.status).toBe(200);
    expect(numbersIn(kept.body)).toEqual(rest);
  });
});
