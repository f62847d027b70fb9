import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { noMatchClusterEndpoints } from '@registry/contracts';
import { mockFetch, renderWithProviders } from '../test/utils';
import { renderApp } from '../test/renderApp';
import { ExportButton } from './ExportButton';
import { signedInAs, userInfo } from '../test/users';

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

describe("the lab's CSV downloads of duplicate dogs and similar profiles", () => {
  const labAdmin = userInfo('labAdmin');
  const large = (path: string) => ({
    [`GET ${path}`]: () => ({
      body: 'SampleNumber\r\nDN0000001\r\n',
      headers: { 'x-export-rows': '2400', 'content-type': 'text/csv' },
    }),
  });

  it.each([
    ['/lab-tools/duplicate-dog-report', 'Export CSV', '/api/v1/duplicatedogreport/getcsv'],
    ['/tools/similardnaprofiles', 'Gender mismatch CSV', '/api/v1/reportsgenerator/getallgendermismatchcsvreport'],
  ])('%s asks before saving over 1,000 rows', async (url, button, csvPath) => {
    URL.createObjectURL = vi.fn<(object: Blob | MediaSource) => string>(() => 'blob:x');
    URL.revokeObjectURL = vi.fn<(url: string) => void>();
    const { calls } = signedInAs(labAdmin, {
      'GET /api/v1/admingroups/directlyassignedgroups': [],
      'GET /api/v1/duplicatedogreport': { data: [], totalRecords: 0 },
      ...large(csvPath),
    });
    renderApp(url);
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(button) }, { timeout: 15_000 }));
    expect(await screen.findByText('This export has 2,400 rows. Do you want to continue?')).toBeTruthy();
    // A CSV-only download: no format is asked of an endpoint that has none.
    const call = calls.find((c) => c.url.pathname === csvPath)!;
    expect(call.url.searchParams.has('format')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
  });
});
