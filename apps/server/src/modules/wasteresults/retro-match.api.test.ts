// Retroactive matching on a scenario with known sources: a dog's approval and its owner's move in rerun the open waste
// results of the property (a changed result is a rerun waiting for approval; NoMatch to Match sends its own letter), a
// NoMatch approved while a dog profile is under review needs confirmation, and a plate's waste samples run as one job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { pets, preRegisteredResidents, wasteSamples } from '../../db/schema/index.ts';
import { makePetOwner } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  matchedScenario,
  newSampleNumber,
  uploadAndApprove,
  uploadPlate,
  waitForRuns,
  type MatchedScenario,
} from '../../../test/waste-matching.ts';

let t: TestApp;
let s: MatchedScenario;
let strangerSet: number;

beforeAll(async () => {
  t = await startTestApp();
  s = await matchedScenario(t, 3303);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = s.lab) => t.call('GET', url, { token });
const post = (url: string, body?: unknown, token = s.lab) => t.call('POST', url, { token, body });
const setView = async (id: number) => (await get(`/api/v1/pooprintsmatchresultset/${id}`)).body;
/** Waits until no job of the queue is waiting or running. */
async function waitForJobs(name: string) {
  for (let i = 0; i < 80; i++) {
    const [{ n }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')`,
    );
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} jobs still pending`);
}
const jobCount = async (name: string) =>
  (
    await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from pgboss.job where name = ${name}`)
  )[0].n;

describe('retroactive matching', () => {
  it('reruns the open results of a property when a dog of it is approved; NoMatch to Match is told once approved', async () => {
    const told = s.numbersOf('u1')[0];
    const toldSet = s.setOf('u1');
    const noMatch = (await setView(toldSet)).matchHistory[0];
    expect(noMatch.status).toBe('NoMatch');
    expect((await post(`/api/v1/pooprintsresulting/approvematchresult/${noMatch.matchResultId}`)).status).toBe(200);
    await t.smtp.waitFor((m) => m.subject === `DNA match result for ${told}: No Match`);

    // u1 registered with P's owner, then its profile approved: P's open results are matched again.
    await t.database.db
      .insert(pets)
      .values({ name: 'Dog u1', sampleNumber: s.dogs.u1.sampleNumber, petOwnerId: s.owners.p.id });
    await uploadAndApprove(t, [{ sampleName: s.dogs.u1.sampleNumber, profile: s.dogs.u1.profile }], 'u1-3303', s.pop);
    const after = await waitForRuns(t, s.numbersOf('u1'), 2);
    for (const n of s.numbersOf('u1'))
      expect(after.get(n)).toMatchObject({ status: 'Match', matchedSampleNumber: s.dogs.u1.sampleNumber, runs: 2 });
    const view = await setView(toldSet);
    expect(view.matchHistory[0]).toMatchObject({ status: 'Match', isRerun: true, isApproved: false });
    expect(view.currentlyApprovedResultId).toBe(noMatch.matchResultId);
    expect(view.changes).toEqual([expect.objectContaining({ fromStatus: 'NoMatch', toStatus: 'Match' })]);
    // The other no-matches of P (u2's, r's) did not change: no new run stored for them.
    const others = await waitForRuns(t, [...s.numbersOf('u2'), ...s.numbersOf('r')]);
    for (const run of others.values()) expect(run).toMatchObject({ status: 'NoMatch', runs: 1 });
    // A rerun that gives the same result stores nothing (a1's Match, not yet approved, reran to the same dog).
    expect((await waitForRuns(t, s.numbersOf('a1'))).get(s.numbersOf('a1')[0])!.runs).toBe(1);

    expect(
      (await post(`/api/v1/pooprintsresulting/approvematchresult/${view.matchHistory[0].matchResultId}`)).status,
    ).toBe(200);
    const nowMatch = await t.smtp.waitFor((m) => m.subject === `DNA match result for ${told}: Now a Match`);
    expect(nowMatch.to).toContain(s.manager.email);
    expect(nowMatch.text).toContain(s.dogs.u1.sampleNumber);
    const news = (await get('/api/v1/notifications/getrecentnotifications', s.managerToken)).body.data;
    expect(news).toContainEqual(
      expect.objectContaining({ type: 'PooPrintsMatchResult', message: `Waste sample ${told}: Match approved` }),
    );
  });

  it('reruns them when the owner of an approved dog moves into the property', async () => {
    const [sample] = s.numbersOf('r');
    expect(s.runs.get(sample)).toMatchObject({ status: 'NoMatch' });
    const moved = await t.call('PUT', `/api/v1/petownergroups/${s.P.id}/petowners/${s.owners.r.id}`, { token: s.lab });
    expect(moved.status).toBe(200);
    const after = await waitForRuns(t, [sample], 2);
    expect(after.get(sample)).toMatchObject({ status: 'Match', matchedSampleNumber: s.dogs.r.sampleNumber });
  });

  it('reruns them when a resident transfer moves a dog owner in; an approval elsewhere leaves them alone', async () => {
    // u2 registered with a new owner on the far property R (a resident there), its profile approved: no P result moves.
    const owner = await makePetOwner(t.database.db, { groupId: s.R.id });
    const [resident] = await t.database.db
      .insert(preRegisteredResidents)
      .values({
        groupId: s.R.id,
        userId: owner.id,
        firstName: 'Owner',
        lastName: owner.userName,
        hasDogs: true,
        status: 20,
      })
      .returning();
    await t.database.db
      .insert(pets)
      .values({ name: 'Dog u2', sampleNumber: s.dogs.u2.sampleNumber, petOwnerId: owner.id });
    await uploadAndApprove(t, [{ sampleName: s.dogs.u2.sampleNumber, profile: s.dogs.u2.profile }], 'u2-3303', s.pop);
    await waitForJobs('waste-retro-match');
    for (const run of (await waitForRuns(t, s.numbersOf('u2'))).values())
      expect(run).toMatchObject({ status: 'NoMatch', runs: 1 });
    const moved = await post(`/api/v1/groups/${s.R.id}/residents/bulktransfer`, {
      residentIds: [resident.id],
      destinationId: s.P.id,
    });
    expect(moved.status).toBe(200);
    const after = await waitForRuns(t, s.numbersOf('u2'), 2);
    for (const run of after.values())
      expect(run).toMatchObject({ status: 'Match', matchedSampleNumber: s.dogs.u2.sampleNumber });
  });

  it('runs the waste samples of an approved plate as one job, each within seconds of the approval', async () => {
    const numbers = Array.from({ length: 6 }, () => newSampleNumber('TD'));
    for (const sampleNumber of numbers)
      await t.database.db.insert(wasteSamples).values({ sampleNumber, propertyId: s.P.id });
    const before = await jobCount('waste-match');
    // The last sample was left by a dog nobody registered (a NoMatch, for the next test).
    const stranger = s.pop.dog();
    const wastes = numbers.map((sampleName, i) => ({
      sampleName,
      profile: s.pop.wasteFrom(i === numbers.length - 1 ? stranger : s.dogs.a2.profile, {
        offLadderRate: 0,
        dropoutRate: 0,
        missingRate: 0,
      }),
    }));
    await uploadAndApprove(t, wastes, 'batch-3303', s.pop);
    const approvedAt = Date.now();
    const stored = await waitForRuns(t, numbers, 1, 10_000);
    const elapsed = Date.now() - approvedAt;
    expect(await jobCount('waste-match')).toBe(before + 1);
    for (const n of numbers.slice(0, -1))
      expect(stored.get(n)).toMatchObject({ status: 'Match', matchedSampleNumber: s.dogs.a2.sampleNumber });
    expect(stored.get(numbers.at(-1)!)).toMatchObject({ status: 'NoMatch' });
    strangerSet = stored.get(numbers.at(-1)!)!.resultSetId;
    // The bound is 2 s on a quiet machine; a shared test machine gets headroom.
    expect(elapsed).toBeLessThan(8_000);
  });

  it('asks before approving a NoMatch while a dog profile of the property or an adjacent one is under review', async () => {
    // A new dog of the adjacent property Q: its profile is uploaded, not yet approved.
    const x = newSampleNumber('DN');
    await t.database.db.insert(pets).values({ name: 'Dog x', sampleNumber: x, petOwnerId: s.owners.q.id });
    await uploadPlate(t, [{ sampleName: x, profile: s.pop.dog() }], 'x-3303', s.pop);
    const result = (await setView(strangerSet)).matchHistory[0];
    expect(result.status).toBe('NoMatch');
    const url = `/api/v1/pooprintsresulting/approvematchresult/${result.matchResultId}`;
    const asked = await post(url);
    expect(asked.status).toBe(400);
    expect(asked.body.pendingSampleNumbers).toEqual([x]);
    expect(asked.body.exceptionMessage).toContain(x);
    expect((await setView(strangerSet)).currentlyApprovedResultId).toBeNull();
    expect((await post(`${url}?confirm=maybe`)).status).toBe(400);
    const confirmed = await post(`${url}?confirm=true`);
    expect(confirmed.status).toBe(200);
    expect((await setView(strangerSet)).currentlyApprovedResultId).toBe(result.matchResultId);
    // The property's admins are told in the product's words, never the result's code ('NoMatch').
    const news = (await get('/api/v1/notifications/getrecentnotifications', s.managerToken)).body.data;
    const { sampleNumber } = await setView(strangerSet);
    expect(news.map((n: { message: string }) => n.message)).toContain(
      `Waste sample ${sampleNumber}: No match approved`,
    );
  });
});
