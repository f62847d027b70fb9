// The shop (spec 2 §3 "Product", "Order", "Promotion code"; spec 3 "Ancestry fulfilment"): products, the countries that
// may buy, carts, orders with their items and payment events, the ecommerce promotion codes per product and the
// ancestry fulfilment of each ancestry item. Money is integer cents everywhere.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { AncestryFulfillmentStatus, OrderStatus, PaymentStatus, type Address } from '@registry/contracts';
import { oneOf } from './checks.ts';
import { users } from './accounts.ts';
import { pets, preRegisteredDogs } from './community.ts';

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    sku: text().notNull(),
    name: text().notNull(),
    listPriceCents: integer(),
    priceCents: integer().notNull(),
    taxable: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    tags: jsonb().$type<string[]>().notNull().default([]),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_sku_key').on(sql`upper(${table.sku})`),
    check('products_price_check', sql`${table.priceCents} >= 0`),
  ],
);

/** The countries whose buyers may purchase (ISO two-letter codes). */
export const shopEnabledCountries = pgTable('shop_enabled_countries', {
  countryId: text().primaryKey(),
});

/** A buyer's cart: one open cart per user; checkout turns it into an order exactly once (orderId). */
export const carts = pgTable(
  'carts',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer(),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('carts_user_idx').on(table.userId),
    // The buyer's open cart (checkout reads and replaces it) without visiting every cart they ever paid.
    index('carts_open_user_idx')
      .on(table.userId, table.id)
      .where(sql`${table.orderId} is null`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial().primaryKey(),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    petId: integer().references(() => pets.id, { onDelete: 'cascade' }),
    preRegDogId: integer().references(() => preRegisteredDogs.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('cart_items_cart_idx').on(table.cartId),
    check('cart_items_one_dog_check', sql`(${table.petId} is null) <> (${table.preRegDogId} is null)`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    customerUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    cartId: integer().notNull(),
    status: smallint().notNull().default(OrderStatus.Pending),
    paymentStatus: smallint().notNull().default(PaymentStatus.Paid),
    orderDate: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    totalCents: integer().notNull(),
    taxCents: integer().notNull(),
    shippingFeeCents: integer().notNull(),
    grandTotalCents: integer().notNull(),
    billingAddress: jsonb().$type<Address>(),
    cardType: text(),
    cardLastDigits: text(),
    paymentMethod: text().notNull(),
    paymentReference: text().notNull(),
    /** Denormalised for the back-office search and sort: the customer's full name and user name, the pets' names. */
    customerName: text().notNull(),
    petSummary: text().notNull().default(''),
  },
  (table) => [
    uniqueIndex('orders_cart_key').on(table.cartId),
    index('orders_customer_idx').on(table.customerUserId, table.orderDate),
    index('orders_date_idx').on(table.orderDate, table.id),
    index('orders_status_date_idx').on(table.status, table.orderDate),
    // The back-office list's other sorts walk these for their page (docs/performance.md, shop). The search's trigram
    // indexes on lower(customer_name) and lower(pet_summary) are hand-written in migration 0025.
    index('orders_status_total_idx').on(table.status, table.grandTotalCents, table.id),
    index('orders_customer_name_idx').on(table.customerName, table.id),
    check('orders_status_check', oneOf(table.status, OrderStatus)),
    check('orders_payment_status_check', oneOf(table.paymentStatus, PaymentStatus)),
  ],
);

/**
 * Orders per status, for the back-office list's totals without counting a million rows. Kept by statement triggers on
 * orders (migration 0025); each status is spread over 16 slots, the writing backend's pid choosing one, so concurrent
 * checkouts rarely wait on the same tally row. The total of a status is the sum of its slots.
 */
export const orderStatusTallies = pgTable(
  'order_status_tallies',
  {
    status: smallint().notNull(),
    slot: smallint().notNull(),
    orders: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.status, table.slot] })],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    productSku: text().notNull(),
    productName: text().notNull(),
    petId: integer().references(() => pets.id, { onDelete: 'set null' }),
    preRegDogId: integer().references(() => preRegisteredDogs.id, { onDelete: 'set null' }),
    petName: text().notNull().default(''),
    subTotalCents: integer().notNull(),
    taxCents: integer().notNull(),
    isAncestryProduct: boolean().notNull(),
  },
  (table) => [index('order_items_order_idx').on(table.orderId), index('order_items_pet_idx').on(table.petId)],
);

/** Every payment state change with the provider's reference: the charge, a refund, a void. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    amountCents: integer().notNull(),
    providerReference: text().notNull(),
    byUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_events_order_idx').on(table.orderId),
    check('payment_events_kind_check', sql`${table.kind} in ('Charge', 'Refund', 'Void')`),
  ],
);

/** Ecommerce promotion codes per product; reserved codes are held back; assigned once tied to an order item. */
export const ecommercePromotionCodes = pgTable(
  'ecommerce_promotion_codes',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    isReserved: boolean().notNull().default(false),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    orderItemId: integer().references(() => orderItems.id, { onDelete: 'set null' }),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ecommerce_promotion_codes_code_key').on(sql`upper(${table.code})`),
    index('ecommerce_promotion_codes_product_idx').on(table.productId, table.id),
    uniqueIndex('ecommerce_promotion_codes_item_key').on(table.orderItemId),
  ],
);

/** The lab's work on one ancestry item: genotype, activation, pick, plate, ship. */
export const ancestryFulfillments = pgTable(
  'ancestry_fulfillments',
  {
    id: serial().primaryKey(),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    status: smallint().notNull().default(AncestryFulfillmentStatus.Pending),
    selectedGenotypeId: integer(),
    ancestryPlateNumber: text(),
    ancestryTubeCode: text(),
    ancestryWellLocation: text(),
    trackingNumber: text(),
    isFlagged: boolean().notNull().default(false),
    flaggedNote: text(),
    isCancelled: boolean().notNull().default(false),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dateShipped: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('ancestry_fulfillments_item_key').on(table.orderItemId),
    index('ancestry_fulfillments_status_idx').on(table.status, table.id),
    index('ancestry_fulfillments_plate_idx').on(table.ancestryPlateNumber),
    check('ancestry_fulfillments_status_check', oneOf(table.status, AncestryFulfillmentStatus)),
    check('ancestry_fulfillments_well_check', sql`length(${table.ancestryWellLocation}) <= 3`),
  ],
);

/** Partner (orivet) accounts: a user registered with the partner after agreeing to its terms. */
export const partnerAccounts = pgTable('partner_accounts', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  partnerUserRef: text().notNull(),
  dateRegistered: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
