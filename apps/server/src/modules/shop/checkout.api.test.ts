// Cart and checkout against a real database and SMTP receiver, through the manual-capture payment port: server totals,
// tampered total, foreign pet, declined card, the confirmation mail, and no double order however the payments race.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderStatus, PaymentStatus, ShopMessages, completePaymentRequest } from '@registry/contracts';
import type { TestApp } from '../../../test/harness.ts';
import { orders, paymentEvents, pets } from '../../db/schema/index.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { payOpenCart } from './cart.service.ts';
import { shopFactories, startShopTestApp, validCard } from '../../../test/shop-kit.ts';

let t: TestApp;
let staff: string;
const { product, buyerWithDog } = shopFactories(() => ({ t, staff }));
beforeAll(async () => {
  ({ t, staff } = await startShopTestApp());
});
afterAll(async () => {
  await t?.close();
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

  test('without the in-process queue (another server process) the cart row lock alone makes one order', async () => {
    const { token, owner, dog } = await buyerWithDog();
    const kit = await product({ price: 1000, taxable: false });
    const cart = await t.call('POST', '/api/v1/shoppingcart/createcart', {
      token,
      body: { items: [{ productId: kit.id, petId: dog.id }] },
    });
    const ctx: SignedInContext = {
      ...t.app.services,
      caller: {
        userId: owner.id,
        userName: owner.userName,
        fullName: owner.userName,
        roleId: owner.roleId,
        sessionId: 0,
        isProviderStaff: false,
        isAdmin: false,
        isPetOwner: true,
        isResident: false,
        impersonatedByUserId: null,
      },
      requestId: 'checkout-race',
      ip: '127.0.0.1',
    };
    const body = completePaymentRequest.parse({
      billingAddress: {},
      cardData: validCard(),
      total: cart.body.grandTotal,
    });
    const answers = await Promise.allSettled(Array.from({ length: 5 }, () => payOpenCart(ctx, body)));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const refusals = answers.flatMap((a) => (a.status === 'rejected' ? [(a.reason as Error).message] : []));
    expect(refusals).toEqual(Array(4).fill(ShopMessages.cartEmpty));
    const made = await t.database.db.select().from(orders).where(eq(orders.customerUserId, owner.id));
    expect(made).toHaveLength(1);
    const charges = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, made[0].id));
    expect(charges).toHaveLength(1);
  });
});
