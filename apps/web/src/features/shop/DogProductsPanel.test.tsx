// The pet page's dog products panel: provider staff assign a code to an order item and read the spec's success text.
import { afterEach, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, mockFetch } from '../../test/utils';
import { DogProductsPanel } from './DogProductsPanel';

afterEach(() => vi.unstubAllGlobals());

it('assigning the next free code says "New code assigned" and sends no code', async () => {
  sessionStorage.setItem('registry.accessToken', 'tok');
  const { calls } = mockFetch({
    'GET /api/v1/account/userinfo': { id: 1, userName: 'office.admin', isAdmin: true, isBioPetAdmin: true },
    'GET /api/v1/petorderitem/5': [{ id: 8, orderId: 41, productName: 'Ancestry kit', productSku: 'ANC', code: null }],
    'PUT /api/v1/ecommercepromotioncodes/assigncodetoorderitem': { code: 'FREE-1' },
  });
  renderWithProviders(<DogProductsPanel petId={5} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Assign code' }));
  const dialog = await screen.findByRole('dialog', { name: 'Assign code' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
  await screen.findByText('New code assigned');
  await waitFor(() => {
    const assign = calls.find((call) => call.url.pathname.endsWith('/assigncodetoorderitem'));
    expect(assign?.body).toEqual({ orderId: 41, orderItemId: 8, code: null });
  });
});
