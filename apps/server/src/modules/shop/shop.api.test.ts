// The shop against a real database and SMTP receiver: products (staff only, the spec's new-product defaults, deactivate,
// reactivate, delete), enabled countries and can-purchase, the cart and checkout through the manual-capture payment
// port (tampered total, foreign pet, declined card, no double order), the confirmation mail, orders (own only, cancel,
// refund once, void), promotion codes (add, import with row errors, assign to an order item).
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderStatus, PaymentStatus, ShopMessages, newProduct } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeOtherDistributorship, makePetOwner } from '../../../test/factories.ts';
import {
  auditLog,
  orders,
  paymentEvents,
  pets,
  preRegisteredDogs,
  preRegisteredResidents,
} from '../../db/schema/index.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await startTestApp({ shopTaxRateBasisPoints: 1000, shopShippingFeeCents: 500 });
  staff = await t.login('office.admin');
  await t.call('POST', '/api/v1/ecommercesettings/saveenabledcountries', { token: staff, body: ['US'] });
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
const validCard = (digits = '42424242') => ({
  firstName: 'Ann',
  lastName: 'Buyer',
  cardNumber: digits,
  cardType: 'Visa',
  cardToken: `mc.visa.209912.token${'x'.repeat(12)}${serial++}`,
});
async function product(values: Partial<{ sku: string; price: number; taxable: boolean }> = {}) {
  const body = {
    ...newProduct(),
    sku: `ANC-T${++serial}`,
    name: 'Ancestry kit',
    price: 9900,
    taxable: true,
    ...values,
  };
  const answer = await t.call('POST', '/api/v1/products', { token: staff, body });
  expect(answer.status).toBe(200);
  return answer.body as { id: number; sku: string };
}
async function buyerWithDog() {
  const other = await makeOtherDistributorship(t.database.db);
  const owner = await makePetOwner(t.database.db, { groupId: other.property.id });
  const [dog] = await t.database.db
    .insert(pets)
    .values({ petOwnerId: owner.id, name: 'Rex', sampleNumber: `DN${7_300_000 + serial++}` })
    .returning();
  return { owner, dog, token: await t.login(owner.userName) };
}

describe('products', () => {
  test('staff create, edit, deactivate, reactivate and delete; others are refused; bad input names the field', async () => {
    const created = await product({ sku: 'ANC-EDIT', price: 1500 });
    expect(created).toMatchObject({ sku: 'ANC-EDIT', isAncestryProduct: true, isActive: true, taxable: true });
    const owner = await buyerWithDog();
    expect((await t.call('POST', '/api/v1/products', { token: owner.token, body: newProduct() })).status).toBe(403);
    expect((await t.call('GET', '/api/v1/products/getallforadmin', { token: owner.token })).status).toBe(403);
    const manager = await t.login('property.manager');
    expect((await t.call('PUT', `/api/v1/products/deactivate/${created.id}`, { token: manager })).status).toBe(403);

    const missing = await t.call('POST', '/api/v1/products', { token: staff, body: { ...newProduct(), price: -1 } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.modelState)).toEqual(expect.arrayContaining(['sku', 'name', 'price']));
    const tooLong = await t.call('POST', '/api/v1/products', {
      token: staff,
      body: { ...newProduct(), sku: 'X'.repeat(33), name: 'N' },
    });
    expect(tooLong.status).toBe(400);
    const duplicate = await t.call('POST', '/api/v1/products', {
      token: staff,
      body: { ...newProduct(), sku: 'anc-edit', name: 'Again' },
    });
    expect(duplicate.body.message).toBe(ShopMessages.duplicateSku);

    const edited = await t.call('PUT', `/api/v1/products/${created.id}`, {
      token: staff,
      body: { ...created, name: 'Renamed', price: 2000 },
    });
    expect(edited.body).toMatchObject({ name: 'Renamed', price: 2000 });
    expect((await t.call('PUT', '/api/v1/products/2000000000', { token: staff, body: created })).status).toBe(404);

    await t.call('PUT', `/api/v1/products/deactivate/${created.id}`, { token: staff });
    const active = (await t.call('GET', '/api/v1/products', { token: owner.token })).body as { id: number }[];
    expect(active.map((p) => p.id)).not.toContain(created.id);
    const back = await t.call('PUT', `/api/v1/products/reactivate/${created.id}`, { token: staff });
    expect(back.body.isActive).toBe(true);

    const page = await t.call('GET', '/api/v1/products/getallforadmin?page=1&pageSize=10', { token: staff });
    expect(page.body.data.length).toBeLessThanOrEqual(10);
    expect(page.body.totalRecords).toBeGreaterThan(0);

    expect((await t.call('DELETE', `/api/v1/products/${created.id}`, { token: staff })).status).toBe(200);
    expect((await t.call('DELETE', `/api/v1/products/${created.id}`, { token: staff })).status).toBe(404);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'Product'));
    expect(audits.map((a) => a.actionType)).toEqual(
      expect.arrayContaining(['Create', 'Update', 'Deactivate', 'Delete']),
    );
  });
});

describe('countries and can-purchase', () => {
  test('a buyer outside the enabled countries may not buy', async () => {
    const { token, dog } = await buyerWithDog();
    const kit = await product();
    await t.call('POST', '/api/v1/ecommercesettings/saveenabledcountries', { token: staff, body: ['CA'] });
    expect((await t.call('GET', '/api/v1/shoppingcart/canpurchase', { token })).body).toEqual({
      canPurchase: false,
      message: ShopMessages.notInRegion,
    });
    const refused = await t.call('POST', '/api/v1/shoppingcart/createcart', {
      token,
      body: { items: [{ productId: kit.id, petId: dog.id }] },
    });
    expect([refused.status, refused.body.message]).toEqual([400, ShopMessages.notInRegion]);
    const saved = await t.call('POST', '/api/v1/ecommercesettings/saveenabledcountries', {
      token: staff,
      body: ['us', 'ca'],
    });
    expect(saved.body).toEqual(['CA', 'US']);
    expect((await t.call('GET', '/api/v1/shoppingcart/canpurchase', { token })).body.canPurchase).toBe(true);
    const bad = await t.call('POST', '/api/v1/ecommercesettings/saveenabledcountries', { token: staff, body: ['USA'] });
    expect(bad.status).toBe(400);
  });
});

describe('the buyer as the owning modules report them', () => {
  test('active pets and pre-registered dogs not yet pets are offered; the resident address decides the region', async () => {
    const other = await makeOtherDistributorship(t.database.db);
    const owner = await makePetOwner(t.database.db, { groupId: other.property.id });
    const db = t.database.db;
    const [rex, retired] = await db
      .insert(pets)
      .values([
        { petOwnerId: owner.id, name: 'Rex', sampleNumber: `DN${7_300_000 + serial++}` },
        { petOwnerId: owner.id, name: 'Old Blue', sampleNumber: `DN${7_300_000 + serial++}`, isActive: false },
      ])
      .returning();
    const [resident] = await db
      .insert(preRegisteredResidents)
      .values({
        groupId: other.property.id,
        userId: owner.id,
        firstName: 'Res',
        lastName: 'Ident',
        address: {
          addressLine1: '1 Maple Rd',
          addressLine2: null,
          addressLine3: null,
          city: 'Toronto',
          stateId: null,
          countryId: 'ca',
          postalCode: null,
        },
      })
      .returning();
    const [fido] = await db
      .insert(preRegisteredDogs)
      .values([
        { residentId: resident.id, name: 'Fido' },
        { residentId: resident.id, name: 'Rex again', petId: rex.id },
      ])
      .returning();
    const token = await t.login(owner.userName);
    const kit = await product();
    await t.call('POST', '/api/v1/ecommercesettings/saveenabledcountries', { token: staff, body: ['US', 'CA'] });

    const offers = (await t.call('GET', '/api/v1/shoppingcart/offers', { token })).body;
    expect(offers.dogs).toEqual([
      { petId: rex.id, preRegDogId: null, name: 'Rex', orderedProductIds: [] },
      { petId: null, preRegDogId: fido.id, name: 'Fido', orderedProductIds: [] },
    ]);
    const inactive = await t.call('POST', '/api/v1/shoppingcart/createcart', {
      token,
      body: { items: [{ productId: kit.id, petId: retired.id }] },
    });
    expect([inactive.status, inactive.body.message]).toEqual([400, ShopMessages.dogNotEligible]);

    // No address of their own: the resident record's country (CA) decides.
    await t.call('POST', '/api/v1/ecommercesettings/saveenabledcountries', { token: staff, body: ['US'] });
    expect((await t.call('GET', '/api/v1/shoppingcart/canpurchase', { token })).body.canPurchase).toBe(false);
    await t.call('POST', '/api/v1/ecommercesettings/saveenabledcountries', { token: staff, body: ['US', 'CA'] });
    expect((await t.call('GET', '/api/v1/shoppingcart/canpurchase', { token })).body.canPurchase).toBe(true);

    const cart = await t.call('POST', '/api/v1/shoppingcart/createcart', {
      token,
      body: { items: [{ productId: kit.id, preRegDogId: fido.id }] },
    });
    expect(cart.body.items.map((item: { petName: string }) => item.petName)).toEqual(['Fido']);
    const paid = await t.call('POST', '/api/v1/shoppingcart/completepayment', {
      token,
      body: { billingAddress: { countryId: 'CA' }, cardData: validCard(), total: cart.body.grandTotal },
    });
    expect(paid.status).toBe(200);
    const order = (await t.call('GET', `/api/v1/orders/${paid.body.orderId}`, { token })).body;
    expect(order.customer.userName).toBe(owner.userName);
    const after = (await t.call('GET', '/api/v1/shoppingcart/offers', { token })).body;
    expect(after.dogs.find((d: { name: string }) => d.name === 'Fido').orderedProductIds).toEqual([kit.id]);
    expect(after.dogs.find((d: { name: string }) => d.name === 'Rex').orderedProductIds).toEqual([]);
  });
});

describe('cart and checkout', () => {
  test('a paid order: server totals with tax and shipping, fulfilment, mail, one order per cart', async () => {
    const { token, dog, owner } = await buyerWithDog();
    const kit = await product({ price: 10000, taxable: true });
    const offers = await t.call('GET', '/api/v1/shoppingcart/offers', { token });
    expect(offers.body.dogs).toEqual([{ petId: dog.id, preRegDogId: null, name: 'Rex', orderedProductIds: [] }]);

    const cart = await t.call('POST', '/api/v1/shoppingcart/createcart', {
      token,
      body: { items: [{ productId: kit.id, petId: dog.id }] },
    });
    expect(cart.body).toMatchObject({ total: 10000, tax: 1000, shippingFee: 500, grandTotal: 11500 });
    expect((await t.call('GET', '/api/v1/shoppingcart/getcart', { token })).body.id).toBe(cart.body.id);

    const tampered = await t.call('POST', '/api/v1/shoppingcart/completepayment', {
      token,
      body: { billingAddress: {}, cardData: validCard(), total: 100 },
    });
    expect([tampered.status, tampered.body.message]).toEqual([400, ShopMessages.totalChanged]);

    const expired = await t.call('POST', '/api/v1/shoppingcart/completepayment', {
      token,
      body: {
        billingAddress: {},
        cardData: { ...validCard(), cardToken: 'mc.visa.202001.expiredtoken123456' },
        total: 11500,
      },
    });
    expect([expired.status, expired.body.message]).toEqual([400, ShopMessages.cardDeclined]);
    const fullNumber = await t.call('POST', '/api/v1/shoppingcart/completepayment', {
      token,
      body: { billingAddress: {}, cardData: validCard('4242424242424242'), total: 11500 },
    });
    expect(fullNumber.status).toBe(400);
    expect(await t.database.db.select().from(orders).where(eq(orders.customerUserId, owner.id))).toEqual([]);

    const paid = await t.call('POST', '/api/v1/shoppingcart/completepayment', {
      token,
      body: { billingAddress: { addressLine1: '1 Main St', countryId: 'US' }, cardData: validCard(), total: 11500 },
    });
    expect(paid.status).toBe(200);
    const again = await t.call('POST', '/api/v1/shoppingcart/completepayment', {
      token,
      body: { billingAddress: {}, cardData: validCard(), total: 11500 },
    });
    expect([again.status, again.body.message]).toEqual([400, ShopMessages.cartEmpty]);

    const order = (await t.call('GET', `/api/v1/orders/${paid.body.orderId}`, { token })).body;
    expect(order).toMatchObject({
      status: OrderStatus.Pending,
      paymentStatus: PaymentStatus.Paid,
      grandTotal: 11500,
      cardLastDigits: '4242',
      paymentMethod: 'ManualCapture',
    });
    expect(order.items[0]).toMatchObject({ petId: dog.id, isAncestryProduct: true, fulfillmentStatus: 0 });
    const mail = await t.smtp.waitFor((m) => m.to.includes(owner.email!));
    expect(mail.subject).toContain(`Your ancestry DNA order ${order.id}`);
    expect(mail.text).not.toContain('4242424242424242');

    const mine = await t.call('GET', '/api/v1/orders', { token });
    expect(mine.body.data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const other = await buyerWithDog();
    expect((await t.call('GET', `/api/v1/orders/${order.id}`, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', '/api/v1/shoppingcart/getcart', { token: other.token })).body).toBeNull();
    expect((await t.call('GET', '/api/v1/orders/getall', { token })).status).toBe(403);
  });

  test('a foreign pet, an inactive product or a repeated item is refused', async () => {
    const me = await buyerWithDog();
    const other = await buyerWithDog();
    const kit = await product();
    const foreign = await t.call('POST', '/api/v1/shoppingcart/createcart', {
      token: me.token,
      body: { items: [{ productId: kit.id, petId: other.dog.id }] },
    });
    expect([foreign.status, foreign.body.message]).toEqual([400, ShopMessages.dogNotEligible]);
    const both = await t.call('POST', '/api/v1/shoppingcart/createcart', {
      token: me.token,
      body: { items: [{ productId: kit.id, petId: me.dog.id, preRegDogId: 1 }] },
    });
    expect(both.status).toBe(400);
    const twice = await t.call('POST', '/api/v1/shoppingcart/createcart', {
      token: me.token,
      body: {
        items: [
          { productId: kit.id, petId: me.dog.id },
          { productId: kit.id, petId: me.dog.id },
        ],
      },
    });
    expect(twice.status).toBe(400);
    await t.call('PUT', `/api/v1/products/deactivate/${kit.id}`, { token: staff });
    const inactive = await t.call('POST', '/api/v1/shoppingcart/createcart', {
      token: me.token,
      body: { items: [{ productId: kit.id, petId: me.dog.id }] },
    });
    expect([inactive.status, inactive.body.message]).toEqual([400, ShopMessages.productInactive]);
    expect(
      (await t.call('POST', '/api/v1/shoppingcart/createcart', { token: me.token, body: { items: [] } })).status,
    ).toBe(400);
  });

  test('the payment checks the cart again: a product deactivated or a dog no longer eligible since is refused', async () => {
    const { token, owner, dog } = await buyerWithDog();
    const kit = await product({ price: 3000 });
    const pay = async () => {
      const cart = (await t.call('GET', '/api/v1/shoppingcart/getcart', { token })).body;
      return t.call('POST', '/api/v1/shoppingcart/completepayment', {
        token,
        body: { billingAddress: {}, cardData: validCard(), total: cart.grandTotal },
      });
    };
    await t.call('POST', '/api/v1/shoppingcart/createcart', {
      token,
      body: { items: [{ productId: kit.id, petId: dog.id }] },
    });
    await t.call('PUT', `/api/v1/products/deactivate/${kit.id}`, { token: staff });
    const inactive = await pay();
    expect([inactive.status, inactive.body.message]).toEqual([400, ShopMessages.productInactive]);

    await t.call('PUT', `/api/v1/products/reactivate/${kit.id}`, { token: staff });
    await t.database.db.update(pets).set({ isActive: false }).where(eq(pets.id, dog.id));
    // The cart still shows the item, without the name of a dog the buyer may no longer order for.
    const cart = (await t.call('GET', '/api/v1/shoppingcart/getcart', { token })).body;
    expect(cart.items.map((item: { petId: number; petName: string }) => [item.petId, item.petName])).toEqual([
      [dog.id, ''],
    ]);
    const retired = await pay();
    expect([retired.status, retired.body.message]).toEqual([400, ShopMessages.dogNotEligible]);
    expect(await t.database.db.select().from(orders).where(eq(orders.customerUserId, owner.id))).toEqual([]);

    await t.database.db.update(pets).set({ isActive: true }).where(eq(pets.id, dog.id));
    expect((await pay()).status).toBe(200);
  });

  test('concurrent checkouts of one cart make one order and one charge', async () => {
    const { token, owner, dog } = await buyerWithDog();
    const kit = await product({ price: 1000, taxable: false });
    const cart = await t.call('POST', '/api/v1/shoppingcart/createcart', {
      token,
      body: { items: [{ productId: kit.id, petId: dog.id }] },
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call('POST', '/api/v1/shoppingcart/completepayment', {
          token,
          body: { billingAddress: {}, cardData: validCard(), total: cart.body.grandTotal },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const made = await t.database.db.select().from(orders).where(eq(orders.customerUserId, owner.id));
    expect(made).toHaveLength(1);
    const charges = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, made[0].id));
    expect(charges.map((c) => c.kind)).toEqual(['Charge']);
  });
});

async function paidOrder() {
  const buyer = await buyerWithDog();
  const kit = await product({ price: 2000 });
  await t.call('POST', '/api/v1/shoppingcart/createcart', {
    token: buyer.token,
    body: { items: [{ productId: kit.id, petId: buyer.dog.id }] },
  });
  const cart = (await t.call('GET', '/api/v1/shoppingcart/getcart', { token: buyer.token })).body;
  const paid = await t.call('POST', '/api/v1/shoppingcart/completepayment', {
    token: buyer.token,
    body: { billingAddress: {}, cardData: validCard(), total: cart.grandTotal },
  });
  const order = (await t.call('GET', `/api/v1/orders/${paid.body.orderId}`, { token: staff })).body;
  return { ...buyer, kit, order };
}

describe('orders back office', () => {
  test('refund once, then refused; cancel only Pending or Processing; void; audited payment events', async () => {
    const { order, token } = await paidOrder();
    expect((await t.call('POST', '/api/v1/orders/refund', { token, body: { orderId: order.id } })).status).toBe(403);
    const refunded = await t.call('POST', '/api/v1/orders/refund', {
      token: staff,
      body: { orderId: order.id, cancelFulfillment: true },
    });
    expect(refunded.body).toMatchObject({ paymentStatus: PaymentStatus.Refunded, status: OrderStatus.Cancelled });
    const twice = await t.call('POST', '/api/v1/orders/refund', { token: staff, body: { orderId: order.id } });
    expect([twice.status, twice.body.message]).toEqual([400, ShopMessages.cannotRefund]);
    const cancel = await t.call('POST', '/api/v1/orders/cancelorder', { token: staff, body: { orderId: order.id } });
    expect([cancel.status, cancel.body.message]).toEqual([400, ShopMessages.cannotCancel]);
    const events = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id));
    expect(events.map((e) => e.kind)).toEqual(['Charge', 'Refund']);

    const second = await paidOrder();
    const voided = await t.call('POST', '/api/v1/orders/void', {
      token: staff,
      body: { orderId: second.order.id, cancelFulfillment: false },
    });
    expect(voided.body).toMatchObject({ paymentStatus: PaymentStatus.Refunded, status: OrderStatus.Pending });
    const cancelled = await t.call('POST', '/api/v1/orders/cancelorder', {
      token: staff,
      body: { orderId: second.order.id },
    });
    expect(cancelled.body.status).toBe(OrderStatus.Cancelled);
    expect((await t.call('POST', '/api/v1/orders/cancelorder', { token: staff, body: { orderId: 2e9 } })).status).toBe(
      404,
    );
    expect((await t.call('POST', '/api/v1/orders/cancelorder', { token: staff, body: { orderId: 'x' } })).status).toBe(
      400,
    );
  });

  test('the list totals (from the status tallies) follow paid and cancelled orders; the search ignores case', async () => {
    const listTotal = async (query: string) =>
      (await t.call('GET', `/api/v1/orders/getall?pageSize=10${query}`, { token: staff })).body.totalRecords as number;
    const totals = async () => ({
      all: await listTotal(''),
      pending: await listTotal('&statusFilter=Pending'),
      cancelled: await listTotal('&statusFilter=Cancelled'),
    });
    const counted = async () => {
      const rows = await t.database.db.select({ status: orders.status }).from(orders);
      return {
        all: rows.length,
        pending: rows.filter((row) => row.status === OrderStatus.Pending).length,
        cancelled: rows.filter((row) => row.status === OrderStatus.Cancelled).length,
      };
    };
    const before = await totals();
    expect(before).toEqual(await counted());
    const { order, owner } = await paidOrder();
    const paid = await totals();
    expect(paid).toEqual({ ...before, all: before.all + 1, pending: before.pending + 1 });
    await t.call('POST', '/api/v1/orders/cancelorder', { token: staff, body: { orderId: order.id } });
    const cancelled = await totals();
    expect(cancelled).toEqual({ ...paid, pending: paid.pending - 1, cancelled: paid.cancelled + 1 });
    expect(cancelled).toEqual(await counted());
    const shouted = owner.userName.slice(1, -1).toUpperCase();
    const found = await t.call('GET', `/api/v1/orders/getall?searchTerm=${encodeURIComponent(shouted)}`, {
      token: staff,
    });
    expect(found.body.data.map((o: { id: number }) => o.id)).toContain(order.id);
  });

  test('the list filters by status, search term and pet, sorts by grand total', async () => {
    const { order, owner } = await paidOrder();
    const byName = await t.call('GET', `/api/v1/orders/getall?searchTerm=${encodeURIComponent(owner.userName)}`, {
      token: staff,
    });
    expect(byName.body.data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const byPet = await t.call('GET', `/api/v1/orders/getall?petSummary=Rex&statusFilter=Pending&orderBy=GrandTotal`, {
      token: staff,
    });
    expect(byPet.body.data.every((o: { petSummary: string }) => o.petSummary.includes('Rex'))).toBe(true);
    expect((await t.call('GET', '/api/v1/orders/getall?statusFilter=Lost', { token: staff })).status).toBe(400);
    expect((await t.call('GET', '/api/v1/orders/getall?startDate=13/45/2020', { token: staff })).status).toBe(400);
    const status = await t.call('POST', '/api/v1/orders/getfulfillmentstatus', {
      token: staff,
      body: { orderIds: [order.id] },
    });
    expect(status.body).toEqual([{ orderItemId: order.items[0].id, status: 0 }]);
  });
});

function upload(name: string, content: Buffer) {
  const boundary = '----shoptest';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('promotion codes', () => {
  test('add, list with filters, import with row errors and a clean import, assign to an order item', async () => {
    const { order, kit, token } = await paidOrder();
    const empty = await t.call('POST', '/api/v1/ecommercepromotioncodes/addcode', {
      token: staff,
      body: { productId: kit.id, code: ' ' },
    });
    expect(empty.body.modelState.code).toEqual([ShopMessages.codeRequired]);
    expect(
      (
        await t.call('POST', '/api/v1/ecommercepromotioncodes/addcode', {
          token,
          body: { productId: kit.id, code: 'A' },
        })
      ).status,
    ).toBe(403);
    const added = await t.call('POST', '/api/v1/ecommercepromotioncodes/addcode', {
      token: staff,
      body: { productId: kit.id, code: `KIT-${kit.id}-A` },
    });
    expect(added.body).toMatchObject({ code: `KIT-${kit.id}-A`, orderItemId: null });
    const duplicate = await t.call('POST', '/api/v1/ecommercepromotioncodes/addcode', {
      token: staff,
      body: { productId: kit.id, code: `kit-${kit.id}-a` },
    });
    expect(duplicate.body.message).toBe(ShopMessages.duplicateCode);

    const url = `/api/v1/ecommercepromotioncodes/importcodes?productId=${kit.id}`;
    const bad = Buffer.from(`code\nGOOD-${kit.id}-1\n\n${'L'.repeat(70)}\nKIT-${kit.id}-A\nGOOD-${kit.id}-1\n`);
    const failed = await t.call('POST', url, { token: staff, ...upload('codes.csv', bad) });
    expect(failed.body).toMatchObject({ success: false, totalImported: 0, message: ShopMessages.importFailed });
    expect(failed.body.errors.map((e: { row: number }) => e.row)).toEqual([4, 5, 6]);
    const wrongType = await t.call('POST', url, { token: staff, ...upload('codes.pdf', Buffer.from('%PDF')) });
    expect(wrongType.body.message).toBe(ShopMessages.invalidImportFile);

    const sheet = XLSX.utils.aoa_to_sheet([['code'], [`X-${kit.id}-1`], [`X-${kit.id}-2`]]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Codes');
    const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const imported = await t.call('POST', url, { token: staff, ...upload('codes.xlsx', xlsx) });
    expect(imported.body).toMatchObject({ success: true, totalImported: 2, message: ShopMessages.importSuccess(2) });

    const list = await t.call('GET', `/api/v1/ecommercepromotioncodes?productId=${kit.id}&searchFilter=X-`, {
      token: staff,
    });
    expect(list.body.totalRecords).toBe(2);
    const assigned = await t.call('PUT', '/api/v1/ecommercepromotioncodes/assigncodetoorderitem', {
      token: staff,
      body: { orderId: order.id, orderItemId: order.items[0].id, code: `X-${kit.id}-2` },
    });
    expect(assigned.body.code).toBe(`X-${kit.id}-2`);
    const usedList = await t.call(
      'GET',
      `/api/v1/ecommercepromotioncodes?productId=${kit.id}&hasBeenAssignedFilter=true`,
      {
        token: staff,
      },
    );
    expect(usedList.body.data.map((c: { code: string }) => c.code)).toEqual([`X-${kit.id}-2`]);
    const panel = await t.call('GET', `/api/v1/petorderitem/${order.items[0].petId}`, { token });
    expect(panel.body[0].code).toBe(`X-${kit.id}-2`);
    const unknown = await t.call('GET', '/api/v1/ecommercepromotioncodes?productId=2000000000', { token: staff });
    expect(unknown.status).toBe(404);
  });

  test('provider codes: add, import, list, retail and collar providers', async () => {
    const providers = await t.call('GET', '/api/v1/petownerassignedpromotioncodes/providers', { token: staff });
    expect(providers.body.map((p: { value: number }) => p.value)).toEqual([0, 1]);
    const code = `CHEWY-${serial++}`;
    const added = await t.call('POST', '/api/v1/petownerassignedpromotioncodes/addcode', {
      token: staff,
      body: { provider: 'Retail', code },
    });
    expect(added.body).toMatchObject({ code, provider: 0, hasBeenAssigned: false });
    const imported = await t.call('POST', '/api/v1/petownerassignedpromotioncodes/importcodes?provider=Collar', {
      token: staff,
      ...upload('fi.txt', Buffer.from(`FI-${serial}-1\nFI-${serial}-2\n`)),
    });
    expect(imported.body.totalImported).toBe(2);
    const list = await t.call('GET', `/api/v1/petownerassignedpromotioncodes?provider=1&searchFilter=FI-${serial}`, {
      token: staff,
    });
    expect(list.body.totalRecords).toBe(2);
    const owner = await t.login('pet.owner');
    expect((await t.call('GET', '/api/v1/petownerassignedpromotioncodes?provider=0', { token: owner })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/api/v1/petownerassignedpromotioncodes?provider=9', { token: staff })).status).toBe(
      400,
    );
  });
});
