import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { noMatchClusterEndpoints } from '@registry/contracts';
import { mockFetch, renderWithProviders } from '../test/utils';
import { ExportButton } from './ExportButton';

afterEach(() => vi.unstubAllGlobals());

describe('the over-1,000-rows confirmation on every export', () => {
  it("asks from the server's row count when the screen does not know it, and stops on Cancel", async () => {
    URL.createObjectURL = vi.fn<(object: Blob | MediaSource) => string>(() => 'blob:x');
    URL.revokeObjectURL = vi.fn<(url: string) => void>();
    const { calls } = mockFetch({
      'GET /api/v1/reportsgenerator/getnomatchclusterreportcsv': () => ({
        body: 'Cluster Id\r\n1\r\n',
        headers: { 'x-export-rows': '1500', 'content-type': 'text/csv' },
      }),
    });
    renderWithProviders(
      <ExportButton endpoint={noMatchClusterEndpoints.reportCsv} input={{ query: { groupId: 4 } }} fallbackName="x" />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() =>
      expect(calls.map((c) => c.url.pathname)).toEqual(['/api/v1/reportsgenerator/getnomatchclusterreportcsv']),
    );
    expect(await screen.findByText('This export has 1,500 rows. Do you want to continue?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // Nothing is saved, and no progress is left behind.
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull());
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });
});
