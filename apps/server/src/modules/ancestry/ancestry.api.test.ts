// Ancestry fulfilment against a real database: an ancestry item bought for a dog is Pending; the lab selects the
// genotype, confirms activation, picks, generates a plate (wells in order), marks plated, removes with shift-up, updates
// tube codes, imports plate records, ships with a manifest and the order becomes ShippedToAncestry. Flag notes, the
// spec's messages, and the partner frame's configured and unconfigured states with a verifiable signed token.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { AncestryFulfillmentStatus as S, AncestryMessages, OrderStatus, PartnerMessages } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makePetOwner } from '../../../test/factories.ts';
import { paidAncestryOrder } from '../../../test/ancestry-orders.ts';
import { ancestryFulfillments, dnaPlates, dnaProfiles, orders, pets, products, users } from '../../db/schema/index.ts';
import { verifyPartnerToken } from './partner.service.ts';

let t: TestApp;
let lab: string;
const SECRET = 'a-shared-partner-secret-of-32-characters!';
beforeAll(async () => {
  t = await startTestApp({ partnerBaseUrl: 'https://partner.example', partnerSecret: SECRET });
  lab = await t.login('lab.admin');
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
async function boughtKit() {
  const db = t.database.db;
  const owner = await makePetOwner(db);
  const sampleNumber = `DN${7_600_000 + ++serial}`;
  const [pet] = await db
    .insert(pets)
    .values({ petOwnerId: owner.id, name: `Dog ${serial}`, sampleNumber })
    .returning();
  const [product] = await db
    .insert(products)
    .values({ sku: `ANC-F${serial}`, name: 'Ancestry kit', priceCents: 100 })
    .returning();
  const { order, item, fulfilment } = await paidAncestryOrder(db, owner.id, product, pet);
  const [plate] = await db
    .insert(dnaPlates)
    .values({
      plateName: `anc-${serial}-${Math.random()}`,
      fileName: 'p.txt',
      filePath: 'x',
      panelId: 'isag-2006-canine',
      plateSize: 96,
      layout: 'long',
      controlsPassed: true,
    })
    .returning();
  const [profile] = await db
    .insert(dnaProfiles)
    .values({
      plateId: plate.id,
      sampleNumber,
      sampleType: 0,
      panelId: 'isag-2006-canine',
      codes: [1, 2],
      result: 'Pass',
    })
    .returning();
  return { owner, pet, order, item, fulfilment, profile };
}
const post = (path: string, body: unknown, token = lab) =>
  t.call('POST', `/api/v1/ancestryfulfillment/${path}`, { token, body });
const statusOf = async (id: number) =>
  (await t.database.db.select().from(ancestryFulfillments).where(eq(ancestryFulfillments.id, id)))[0];

describe('fulfilment flow', () => {
  test('genotype, activation, pick, plate, ship; the order becomes ShippedToAncestry', async () => {
    const a = await boughtKit();
    const b = await boughtKit();
    const ids = [a.fulfilment.id, b.fulfilment.id];
    const list = await t.call('GET', `/api/v1/ancestryfulfillment?status=Pending&sampleNumber=${a.pet.sampleNumber}`, {
      token: lab,
    });
    expect(list.body.data).toMatchObject([
      { id: a.fulfilment.id, sampleNumber: a.pet.sampleNumber, status: S.Pending },
    ]);
    const notYet = await post('markpicked', { fulfillmentIds: ids });
    expect([notYet.status, notYet.body.message]).toEqual([400, AncestryMessages.notActivated]);

    const genotypes = await t.call('GET', `/api/v1/ancestryfulfillment/getgenotypes?fulfillmentId=${a.fulfilment.id}`, {
      token: lab,
    });
    expect(genotypes.body.map((g: { id: number }) => g.id)).toEqual([a.profile.id]);
    expect((await post('selectgenotype', { fulfillmentId: a.fulfilment.id, genotypeId: b.profile.id })).status).toBe(
      400,
    );
    expect((await post('selectgenotype', { fulfillmentId: a.fulfilment.id, genotypeId: a.profile.id })).body).toEqual({
      status: S.Ready,
    });
    await post('selectgenotype', { fulfillmentId: b.fulfilment.id, genotypeId: b.profile.id });
    expect((await post('checkactivationstatus', { fulfillmentIds: ids })).body).toEqual({ count: 2 });
    expect((await post('markpicked', { fulfillmentIds: ids })).body).toEqual({ count: 2 });

    const missing = await post('generateplate', { fulfillmentIds: ids, rows: 8 });
    expect(missing.body.message).toBe('Please enter plate number, columns');
    const plateNumber = `ANCP-${serial}`;
    const plate = await post('generateplate', { fulfillmentIds: ids, plateNumber, rows: 2, columns: 3 });
    expect(plate.body.wells.map((w: { well: string }) => w.well)).toEqual(['A1', 'A2']);
    expect((await statusOf(b.fulfilment.id)).status).toBe(S.Plated);

    const removed = await post('removefromplate', { fulfillmentId: a.fulfilment.id, shiftUp: true });
    expect(removed.body.status).toBe(S.Activated);
    expect(await statusOf(a.fulfilment.id)).toMatchObject({ ancestryPlateNumber: null, ancestryWellLocation: null });
    expect((await statusOf(b.fulfilment.id)).ancestryWellLocation).toBe('A1');

    await post('markpicked', { fulfillmentIds: [a.fulfilment.id] });
    const tooLong = await post('markplated', {
      fulfillmentId: a.fulfilment.id,
      plateNumber,
      tubeCode: 'T1',
      wellLocation: 'A100',
    });
    expect(tooLong.body.message).toBe(AncestryMessages.wellTooLong);
    const taken = await post('markplated', {
      fulfillmentId: a.fulfilment.id,
      plateNumber,
      tubeCode: 'T1',
      wellLocation: 'a1',
    });
    expect(taken.body.message).toBe(AncestryMessages.wellTaken('A1'));
    const plated = await post('markplated', {
      fulfillmentId: a.fulfilment.id,
      plateNumber,
      tubeCode: 'T1',
      wellLocation: 'A2',
    });
    expect(plated.body.status).toBe(S.Plated);
    expect((await post('updatetubecodes', [{ fulfillmentId: b.fulfilment.id, tubeCode: 'T2' }])).body.count).toBe(1);

    expect((await post('generatemanifest', { trackingNumber: '', fulfillmentIds: ids })).body.message).toBe(
      AncestryMessages.trackingRequired,
    );
    expect((await post('generatemanifest', { trackingNumber: '1Z999', fulfillmentIds: ids })).body.count).toBe(2);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, a.order.id));
    expect(order.status).toBe(OrderStatus.ShippedToAncestry);
    const ownerToken = await t.login(a.owner.userName);
    const mine = await t.call('POST', '/api/v1/ancestryfulfillment/getstatusbyorder', {
      token: ownerToken,
      body: { orderIds: [a.order.id, b.order.id] },
    });
    expect(mine.body).toEqual([{ orderId: a.order.id, orderItemId: a.item.id, status: S.Shipped }]);
    const counts = (await t.call('GET', '/api/v1/ancestryfulfillment/getcountbystatus', { token: lab })).body;
    expect(counts.find((c: { status: number }) => c.status === S.Shipped).count).toBeGreaterThanOrEqual(2);
  });

  test('bulk plate upload and import list each bad row; flag needs notes; staff only; unknown ids 404', async () => {
    const a = await boughtKit();
    await t.database.db
      .update(ancestryFulfillments)
      .set({ status: S.Picked })
      .where(eq(ancestryFulfillments.id, a.fulfilment.id));
    const noPlate = await post('bulkuploadplate', {
      records: [{ fulfillmentId: a.fulfilment.id, tubeCode: 'T', wellLocation: 'A1' }],
    });
    expect(noPlate.body.message).toBe(AncestryMessages.plateNumberRequired);
    const imported = await post('bulkimportplate', {
      records: [
        {
          fulfillmentId: a.fulfilment.id,
          sampleNumber: a.pet.sampleNumber,
          plateNumber: 'BULK-1',
          tubeCode: 'T9',
          wellLocation: 'B2',
        },
        { fulfillmentId: 2000000000, sampleNumber: 'DN1', plateNumber: 'BULK-1', tubeCode: 'T8', wellLocation: 'B3' },
      ],
    });
    expect(imported.body).toEqual({ imported: 1, errors: [{ row: 2, error: AncestryMessages.notFound }] });

    expect((await post('flagfulfillment', { fulfillmentId: a.fulfilment.id, notes: '' })).body.message).toBe(
      AncestryMessages.notesRequired,
    );
    expect((await post('flagfulfillment', { fulfillmentId: a.fulfilment.id, notes: 'x'.repeat(251) })).status).toBe(
      400,
    );
    await post('flagfulfillment', { fulfillmentId: a.fulfilment.id, notes: 'Smudged label' });
    expect(await statusOf(a.fulfilment.id)).toMatchObject({ isFlagged: true, flaggedNote: 'Smudged label' });
    await post('unflagfulfillment', { fulfillmentId: a.fulfilment.id });
    expect((await statusOf(a.fulfilment.id)).isFlagged).toBe(false);

    const manager = await t.login('property.manager');
    expect((await post('markpicked', { fulfillmentIds: [a.fulfilment.id] }, manager)).status).toBe(403);
    expect((await t.call('GET', '/api/v1/ancestryfulfillment', { token: await t.login('pet.owner') })).status).toBe(
      403,
    );
    expect((await post('markpicked', { fulfillmentIds: [2000000000] })).status).toBe(404);
    expect((await post('markpicked', { fulfillmentIds: [] })).status).toBe(400);
    expect((await t.call('GET', '/api/v1/ancestryfulfillment?status=Lost', { token: lab })).status).toBe(400);
  });
});

describe('partner frame', () => {
  test('needs registration, refuses without an address, then answers a short-lived token the partner verifies', async () => {
    const owner = await makePetOwner(t.database.db);
    const token = await t.login(owner.userName);
    expect((await t.call('GET', '/api/v1/orivet/getiframesession', { token })).body).toEqual({
      configured: true,
      token: null,
      baseUrl: 'https://partner.example',
      route: null,
    });
    const noAddress = await t.call('POST', '/api/v1/orivet/registercurrentuser', { token });
    expect(noAddress.body.message).toBe(PartnerMessages.addressRequired);
    expect(noAddress.body.message).toContain('address');
    await t.database.db
      .update(users)
      .set({
        address: {
          addressLine1: '1 Main',
          addressLine2: null,
          addressLine3: null,
          city: 'Austin',
          stateId: 'US-TX',
          countryId: 'US',
          postalCode: '78701',
        },
      })
      .where(eq(users.id, owner.id));
    expect((await t.call('POST', '/api/v1/orivet/registercurrentuser', { token })).status).toBe(200);
    const session = (await t.call('GET', '/api/v1/orivet/getiframesession', { token })).body;
    expect(session).toMatchObject({ configured: true, baseUrl: 'https://partner.example', route: '/lifeplans' });
    expect(verifyPartnerToken(SECRET, session.token)).toMatchObject({ sub: expect.stringMatching(/^reg-/) });
    expect(verifyPartnerToken('another-secret-of-at-least-32-characters', session.token)).toBeNull();
    expect(verifyPartnerToken(SECRET, session.token, Date.now() + 301_000)).toBeNull();
  });

  test('without configuration the session says so and registering is refused', async () => {
    const bare = await startTestApp();
    try {
      const token = await bare.login('pet.owner');
      expect((await bare.call('GET', '/api/v1/orivet/getiframesession', { token })).body.configured).toBe(false);
      const refused = await bare.call('POST', '/api/v1/orivet/registercurrentuser', { token });
      expect(refused.body.message).toBe(PartnerMessages.notConfigured);
      expect((await bare.call('GET', '/api/v1/orivet/getiframesession')).status).toBe(401);
    } finally {
      await bare.close();
    }
  }, 120_000);
});
