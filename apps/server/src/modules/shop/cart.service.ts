// The buyer's side (spec 2 §4 "Checkout"): offers per eligible dog, the cart, and checkout through the payment port.
// Totals, tax and shipping are computed here from the stored prices; the client's total must match or nothing is
// charged. One cart becomes at most one order (orders.cart_id is unique), so a repeated or concurrent checkout of the
// same cart never charges twice. Each step reads what its rules need in one statement and writes in one
// (checkout.queries.ts; docs/decisions/shop.md "Checkout in few statements").
import {
  OrderStatus,
  PaymentStatus,
  ShopMessages,
  isAncestrySku,
  type CartView,
  type completePaymentRequest,
} from '@registry/contracts';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { refused } from '../../platform/errors.ts';
import { oneAtATime } from '../../platform/one-at-a-time.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import * as buyers from './buyers.service.ts';
import * as cq from './checkout.queries.ts';
import { customerGroupIds } from './orders.queries.ts';
import { orderDetail } from './orders.service.ts';
import { paymentProvider } from './payment.ts';
import { productView } from './products.service.ts';
import * as q from './shop.queries.ts';
import { emitWebhookEvent } from '../../platform/webhook-events.ts';

type CartItemInput = { productId: number; petId?: number | null; preRegDogId?: number | null };

export async function shopOffers(ctx: SignedInContext) {
  const [dogs, ordered, products] = await Promise.all([
    buyers.eligibleDogs(ctx, ctx.caller.userId),
    buyers.orderedProducts(ctx, ctx.caller.userId),
    q.activeProducts(ctx.db),
  ]);
  return {
    dogs: dogs.map((dog) => ({ ...dog, orderedProductIds: ordered.get(buyers.dogKey(dog)) ?? [] })),
    products: products.map(productView),
  };
}

const taxOf = (ctx: SignedInContext, cents: number, taxable: boolean) =>
  taxable ? Math.round((cents * ctx.config.shopTaxRateBasisPoints) / 10_000) : 0;

type CartLine = cq.LineFacts & { id: number };

/** The cart priced from the stored products: price, tax per item, the order's shipping fee and grand total. */
function priced(ctx: SignedInContext, cart: { id: number; orderId: number | null }, lines: CartLine[]): CartView {
  const items = [...lines]
    .sort((a, b) => a.id - b.id)
    .map((line) => {
      // Every cart item has its product (cart_items.product_id cascades on delete).
      const product = line.product!;
      return {
        id: line.id,
        productId: product.id,
        productName: product.name,
        sku: product.sku,
        petId: line.petId,
        preRegDogId: line.preRegDogId,
        petName: line.dogName ?? '',
        price: product.priceCents,
        tax: taxOf(ctx, product.priceCents, product.taxable),
        isAncestryProduct: isAncestrySku(product.sku),
      };
    });
  const total = items.reduce((sum, line) => sum + line.price, 0);
  const tax = items.reduce((sum, line) => sum + line.tax, 0);
  const shippingFee = items.length ? ctx.config.shopShippingFeeCents : 0;
  return { id: cart.id, items, total, tax, shippingFee, grandTotal: total + tax + shippingFee, orderId: cart.orderId };
}

/** The buyer may buy only from an enabled country (spec 2 §9). */
function assertRegion(buyer: cq.BuyerFacts) {
  const country = buyers.purchaseCountry(buyer.ownCountry, buyer.residentCountry);
  if (!buyer.enabledCountries.includes(country)) throw refused(ShopMessages.notInRegion);
}

const lineKey = (line: { productId: number; petId: number | null; preRegDogId: number | null }) =>
  `${buyers.dogKey(line)}:${line.productId}`;

/** Checks every item: an active product, a dog of the caller's own (a foreign pet answers like a missing one). */
function checkItems(lines: cq.LineFacts[]) {
  const seen = new Set<string>();
  return lines.map((line) => {
    const dog = { petId: line.petId, preRegDogId: line.preRegDogId };
    if (line.dogName === null) throw refused(ShopMessages.dogNotEligible);
    const product = line.product;
    if (!product || !product.isActive) throw refused(ShopMessages.productInactive);
    const key = lineKey({ productId: product.id, ...dog });
    if (seen.has(key)) throw refused(ShopMessages.dogNotEligible);
    seen.add(key);
    return { productId: product.id, ...dog };
  });
}

export async function createCart(ctx: SignedInContext, items: CartItemInput[]) {
  const requested = items.map((item) => ({
    productId: item.productId,
    petId: item.petId ?? null,
    preRegDogId: item.preRegDogId ?? null,
  }));
  const facts = await cq.requestedItemFacts(ctx.db, ctx.caller.userId, requested);
  assertRegion(facts);
  const checked = checkItems(facts.lines);
  // One statement, so the old cart's removal and the new cart commit together even outside a transaction.
  const cart = await cq.replaceOpenCart(ctx.db, ctx.caller.userId, checked);
  const factsByKey = new Map(facts.lines.map((line) => [lineKey(line), line]));
  return priced(
    ctx,
    cart,
    cart.lines.map((item) => ({ ...factsByKey.get(lineKey(item))!, id: item.id })),
  );
}

export async function getCart(ctx: SignedInContext) {
  const facts = await cq.openCartFacts(ctx.db, ctx.caller.userId, false);
  return facts.cartId === null ? null : priced(ctx, { id: facts.cartId, orderId: facts.orderId }, facts.lines);
}

type PaymentBody = z.infer<typeof completePaymentRequest>;

/**
 * A buyer's payments run one at a time in this process: a double click's second payment waits for the first without
 * holding a database connection, then finds the cart paid by one unlocked read instead of a transaction. Across
 * processes the cart's row lock in payOpenCart decides.
 */
export function completePayment(ctx: SignedInContext, body: PaymentBody) {
  return oneAtATime(`payment:${ctx.caller.userId}`, async (waited) => {
    if (waited) {
      const facts = await cq.openCartFacts(ctx.db, ctx.caller.userId, false);
      assertRegion(facts);
      if (facts.cartId === null) throw refused(ShopMessages.cartEmpty);
    }
    return payOpenCart(ctx, body);
  });
}

/** Pays the buyer's open cart (exported for the test of the database's guard without the in-process queue). */
export async function payOpenCart(ctx: SignedInContext, body: PaymentBody) {
  return withTransaction(ctx, async (tx, txCtx) => {
    // Locks the open cart before anything is decided: a concurrent second payment of it waits here, then finds no open
    // cart and is refused with no further statement and no call to the payment port.
    const facts = await cq.openCartFacts(tx, ctx.caller.userId, true);
    assertRegion(facts);
    if (facts.cartId === null) throw refused(ShopMessages.cartEmpty);
    const view = priced(ctx, { id: facts.cartId, orderId: facts.orderId }, facts.lines);
    if (view.items.length === 0) throw refused(ShopMessages.cartEmpty);
    // Products may have changed since the cart was made: the items are checked again and the total must match.
    checkItems([...facts.lines].sort((a, b) => a.id - b.id));
    if (body.total !== view.grandTotal) throw refused(ShopMessages.totalChanged);
    const charge = await paymentProvider.charge({
      amountCents: view.grandTotal,
      cardToken: body.cardData.cardToken,
      lastDigits: body.cardData.cardNumber,
      idempotencyKey: `cart-${facts.cartId}`,
    });
    if (!charge.approved) throw refused(ShopMessages.cardDeclined);
    const customerName = [facts.firstName, facts.lastName].filter(Boolean).join(' ') || facts.userName;
    const order = {
      customerUserId: ctx.caller.userId,
      cartId: facts.cartId,
      status: OrderStatus.Pending,
      paymentStatus: PaymentStatus.Paid,
      totalCents: view.total,
      taxCents: view.tax,
      shippingFeeCents: view.shippingFee,
      grandTotalCents: view.grandTotal,
      billingAddress: body.billingAddress,
      cardType: body.cardData.cardType ?? null,
      cardLastDigits: body.cardData.cardNumber.slice(-4),
      paymentMethod: charge.method,
      paymentReference: charge.reference,
      customerName: `${customerName} (${facts.userName})`,
      petSummary: [...new Set(view.items.map((item) => item.petName))].join(', '),
    };
    const items = view.items.map((item) => ({
      productId: item.productId,
      productSku: item.sku,
      productName: item.productName,
      petId: item.petId,
      preRegDogId: item.preRegDogId,
      petName: item.petName,
      subTotalCents: item.price,
      taxCents: item.tax,
      isAncestryProduct: item.isAncestryProduct,
    }));
    const orderId = await cq.insertPaidOrder(tx, order, items, ctx.caller.userId);
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'Order',
      entityId: orderId,
      actionType: 'Paid',
      after: { grandTotalCents: order.grandTotalCents, paymentMethod: charge.method, reference: charge.reference },
    });
    for (const groupId of await customerGroupIds(tx, ctx.caller.userId))
      await emitWebhookEvent(txCtx, {
        event: 'order.paid',
        groupId,
        resourceId: orderId,
        view: (viewer) => orderDetail(viewer, orderId),
      });
    if (facts.email) {
      const ancestry = items.some((item) => item.isAncestryProduct);
      const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      await sendEventMail(txCtx, ancestry ? 'UserAncestryOrderConfirmation' : 'UserOrderConfirmation', {
        to: facts.email,
        settings: ancestry ? facts.ancestryOrderMail : facts.orderMail,
        values: {
          recipientName: customerName,
          orderNumber: orderId,
          total: money(order.grandTotalCents),
          items: [
            ...items.map((item) => `${item.productName} for ${item.petName}: ${money(item.subTotalCents)}`),
            `Tax ${money(order.taxCents)}, shipping ${money(order.shippingFeeCents)}, total ${money(order.grandTotalCents)}.`,
            `Paid by card ending ${order.cardLastDigits}, captured by our staff (reference ${charge.reference}).`,
          ].join('\n'),
          // The buyer's own order page (My orders, spec 2).
          link: `${ctx.config.baseUrl}/shop/orders/${orderId}`,
        },
      });
    }
    return { orderId, message: 'Payment completed.' };
  });
}
