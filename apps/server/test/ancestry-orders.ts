// Test support: a paid shop order for one ancestry item of a pet, with the item's fulfilment (Pending), inserted as the
// shop's checkout leaves them, for tests of what happens after the sale (the lab's fulfilment, who may see an order).
import type { Db } from '../src/db/client.ts';
import { ancestryFulfillments, orderItems, orders, type pets, type products } from '../src/db/schema/index.ts';

// Orders are unique by cart; a random start keeps files that share a database apart.
let serial = 1_000_000 + Math.floor(Math.random() * 5_000_000);

type Product = Pick<typeof products.$inferSelect, 'id' | 'sku' | 'name'>;
type Pet = Pick<typeof pets.$inferSelect, 'id' | 'name'>;

/** The customer's paid order (manual capture) of the ancestry product for the pet, its item and the fulfilment. */
export async function paidAncestryOrder(db: Db, customerUserId: number, product: Product, pet: Pet) {
  const cartId = ++serial;
  const [order] = await db
    .insert(orders)
    .values({
      customerUserId,
      cartId,
      totalCents: 100,
      taxCents: 0,
      shippingFeeCents: 0,
      grandTotalCents: 100,
      paymentMethod: 'ManualCapture',
      paymentReference: `MC-${cartId}`,
      customerName: 'Owner',
    })
    .returning();
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order.id,
      productId: product.id,
      productSku: product.sku,
      productName: product.name,
      petId: pet.id,
      petName: pet.name,
      subTotalCents: 100,
      taxCents: 0,
      isAncestryProduct: true,
    })
    .returning();
  const [fulfilment] = await db.insert(ancestryFulfillments).values({ orderItemId: item.id }).returning();
  return { order, item, fulfilment };
}
