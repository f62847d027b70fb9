// The shop screens against recorded answers: a pet owner's My orders (20 a page, the lines in the customer's words, the
// order page) and the two code tables sharing one screen whose URL pages with `count`.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AncestryFulfillmentStatus, OrderStatus, PaymentStatus } from '@registry/contracts';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo, type SignedInUser } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const user = (over: Partial<SignedInUser>) => userInfo('petOwner', over);
const staff = user({
  id: 1,
  userName: 'office.admin',
  roleId: 2,
  role: 'BioPetOfficeAdmin',
  isAdmin: true,
  isPetOwner: false,
  isBioPetAdmin: true,
  petOwnerId: null,
});

const order = {
  id: 41,
  status: OrderStatus.ShippedToAncestry,
  paymentStatus: PaymentStatus.Paid,
  orderDate: '2026-11-20T15:00:00Z',
  customer: { id: 7, userName: 'pet.owner', fullName: 'Jordan Blake' },
  items: [
    {
      id: 90,
      orderId: 41,
      productId: 1,
      productName: 'Dog Ancestry DNA Kit',
      productSku: 'ANC-DOG-KIT',
      petId: 3,
      preRegDogId: null,
      petName: 'Biscuit',
      subTotal: 9900,
      tax: 990,
      isAncestryProduct: true,
      fulfillmentStatus: AncestryFulfillmentStatus.Picked,
      code: null,
    },
  ],
  total: 9900,
  tax: 990,
  shippingFee: 500,
  grandTotal: 11390,
  petSummary: 'Biscuit',
  cardLastDigits: '4242',
  paymentMethod: 'ManualCapture',
};

function setup(me: SignedInUser, handlers: Record<string, unknown> = {}) {
  return signedInAs(me, {
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    ...handlers,
  });
}

describe('my orders', () => {
  it('lists the buyer’s own orders 20 a page; a row opens its lines and the number opens the order', async () => {
    const { calls } = setup(user({}), {
      'GET /api/v1/orders': { data: [order], totalRecords: 1 },
      'GET /api/v1/orders/41': order,
    });
    const { router } = renderApp('/shop/orders');
    expect(await screen.findByRole('heading', { name: 'My orders' }, { timeout: 15_000 })).toBeTruthy();
    const row = (await screen.findByText('ShippedToAncestry')).closest('tr')!;
    expect(within(row).getByText('$113.90')).toBeTruthy();
    const q = calls.find((c) => c.url.pathname === '/api/v1/orders')!.url.searchParams;
    expect([q.get('page'), q.get('pageSize')]).toEqual(['1', '20']);

    await userEvent.click(within(row).getByRole('button', { name: /expand row/i }));
    // Picked is the lab's word; the customer reads Processing.
    expect(await screen.findByText('Processing')).toBeTruthy();
    expect(screen.queryByText('Picked')).toBeNull();

    await userEvent.click(within(row).getByRole('link', { name: '41' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/orders/41'));
    expect(await screen.findByRole('heading', { name: 'Order 41' })).toBeTruthy();
    expect((await screen.findByTestId('order-total')).textContent).toBe('$113.90');
    expect(screen.getByText('Paid by card ending 4242')).toBeTruthy();
  });

  it('answers an order that is not the buyer’s as not found', async () => {
    setup(user({}), { 'GET /api/v1/orders/42': () => ({ status: 404, body: { message: 'Order not found.' } }) });
    renderApp('/shop/orders/42');
    expect(await screen.findByText('Order not found', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Order 42' })).toBeNull();
  });
});

describe('code tables', () => {
  const products = [{ id: 5, sku: 'ANC-DOG-KIT', name: 'Dog Ancestry DNA Kit' }];
  it('the promotion codes page reads page and count from its URL and has the reserved filter', async () => {
    const { calls } = setup(staff, {
      'GET /api/v1/products': products,
      'GET /api/v1/ecommercepromotioncodes': {
        data: [
          {
            id: 1,
            code: 'ANC-CODE-1',
            productId: 5,
            isReserved: false,
            orderId: null,
            orderItemId: null,
            dateCreated: '2026-11-01T00:00:00Z',
          },
        ],
        totalRecords: 120,
      },
    });
    renderApp('/ecommerce/promotion-codes?productId=5&page=2&count=50');
    expect(await screen.findByText('ANC-CODE-1', undefined, { timeout: 15_000 })).toBeTruthy();
    const q = calls.find((c) => c.url.pathname === '/api/v1/ecommercepromotioncodes')!.url.searchParams;
    expect([q.get('productId'), q.get('page'), q.get('pageSize')]).toEqual(['5', '2', '50']);
    expect(screen.getByLabelText('Reserved')).toBeTruthy();
  });

  it('the pet owner codes page is the same screen without the reserved filter, paged by count', async () => {
    const { calls } = setup(staff, {
      'GET /api/v1/petownerassignedpromotioncodes/providers': [
        { value: 0, name: 'Retail' },
        { value: 1, name: 'Collar' },
      ],
      'GET /api/v1/petownerassignedpromotioncodes': {
        data: [
          {
            id: 3,
            code: 'COLLAR-15-X',
            provider: 1,
            hasBeenAssigned: true,
            petOwnerId: 7,
            petOwnerName: 'Jordan Blake',
            dateAssigned: '2026-11-02T00:00:00Z',
          },
        ],
        totalRecords: 1,
      },
    });
    const { router } = renderApp('/tools/pet-owner-assigned-promotion-codes?provider=1&count=100');
    expect(await screen.findByText('COLLAR-15-X', undefined, { timeout: 15_000 })).toBeTruthy();
    const q = calls.find((c) => c.url.pathname === '/api/v1/petownerassignedpromotioncodes')!.url.searchParams;
    expect([q.get('provider'), q.get('page'), q.get('pageSize')]).toEqual(['1', '1', '100']);
    expect(screen.queryByLabelText('Reserved')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: /page size/i }));
    await userEvent.click((await screen.findAllByText('25 / page')).at(-1)!);
    await waitFor(() => expect(String((router.state.location.search as { count?: unknown }).count)).toBe('25'));
    expect(router.state.location.search).not.toHaveProperty('pageSize');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === '/api/v1/petownerassignedpromotioncodes')
          .at(-1)!
          .url.searchParams.get('pageSize'),
      ).toBe('25'),
    );
  });
});

describe('orders list', () => {
  it('names the row action "Cancel order" and its dialog\'s way out "Keep order", never two "Cancel" buttons', async () => {
    const pending = { ...order, id: 43, status: OrderStatus.Pending };
    const { calls } = setup(staff, {
      'GET /api/v1/orders/getall': { data: [pending], totalRecords: 1 },
      'POST /api/v1/orders/cancelorder': pending,
    });
    renderApp('/tools/orders-list');
    const row = (await screen.findByRole('cell', { name: '43' }, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel order' }));
    // antd keeps a hidden copy of a confirm's title: the dialog is the one around the last.
    const dialog = (await screen.findAllByText('Cancel order 43?')).at(-1)!.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(calls.some((c) => c.url.pathname === '/api/v1/orders/cancelorder')).toBe(false);
  });
});

describe('products', () => {
  it('an empty product list says to add the first product and opens the product form from there', async () => {
    setup(staff, { 'GET /api/v1/products/getallforadmin': { data: [], totalRecords: 0 } });
    renderApp('/ecommerce/products');
    expect(
      await screen.findByText('No products yet. Add the first product the shop offers.', undefined, {
        timeout: 15_000,
      }),
    ).toBeTruthy();
    const empty = screen.getByText('No products yet. Add the first product the shop offers.').closest('.ant-empty')!;
    await userEvent.click(within(empty as HTMLElement).getByRole('button', { name: 'Add the first product' }));
    // The header's button keeps its name to itself.
    expect(screen.getAllByRole('button', { name: 'New product' })).toHaveLength(1);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
