// SQL of checkout, a few statements each (docs/decisions/shop.md "Checkout in few statements"): one read of everything
// the cart's rules need (the buyer's region, the items' products and dogs), one statement writing the cart, and one
// writing the paid order with its items, payment event, fulfilments and the cart's close. The community facts come as
// the owning modules' subqueries (buyers.queries.ts); the rules themselves are applied by cart.service.ts.
import { sql } from 'drizzle-orm';
import { preparedStatement, type Db } from '../../db/client.ts';
import type { Address } from '@registry/contracts';
import { pendingFulfilmentsOf } from '../ancestry/ancestry.service.ts';
import { eventMailSettingsQuery, type EventMailSettings } from '../emailtemplates/email-events.ts';
import { buyerContactSql, buyerResidentCountrySql, eligibleDogNameSql } from './buyers.queries.ts';

type ProductFacts = {
  id: number;
  sku: string;
  name: string;
  priceCents: number;
  taxable: boolean;
  isActive: boolean;
};

/** An item with what the rules need of it: its product (null when there is none) and its dog's name if eligible. */
export type LineFacts = {
  productId: number;
  petId: number | null;
  preRegDogId: number | null;
  product: ProductFacts | null;
  /** Null when the dog is not one the buyer may order for. */
  dogName: string | null;
};

export type BuyerFacts = {
  /** The signed-in buyer's user row always exists. */
  userName: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  ownCountry: string | null;
  residentCountry: string | null;
  enabledCountries: string[];
};

type ItemInput = { productId: number; petId: number | null; preRegDogId: number | null };

/** The statements are built once; these stand for their values. */
const userId = sql.placeholder('userId');
const itemsJsonValue = sql.placeholder('items');

/** The items as one JSON parameter (both drivers pass a string the same way), numbered to keep their order. */
const itemsJson = (items: ItemInput[]) =>
  JSON.stringify(
    items.map((item, n) => ({ n, product_id: item.productId, pet_id: item.petId, pre_reg_dog_id: item.preRegDogId })),
  );
const itemColumns = sql.raw('n int, product_id int, pet_id int, pre_reg_dog_id int');

const productJson = sql.raw(`case when p.id is null then null else json_build_object('id', p.id, 'sku', p.sku,
  'name', p.name, 'priceCents', p.price_cents, 'taxable', p.taxable, 'isActive', p.is_active) end`);

/** An item row `alias` (product_id, pet_id, pre_reg_dog_id, joined to its product as p) as LineFacts JSON. */
function lineJson(alias: string, withId = false) {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return sql`json_build_object(${withId ? sql`'id', ${column('id')}, ` : sql``}'productId', ${column('product_id')},
    'petId', ${column('pet_id')}, 'preRegDogId', ${column('pre_reg_dog_id')}, 'product', ${productJson},
    'dogName', ${eligibleDogNameSql(column('pet_id'), column('pre_reg_dog_id'), userId)})`;
}

/** The buyer's columns of BuyerFacts, over `buyer` (buyerContactSql joined as a lateral subquery). */
const buyerColumns = () => sql`buyer.user_name as "userName", buyer.first_name as "firstName",
  buyer.last_name as "lastName", buyer.email, buyer.country_id as "ownCountry",
  ${buyerResidentCountrySql(userId)} as "residentCountry",
  (select coalesce(json_agg(country_id), '[]'::json) from shop_enabled_countries) as "enabledCountries"`;

const requestedItemFactsStatement = preparedStatement<BuyerFacts & { lines: LineFacts[] }>(
  'shop.requestedItemFacts',
  () => sql`select ${buyerColumns()},
      (select coalesce(json_agg(${lineJson('i')} order by i.n), '[]'::json)
        from jsonb_to_recordset(${itemsJsonValue}::jsonb) as i(${itemColumns})
        left join products p on p.id = i.product_id) as lines
    from (select 1) as one left join lateral (${buyerContactSql(userId)}) as buyer on true`,
);

/** One statement: the buyer's facts and, for each requested item in order, its product and eligible dog name. */
export async function requestedItemFacts(db: Db, buyerId: number, items: ItemInput[]) {
  const [row] = await requestedItemFactsStatement(db, { userId: buyerId, items: itemsJson(items) });
  return row;
}

type CartFacts = BuyerFacts & {
  cartId: number | null;
  orderId: number | null;
  lines: (LineFacts & { id: number })[];
  /** Read for the payment only: the confirmation mails' settings, for sendEventMail. */
  orderMail?: EventMailSettings;
  ancestryOrderMail?: EventMailSettings;
};

/** The confirmation mails' settings, read with the payment's facts rather than by a statement of their own. */
const mailColumns = () => sql`${eventMailSettingsQuery('UserOrderConfirmation')} as "orderMail",
  ${eventMailSettingsQuery('UserAncestryOrderConfirmation')} as "ancestryOrderMail",`;

const cartFactsStatement = (lock: boolean) =>
  preparedStatement<CartFacts>(
    lock ? 'shop.openCartFacts.locked' : 'shop.openCartFacts',
    () => sql`select ${buyerColumns()}, ${lock ? mailColumns() : sql``} cart.id as "cartId", cart.order_id as "orderId",
        (select coalesce(json_agg(${lineJson('ci', true)} order by ci.id), '[]'::json)
          from cart_items ci join products p on p.id = ci.product_id where ci.cart_id = cart.id) as lines
      from (select 1) as one
      left join lateral (select id, order_id from carts where user_id = ${userId} and order_id is null
        order by id desc limit 1 ${lock ? sql`for update` : sql``}) as cart on true
      left join lateral (${buyerContactSql(userId)}) as buyer on true`,
  );
const cartFacts = { locked: cartFactsStatement(true), read: cartFactsStatement(false) };

/**
 * One statement: the buyer's facts and their open cart with each item's product and eligible dog name. With `lock`
 * (the payment) the cart row is locked for the transaction: a second payment of the same cart waits there, and once the
 * first has closed the cart it finds no open cart (the row no longer matches when it is read again after the wait), so
 * this statement is its last; the payment's confirmation mail settings come along.
 */
export async function openCartFacts(db: Db, buyerId: number, lock: boolean) {
  const [row] = await (lock ? cartFacts.locked : cartFacts.read)(db, { userId: buyerId });
  return row;
}

const replaceOpenCartStatement = preparedStatement<{
  id: number;
  orderId: number | null;
  lines: (ItemInput & { id: number })[];
}>(
  'shop.replaceOpenCart',
  () => sql`with dropped as (delete from carts where user_id = ${userId} and order_id is null),
      cart as (insert into carts (user_id) values (${userId}) returning id, order_id),
      lines as (
        insert into cart_items (cart_id, product_id, pet_id, pre_reg_dog_id)
        select cart.id, i.product_id, i.pet_id, i.pre_reg_dog_id
        from cart, jsonb_to_recordset(${itemsJsonValue}::jsonb) as i(${itemColumns}) order by i.n
        returning id, product_id, pet_id, pre_reg_dog_id)
      select cart.id, cart.order_id as "orderId",
        (select json_agg(json_build_object('id', id, 'productId', product_id, 'petId', pet_id,
          'preRegDogId', pre_reg_dog_id) order by id) from lines) as lines
      from cart`,
);

/** One statement: drops the buyer's open cart and writes the new one with its items, answering their ids. */
export async function replaceOpenCart(db: Db, buyerId: number, items: ItemInput[]) {
  const [row] = await replaceOpenCartStatement(db, { userId: buyerId, items: itemsJson(items) });
  return row;
}

export type PaidOrder = {
  customerUserId: number;
  cartId: number;
  status: number;
  paymentStatus: number;
  totalCents: number;
  taxCents: number;
  shippingFeeCents: number;
  grandTotalCents: number;
  billingAddress: Address;
  cardType: string | null;
  cardLastDigits: string;
  paymentMethod: string;
  paymentReference: string;
  customerName: string;
  petSummary: string;
};

export type PaidOrderItem = {
  productId: number;
  productSku: string;
  productName: string;
  petId: number | null;
  preRegDogId: number | null;
  petName: string;
  subTotalCents: number;
  taxCents: number;
  isAncestryProduct: boolean;
};

const order = (field: keyof PaidOrder) => sql.placeholder(field);

const insertPaidOrderStatement = preparedStatement<{ id: number }>(
  'shop.insertPaidOrder',
  () => sql`with placed as (
        insert into orders (customer_user_id, cart_id, status, payment_status, total_cents, tax_cents,
          shipping_fee_cents, grand_total_cents, billing_address, card_type, card_last_digits, payment_method,
          payment_reference, customer_name, pet_summary)
        values (${order('customerUserId')}, ${order('cartId')}, ${order('status')}, ${order('paymentStatus')},
          ${order('totalCents')}, ${order('taxCents')}, ${order('shippingFeeCents')}, ${order('grandTotalCents')},
          ${order('billingAddress')}::jsonb, ${order('cardType')}, ${order('cardLastDigits')}, ${order('paymentMethod')},
          ${order('paymentReference')}, ${order('customerName')}, ${order('petSummary')})
        returning id, grand_total_cents, payment_reference),
      items as (
        insert into order_items (order_id, product_id, product_sku, product_name, pet_id, pre_reg_dog_id, pet_name,
          sub_total_cents, tax_cents, is_ancestry_product)
        select placed.id, i.product_id, i.product_sku, i.product_name, i.pet_id, i.pre_reg_dog_id, i.pet_name,
          i.sub_total_cents, i.tax_cents, i.is_ancestry_product
        from placed, jsonb_to_recordset(${itemsJsonValue}::jsonb) as i(n int, product_id int, product_sku text,
          product_name text, pet_id int, pre_reg_dog_id int, pet_name text, sub_total_cents int, tax_cents int,
          is_ancestry_product boolean)
        order by i.n
        returning id, is_ancestry_product),
      closed as (update carts set order_id = (select id from placed) where id = ${order('cartId')}),
      charged as (
        insert into payment_events (order_id, kind, amount_cents, provider_reference, by_user_id)
        select id, 'Charge', grand_total_cents, payment_reference, ${sql.placeholder('byUserId')} from placed),
      fulfilments as (${pendingFulfilmentsOf('items')})
    select id from placed`,
);

/**
 * One statement: the order, its items in the given order, the cart closed on it, the 'Charge' payment event and a
 * Pending fulfilment per ancestry item. Answers the order's id. orders.cart_id is unique, so a cart never makes two.
 */
export async function insertPaidOrder(db: Db, paid: PaidOrder, items: PaidOrderItem[], byUserId: number) {
  const lines = JSON.stringify(
    items.map((item, n) => ({
      n,
      product_id: item.productId,
      product_sku: item.productSku,
      product_name: item.productName,
      pet_id: item.petId,
      pre_reg_dog_id: item.preRegDogId,
      pet_name: item.petName,
      sub_total_cents: item.subTotalCents,
      tax_cents: item.taxCents,
      is_ancestry_product: item.isAncestryProduct,
    })),
  );
  const [row] = await insertPaidOrderStatement(db, {
    ...paid,
    billingAddress: JSON.stringify(paid.billingAddress),
    items: lines,
    byUserId,
  });
  return row.id;
}
