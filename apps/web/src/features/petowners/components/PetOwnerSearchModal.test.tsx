import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PetOwnerSearchRow } from '@registry/contracts';
import { PetOwnerSearchModal } from './PetOwnerSearchModal';
import { mockFetch, renderWithProviders } from '../../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const rows = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  userName: `owner${i + 1}`,
  fullName: `Owner ${i + 1}`,
  email: null,
}));

describe('PetOwnerSearchModal', () => {
  it('pages by 10, requires a selection and returns the chosen owner', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/petowner/searchpetowners': { data: rows, totalRecords: 23 } });
    const onSelect = vi.fn<(owner: PetOwnerSearchRow) => void>();
    renderWithProviders(<PetOwnerSearchModal open onSelect={onSelect} onCancel={vi.fn<() => void>()} />);
    expect(await screen.findByText('Owner 3')).toBeTruthy();
    const first = calls[0].url.searchParams;
    expect(first.get('pageSize')).toBe('10');
    expect(first.get('page')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByText('No Pet Owner Selected')).toBeTruthy();
    expect(screen.getByText('You must select a petOwner')).toBeTruthy();
    expect(onSelect).not.toHaveBeenCalled();

    await userEvent.click(screen.getByText('Owner 3'));
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(onSelect).toHaveBeenCalledWith(rows[2]);
  });

  it('sends trimmed filters and moves between pages', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/petowner/searchpetowners': { data: rows, totalRecords: 23 } });
    renderWithProviders(
      <PetOwnerSearchModal
        open
        onSelect={vi.fn<(owner: PetOwnerSearchRow) => void>()}
        onCancel={vi.fn<() => void>()}
      />,
    );
    await screen.findByText('Owner 1');
    await userEvent.type(screen.getByLabelText('Name'), '  smith ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('name') === 'smith')).toBe(true));
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.searchParams.get('page') === '2' && c.url.searchParams.get('name') === 'smith'),
      ).toBe(true),
    );
  });
});
