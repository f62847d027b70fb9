// Violation notices against a real database, SMTP receiver and the manual-capture payment port (issue 41): the fine
// schedule and its inheritance, the journey from an approved match to a paid fine, the refusals that change nothing,
// the one appeal, the reversal when the match is withdrawn, concurrent payments and the reminders.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { SampleCustomerStatus, VIOLATION_MESSAGES as M } from '@registry/contracts';
import { auditLog, petOwnerGroups, pets, violationNotices } from '../../db/schema/index.ts';
import { queryRows } from '../../db/client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { loggedMail } from '../../../test/logged-mail.ts';
import { validCard } from '../../../test/shop-kit.ts';
import { collectionBody } from '../../../test/field-photos.ts';
import { approvedResult, residentWithDog, schedule, violationProperty } from '../../../test/violations.ts';
import { makeOtherDistributorship } from '../../../test/factories.ts';
import { enqueue, jobState } from '../../platform/jobs.ts';
import { emailLog } from '../../db/schema/index.ts';

let t: TestApp;
let lab: string;
let firm: string;
beforeAll(async () => {
  t = await startTestApp();
  lab = await t.login('lab.admin');
  firm = await t.login('firm.manager');
});
afterAll(async () => {
  await t?.close();
});

const V = '/api/v1/violations';
const pay = (token: string, id: number, amount: number) =>
  t.call('POST', `${V}/mine/${id}/pay`, { token, body: { billingAddress: {}, cardData: validCard(), amount } });
/** The dispute is multipart: the reason in the model part (a photo is optional; see violations-answers.api.test.ts). */
const dispute = (token: string, id: number, reason: string) =>
  t.call('POST', `${V}/mine/${id}/dispute`, { token, ...collectionBody({ reason }, []) });
const noticeRow = async (id: number) =>
  (await t.database.db.select().from(violationNotices).where(eq(violationNotices.id, id)))[0]!;

/** A property with its own schedule, a resident with a dog, and the notice of one approved match. */
async function issued(overrides: Partial<typeof schedule> = {}) {
  const p = await violationProperty(t);
  await t.call('PUT', `/api/v1/groups/${p.property.id}/fineschedule`, {
    token: p.token,
    body: { ...schedule, ...overrides },
  });
  const r = await residentWithDog(t, p.property.id);
  const match = await approvedResult(t, p.property.id, r.dog);
  const answer = await t.call('POST', V, { token: p.token, body: { matchResultId: match.result.id } });
  expect(answer.status).toBe(200);
  return { ...p, resident: r, match, notice: answer.body.notice };
}

describe('fine schedule', () => {
  test('a property follows its management group until it sets its own', async () => {
    const p = await violationProperty(t);
    const firmGroup = p.firm.id;
    const saved = await t.call('PUT', `/api/v1/groups/${firmGroup}/fineschedule`, { token: firm, body: schedule });
    expect(saved.status).toBe(200);
    const inherited = await t.call('GET', `/api/v1/groups/${p.property.id}/fineschedule`, { token: p.token });
    expect(inherited.body.own).toBeNull();
    expect(inherited.body.effective.firstOffenceAmount).toBe(5000);
    expect(inherited.body.inheritedFrom).toEqual({ groupId: firmGroup, groupName: 'Harbor Property Management' });

    const own = await t.call('PUT', `/api/v1/groups/${p.property.id}/fineschedule`, {
      token: p.token,
      body: { ...schedule, firstOffenceAmount: 7500 },
    });
    expect(own.body.own.firstOffenceAmount).toBe(7500);
    expect(own.body.inheritedFrom).toBeNull();
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'FineSchedule'), eq(auditLog.entityId, String(p.property.id))));
    expect(audit?.entityId).toBe(String(p.property.id));

    const cleared = await t.call('DELETE', `/api/v1/groups/${p.property.id}/fineschedule`, { token: p.token });
    expect(cleared.body.own).toBeNull();
    expect(cleared.body.effective.firstOffenceAmount).toBe(5000);
  });

  test('bad values are refused naming the field; other groups answer as missing; owners may not', async () => {
    const p = await violationProperty(t);
    const bad = await t.call('PUT', `/api/v1/groups/${p.property.id}/fineschedule`, {
      token: p.token,
      body: { ...schedule, daysToPay: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.modelState).toHaveProperty('daysToPay');
    const after = await t.call('GET', `/api/v1/groups/${p.property.id}/fineschedule`, { token: p.token });
    expect(after.body.own).toBeNull();
    const other = await makeOtherDistributorship(t.database.db);
    expect((await t.call('GET', `/api/v1/groups/${other.property.id}/fineschedule`, { token: p.token })).status).toBe(
      404,
    );
    const owner = await residentWithDog(t, p.property.id);
    expect((await t.call('GET', `/api/v1/groups/${p.property.id}/fineschedule`, { token: owner.token })).status).toBe(
      403,
    );
  });
});

describe('the journey from a match to a paid fine', () => {
  test('notice, evidence, dispute, re-swab, upheld, paid, ledger and CSV', async () => {
    const s = await issued();
    const { notice, resident } = s;
    expect(notice).toMatchObject({
      state: 'Issued',
      amountDue: 5000,
      offenceNumber: 1,
      petName: 'Rex',
      wasteSampleNumber: s.match.sample.sampleNumber,
    });
    expect(notice.certificateNumber).toMatch(/^[A-Z]+-\d{4}-\d{6}$/);
    expect(notice.verificationUrl).toMatch(/^http:\/\/registry\.test\/verify\/[A-Z0-9]+$/);
    const { row: mail } = await loggedMail(t, resident.owner.email!, 'ViolationNoticeIssued');
    expect(mail.body).toContain('$50.00');
    expect(mail.body).toContain(notice.verificationUrl);

    const mine = await t.call('GET', `${V}/mine`, { token: resident.token });
    expect(mine.body.map((n: { id: number }) => n.id)).toEqual([notice.id]);
    const seen = await t.call('GET', `${V}/mine/${notice.id}`, { token: resident.token });
    expect(seen.body.certificateNumber).toBe(notice.certificateNumber);

    const disputed = await dispute(resident.token, notice.id, 'Rex was at the groomer all day.');
    expect(disputed.body.notice).toMatchObject({ state: 'Disputed', payBy: null });
    expect((await pay(resident.token, notice.id, 5000)).body.message).toBe(M.notPayable);

    const reswab = await t.call('POST', `${V}/${notice.id}/reswab`, { token: s.token, body: { notes: 'Witnessed' } });
    expect(reswab.status).toBe(200);
    const [dog] = await t.database.db.select().from(pets).where(eq(pets.id, resident.dog.id));
    expect(dog.customerFacingStatus).toBe(SampleCustomerStatus.VerificationTestRequested);

    const early = await t.call('POST', `${V}/${notice.id}/review`, {
      token: s.token,
      body: { decision: 'Uphold', notes: 'Same dog' },
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(M.reswabPending);
    expect((await noticeRow(notice.id)).status).toBe('Disputed');
    // The lab approves the witnessed sample's profile: the dog's verification test passes.
    await t.database.db.update(pets).set({ hasApprovedVerificationTest: true }).where(eq(pets.id, resident.dog.id));
    const upheld = await t.call('POST', `${V}/${notice.id}/review`, {
      token: s.token,
      body: { decision: 'Uphold', notes: 'The witnessed re-swab matches.' },
    });
    expect(upheld.body.notice).toMatchObject({ state: 'Upheld', reswabPassed: true, amountDue: 5000 });
    expect(upheld.body.notice.payBy).not.toBeNull();
    await loggedMail(t, resident.owner.email!, 'ViolationNoticeUpdate');

    const wrong = await pay(resident.token, notice.id, 4999);
    expect(wrong.status).toBe(400);
    expect(wrong.body.modelState.amount).toEqual([M.wrongAmount]);
    const paid = await pay(resident.token, notice.id, 5000);
    expect(paid.body.notice.state).toBe('Paid');
    expect(paid.body.notice.paymentReference).toMatch(/^MC-/);

    const ledger = await t.call('GET', `/api/v1/groups/${s.property.id}/violations?state=Paid`, { token: s.token });
    expect(ledger.body.totalRecords).toBe(1);
    expect(ledger.body.data[0]).toMatchObject({ id: notice.id, state: 'Paid', propertyName: s.property.name });
    const totals = await t.call('GET', `/api/v1/groups/${s.property.id}/violations/totals`, { token: s.token });
    expect(totals.body.byProperty[0]).toMatchObject({ count: 1, charged: 5000, paid: 5000, outstanding: 0 });
    const csv = await t.call('GET', `/api/v1/groups/${s.property.id}/violations/export?format=csv`, { token: s.token });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines[0]).toContain('property,unit,resident,date,amount,description,reference');
    expect(lines[1]).toContain(s.property.name);
    expect(lines[1]).toContain('50');
    expect(lines[1]).toContain(notice.reference);
    const history = (await t.call('GET', `${V}/${notice.id}`, { token: s.token })).body.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'Issued',
      'Disputed',
      'Re-swab requested',
      'Upheld',
      'Paid',
    ]);
  });

  test('a second offence within the look-back period gets the second amount', async () => {
    const s = await issued();
    await pay(s.resident.token, s.notice.id, 5000);
    const again = await approvedResult(t, s.property.id, s.resident.dog);
    const second = await t.call('POST', V, { token: s.token, body: { matchResultId: again.result.id } });
    expect(second.body.notice).toMatchObject({ offenceNumber: 2, amountDue: 10000 });
  });
});

describe('refusals change nothing', () => {
  test('not an approved Match, a second notice, an adjacent match, an owner who moved out', async () => {
    const s = await issued();
    const count = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from violation_notices`))[0]!.n;
    const before = await count();
    const noMatch = await approvedResult(t, s.property.id, null, { status: 'NoMatch' });
    const unapproved = await approvedResult(t, s.property.id, s.resident.dog, { approved: false });
    const adjacent = await approvedResult(t, s.property.id, s.resident.dog, { adjacent: true });
    const refusals: [number, string][] = [
      [noMatch.result.id, M.notApprovedMatch],
      [unapproved.result.id, M.notApprovedMatch],
      [s.match.result.id, M.alreadyIssued],
      [adjacent.result.id, M.adjacentNotFinable],
    ];
    for (const [matchResultId, message] of refusals) {
      const answer = await t.call('POST', V, { token: s.token, body: { matchResultId } });
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    const moved = await residentWithDog(t, s.property.id, 'Ghost');
    await t.database.db
      .update(petOwnerGroups)
      .set({ moveOutDate: new Date() })
      .where(eq(petOwnerGroups.petOwnerId, moved.owner.id));
    const gone = await approvedResult(t, s.property.id, moved.dog);
    const warned = await t.call('POST', V, { token: s.token, body: { matchResultId: gone.result.id } });
    expect([warned.status, warned.body.message]).toEqual([400, M.noAccessToPetOwner]);
    expect(await count()).toBe(before);
  });

  test('a dispute after the response date, a voided or wrong payment', async () => {
    const s = await issued();
    await t.database.db
      .update(violationNotices)
      .set({ respondBy: new Date(Date.now() - 1000) })
      .where(eq(violationNotices.id, s.notice.id));
    const late = await dispute(s.resident.token, s.notice.id, 'Too late?');
    expect([late.status, late.body.message]).toEqual([400, M.disputeClosed]);
    expect((await noticeRow(s.notice.id)).status).toBe('Issued');
    const other = await residentWithDog(t, s.property.id);
    expect((await pay(other.token, s.notice.id, 5000)).status).toBe(404);
  });
});

describe('appeal', () => {
  test('once, heard above the property; an appeal of an appeal is refused', async () => {
    const s = await issued();
    const token = s.resident.token;
    await dispute(token, s.notice.id, 'Not my dog');
    await t.call('POST', `${V}/${s.notice.id}/review`, {
      token: s.token,
      body: { decision: 'Uphold', notes: 'Match' },
    });
    const appealed = await t.call('POST', `${V}/mine/${s.notice.id}/appeal`, { token, body: { reason: 'Unfair' } });
    expect(appealed.body.notice.state).toBe('Appealed');
    const twice = await t.call('POST', `${V}/mine/${s.notice.id}/appeal`, { token, body: { reason: 'Again' } });
    expect([twice.status, twice.body.message]).toEqual([400, M.appealUsed]);
    const byProperty = await t.call('POST', `${V}/${s.notice.id}/appealdecision`, {
      token: s.token,
      body: { decision: 'Waive', notes: 'x' },
    });
    expect(byProperty.status).toBe(403);
    const decided = await t.call('POST', `${V}/${s.notice.id}/appealdecision`, {
      token: firm,
      body: { decision: 'Reduce', amount: 2000, notes: 'First time: reduced.' },
    });
    expect(decided.body.notice).toMatchObject({ state: 'Reduced', amountDue: 2000, hasBeenAppealed: true });
    const after = await t.call('POST', `${V}/mine/${s.notice.id}/appeal`, { token, body: { reason: 'More' } });
    expect([after.status, after.body.message]).toEqual([400, M.appealUsed]);
    expect((await pay(token, s.notice.id, 2000)).body.notice.state).toBe('Paid');
  });
});

describe('reversal', () => {
  test('deleting the match voids the notice and refunds the payment', async () => {
    const s = await issued();
    await pay(s.resident.token, s.notice.id, 5000);
    const deleted = await t.call('DELETE', `/api/v1/pooprintsresulting/deletematchresult/${s.match.result.id}`, {
      token: lab,
    });
    expect(deleted.status).toBe(200);
    const row = await noticeRow(s.notice.id);
    expect(row.status).toBe('Voided');
    expect(row.refundReference).toMatch(/^MC-.*-R$/);
    const voided = await pay(s.resident.token, s.notice.id, 5000);
    expect([voided.status, voided.body.message]).toEqual([400, M.voided]);
  });
});

describe('reversal by a new approved run', () => {
  /** The lab stores a run of the notice's result set by hand and approves it, replacing the approved Match. */
  async function approveNewRun(setId: number, run: Record<string, unknown>) {
    const saved = await t.call('POST', `/api/v1/pooprintsresulting/savenewmatchresultsrun/${setId}`, {
      token: lab,
      body: run,
    });
    expect(saved.status).toBe(200);
    const resultId = saved.body.matchHistory[0].matchResultId;
    const approved = await t.call('POST', `/api/v1/pooprintsresulting/approvematchresult/${resultId}?confirm=true`, {
      token: lab,
    });
    expect(approved.status).toBe(200);
  }

  test('an analyst’s NoMatch approved in place of the Match voids the notice, refunds the fine and tells the owner', async () => {
    const s = await issued();
    await pay(s.resident.token, s.notice.id, 5000);
    await approveNewRun(s.match.set.id, { matchRunResult: 'NoMatch', bioPetNotes: 'Rerun: not this dog' });
    const row = await noticeRow(s.notice.id);
    expect(row.status).toBe('Voided');
    expect(row.refundReference).toMatch(/^MC-.*-R$/);
    expect(row.voidReason).toBe('The match result was replaced by a later approved result.');
    const mine = await t.call('GET', `${V}/mine/${s.notice.id}`, { token: s.resident.token });
    expect(mine.body.state).toBe('Voided');
    const told = async () =>
      (await t.database.db.select().from(emailLog).where(eq(emailLog.eventName, 'ViolationNoticeUpdate'))).find(
        (m) => m.recipients.includes(s.resident.owner.email!) && m.body.includes(row.voidReason!),
      );
    await expect.poll(told, { timeout: 10_000 }).toBeTruthy();
    expect((await told())!.body).toContain('refunded');
    const voids = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'ViolationNotice'), eq(auditLog.entityId, String(s.notice.id))));
    expect(voids.filter((e) => e.actionType === 'Void')).toHaveLength(1);
  });
});

describe('payments at the same moment', () => {
  test('charge once', async () => {
    const s = await issued();
    const answers = await Promise.all([1, 2, 3].map(() => pay(s.resident.token, s.notice.id, 5000)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.message)).toEqual([M.alreadyPaid, M.alreadyPaid]);
    const paidEntries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'ViolationNotice'), eq(auditLog.entityId, String(s.notice.id))));
    expect(paidEntries.filter((e) => e.actionType === 'Paid')).toHaveLength(1);
  });
});

describe('reminders', () => {
  test('queued for both dates; sent while the notice still waits, not after it is answered', async () => {
    const s = await issued();
    const jobs = await queryRows<{ data: { kind: string } }>(
      t.database.db,
      sql`select data from pgboss.job where name = 'violation-reminder' and data->>'noticeId' = ${String(s.notice.id)}`,
    );
    expect(jobs.map((j) => j.data.kind).sort()).toEqual(['pay', 'respond']);
    // Each job runs through the app's own queue, as when its time comes.
    const ctx = { db: t.database.db, config: t.config };
    const payload = { noticeId: s.notice.id, kind: 'respond', due: s.notice.respondBy };
    await enqueue(ctx, 'violation-reminder', payload);
    const { row } = await loggedMail(t, s.resident.owner.email!, 'ViolationNoticeReminder');
    expect(row.subject).toContain(s.notice.reference);
    await dispute(s.resident.token, s.notice.id, 'No');
    const id = (await enqueue(ctx, 'violation-reminder', payload))!;
    for (let i = 0; i < 200 && (await jobState(ctx, 'violation-reminder', id))?.state !== 'completed'; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await jobState(ctx, 'violation-reminder', id))?.state).toBe('completed');
    const reminders = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.eventName, 'ViolationNoticeReminder'));
    expect(reminders.filter((r) => r.recipients.includes(s.resident.owner.email!))).toHaveLength(1);
  });
});
