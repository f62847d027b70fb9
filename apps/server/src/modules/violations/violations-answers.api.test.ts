// Violation notices, the gaps after the first pass (issue 41), against the real database, files store and SMTP receiver:
// a dispute's optional photo (screened, stored, shown to staff and owner; a non-image refused naming the part with
// nothing changed), the appeal told to the management group's admins, and deleting a whole waste sample voiding its
// notices with the refund and the owner's mail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { VIOLATION_MESSAGES as M } from '@registry/contracts';
import { auditLog, emailLog, notifications, users, violationNotices, violationSteps } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { collectionBody, testJpeg, testPng, type PhotoPart } from '../../../test/field-photos.ts';
import { validCard } from '../../../test/shop-kit.ts';
import { approvedResult, residentWithDog, schedule, violationProperty } from '../../../test/violations.ts';

let t: TestApp;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notices-test-'));
beforeAll(async () => {
  t = await startTestApp({ filesDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const V = '/api/v1/violations';
const storedFiles = () => fs.readdirSync(filesDir).filter((name) => /^[0-9a-f]{32}\./.test(name));
const noticeRow = async (id: number) =>
  (await t.database.db.select().from(violationNotices).where(eq(violationNotices.id, id)))[0]!;
const dispute = (token: string, id: number, reason: string, photo?: PhotoPart) =>
  t.call('POST', `${V}/mine/${id}/dispute`, {
    token,
    ...collectionBody({ reason }, photo ? [{ ...photo, name: 'photo' }] : []),
  });

async function issued() {
  const p = await violationProperty(t);
  await t.call('PUT', `/api/v1/groups/${p.property.id}/fineschedule`, { token: p.token, body: schedule });
  const resident = await residentWithDog(t, p.property.id);
  const match = await approvedResult(t, p.property.id, resident.dog);
  const answer = await t.call('POST', V, { token: p.token, body: { matchResultId: match.result.id } });
  expect(answer.status).toBe(200);
  return { ...p, resident, match, notice: answer.body.notice };
}

describe('a dispute with an optional photo', () => {
  test('with a photo: stored as a resized JPEG copy, shown to the owner and the staff, audited', async () => {
    const s = await issued();
    const original = testJpeg(1600, 1200, 3);
    const answer = await dispute(s.resident.token, s.notice.id, 'Rex was at the groomer.', {
      content: original,
      type: 'image/jpeg',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.notice).toMatchObject({ state: 'Disputed', disputeReason: 'Rex was at the groomer.' });
    const url: string = answer.body.notice.disputePhotoUrl;
    expect(url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}\.jpg$/);
    const staffView = await t.call('GET', `${V}/${s.notice.id}`, { token: s.token });
    expect(staffView.body.disputePhotoUrl).toBe(url);
    const ownerView = await t.call('GET', `${V}/mine/${s.notice.id}`, { token: s.resident.token });
    expect(ownerView.body.disputePhotoUrl).toBe(url);
    // The stored copy is a JPEG no wider than 1024 px, far smaller than what was sent.
    const stored = fs.readFileSync(path.join(filesDir, url.split('/').pop()!));
    expect([...stored.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(stored.length).toBeLessThan(original.length);
    const served = await t.call('GET', url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toContain('image/jpeg');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'ViolationNotice'),
          eq(auditLog.entityId, String(s.notice.id)),
          eq(auditLog.actionType, 'Dispute'),
        ),
      );
    expect(JSON.stringify(audit!.after)).toContain(url.split('/').pop()!);
  });

  test('a PNG is accepted too; without a photo the notice has none', async () => {
    const withPng = await issued();
    const png = await dispute(withPng.resident.token, withPng.notice.id, 'See the yard.', {
      content: testPng(40, 30),
      type: 'image/png',
    });
    expect(png.status).toBe(200);
    expect(png.body.notice.disputePhotoUrl).toMatch(/\.jpg$/);
    const without = await issued();
    const plain = await dispute(without.resident.token, without.notice.id, 'Not my dog.');
    expect(plain.status).toBe(200);
    expect(plain.body.notice).toMatchObject({ state: 'Disputed', disputePhotoUrl: null });
    expect((await noticeRow(without.notice.id)).disputePhoto).toBeNull();
  });

  test.each([
    ['not an image', { content: Buffer.from('hello, not a photo'), type: 'text/plain' }],
    ['a GIF', { content: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), type: 'image/gif' }],
    ['a JPEG that does not decode', { content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), type: 'image/jpeg' }],
  ])('a photo that is %s: 400 naming the photo, nothing changed or stored', async (_what, photo) => {
    const s = await issued();
    const filesBefore = storedFiles().length;
    const answer = await dispute(s.resident.token, s.notice.id, 'With a bad file', photo);
    expect(answer.status).toBe(400);
    expect(answer.body.modelState.photo?.length).toBe(1);
    const row = await noticeRow(s.notice.id);
    expect([row.status, row.disputeReason, row.disputePhoto]).toEqual(['Issued', null, null]);
    const steps = await t.database.db.select().from(violationSteps).where(eq(violationSteps.noticeId, s.notice.id));
    expect(steps.map((step) => step.action)).toEqual(['Issued']);
    expect(storedFiles().length).toBe(filesBefore);
  });

  test('a refused dispute (past the response date) keeps no photo; a missing reason names it', async () => {
    const s = await issued();
    await t.database.db
      .update(violationNotices)
      .set({ respondBy: new Date(Date.now() - 1000) })
      .where(eq(violationNotices.id, s.notice.id));
    const filesBefore = storedFiles().length;
    const late = await dispute(s.resident.token, s.notice.id, 'Late', { content: testJpeg(), type: 'image/jpeg' });
    expect([late.status, late.body.message]).toEqual([400, M.disputeClosed]);
    expect(storedFiles().length).toBe(filesBefore);
    const noReason = await dispute(s.resident.token, s.notice.id, '   ');
    expect(noReason.status).toBe(400);
    expect(noReason.body.modelState).toHaveProperty('reason');
    expect((await noticeRow(s.notice.id)).status).toBe('Issued');
  });
});

describe('an appeal', () => {
  test('is told to the management group’s admins, opening the notice', async () => {
    const s = await issued();
    await dispute(s.resident.token, s.notice.id, 'Not my dog');
    const upheld = await t.call('POST', `${V}/${s.notice.id}/review`, {
      token: s.token,
      body: { decision: 'Uphold', notes: 'Match' },
    });
    expect(upheld.status).toBe(200);
    const [firmManager] = await t.database.db.select().from(users).where(eq(users.userName, 'firm.manager'));
    const told = async () =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, firmManager!.id))).filter(
        (n) => n.actionParameters.noticeId === s.notice.id,
      );
    expect(await told()).toHaveLength(0);
    const appealed = await t.call('POST', `${V}/mine/${s.notice.id}/appeal`, {
      token: s.resident.token,
      body: { reason: 'Unfair' },
    });
    expect(appealed.status).toBe(200);
    const [note] = await told();
    expect(note!.message).toContain(s.notice.reference);
    expect(note!.actionParameters).toMatchObject({ id: s.property.id, noticeId: s.notice.id });
    // The property's own manager decided; the appeal is not theirs to hear.
    const mine = await t.database.db.select().from(notifications).where(eq(notifications.userId, s.manager.id));
    expect(mine.filter((n) => n.actionParameters.noticeId === s.notice.id)).toHaveLength(0);
    const firm = await t.login('firm.manager');
    const recent = await t.call('GET', '/api/v1/notifications/getrecentnotifications', { token: firm });
    expect(recent.status).toBe(200);
    expect(
      recent.body.data.some(
        (n: { actionParameters: { noticeId?: number } }) => n.actionParameters.noticeId === s.notice.id,
      ),
    ).toBe(true);
  });
});

describe('deleting a whole waste sample', () => {
  test('voids its notice, refunds the paid fine and tells the owner', async () => {
    const s = await issued();
    const paid = await t.call('POST', `${V}/mine/${s.notice.id}/pay`, {
      token: s.resident.token,
      body: { billingAddress: {}, cardData: validCard(), amount: 5000 },
    });
    expect(paid.body.notice.state).toBe('Paid');
    const lab = await t.login('lab.admin');
    const wrong = await t.call('DELETE', `/api/v1/wastesamples/${s.match.sample.id}?confirmation=nope`, { token: lab });
    expect(wrong.status).toBe(400);
    expect((await noticeRow(s.notice.id)).status).toBe('Paid');
    const deleted = await t.call(
      'DELETE',
      `/api/v1/wastesamples/${s.match.sample.id}?confirmation=${s.match.sample.sampleNumber}`,
      { token: lab },
    );
    expect(deleted.status).toBe(200);
    const row = await noticeRow(s.notice.id);
    expect(row.status).toBe('Voided');
    expect(row.voidReason).toBe('The waste sample was deleted.');
    expect(row.refundReference).toMatch(/^MC-.*-R$/);
    const withdrawal = async () =>
      (await t.database.db.select().from(emailLog).where(eq(emailLog.eventName, 'ViolationNoticeUpdate'))).find(
        (m) => m.recipients.includes(s.resident.owner.email!) && m.body.includes('The waste sample was deleted.'),
      );
    await expect.poll(withdrawal, { timeout: 10_000 }).toBeTruthy();
    expect((await withdrawal())!.body).toContain('refunded');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'ViolationNotice'),
          eq(auditLog.entityId, String(s.notice.id)),
          eq(auditLog.actionType, 'Void'),
        ),
      );
    expect(audit?.actionType).toBe('Void');
    const ledger = await t.call('GET', `${V}/${s.notice.id}`, { token: s.token });
    expect(ledger.body).toMatchObject({ state: 'Voided', amountDue: 5000 });
  });
});
