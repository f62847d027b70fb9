// Products against a real database: staff only, the spec's new-product defaults, deactivate, reactivate, delete; the
// enabled countries and can-purchase; the buyer's dogs and region as the owning modules report them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { ShopMessages, newProduct } from '@registry/contracts';
import type { TestApp } from '../../../test/harness.ts';
import { makeOtherDistributorship, makePetOwner } from '../../../test/factories.ts';
import { auditLog, pets, preRegisteredDogs, preRegisteredResidents } from '../../db/schema/index.ts';
import { nextSerial, shopFactories, startShopTestApp, validCard } from '../../../test/shop-kit.ts';

let t: TestApp;
let staff: string;
const { product, buyerWithDog } = shopFactories(() => ({ t, staff }));
beforeAll(async () => {
  ({ t, staff } = await startShopTestApp());
});
afterAll(async () => {
  await t?.close();
});

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
        { petOwnerId: owner.id, name: 'Rex', sampleNumber: `DN${7_300_000 + nextSerial()}` },
        { petOwnerId: owner.id, name: 'Old Blue', sampleNumber: `DN${7_300_000 + nextSerial()}`, isActive: false },
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
