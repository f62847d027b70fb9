// Orders (spec 2 §4 "Order"): a buyer's own orders, the back-office list, details, cancel (Pending or Processing),
// refund and void (Paid only, optionally cancelling fulfilment), promotion codes on order items, fulfilment status.
// Every payment state change goes through the payment port, is recorded as a payment event and audited.
import { OrderStatus, PaymentStatus, ShopMessages, type OrderView, type OrdersQuery } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused } from '../../platform/errors.ts';
import { userNamesByIds } from '../accounts/users.ts';
import * as oq from './orders.queries.ts';
import { paymentProvider } from './payment.ts';
import * as q from './shop.queries.ts';
import { emitWebhookEvent } from '../../platform/webhook-events.ts';

const orderNotFound = () => notFound(ShopMessages.orderNotFound);

async function views(ctx: SignedInContext, rows: oq.OrderRow[]): Promise<OrderView[]> {
  const ids = rows.map((row) => row.id);
  const [items, customers] = await Promise.all([
    oq.itemsOfOrders(ctx.db, ids),
    userNamesByIds(
      ctx,
      rows.map((row) => row.customerUserId),
    ),
  ]);
  const codes = new Map(
    (
      await q.codesOfItems(
        ctx.db,
        items.map(({ item }) => item.id),
      )
    ).map((row) => [row.orderItemId!, row.code]),
  );
  const userNames = new Map(customers.map((c) => [c.id, c.userName]));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    paymentStatus: row.paymentStatus,
    orderDate: row.orderDate.toISOString(),
    customer: {
      id: row.customerUserId,
      userName: userNames.get(row.customerUserId) ?? '',
      fullName: row.customerName.replace(/ \([^)]*\)$/, ''),
    },
    items: items
      .filter(({ item }) => item.orderId === row.id)
      .map(({ item, fulfillmentStatus }) => ({
        id: item.id,
        orderId: item.orderId,
        productId: item.productId,
        productName: item.productName,
        productSku: item.productSku,
        petId: item.petId,
        preRegDogId: item.preRegDogId,
        petName: item.petName,
        subTotal: item.subTotalCents,
        tax: item.taxCents,
        isAncestryProduct: item.isAncestryProduct,
        fulfillmentStatus: fulfillmentStatus ?? null,
        code: codes.get(item.id) ?? null,
      })),
    total: row.totalCents,
    tax: row.taxCents,
    shippingFee: row.shippingFeeCents,
    grandTotal: row.grandTotalCents,
    petSummary: row.petSummary,
    cardLastDigits: row.cardLastDigits,
    paymentMethod: row.paymentMethod,
  }));
}

export async function myOrders(ctx: SignedInContext, page: number, pageSize: number) {
  const { rows, total } = await oq.ordersOfCustomer(ctx.db, ctx.caller.userId, page, pageSize);
  return { data: await views(ctx, rows), totalRecords: total };
}

export async function allOrders(ctx: SignedInContext, query: OrdersQuery) {
  const { rows, total } = await oq.ordersPage(ctx.db, query, ctx.config.labTimeZone);
  return { data: await views(ctx, rows), totalRecords: total };
}

/** A buyer reaches only their own orders; provider staff every order; anyone else gets the missing-order answer. */
async function loadOrder(ctx: SignedInContext, id: number, lock = false) {
  const row = await oq.findOrder(ctx.db, id, lock);
  if (!row) throw orderNotFound();
  if (!ctx.caller.isProviderStaff && row.customerUserId !== ctx.caller.userId) throw orderNotFound();
  return row;
}

export async function getOrder(ctx: SignedInContext, id: number) {
  return (await views(ctx, [await loadOrder(ctx, id)]))[0];
}

/**
 * The order as its detail (GET /orders/{id}) answers it, for the order webhook events. The view is the same whoever may
 * read the order (its buyer, provider staff); a group's admins have no order endpoint, so the event sent to the buyer's
 * groups is the one place their systems read it, and it carries exactly what the detail shows.
 */
export async function orderDetail(ctx: SignedInContext, id: number) {
  const row = await oq.findOrder(ctx.db, id);
  if (!row) throw orderNotFound();
  return (await views(ctx, [row]))[0];
}

export async function cancelOrder(ctx: SignedInContext, id: number) {
  return withTransaction(ctx, async (tx, txCtx) => {
    const before = await loadOrder(txCtx, id, true);
    if (before.status !== OrderStatus.Pending && before.status !== OrderStatus.Processing)
      throw refused(ShopMessages.cannotCancel);
    const row = await oq.updateOrder(tx, id, { status: OrderStatus.Cancelled });
    await oq.cancelFulfilments(tx, id);
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'Order',
      entityId: id,
      actionType: 'Cancel',
      before: { status: before.status },
      after: { status: row.status },
    });
    return (await views(txCtx, [row]))[0];
  });
}

/** Refund or void: only a Paid order, once; the payment port reverses the payment, and fulfilment may be cancelled. */
export async function reversePayment(
  ctx: SignedInContext,
  id: number,
  kind: 'Refund' | 'Void',
  cancelFulfillment: boolean,
) {
  return withTransaction(ctx, async (tx, txCtx) => {
    const before = await loadOrder(txCtx, id, true);
    if (before.paymentStatus !== PaymentStatus.Paid) throw refused(ShopMessages.cannotRefund);
    const result =
      kind === 'Refund'
        ? await paymentProvider.refund(before.paymentReference, before.grandTotalCents)
        : await paymentProvider.void(before.paymentReference);
    const row = await oq.updateOrder(tx, id, {
      paymentStatus: PaymentStatus.Refunded,
      ...(cancelFulfillment ? { status: OrderStatus.Cancelled } : {}),
    });
    if (cancelFulfillment) await oq.cancelFulfilments(tx, id);
    await oq.insertPaymentEvent(tx, {
      orderId: id,
      kind,
      amountCents: before.grandTotalCents,
      providerReference: result.reference,
      byUserId: ctx.caller.userId,
    });
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'Order',
      entityId: id,
      actionType: kind,
      before: { paymentStatus: before.paymentStatus, status: before.status },
      after: { paymentStatus: row.paymentStatus, status: row.status, reference: result.reference, cancelFulfillment },
    });
    const [refunded] = await views(txCtx, [row]);
    for (const groupId of await oq.customerGroupIds(tx, row.customerUserId))
      await emitWebhookEvent(txCtx, { event: 'order.refunded', groupId, resourceId: id, resource: refunded });
    return refunded;
  });
}

/**
 * Assigns a promotion code to an order item: the given code (of the item's product, not yet assigned) or, without
 * one, the product's next free code. The spec's admin action threw 'Not implemented'; this implements it.
 */
export async function assignCodeToOrderItem(
  ctx: SignedInContext,
  orderId: number,
  orderItemId: number,
  code: string | null | undefined,
) {
  return withTransaction(ctx, async (tx, txCtx) => {
    await loadOrder(txCtx, orderId, true);
    const item = await oq.findOrderItem(tx, orderId, orderItemId);
    if (!item) throw orderNotFound();
    const chosen = code ? await q.findCode(tx, code) : await q.nextFreeCode(tx, item.productId);
    if (code && !chosen) throw notFound(ShopMessages.codeNotFound);
    if (!chosen) throw refused(ShopMessages.noCodeAvailable);
    if (chosen.productId !== item.productId) throw refused(ShopMessages.codeWrongProduct);
    if (chosen.orderItemId !== null && chosen.orderItemId !== item.id) throw refused(ShopMessages.codeAlreadyAssigned);
    const previous = await q.codeOfItem(tx, item.id);
    await q.releaseCodeOfItem(tx, item.id);
    await q.assignCode(tx, chosen.id, orderId, item.id);
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'OrderItemPromotionCode',
      entityId: item.id,
      actionType: 'Assign',
      before: previous ? { code: previous.code } : null,
      after: { code: chosen.code },
    });
    const view = (await views(txCtx, [(await oq.findOrder(tx, orderId))!]))[0];
    return view.items.find((line) => line.id === item.id)!;
  });
}

export async function fulfillmentStatus(ctx: SignedInContext, orderIds: number[]) {
  const reachable: number[] = [];
  for (const id of orderIds) {
    const row = await oq.findOrder(ctx.db, id);
    if (row && (ctx.caller.isProviderStaff || row.customerUserId === ctx.caller.userId)) reachable.push(id);
  }
  const rows = await oq.itemsWithFulfilment(ctx.db, reachable);
  return rows.map((row) => ({ orderItemId: row.orderItemId, status: row.status }));
}

/** The dog products panel: the pet's order items with their codes (the owner's own pet, or any pet for staff). */
export async function petOrderItems(ctx: SignedInContext, petId: number) {
  const rows = await oq.itemsOfPet(ctx.db, petId);
  const visible = [];
  for (const { item } of rows) {
    const order = await oq.findOrder(ctx.db, item.orderId);
    if (!order || (!ctx.caller.isProviderStaff && order.customerUserId !== ctx.caller.userId)) continue;
    const code = await q.codeOfItem(ctx.db, item.id);
    visible.push({
      id: item.id,
      orderId: item.orderId,
      productId: item.productId,
      productName: item.productName,
      productSku: item.productSku,
      code: code?.code ?? null,
    });
  }
  return visible;
}
