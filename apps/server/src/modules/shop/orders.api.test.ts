// Orders and promotion codes against a real database: own orders only, cancel, refund once, void, the back-office list;
// promotion codes added, imported with row errors, listed and assigned to an order item; the providers' codes.
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderStatus, PaymentStatus, ShopMessages } from '@registry/contracts';
import type { TestApp } from '../../../test/harness.ts';
import { orders, paymentEvents } from '../../db/schema/index.ts';
import { nextSerial, shopFactories, startShopTestApp } from '../../../test/shop-kit.ts';

let t: TestApp;
let staff: string;
const { paidOrder } = shopFactories(() => ({ t, staff }));
beforeAll(async () => {
  ({ t, staff } = await startShopTestApp());
});
afterAll(async () => {
  await t?.close();
});

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
    const batch = nextSerial();
    const code = `CHEWY-${batch}`;
    const added = await t.call('POST', '/api/v1/petownerassignedpromotioncodes/addcode', {
      token: staff,
      body: { provider: 'Retail', code },
    });
    expect(added.body).toMatchObject({ code, provider: 0, hasBeenAssigned: false });
    const imported = await t.call('POST', '/api/v1/petownerassignedpromotioncodes/importcodes?provider=Collar', {
      token: staff,
      ...upload('fi.txt', Buffer.from(`FI-${batch}-1\nFI-${batch}-2\n`)),
    });
    expect(imported.body.totalImported).toBe(2);
    const wrongType = await t.call('POST', '/api/v1/petownerassignedpromotioncodes/importcodes?provider=Collar', {
      token: staff,
      ...upload('fi.pdf', Buffer.from('%PDF')),
    });
    expect([wrongType.status, wrongType.body.message]).toEqual([400, ShopMessages.invalidProviderImportFile]);
    const list = await t.call('GET', `/api/v1/petownerassignedpromotioncodes?provider=1&searchFilter=FI-${batch}`, {
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
