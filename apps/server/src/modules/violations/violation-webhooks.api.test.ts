// Violation notices' webhook events (issue 42) against a local receiver over HTTP (the testing switch on): a property's
// subscription gets violationNotice.issued, .disputed and .paid after each step commits, signed with the documented
// recipe, each carrying the notice as the staff API shows it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { signatureVerifies, startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { validCard } from '../../../test/shop-kit.ts';
import { collectionBody } from '../../../test/field-photos.ts';
import { approvedResult, residentWithDog, schedule, violationProperty } from '../../../test/violations.ts';

let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({ webhooksAllowPrivateAddresses: true, webhookRetrySeconds: 1 });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

/** The delivery of this event about this notice, waited for (delivery runs after the commit, off the request). */
async function deliveryOf(event: string, noticeId: number) {
  const end = Date.now() + 30_000;
  for (;;) {
    const found = receiver.received.find(
      (entry) => entry.headers['x-registry-event'] === event && JSON.parse(entry.body).data?.id === noticeId,
    );
    if (found) return found;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${event} of notice ${noticeId}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('a subscribed receiver gets each notice event, signed, with the notice as the staff API shows it', async () => {
  const p = await violationProperty(t);
  await t.call('PUT', `/api/v1/groups/${p.property.id}/fineschedule`, { token: p.token, body: schedule });
  const created = await t.call('POST', '/api/v1/webhooks', {
    token: p.token,
    body: {
      groupId: p.property.id,
      url: receiver.url,
      events: ['violationNotice.issued', 'violationNotice.disputed', 'violationNotice.paid'],
    },
  });
  expect(created.status).toBe(200);
  const secret: string = created.body.secret;
  const issue = async () => {
    const r = await residentWithDog(t, p.property.id);
    const match = await approvedResult(t, p.property.id, r.dog);
    const answer = await t.call('POST', '/api/v1/violations', {
      token: p.token,
      body: { matchResultId: match.result.id },
    });
    expect(answer.status).toBe(200);
    return { resident: r, notice: answer.body.notice };
  };
  /** The event's body against the staff API's view of the notice just after the step. */
  const check = async (event: string, noticeId: number) => {
    const delivery = await deliveryOf(event, noticeId);
    expect(signatureVerifies(secret, delivery)).toBe(true);
    const body = JSON.parse(delivery.body);
    expect(body).toMatchObject({ event, groupId: p.property.id });
    const staffView = await t.call('GET', `/api/v1/violations/${noticeId}`, { token: p.token });
    expect(body.data).toEqual(staffView.body);
    return body.data;
  };

  const disputedOne = await issue();
  expect((await check('violationNotice.issued', disputedOne.notice.id)).state).toBe('Issued');
  const disputed = await t.call('POST', `/api/v1/violations/mine/${disputedOne.notice.id}/dispute`, {
    token: disputedOne.resident.token,
    ...collectionBody({ reason: 'Rex was at the groomer all day.' }, []),
  });
  expect(disputed.status).toBe(200);
  const disputedView = await check('violationNotice.disputed', disputedOne.notice.id);
  expect(disputedView).toMatchObject({ state: 'Disputed', disputeReason: 'Rex was at the groomer all day.' });

  const paidOne = await issue();
  await check('violationNotice.issued', paidOne.notice.id);
  const paid = await t.call('POST', `/api/v1/violations/mine/${paidOne.notice.id}/pay`, {
    token: paidOne.resident.token,
    body: { billingAddress: {}, cardData: validCard(), amount: paidOne.notice.amountDue },
  });
  expect(paid.status).toBe(200);
  const paidView = await check('violationNotice.paid', paidOne.notice.id);
  expect(paidView.state).toBe('Paid');
  expect(paidView.paymentReference).toMatch(/^MC-/);
  // A refused step sends nothing: paying the paid notice again is refused, and no second paid event arrives.
  await t.call('POST', `/api/v1/violations/mine/${paidOne.notice.id}/pay`, {
    token: paidOne.resident.token,
    body: { billingAddress: {}, cardData: validCard(), amount: paidOne.notice.amountDue },
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const paidEvents = receiver.received.filter(
    (entry) =>
      entry.headers['x-registry-event'] === 'violationNotice.paid' &&
      JSON.parse(entry.body).data?.id === paidOne.notice.id,
  );
  expect(paidEvents).toHaveLength(1);
}, 90_000);
