// What the shop's API tests share: a test app with tax, shipping and the US enabled, and the buyer, product, card and
// paid-order factories, all through the API as a buyer or the lab's office admin would do it.
import { expect } from 'vitest';
import { newProduct } from '@registry/contracts';
import { startTestApp, type TestApp } from './harness.ts';
import { makeOtherDistributorship, makePetOwner } from './factories.ts';
import { pets } from '../src/db/schema/index.ts';

/** A test app of the shop: 10% tax, $5 shipping, buyers in the US may buy; `staff` is the office admin's token. */
export async function startShopTestApp() {
  const t = await startTestApp({ shopTaxRateBasisPoints: 1000, shopShippingFeeCents: 500 });
  const staff = await t.login('office.admin');
  await t.call('POST', '/api/v1/ecommercesettings/saveenabledcountries', { token: staff, body: ['US'] });
  return { t, staff };
}

let serial = 0;
/** A number no other call of this test file has had (SKUs, sample numbers, card tokens). */
export const nextSerial = () => ++serial;

export const validCard = (digits = '42424242') => ({
  firstName: 'Ann',
  lastName: 'Buyer',
  cardNumber: digits,
  cardType: 'Visa',
  cardToken: `mc.visa.209912.token${'x'.repeat(12)}${nextSerial()}`,
});

/** The factories over the file's test app (read when called, as the app starts in beforeAll). */
export function shopFactories(app: () => { t: TestApp; staff: string }) {
  async function product(values: Partial<{ sku: string; price: number; taxable: boolean }> = {}) {
    const { t, staff } = app();
    const body = {
      ...newProduct(),
      sku: `ANC-T${nextSerial()}`,
      name: 'Ancestry kit',
      price: 9900,
      taxable: true,
      ...values,
    };
    const answer = await t.call('POST', '/api/v1/products', { token: staff, body });
    expect(answer.status).toBe(200);
    return answer.body as { id: number; sku: string };
  }

  /** A pet owner of another distributorship's property with one dog, Rex, signed in. */
  async function buyerWithDog() {
    const { t } = app();
    const other = await makeOtherDistributorship(t.database.db);
    const owner = await makePetOwner(t.database.db, { groupId: other.property.id });
    const [dog] = await t.database.db
      .insert(pets)
      .values({ petOwnerId: owner.id, name: 'Rex', sampleNumber: `DN${7_300_000 + nextSerial()}` })
      .returning();
    return { owner, dog, token: await t.login(owner.userName) };
  }

  /** A buyer's paid order of a $20 kit for Rex, as the office admin reads it. */
  async function paidOrder() {
    const { t, staff } = app();
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

  return { product, buyerWithDog, paidOrder };
}
