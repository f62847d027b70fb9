// The buyer's side (spec 2 §4 "Checkout"): offers per eligible dog, the cart, and checkout through the payment port.
// Totals, tax and shipping are computed here from the stored prices; the client's total must match or nothing is
// charged. One cart becomes at most one order (orders.cart_id is unique), so a repeated or concurrent checkout of the
// same cart never charges twice.
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
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { createFulfilments } from '../ancestry/ancestry.service.ts';
import * as buyers from './buyers.ts';
import * as oq from './orders.queries.ts';
import { assertCanPurchase, productView } from './products.service.ts';
import * as q from './shop.queries.ts';

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

/** The cart priced from the stored products: price, tax per item, the order's shipping fee and grand total. */
async function priced(ctx: SignedInContext, cart: { id: number; orderId: number | null }): Promise<CartView> {
  const items = await oq.itemsOfCart(ctx.db, cart.id);
  const [products, dogs] = await Promise.all([
    q.productsByIds(
      ctx.db,
      items.map((item) => item.productId),
    ),
    buyers.eligibleDogs(ctx, ctx.caller.userId),
  ]);
  const productById = new Map(products.map((p) => [p.id, p]));
  const nameByDog = new Map(dogs.map((dog) => [buyers.dogKey(dog), dog.name]));
  const lines = items.map((item) => {
    const product = productById.get(item.productId)!;
    return {
      id: item.id,
      productId: product.id,
      productName: product.name,
      sku: product.sku,
      petId: item.petId,
      preRegDogId: item.preRegDogId,
      petName: nameByDog.get(buyers.dogKey(item)) ?? '',
      price: product.priceCents,
      tax: taxOf(ctx, product.priceCents, product.taxable),
      isAncestryProduct: isAncestrySku(product.sku),
    };
  });
  const total = lines.reduce((sum, line) => sum + line.price, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax, 0);
  const shippingFee = lines.length ? ctx.config.shopShippingFeeCents : 0;
  return {
    id: cart.id,
    items: lines,
    total,
    tax,
    shippingFee,
    grandTotal: total + tax + shippingFee,
    orderId: cart.orderId,
  };
}

/** Checks every item: an active product, a dog of the caller's own (a foreign pet answers like a missing one). */
async function checkItems(ctx: SignedInContext, items: CartItemInput[]) {
  const dogs = await buyers.eligibleDogs(ctx, ctx.caller.userId);
  const own = new Set(dogs.map(buyers.dogKey));
  const products = new Map(
    (
      await q.productsByIds(
        ctx.db,
        items.map((item) => item.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const seen = new Set<string>();
  return items.map((item) => {
    const dog = { petId: item.petId ?? null, preRegDogId: item.preRegDogId ?? null };
    if (!own.has(buyers.dogKey(dog))) throw refused(ShopMessages.dogNotEligible);
    const product = products.get(item.productId);
    if (!product || !product.isActive) throw refused(ShopMessages.productInactive);
    const key = `${buyers.dogKey(dog)}:${product.id}`;
    if (seen.has(key)) throw refused(ShopMessages.dogNotEligible);
    seen.add(key);
    return { productId: product.id, ...dog };
  });
}

export async function createCart(ctx: SignedInContext, items: CartItemInput[]) {
  await assertCanPurchase(ctx);
  const checked = await checkItems(ctx, items);
  const cart = await withTransaction(ctx, async (tx) => oq.replaceOpenCart(tx, ctx.caller.userId, checked));
  return priced(ctx, cart);
}

export async function getCart(ctx: SignedInContext) {
  const cart = await oq.openCart(ctx.db, ctx.caller.userId);
  return cart ? priced(ctx, cart) : null;
}

type PaymentBody = z.infer<typeof completePaymentRequest>;

export async function completePayment(ctx: SignedInContext, body: PaymentBody) {
  await assertCanPurchase(ctx);
  const { paymentProvider } = await import('./payment.ts');
  return withTransaction(ctx, async (tx, txCtx) => {
    await buyers.lockBuyer(txCtx, ctx.caller.userId);
    const cart = await oq.openCart(tx, ctx.caller.userId, true);
    if (!cart) throw refused(ShopMessages.cartEmpty);
    const view = await priced(txCtx, cart);
    if (view.items.length === 0) throw refused(ShopMessages.cartEmpty);
    // Products may have changed since the cart was made: the items are checked again and the total must match.
    await checkItems(txCtx, view.items);
    if (body.total !== view.grandTotal) throw refused(ShopMessages.totalChanged);
    const charge = await paymentProvider.charge({
      amountCents: view.grandTotal,
      cardToken: body.cardData.cardToken,
      lastDigits: body.cardData.cardNumber,
      idempotencyKey: `cart-${cart.id}`,
    });
    if (!charge.approved) throw refused(ShopMessages.cardDeclined);
    const customer = (await buyers.buyer(txCtx, ctx.caller.userId))!;
    const customerName = [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.userName;
    const order = await oq.insertOrder(tx, {
      customerUserId: ctx.caller.userId,
      cartId: cart.id,
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
      customerName: `${customerName} (${customer.userName})`,
      petSummary: [...new Set(view.items.map((item) => item.petName))].join(', '),
    });
    const items = await oq.insertOrderItems(
      tx,
      view.items.map((item) => ({
        orderId: order.id,
        productId: item.productId,
        productSku: item.sku,
        productName: item.productName,
        petId: item.petId,
        preRegDogId: item.preRegDogId,
        petName: item.petName,
        subTotalCents: item.price,
        taxCents: item.tax,
        isAncestryProduct: item.isAncestryProduct,
      })),
    );
    await oq.closeCart(tx, cart.id, order.id);
    await oq.insertPaymentEvent(tx, {
      orderId: order.id,
      kind: 'Charge',
      amountCents: view.grandTotal,
      providerReference: charge.reference,
      byUserId: ctx.caller.userId,
    });
    await createFulfilments(
      txCtx,
      items.filter((item) => item.isAncestryProduct).map((item) => item.id),
    );
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'Order',
      entityId: order.id,
      actionType: 'Paid',
      after: { grandTotalCents: order.grandTotalCents, paymentMethod: charge.method, reference: charge.reference },
    });
    if (customer.email) {
      const ancestry = items.some((item) => item.isAncestryProduct);
      const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      await sendEventMail(txCtx, ancestry ? 'UserAncestryOrderConfirmation' : 'UserOrderConfirmation', {
        to: customer.email,
        values: {
          recipientName: customerName,
          orderNumber: order.id,
          total: money(order.grandTotalCents),
          items: [
            ...items.map((item) => `${item.productName} for ${item.petName}: ${money(item.subTotalCents)}`),
            `Tax ${money(order.taxCents)}, shipping ${money(order.shippingFeeCents)}, total ${money(order.grandTotalCents)}.`,
            `Paid by card ending ${order.cardLastDigits}, captured by our staff (reference ${charge.reference}).`,
          ].join('\n'),
          // The buyer's own order page (My orders, spec 2).
          link: `${ctx.config.baseUrl}/shop/orders/${order.id}`,
        },
      });
    }
    return { orderId: order.id, message: 'Payment completed.' };
  });
}
