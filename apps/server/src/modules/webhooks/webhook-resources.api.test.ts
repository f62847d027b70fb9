// What each webhook event's `data` is (issue 42), against a real database and a local receiver over HTTP: for the
// resident, dog, match-result and order.paid events it is exactly the JSON the resource's own GET answers a group admin
// of the subscribing property at that moment (the order: its buyer and provider staff, group admins having no order
// endpoint), not a hand-picked summary.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BOT_CHECK_HEADER, PetSpecies } from '@registry/contracts';
import { eq } from 'drizzle-orm';
import { petOwnerGroups, pets } from '../../db/schema/index.ts';
import { solveChallenge } from '../../platform/bot-check.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makePetOwner } from '../../../test/factories.ts';
import { nextSerial, shopFactories, validCard } from '../../../test/shop-kit.ts';
import { approvedResult, residentWithDog } from '../../../test/violations.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';

let t: TestApp;
let staff: string;
let manager: string;
let oakRidge: { id: number };
let receiver: WebhookReceiver;
const shop = shopFactories(() => ({ t, staff }));

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({
    webhooksAllowPrivateAddresses: true,
    webhookRetrySeconds: 1,
    shopTaxRateBasisPoints: 1000,
    shopShippingFeeCents: 500,
  });
  staff = await t.login('office.admin');
  await t.call('POST', '/api/v1/ecommercesettings/saveenabledcountries', { token: staff, body: ['US'] });
  manager = await t.login('property.manager');
  oakRidge = await groupByName(t.database.db, 'Oak Ridge Apartments');
  const created = await t.call('POST', '/api/v1/webhooks', {
    token: manager,
    body: {
      groupId: oakRidge.id,
      url: receiver.url,
      events: [
        'resident.preregistered',
        'resident.approved',
        'resident.movedOut',
        'pet.registered',
        'matchResult.approved',
        'order.paid',
      ],
    },
  });
  if (created.status !== 200) throw new Error(`subscribing failed: ${JSON.stringify(created.body)}`);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

/** The `data` of the event's delivery about the resource (`key` names its id) in Oak Ridge, waited for. */
async function dataOf(event: string, id: number, key = 'id') {
  const end = Date.now() + 30_000;
  for (;;) {
    const found = receiver.received
      .filter((entry) => entry.headers['x-registry-event'] === event)
      .map((entry) => JSON.parse(entry.body))
      .find((body) => body.groupId === oakRidge.id && body.data?.[key] === id);
    if (found) return found.data;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${event} of ${key} ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function read(url: string, token = manager) {
  const answer = await t.call('GET', url, { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

test('resident and dog events carry the resident details and the dog as the property manager reads them', async () => {
  const challenge = (await t.call('GET', '/api/v1/preregistration/botcheck')).body;
  const documents = (await t.call('GET', '/api/v1/preregistration/documents')).body as { versionId: number }[];
  const preregistered = await t.call('POST', '/api/v1/preregresident', {
    headers: { [BOT_CHECK_HEADER]: solveChallenge(challenge.challenge, challenge.difficulty) },
    body: {
      groupId: oakRidge.id,
      firstName: 'Hook',
      lastName: 'Resident',
      email: 'hook.resident@mail.example',
      phoneNumber: '512-555-0144',
      unitNumber: '4D',
      address: { addressLine1: '4 Elm Row', city: 'Austin', stateId: 'US-TX', countryId: 'US', postalCode: '78702' },
      hasDogs: true,
      hasOtherPets: false,
      petSpecies: PetSpecies.Dog,
      preRegisteredDogs: [{ name: 'Biscuit', breed: 'Beagle', weight: 22, weightUnit: 0, dateOfBirth: '2021-04-02' }],
      agreedDocumentVersionIds: documents.map((doc) => doc.versionId),
      dogOwnerPolicyAttested: true,
      password: 'Hook#Pass12',
      confirmPassword: 'Hook#Pass12',
    },
  });
  expect(preregistered.status).toBe(200);
  const residentId: number = preregistered.body.preRegResident.id;
  const details = `/api/v1/residents/${residentId}/details`;

  const onPreRegistration = await dataOf('resident.preregistered', residentId);
  expect(onPreRegistration).toEqual(await read(details));
  expect(onPreRegistration.dogDetails[0]).toMatchObject({ name: 'Biscuit', isRegistered: false });

  const [biscuit] = preregistered.body.preRegResident.dogs;
  const approved = await t.call('PUT', `/api/v1/preregresident/${residentId}/approve`, {
    token: manager,
    body: {
      dogs: [{ preRegisteredDogId: biscuit.id, name: 'Biscuit', sampleNumber: `DN${8_100_000 + nextSerial()}` }],
    },
  });
  expect(approved.status).toBe(200);
  // Read after the whole approval committed: the dog shows as registered, which the approval did after the resident.
  const onApproval = await dataOf('resident.approved', residentId);
  expect(onApproval).toEqual(await read(details));
  expect(onApproval.dogDetails[0].isRegistered).toBe(true);

  const owned = await read(`/api/v1/pet/getallpets/${approved.body.petOwnerId}`);
  expect(owned).toHaveLength(1);
  const onRegistration = await dataOf('pet.registered', owned[0].id);
  expect(onRegistration).toEqual(await read(`/api/v1/pet/${owned[0].id}`));
  expect(onRegistration).toMatchObject({ name: 'Biscuit', breed: 'Beagle' });

  // The move-out removes the record, so the event carries the details as the last read before it.
  const lastRead = await read(details);
  const movedOut = await t.call('POST', `/api/v1/groups/${oakRidge.id}/residents/bulkmoveout`, {
    token: manager,
    body: { residentIds: [residentId] },
  });
  expect(movedOut.status).toBe(200);
  expect(await dataOf('resident.movedOut', residentId)).toEqual(lastRead);
  expect((await t.call('GET', details, { token: manager })).status).toBe(404);
}, 90_000);

test('matchResult.approved carries the result set as its GET answers the property manager', async () => {
  const { dog } = await residentWithDog(t, oakRidge.id);
  const { set, result } = await approvedResult(t, oakRidge.id, dog, { approved: false });
  const lab = await t.login('lab.admin');
  const approve = await t.call('POST', `/api/v1/pooprintsresulting/approvematchresult/${result.id}`, { token: lab });
  expect(approve.status).toBe(200);
  const data = await dataOf('matchResult.approved', set.id, 'matchResultSetId');
  expect(data).toEqual(await read(`/api/v1/pooprintsmatchresultset/${set.id}`));
  expect(data).toMatchObject({ currentlyApprovedResultId: result.id, hasAccessToPetOwner: true });

  // The group admin's view, not the lab's: once the matched owner has moved out, the property's admins (and so the
  // event) no longer reach the owner, while the lab still does.
  const moved = await residentWithDog(t, oakRidge.id, 'Scout');
  const later = await approvedResult(t, oakRidge.id, moved.dog, { approved: false });
  await t.database.db
    .update(petOwnerGroups)
    .set({ moveOutDate: new Date() })
    .where(eq(petOwnerGroups.petOwnerId, moved.owner.id));
  expect(
    (await t.call('POST', `/api/v1/pooprintsresulting/approvematchresult/${later.result.id}`, { token: lab })).status,
  ).toBe(200);
  const afterMoveOut = await dataOf('matchResult.approved', later.set.id, 'matchResultSetId');
  expect(afterMoveOut).toEqual(await read(`/api/v1/pooprintsmatchresultset/${later.set.id}`));
  expect(afterMoveOut.hasAccessToPetOwner).toBe(false);
  expect((await read(`/api/v1/pooprintsmatchresultset/${later.set.id}`, lab)).hasAccessToPetOwner).toBe(true);
}, 60_000);

test('order.paid carries the order as the order detail answers its buyer and provider staff', async () => {
  const owner = await makePetOwner(t.database.db, { groupId: oakRidge.id });
  const [dog] = await t.database.db
    .insert(pets)
    .values({ petOwnerId: owner.id, name: 'Rex', sampleNumber: `DN${8_200_000 + nextSerial()}` })
    .returning();
  const buyer = await t.login(owner.userName);
  const kit = await shop.product({ price: 2000 });
  await t.call('POST', '/api/v1/shoppingcart/createcart', {
    token: buyer,
    body: { items: [{ productId: kit.id, petId: dog.id }] },
  });
  const cart = (await t.call('GET', '/api/v1/shoppingcart/getcart', { token: buyer })).body;
  const paid = await t.call('POST', '/api/v1/shoppingcart/completepayment', {
    token: buyer,
    body: { billingAddress: {}, cardData: validCard(), total: cart.grandTotal },
  });
  expect(paid.status).toBe(200);
  const orderId: number = paid.body.orderId;
  const data = await dataOf('order.paid', orderId);
  expect(data).toEqual(await read(`/api/v1/orders/${orderId}`, buyer));
  expect(data).toEqual(await read(`/api/v1/orders/${orderId}`, staff));
  expect(data).toMatchObject({ items: [{ petName: 'Rex', productId: kit.id }] });
  // A group admin has no order endpoint: the event is how the property's system reads the order.
  expect((await t.call('GET', `/api/v1/orders/${orderId}`, { token: manager })).status).toBe(404);
}, 60_000);
