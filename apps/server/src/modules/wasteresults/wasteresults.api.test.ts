// The "Results" calls (spec 3 §7) on a scenario with known sources: reading in scope (the property's admins, the lab),
// the lab's approvals and runs, refusals, bad input, the certificate PDF and the email to the primary admin; then
// rerun all no-matches after the unknown dog is registered, with its progress and change records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { auditLog, emailLog, pets } from '../../db/schema/index.ts';
import { UserRole } from '@registry/contracts';
import { groupByName, makeAdmin, makeOtherDistributorship } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { matchedScenario, uploadAndApprove, waitForRuns, type MatchedScenario } from '../../../test/waste-matching.ts';

/** Waits until no retroactive match job is waiting or running. */
async function retroJobsDone() {
  for (let i = 0; i < 200; i++) {
    const [open] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'waste-retro-match' and state in ('created', 'retry', 'active')`,
    );
    if (open.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('retroactive match jobs still open');
}

let t: TestApp;
let s: MatchedScenario;

beforeAll(async () => {
  t = await startTestApp();
  s = await matchedScenario(t, 2202);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = s.lab) => t.call('GET', url, { token });
const post = (url: string, body?: unknown, token = s.lab) => t.call('POST', url, { token, body });

describe('result sets', () => {
  it('answers a set with its history, comparison and statistics; 401, 403 and 404 as the rules say', async () => {
    const id = s.setOf('a1');
    const res = await get(`/api/v1/pooprintsresulting/getmatchresultset?matchResultSetId=${id}`, s.managerToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matchResultSetId: id, propertyId: s.P.id, hasAccessToPetOwner: true });
    const [run] = res.body.matchHistory;
    expect(run).toMatchObject({ status: 'Match', matchedSampleNumber: s.dogs.a1.sampleNumber, globalResultsCount: 1 });
    expect(run.oneInText).toMatch(/^(more than )?1 in [\d,]+$/);
    expect(run.wasteDnaProfile.length).toBeGreaterThan(10);
    expect(run.petDnaProfiles[0].sampleNumber).toBe(s.dogs.a1.sampleNumber);
    expect((await get(`/api/v1/pooprintsmatchresultset/${id}`, s.managerToken)).body.matchResultSetId).toBe(id);

    expect((await t.call('GET', `/api/v1/pooprintsmatchresultset/${id}`)).status).toBe(401);
    expect((await get(`/api/v1/pooprintsmatchresultset/${id}`, await t.login('pet.owner'))).status).toBe(403);
    // Another distributorship's property manager: outside scope answers like a missing set.
    const other = await makeOtherDistributorship(t.database.db);
    const stranger = await t.login(other.propertyManager.userName);
    expect((await get(`/api/v1/pooprintsmatchresultset/${id}`, stranger)).status).toBe(404);
    expect((await get('/api/v1/pooprintsmatchresultset/999999', s.lab)).status).toBe(404);
    expect((await get('/api/v1/pooprintsresulting/getmatchresultset?matchResultSetId=abc')).status).toBe(400);
    expect((await get('/api/v1/pooprintsresulting/getmatchresultset')).status).toBe(400);
  });

  it('shows a sample on P to the admins of the adjacent property Q, not to those of the far property R', async () => {
    const q = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: s.Q.id });
    const r = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: s.R.id });
    const url = `/api/v1/pooprintsmatchresultset/${s.setOf('b')}`;
    expect((await get(url, await t.login(q.userName))).status).toBe(200);
    expect((await get(url, await t.login(r.userName))).status).toBe(404);
  });

  it('previews a new run and saves one with an override of the sample number and notes (lab only)', async () => {
    const id = s.setOf('a2');
    const preview = await get(`/api/v1/pooprintsresulting/previewnewtestresult?matchResultSetId=${id}`);
    expect(preview.body).toMatchObject({ status: 'Match', matchingPet: { sampleNumber: s.dogs.a2.sampleNumber } });
    expect(
      (await get(`/api/v1/pooprintsresulting/previewnewtestresult?matchResultSetId=${id}`, s.managerToken)).status,
    ).toBe(403);
    // The engine's dog kept by hand: the run stores the engine's result, not an override.
    const saved = await post(`/api/v1/pooprintsresulting/savenewmatchresultsrun/${id}`, {
      sampleNumberOverride: s.dogs.a2.sampleNumber.toLowerCase(),
      bioPetNotes: 'Checked by hand',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.matchHistory).toHaveLength(2);
    expect(saved.body.matchHistory[0]).toMatchObject({
      status: 'Match',
      matchedSampleNumber: s.dogs.a2.sampleNumber,
      isAnalystOverride: false,
      bioPetNotes: 'Checked by hand',
      runCount: 2,
    });
    const bad = await post(`/api/v1/pooprintsresulting/savenewmatchresultsrun/${id}`, { matchRunResult: 'Maybe' });
    expect(bad.status).toBe(400);
    const long = await post(`/api/v1/pooprintsresulting/savenewmatchresultsrun/${id}`, {
      bioPetNotes: 'x'.repeat(1001),
    });
    expect(long.status).toBe(400);
  });

  it('approves a Match (audited) but not an Inconclusive one directly; deletes a result', async () => {
    const id = s.setOf('a1');
    const set = (await get(`/api/v1/pooprintsmatchresultset/${id}`)).body;
    const resultId = set.matchHistory[0].matchResultId;
    expect(
      (await post(`/api/v1/pooprintsresulting/approvematchresult/${resultId}`, undefined, s.managerToken)).status,
    ).toBe(403);
    const ok = await post(`/api/v1/pooprintsresulting/approvematchresult/${resultId}`);
    expect(ok.body).toEqual({ message: 'Result approved successfully.' });
    const after = (await get(`/api/v1/pooprintsmatchresultset/${id}`)).body;
    expect(after.currentlyApprovedResultId).toBe(resultId);
    // The property's admins hear of it (a notification that opens the group's results at the sample).
    const news = (await get('/api/v1/notifications/getrecentnotifications', s.managerToken)).body.data;
    expect(news).toContainEqual(
      expect.objectContaining({
        type: 'PooPrintsMatchResult',
        actionParameters: { id: set.propertyId, sampleNumber: set.sampleNumber },
      }),
    );
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'WasteMatchResult'));
    expect(audits.some((a) => a.actionType === 'Approve' && a.entityId === String(resultId))).toBe(true);

    const u = s.setOf('u1');
    const inconclusive = await post(`/api/v1/pooprintsresulting/savenewmatchresultsrun/${u}`, {
      matchRunResult: 'Inconclusive',
    });
    const inconclusiveId = inconclusive.body.matchHistory[0].matchResultId;
    const refused = await post(`/api/v1/pooprintsresulting/approvematchresult/${inconclusiveId}`);
    expect(refused.status).toBe(400);
    expect(refused.body.exceptionMessage).toBe('An Inconclusive or MultipleMatch result cannot be approved directly.');
    const del = await t.call('DELETE', `/api/v1/pooprintsresulting/deletematchresult/${inconclusiveId}`, {
      token: s.lab,
    });
    expect(del.body).toEqual({ message: 'Result deleted successfully.' });
    expect((await get(`/api/v1/pooprintsmatchresultset/${u}`)).body.matchHistory).toHaveLength(1);
    // The lists follow the saved run and its delete (the set keeps its latest result's status).
    const listed = async () =>
      (await get(`/api/v1/pooprintsresulting/getresultsets?sampleNumberFilter=${s.numbersOf('u1')[0]}`)).body;
    expect((await listed()).data).toEqual([
      expect.objectContaining({ matchResultSetId: u, latestMatchStatus: 'NoMatch' }),
    ]);
    const again = await post(`/api/v1/pooprintsresulting/savenewmatchresultsrun/${u}`, {
      matchRunResult: 'Fail',
      bioPetNotes: 'Degraded sample',
    });
    expect((await listed()).data[0].latestMatchStatus).toBe('Fail');
    await t.call('DELETE', `/api/v1/pooprintsresulting/deletematchresult/${again.body.matchHistory[0].matchResultId}`, {
      token: s.lab,
    });
    expect(await listed()).toMatchObject({ totalRecords: 1, data: [{ latestMatchStatus: 'NoMatch' }] });
    expect((await post('/api/v1/pooprintsresulting/approvematchresult/999999')).status).toBe(404);
  });

  it('lists result sets for the lab: sample number ascending, filters, not approved by default filter', async () => {
    const list = await get('/api/v1/pooprintsresulting/getresultsets?pageSize=100&isApprovedFilter=false');
    expect(list.status).toBe(200);
    const ours = list.body.data.filter((r: { propertyId: number }) => r.propertyId === s.P.id);
    expect(ours.length).toBe(s.sources.size - 1);
    const numbers = list.body.data.map((r: { sampleNumber: string }) => r.sampleNumber);
    expect(numbers).toEqual([...numbers].sort());
    const matches = await get(
      `/api/v1/pooprintsresulting/getresultsets?statusFilter=Match&propertyNameFilter=${encodeURIComponent(s.P.name)}`,
    );
    expect(matches.body.data.every((r: { latestMatchStatus: string }) => r.latestMatchStatus === 'Match')).toBe(true);
    expect(matches.body.totalRecords).toBe(5);
    const moveOut = matches.body.data.find((r: { sampleNumber: string }) => r.sampleNumber === s.numbersOf('m')[0]);
    expect(moveOut.matchedSampleNumber).toBe(s.dogs.m.sampleNumber);
    expect((await get('/api/v1/pooprintsresulting/getresultsets?statusFilter=Maybe')).status).toBe(400);
    expect((await get('/api/v1/pooprintsresulting/getresultsets', s.managerToken)).status).toBe(403);
  });

  it('lists the waste results under a group, attempted date descending, with the APA and Move Out flags once approved', async () => {
    await post('/api/v1/pooprintsresulting/approveunapprovedmatchresultsetsbyresult', { result: 'Match' });
    const res = await get(`/api/v1/wasteresults/getbygroup?selectedGroupId=${s.P.id}&pageSize=50`, s.managerToken);
    expect(res.status).toBe(200);
    expect(res.body.totalRecords).toBe(s.sources.size);
    const row = (n: string) => res.body.data.find((r: { sampleNumber: string }) => r.sampleNumber === n);
    expect(row(s.numbersOf('b')[0])).toMatchObject({
      status: 'Match',
      approvedResultIsAdjacentPropertyMatch: true,
      isApproved: true,
    });
    expect(row(s.numbersOf('m')[0])).toMatchObject({ approvedResultIsMoveOut: true });
    expect(row(s.numbersOf('u1')[0])).toMatchObject({ status: 'NoMatch', isApproved: false });
    const stranger = (await makeOtherDistributorship(t.database.db)).propertyManager;
    expect(
      (await get(`/api/v1/wasteresults/getbygroup?selectedGroupId=${s.P.id}`, await t.login(stranger.userName))).status,
    ).toBe(404);
    // Attempted date descending by default; filters from the route parameters.
    const attempted = res.body.data.map((r: { dateAttempted: string }) => r.dateAttempted);
    expect(attempted).toEqual([...attempted].sort().reverse());
    const one = await get(
      `/api/v1/wasteresults/getbygroup?selectedGroupId=${s.P.id}&samplenumber=${s.numbersOf('b')[0]}&matchResult=Match`,
      s.managerToken,
    );
    expect(one.body.data.map((r: { sampleNumber: string }) => r.sampleNumber)).toEqual([s.numbersOf('b')[0]]);
    const none = await get(
      `/api/v1/wasteresults/getbygroup?selectedGroupId=${s.P.id}&samplenumber=${s.numbersOf('b')[0]}&matchResult=Fail`,
      s.managerToken,
    );
    expect(none.body.totalRecords).toBe(0);
    // The adjacent property's admin lists P's samples under Q (agreed adjacency); the far property's admin does not.
    const qAdmin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: s.Q.id });
    const underQ = await get(
      `/api/v1/wasteresults/getbygroup?selectedGroupId=${s.Q.id}&pageSize=50`,
      await t.login(qAdmin.userName),
    );
    expect(underQ.body.totalRecords).toBe(s.sources.size);
    const rAdmin = await makeAdmin(t.database.db, { roleId: UserRole.PropertyManager, groupId: s.R.id });
    const underR = await get(
      `/api/v1/wasteresults/getbygroup?selectedGroupId=${s.R.id}`,
      await t.login(rAdmin.userName),
    );
    expect(underR.body.totalRecords).toBe(0);
    // Under the root (the lab): every property's samples.
    const root = await groupByName(t.database.db, 'PetDNA Registry');
    const underRoot = await get(
      `/api/v1/wasteresults/getbygroup?selectedGroupId=${root.id}&samplenumber=${s.numbersOf('b')[0]}`,
    );
    expect(underRoot.body.data.map((r: { sampleNumber: string }) => r.sampleNumber)).toEqual([s.numbersOf('b')[0]]);
    expect(
      (await get(`/api/v1/wasteresults/getbygroup?selectedGroupId=${s.P.id}`, await t.login('pet.owner'))).status,
    ).toBe(403);
  });

  it('writes the match certificate as a PDF and emails the result to the primary admin', async () => {
    const id = s.setOf('b');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pdfdownload/getpooprintsresultcertificate?pooPrintsResultSetId=${id}`,
      headers: { authorization: `Bearer ${s.managerToken}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const unapproved = await get(
      `/api/v1/pdfdownload/getpooprintsresultcertificate?pooPrintsResultSetId=${s.setOf('u1')}`,
    );
    expect(unapproved.status).toBe(400);

    // The approval itself sent the primary admin the letter; the button sends it again.
    const letterSubject = `DNA match result for ${s.numbersOf('b')[0]}: Match`;
    const isLetter = (m: { to: string[]; subject: string }) =>
      m.to.includes(s.manager.email!) && m.subject === letterSubject;
    await t.smtp.waitFor(isLetter);
    const before = t.smtp.messages.filter(isLetter).length;
    const sent = await post(
      `/api/v1/email/postsendmatchresultemailtoprimaryadmin?pooPrintsMatchResultSetId=${id}`,
      undefined,
      s.managerToken,
    );
    expect(sent.status).toBe(200);
    await expect.poll(() => t.smtp.messages.filter(isLetter).length).toBe(before + 1);
    const mail = t.smtp.messages.filter(isLetter).at(-1)!;
    expect(mail.text).toContain(s.dogs.b.sampleNumber);
    expect(mail.text).toContain('adjacent property (APA)');
    expect(mail.text).toContain(`/group/${s.P.id}/results?samplenumber=${s.numbersOf('b')[0]}`);
    const [logged] = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.subject, mail.subject))
      .orderBy(desc(emailLog.id))
      .limit(1);
    expect(logged).toMatchObject({ eventName: 'Match', wasSuccessful: true, recipients: s.manager.email });

    // A NoMatch gets its own letter.
    const u = s.setOf('u2');
    const latest = (await get(`/api/v1/pooprintsmatchresultset/${u}`)).body.matchHistory[0];
    expect(latest.status).toBe('NoMatch');
    await post(`/api/v1/pooprintsresulting/approvematchresult/${latest.matchResultId}`);
    expect(
      (
        await post(
          `/api/v1/email/postsendmatchresultemailtoprimaryadmin?pooPrintsMatchResultSetId=${u}`,
          undefined,
          s.managerToken,
        )
      ).status,
    ).toBe(200);
    const noMatch = await t.smtp.waitFor((m) => m.subject === `DNA match result for ${s.numbersOf('u2')[0]}: No Match`);
    expect(noMatch.text).toContain('does not match any dog registered');
    // Maintenance may not email; an unapproved set has no letter to send.
    const maintenance = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: s.P.id });
    expect(
      (
        await post(
          `/api/v1/email/postsendmatchresultemailtoprimaryadmin?pooPrintsMatchResultSetId=${id}`,
          undefined,
          await t.login(maintenance.userName),
        )
      ).status,
    ).toBe(403);
    const unapprovedMail = await post(
      `/api/v1/email/postsendmatchresultemailtoprimaryadmin?pooPrintsMatchResultSetId=${s.setOf('r')}`,
      undefined,
      s.managerToken,
    );
    expect(unapprovedMail.status).toBe(400);
    expect(unapprovedMail.body.exceptionMessage).toBe('The result set has no approved result.');
  });
});

describe('rerun all no-matches', () => {
  it(
    'turns the unknown dog’s samples into matches once it is registered, recording each change',
    { timeout: 90_000 },
    async () => {
      const status0 = await get('/api/v1/pooprintsresulting/getrerunallnomatchesstatus');
      expect(status0.body.isInProgress).toBe(false);
      // The primary admin is told one of u1's samples is a NoMatch (its approval sends the NoMatch letter).
      const told = s.numbersOf('u1')[0];
      const toldSet = s.runs.get(told)!.resultSetId;
      const noMatchRun = (await get(`/api/v1/pooprintsmatchresultset/${toldSet}`)).body.matchHistory[0];
      expect(noMatchRun.status).toBe('NoMatch');
      expect((await post(`/api/v1/pooprintsresulting/approvematchresult/${noMatchRun.matchResultId}`)).status).toBe(
        200,
      );
      await t.smtp.waitFor((m) => m.subject === `DNA match result for ${told}: No Match`);
      // u1's profile approved before it is registered with P's owner (so no retroactive rerun of P follows: this test
      // is about rerun all no-matches; retro-match.api.test.ts covers the rerun an approval queues).
      await uploadAndApprove(t, [{ sampleName: s.dogs.u1.sampleNumber, profile: s.dogs.u1.profile }], 'u1-2202', s.pop);
      // The approval's retroactive job finds no owner for u1; it must have run before u1 is registered.
      await retroJobsDone();
      await t.database.db
        .insert(pets)
        .values({ name: 'Dog u1', sampleNumber: s.dogs.u1.sampleNumber, petOwnerId: s.owners.p.id });
      expect(
        (await post('/api/v1/pooprintsresulting/rerunallnomatches', { groupId: s.P.id }, s.managerToken)).status,
      ).toBe(403);
      const started = await post('/api/v1/pooprintsresulting/rerunallnomatches', { groupId: s.P.id });
      expect(started.status).toBe(200);
      expect(started.body.isInProgress).toBe(true);
      let status = started.body;
      for (let i = 0; i < 120 && status.isInProgress; i++) {
        await new Promise((r) => setTimeout(r, 250));
        status = (await get('/api/v1/pooprintsresulting/getrerunallnomatchesstatus')).body;
      }
      expect(status).toMatchObject({ status: 'Completed', isInProgress: false });
      // u1 (3), u2 (2), r (1): six no-matches reran; u1's three changed.
      expect(status.total).toBe(6);
      expect(status.done).toBe(6);
      expect(status.changed).toBe(3);
      const after = await waitForRuns(t, s.numbersOf('u1'), 2);
      for (const n of s.numbersOf('u1'))
        expect(after.get(n)).toMatchObject({ status: 'Match', matchedSampleNumber: s.dogs.u1.sampleNumber });
      const reruns = await get('/api/v1/pooprintsresulting/getnomatchrerunswithstatuschanges?pageSize=100');
      const changed = reruns.body.data.filter((r: { propertyId: number }) => r.propertyId === s.P.id);
      expect(changed.map((r: { sampleNumber: string }) => r.sampleNumber).sort()).toEqual(s.numbersOf('u1').sort());
      expect(changed[0]).toMatchObject({ previousStatus: 'NoMatch', latestMatchStatus: 'Match' });
      expect(changed[0].dateStatusChanged).toEqual(expect.any(String));
      const approved = await post('/api/v1/pooprintsresulting/approveallmatchingreruns');
      // The set already approved (as a NoMatch) is the lab's own decision, not "approve all matching reruns".
      expect(approved.body.approvedCount).toBeGreaterThanOrEqual(2);
      const rerun = (await get(`/api/v1/pooprintsmatchresultset/${toldSet}`)).body.matchHistory[0];
      expect(rerun.status).toBe('Match');
      expect((await post(`/api/v1/pooprintsresulting/approvematchresult/${rerun.matchResultId}`)).status).toBe(200);
      // The sample the admin heard was a NoMatch gets the NoMatchToMatch letter; the others a plain Match letter.
      const nowMatch = await t.smtp.waitFor((m) => m.subject === `DNA match result for ${told}: Now a Match`);
      expect(nowMatch.to).toContain(s.manager.email);
      expect(nowMatch.text).toContain('Its earlier result, No Match, is replaced by a Match.');
      expect(nowMatch.text).toContain(s.dogs.u1.sampleNumber);
      const [logged] = await t.database.db
        .select()
        .from(emailLog)
        .where(eq(emailLog.subject, nowMatch.subject))
        .orderBy(desc(emailLog.id))
        .limit(1);
      expect(logged).toMatchObject({ eventName: 'NoMatchToMatch', wasSuccessful: true, recipients: s.manager.email });
      const other = s.numbersOf('u1')[1];
      await t.smtp.waitFor((m) => m.subject === `DNA match result for ${other}: Match`);
      expect(t.smtp.messages.some((m) => m.subject === `DNA match result for ${told}: Match`)).toBe(false);
      expect((await post('/api/v1/pooprintsresulting/cancelrerunallnomatches')).status).toBe(400);
    },
  );
});
